import CMicroHTTPD
import Glibc
import Sharding
import Synchronization

/// The daemon pointer and the retained context handed to C.
/// `@unchecked Sendable`: only ever touched under the server's mutex.
struct DaemonHandle: @unchecked Sendable {
    let pointer: OpaquePointer
    let contextPointer: UnsafeMutableRawPointer
}
