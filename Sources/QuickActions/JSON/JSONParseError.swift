/// Why a JSON text was refused.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public var reason: String
    /// Byte offset where it was found.
    public var offset: Int

    public var description: String { "\(reason) at byte \(offset)" }
}
