import Dispatch
import HTTPServer
import QuickActions
import StorageCore
import Synchronization

/// Fans Server-Sent Events out to every open `/events` stream. Publishing never waits for a
/// client: each stream has a bounded buffer, and one that overflows is dropped.
///
/// Two locks, taken in this order: the hub's own (`state`), held while an event id is reserved
/// in the store (that is, while waiting for the store's writer) and while the trigger log is
/// read, and `open` (and `answers`), leaf locks that never wait for anything. Code that runs
/// while the store's writer is held (a commit's hooks: the change feed, token replacements,
/// deleted accounts) may take `open` only (`hasStreams(of:)`, `closeStreams(of:)`,
/// `closeStreams()`): waiting for the hub's lock there closes a cycle with a subscription
/// reserving its id, which the kernel's deadlock check on the lock turns into a crash
/// ("Recursive call to lock Mutex").
///
/// With a log (a store), trigger events are sent from it, never from memory: the hub reads the
/// log after `delivered`, in id order, and sends what it read, under its lock. The store gives
/// ids in commit order (`TriggerStore`), so no trigger with a lower id than one read is ever
/// stored later: a stream never sends an id lower than one it sent, and a resume after any id it
/// sent (`triggers(afterEventID:)`, `seq > id`) replays every later trigger, once.
public final class EventHub: Sendable {
    struct State {
        var nextId: Int64 = 1
        var streams: [Subscriber] = []
        /// How many streams `open` was last made from (see `settle`).
        var settledCount = 0
        /// The log's triggers up to this id were sent to the streams that wanted them.
        var delivered: Int64 = 0
    }

    /// A stream, and the version of the last shortcut list it was sent.
    struct Subscriber {
        /// Whose events it gets.
        let account: AccountKey
        let stream: StreamingBody
        var shortcutsVersion: Int
        /// Trigger events up to this id were replayed or predate the stream: not sent again.
        var triggersThrough: Int64 = 0
    }

    /// Seconds between heartbeat comments (they also reveal clients that went away).
    public let heartbeatSeconds: Int
    /// Buffer per client before it is dropped as too slow.
    public let streamCapacity: Int
    /// Most streams one account may have open at once (`--max-streams-per-account`).
    public let maxStreamsPerAccount: Int
    /// `maxStreamsPerAccount` unless given.
    public static let defaultMaxStreamsPerAccount = 8
    let state = Mutex(State())
    /// The open streams by account: what the commit path may look at or close (see above).
    private let open = Mutex<[AccountKey: [StreamingBody]]>([:])
    /// What this process's own triggers, not yet committed, are sent with (their POST answer,
    /// which the log does not keep), by trigger id (a leaf lock).
    let answers = Mutex<[String: [UInt8]]>([:])
    /// Whether a read of the log is queued on `feed` (wake-ups meanwhile join it).
    let feedQueued = Atomic<Bool>(false)
    /// Where reads of the log that nobody waits for run (other processes' triggers, heartbeats).
    let feed = DispatchQueue(label: "quickactiond.events.feed")
    private let running = Atomic<Bool>(false)
    /// Set by `closeAll()`: a stream asked for later (by a request still being answered) ends at once.
    private let closed = Atomic<Bool>(false)
    /// Where event ids come from and missed triggers are replayed from; without one, ids
    /// count from 1 in memory (in-process tests).
    let log: (any TriggerStore)?

    /// Creates a hub; call `start()` to begin heartbeats.
    public init(
        heartbeatSeconds: Int = 10, streamCapacity: Int = 256 * 1024, maxStreamsPerAccount: Int = EventHub.defaultMaxStreamsPerAccount,
        log: (any TriggerStore)? = nil
    ) {
        self.heartbeatSeconds = heartbeatSeconds
        self.streamCapacity = streamCapacity
        self.maxStreamsPerAccount = max(1, maxStreamsPerAccount)
        self.log = log
    }

    /// Starts the heartbeats.
    public func start() {
        guard !running.exchange(true, ordering: .relaxed) else { return }
        scheduleHeartbeat()
    }

    private func scheduleHeartbeat() {
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(heartbeatSeconds)) { [weak self] in
            guard let self, self.running.load(ordering: .relaxed) else { return }
            // A trigger whose notice was lost (another process's, while the listener was down)
            // is sent within a heartbeat.
            self.deliverTriggers()
            self.heartbeat()
            self.scheduleHeartbeat()
        }
    }

    /// Most trigger events replayed to a resuming stream (they must fit its buffer); a client
    /// further behind gets just the list, as for an id older than the log keeps.
    public static let maxReplay = 500

    /// A new stream: when `lastEventID` (the `Last-Event-ID` header) names a place in the
    /// store's log, the trigger events it missed (`replayData` gives each one's JSON); then the
    /// current shortcut list; then every later event. An id the log cannot resume from (purged,
    /// unknown, not a number) gets just the list.
    ///
    /// Under the hub's lock, so nothing falls between the replay, the list and the live events:
    /// - `current` (the list's version and JSON) is read under it, so a change announced
    ///   meanwhile either finds this stream (and is sent to it) or is already in `current`;
    /// - the list's id is reserved first, so a trigger committed before it is in the log read
    ///   next (and is not sent live again: `triggersThrough`), and one committed after it has a
    ///   higher id and waits for this lock to be published.
    ///
    /// The stream gets `account`'s events only; `replayLog` is that account's view of the log
    /// (the hub's own log when nil: single-account mode).
    ///
    /// An account with `maxStreamsPerAccount` streams open gets none: a 429 `Problem`
    /// (`…/problems/too-many-streams`). Counted and registered under the hub's lock, so two
    /// subscriptions at once never both take the last place; a stream that ended, or whose client
    /// went away, frees its place at once. A storage failure is thrown as `StorageError`.
    public func subscribe(
        account: AccountKey = .default, current: () -> (version: Int, data: [UInt8]), lastEventID: String? = nil,
        replayLog: (any TriggerStore)? = nil, replayData: (TriggerRecord) -> [UInt8] = { _ in [] }
    ) throws -> StreamingBody {
        let stream = StreamingBody(capacity: streamCapacity)
        // Checked under the lock `closeAll()` takes after setting `closed`: a stream is either
        // ended here or in the list it ends.
        let opened = try state.withLock { state -> Bool in
            guard !closed.load(ordering: .acquiring) else { return false }
            guard hasRoom(for: account) else {
                throw Problem.tooManyStreams(limit: maxStreamsPerAccount, retryAfter: heartbeatSeconds)
            }
            let id = try nextID(&state)
            // No stream is open: none needs the log's triggers before this place in it.
            if log != nil && !state.streams.contains(where: { !$0.stream.isClosed }) { state.delivered = max(state.delivered, id) }
            var bytes = Array("retry: 3000\n".utf8)
            if let log = replayLog ?? log, let after = lastEventID.flatMap({ Int64($0) }),
                let missed = try log.triggers(afterEventID: after, limit: Self.maxReplay + 1), missed.count <= Self.maxReplay
            {
                for trigger in missed where trigger.eventID < id {
                    bytes += Self.frame(id: trigger.eventID, event: "trigger", data: replayData(trigger.record))
                }
            }
            let (version, data) = current()
            bytes += Self.frame(id: id, event: "shortcuts", data: data)
            stream.write(bytes)
            state.streams.append(Subscriber(account: account, stream: stream, shortcutsVersion: version, triggersThrough: log == nil ? 0 : id))
            state.settledCount = state.streams.count
            open.withLock { $0[account, default: []].append(stream) }
            return true
        }
        if !opened { stream.close() }
        return stream
    }

    /// Whether `account` may open one more stream (called under the hub's lock, which every
    /// subscription holds: nothing registers a stream between this count and the caller's).
    /// Only at the limit are the account's streams asked whether their clients are still there:
    /// libmicrohttpd notices a client that left a waiting stream only at its next write.
    private func hasRoom(for account: AccountKey) -> Bool {
        let streams = open.withLock { $0[account] ?? [] }
        guard streams.count >= maxStreamsPerAccount else { return true }
        if streams.count(where: { !$0.isClosed }) < maxStreamsPerAccount { return true }
        return streams.count(where: { !$0.closeIfClientLeft() }) < maxStreamsPerAccount
    }

    /// Whether any stream is open (an announcement with none to send to need not be rendered).
    public var hasStreams: Bool {
        open.withLock { $0.values.contains { streams in streams.contains { !$0.isClosed } } }
    }

    /// Whether any stream of `account` is open. Safe on the commit path.
    public func hasStreams(of account: AccountKey) -> Bool {
        open.withLock { $0[account]?.contains { !$0.isClosed } ?? false }
    }

    /// The accounts with an open stream. Safe on the commit path.
    public var accountsWithStreams: [AccountKey] {
        open.withLock { open in open.compactMap { account, streams in streams.contains { !$0.isClosed } ? account : nil } }
    }

    /// Ends every stream (their clients reconnect and resume), keeping the hub running. Safe
    /// on the commit path: the streams leave the hub's list at its next pass over it.
    public func closeStreams() {
        let closing = open.withLock { open in
            defer { open = [:] }
            return open.values.flatMap { $0 }
        }
        closing.forEach { $0.close() }
    }

    /// Ends every stream of `account` (its token was replaced, or it was deleted). Safe on the
    /// commit path, as `closeStreams()`.
    public func closeStreams(of account: AccountKey) {
        let closing = open.withLock { $0.removeValue(forKey: account) ?? [] }
        closing.forEach { $0.close() }
    }

    /// Makes `open` the open streams of `state` again once streams have left it (under the
    /// hub's lock, after a pass that dropped closed or too slow streams).
    func settle(_ state: inout State) {
        guard state.streams.count != state.settledCount else { return }
        state.settledCount = state.streams.count
        let streams = state.streams
        open.withLock { open in
            open = [:]
            for subscriber in streams where !subscriber.stream.isClosed { open[subscriber.account, default: []].append(subscriber.stream) }
        }
    }

    /// Sends the trigger at `eventID` (its place in the store's log) to every stream of
    /// `account` that has not had it. Only for a hub without a log: one with a log sends the
    /// log's triggers in its order (`triggerCommitted`, `deliverTriggers`).
    public func publishTrigger(account: AccountKey = .default, eventID: Int64, data: [UInt8]) {
        state.withLock { state in
            send(eventID: eventID, data: data, to: account, &state)
            settle(&state)
        }
    }

    /// Writes the trigger event `eventID` to each stream of `account` that has not had it;
    /// drops the closed and the too slow.
    func send(eventID: Int64, data: [UInt8], to account: AccountKey, _ state: inout State) {
        let frame = Self.frame(id: eventID, event: "trigger", data: data)
        state.streams.removeAll { subscriber in
            guard subscriber.account == account, subscriber.triggersThrough < eventID else { return subscriber.stream.isClosed }
            return !subscriber.stream.write(frame)
        }
    }

    /// The next event id: reserved in the store when there is one, else counted here.
    func nextID(_ state: inout State) throws(StorageError) -> Int64 {
        guard let log else {
            defer { state.nextId += 1 }
            return state.nextId
        }
        return try log.reserveEventID()
    }

    /// Sends `account`'s shortcut list at `version` to each of its streams that has an older
    /// one (a stream that started with this list or a newer one is not sent it again, nor an older one).
    public func publishShortcuts(account: AccountKey = .default, version: Int, data: [UInt8]) {
        state.withLock { state in
            guard state.streams.contains(where: { $0.account == account && $0.shortcutsVersion < version }) else { return }
            let frame = Self.frame(id: placeInLog(&state), event: "shortcuts", data: data)
            state.streams.removeAll { subscriber in
                guard subscriber.account == account, subscriber.shortcutsVersion < version else { return subscriber.stream.isClosed }
                return !subscriber.stream.write(frame)
            }
            for index in state.streams.indices where state.streams[index].account == account && state.streams[index].shortcutsVersion < version {
                state.streams[index].shortcutsVersion = version
            }
            settle(&state)
        }
    }

    /// Sends `event` to every open stream; drops the closed and the too slow.
    public func publish(_ event: String, data: [UInt8]) {
        state.withLock { state in
            let frame = Self.frame(id: placeInLog(&state), event: event, data: data)
            state.streams.removeAll { !$0.stream.write(frame) }
            settle(&state)
        }
    }

    /// Writes a comment to every stream, so idle connections stay open through proxies and
    /// vanished clients are noticed.
    public func heartbeat() {
        let comment = Array(": heartbeat\n\n".utf8)
        state.withLock { state in
            state.streams.removeAll { !$0.stream.write(comment) }
            settle(&state)
        }
    }

    /// Ends every stream and stops the heartbeat (at shutdown).
    public func closeAll() {
        running.store(false, ordering: .relaxed)
        closed.store(true, ordering: .releasing)
        let streams = state.withLock { state in
            defer {
                state.streams = []
                settle(&state)
            }
            return state.streams
        }
        streams.forEach { $0.stream.close() }
    }

    /// Streams currently open. Read from the leaf lock: the hub's own is held while a
    /// subscription waits on the store, and `/metrics` never waits on the database.
    public var openStreams: Int {
        open.withLock { open in open.values.reduce(0) { count, streams in count + streams.count { !$0.isClosed } } }
    }

    /// One SSE frame. `data` is compact JSON (no newlines), so it is one `data:` line.
    static func frame(id: Int64?, event: String, data: [UInt8]) -> [UInt8] {
        var frame = Array("\(id.map { "id: \($0)\n" } ?? "")event: \(event)\ndata: ".utf8)
        frame.reserveCapacity(frame.count + data.count + 2)
        for byte in data where byte != 0x0A && byte != 0x0D { frame.append(byte) }
        frame.append(contentsOf: [0x0A, 0x0A])
        return frame
    }
}
