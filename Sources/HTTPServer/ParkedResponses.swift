import Synchronization

/// The deferred responses whose connections are parked now (a write waiting for its commit),
/// so that stopping can answer them: libmicrohttpd aborts the process when it is stopped with
/// a connection still suspended.
final class ParkedResponses: Sendable {
    private let parked = Mutex([ObjectIdentifier: DeferredResponse]())

    func add(_ response: DeferredResponse) {
        parked.withLock { $0[ObjectIdentifier(response)] = response }
    }

    func remove(_ response: DeferredResponse) {
        _ = parked.withLock { $0.removeValue(forKey: ObjectIdentifier(response)) }
    }

    var count: Int {
        parked.withLock { $0.count }
    }

    /// Completes every parked response with `answer()` (a completed one ignores it).
    func completeAll(with answer: () -> HTTPResponse) {
        for response in parked.withLock({ Array($0.values) }) { response.complete(answer()) }
    }
}
