/// What can be told of a request's sender without reading the store (see
/// `AccessPolicy.authenticateFromMemory`).
public enum MemoryAuthentication: Sendable, Equatable {
    /// The sender.
    case known(Principal)
    /// A credential that opens nothing (401).
    case refused
    /// A well-formed account token that is not in memory: the store must be asked.
    case needsStore
}
