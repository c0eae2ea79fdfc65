import CMicroHTTPD
import Synchronization

/// The streams a server is sending, so that stopping can end them all first
/// (libmicrohttpd must not be stopped with suspended connections).
final class StreamRegistry: Sendable {
    private let streams = Mutex([ObjectIdentifier: StreamingBody]())

    func add(_ stream: StreamingBody) {
        streams.withLock { $0[ObjectIdentifier(stream)] = stream }
    }

    func remove(_ stream: StreamingBody) {
        _ = streams.withLock { $0.removeValue(forKey: ObjectIdentifier(stream)) }
    }

    var count: Int {
        streams.withLock { $0.count }
    }

    func closeAll() {
        for stream in streams.withLock({ Array($0.values) }) { stream.close() }
    }
}
