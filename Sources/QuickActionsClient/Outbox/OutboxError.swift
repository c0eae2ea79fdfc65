/// Why the outbox could not keep a trigger.
public enum OutboxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file system refused.
    case io(String)

    public var description: String {
        switch self {
        case .io(let reason): "the outbox cannot be written: \(reason)"
        }
    }
}
