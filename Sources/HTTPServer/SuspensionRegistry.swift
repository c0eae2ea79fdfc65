import CMicroHTTPD
import Synchronization

/// Objects a server holds while their connections may be suspended, so that stopping can
/// finish them first: libmicrohttpd aborts the process when it is stopped with a connection
/// still suspended. The server keeps two: its streams (`StreamingBody`) and its parked
/// deferred responses (`DeferredResponse`, a write waiting for its commit).
final class SuspensionRegistry<Object: AnyObject & Sendable>: Sendable {
    private let objects = Mutex([ObjectIdentifier: Object]())

    func add(_ object: Object) {
        objects.withLock { $0[ObjectIdentifier(object)] = object }
    }

    func remove(_ object: Object) {
        _ = objects.withLock { $0.removeValue(forKey: ObjectIdentifier(object)) }
    }

    var count: Int {
        objects.withLock { $0.count }
    }

    /// Those held now (the lock is not held while the caller works on them).
    var all: [Object] {
        objects.withLock { Array($0.values) }
    }
}

/// The streams a server is sending.
typealias StreamRegistry = SuspensionRegistry<StreamingBody>

extension SuspensionRegistry where Object == StreamingBody {
    /// Ends every stream.
    func closeAll() {
        for stream in all { stream.close() }
    }
}

extension SuspensionRegistry where Object == DeferredResponse {
    /// Completes every parked response with `answer()` (a completed one ignores it).
    func completeAll(with answer: () -> HTTPResponse) {
        for response in all { response.complete(answer()) }
    }
}
