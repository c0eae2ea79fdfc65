import Dispatch
import HTTPServer
import QuickActions
import Synchronization

/// Fans Server-Sent Events out to every open `/events` stream. Publishing never waits for a
/// client: each stream has a bounded buffer, and one that overflows is dropped.
public final class EventHub: Sendable {
    private struct State {
        var nextId: UInt64 = 1
        var streams: [Subscriber] = []
    }

    /// A stream, and the version of the last shortcut list it was sent.
    private struct Subscriber {
        let stream: StreamingBody
        var shortcutsVersion: Int
    }

    /// Seconds between heartbeat comments (they also reveal clients that went away).
    public let heartbeatSeconds: Int
    /// Buffer per client before it is dropped as too slow.
    public let streamCapacity: Int
    private let state = Mutex(State())
    private let running = Atomic<Bool>(false)

    /// Creates a hub; call `start()` to begin heartbeats.
    public init(heartbeatSeconds: Int = 10, streamCapacity: Int = 256 * 1024) {
        self.heartbeatSeconds = heartbeatSeconds
        self.streamCapacity = streamCapacity
    }

    /// Starts the heartbeats.
    public func start() {
        guard !running.exchange(true, ordering: .relaxed) else { return }
        scheduleHeartbeat()
    }

    private func scheduleHeartbeat() {
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(heartbeatSeconds)) { [weak self] in
            guard let self, self.running.load(ordering: .relaxed) else { return }
            self.heartbeat()
            self.scheduleHeartbeat()
        }
    }

    /// A new stream that starts with the current shortcut list, then gets every later event.
    /// `current` gives the list's version and JSON; it is read under the hub's lock, so a change
    /// announced meanwhile either finds this stream (and is sent to it) or is already in `current`.
    public func subscribe(current: () -> (version: Int, data: [UInt8])) -> StreamingBody {
        let stream = StreamingBody(capacity: streamCapacity)
        state.withLock { state in
            let (version, data) = current()
            stream.write(Array("retry: 3000\n".utf8) + Self.frame(id: state.nextId, event: "shortcuts", data: data))
            state.nextId += 1
            state.streams.append(Subscriber(stream: stream, shortcutsVersion: version))
        }
        return stream
    }

    /// Whether any stream is open (an announcement with none to send to need not be rendered).
    public var hasStreams: Bool {
        state.withLock { !$0.streams.isEmpty }
    }

    /// Sends the shortcut list at `version` to every stream that has an older one (a stream
    /// that started with this list or a newer one is not sent it again, nor an older one).
    public func publishShortcuts(version: Int, data: [UInt8]) {
        state.withLock { state in
            guard state.streams.contains(where: { $0.shortcutsVersion < version }) else { return }
            let frame = Self.frame(id: state.nextId, event: "shortcuts", data: data)
            state.nextId += 1
            state.streams.removeAll { subscriber in
                guard subscriber.shortcutsVersion < version else { return subscriber.stream.isClosed }
                return !subscriber.stream.write(frame)
            }
            for index in state.streams.indices where state.streams[index].shortcutsVersion < version {
                state.streams[index].shortcutsVersion = version
            }
        }
    }

    /// Sends `event` to every open stream; drops the closed and the too slow.
    public func publish(_ event: String, data: [UInt8]) {
        state.withLock { state in
            let frame = Self.frame(id: state.nextId, event: event, data: data)
            state.nextId += 1
            state.streams.removeAll { !$0.stream.write(frame) }
        }
    }

    /// Writes a comment to every stream, so idle connections stay open through proxies and
    /// vanished clients are noticed.
    public func heartbeat() {
        let comment = Array(": heartbeat\n\n".utf8)
        state.withLock { state in
            state.streams.removeAll { !$0.stream.write(comment) }
        }
    }

    /// Ends every stream and stops the heartbeat (at shutdown).
    public func closeAll() {
        running.store(false, ordering: .relaxed)
        let streams = state.withLock { state in
            defer { state.streams = [] }
            return state.streams
        }
        streams.forEach { $0.stream.close() }
    }

    /// Streams currently open.
    public var openStreams: Int {
        state.withLock { state in
            state.streams.removeAll { $0.stream.isClosed }
            return state.streams.count
        }
    }

    /// One SSE frame. `data` is compact JSON (no newlines), so it is one `data:` line.
    static func frame(id: UInt64, event: String, data: [UInt8]) -> [UInt8] {
        var frame = Array("id: \(id)\nevent: \(event)\ndata: ".utf8)
        frame.reserveCapacity(frame.count + data.count + 2)
        for byte in data where byte != 0x0A && byte != 0x0D { frame.append(byte) }
        frame.append(contentsOf: [0x0A, 0x0A])
        return frame
    }
}
