import CMicroHTTPD
import Glibc
import Sharding
import Synchronization

/// Why the server could not start.
public struct HTTPServerError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, for the operator.
    public let description: String
}
