import CMicroHTTPD
import Synchronization

/// A connection pointer kept by a stream. `@unchecked Sendable`: it is only used under the
/// stream's lock, and only while libmicrohttpd keeps the connection (until `finished`).
struct ConnectionHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}
