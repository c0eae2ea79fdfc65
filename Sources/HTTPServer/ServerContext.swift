import CMicroHTTPD
import Glibc
import Sharding
import Synchronization

/// What every callback needs, passed to C as `cls` (retained for the daemon's lifetime).
final class ServerContext: Sendable {
    let handler: any HTTPRequestHandler
    let maxBodyBytes: Int
    let maxHeaderBytes: Int
    /// `--max-connections`: connections accepted past it are refused with a 503.
    let maxConnections: Int
    /// Connections open now (changed per connection, not per request).
    let openConnections = Atomic<Int>(0)
    /// Connections per owner and the share one may hold, when the server sets one.
    let owners: ConnectionOwners?
    /// Set once `HTTPServer.stop` begins: new requests are refused from then on.
    let stopping = Atomic<Bool>(false)
    /// The rows the server's threads claim (see `MHDBridge.requestStarted`).
    let threadRows: ThreadRows
    /// Requests started and not yet completed (per-thread cells: bumped twice per request).
    let inFlight: ShardedCounter
    let streams = StreamRegistry()
    /// Deferred responses parked now (see `HTTPServer.stop`).
    let parked = SuspensionRegistry<DeferredResponse>()

    init(
        handler: any HTTPRequestHandler, maxBodyBytes: Int, maxHeaderBytes: Int, maxConnections: Int, maxConnectionsPerOwner: Int?,
        threadRows: ThreadRows
    ) {
        self.handler = handler
        owners = maxConnectionsPerOwner.map(ConnectionOwners.init(share:))
        self.maxBodyBytes = maxBodyBytes
        self.maxHeaderBytes = maxHeaderBytes
        self.maxConnections = maxConnections
        self.threadRows = threadRows
        inFlight = ShardedCounter(rows: threadRows)
    }
}
