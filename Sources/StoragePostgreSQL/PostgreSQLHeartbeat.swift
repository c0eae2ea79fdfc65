import StorageCore
import Synchronization

/// What the listener's connection last heard from the server: the listener sends a small query
/// (`PostgreSQLDatabase.probe`) every `interval` and records when it was answered, how long it
/// took, and how it ended. Readiness reads this record and never waits on the database.
///
/// Bounds (docs/scaling.md states them):
/// - not ready once a heartbeat waits `unreachableAfter` (2 s) for its answer;
/// - not ready while the last `slowCount` (3) heartbeats each took over `slowBound` (750 ms);
/// - not ready while the last heartbeat failed (a lock held elsewhere makes it time out);
/// - the listener gives its connection up, as lost, once a heartbeat waits `silenceLimit` (5 s).
final class PostgreSQLHeartbeat: Sendable {
    /// How often a heartbeat is sent.
    static let interval = Duration.milliseconds(500)
    /// How long an unanswered heartbeat makes the server count as out of reach.
    static let unreachableAfter = Duration.seconds(2)
    /// How long an unanswered heartbeat makes the listener give its connection up.
    static let silenceLimit = Duration.seconds(5)
    /// A heartbeat slower than this is slow.
    static let slowBound = Duration.milliseconds(750)
    /// How many slow heartbeats in a row make the database too slow to be ready.
    static let slowCount = 3

    private struct State {
        /// When the heartbeat in flight was sent.
        var sentAt: ContinuousClock.Instant?
        /// When the next one is due.
        var nextAt = ContinuousClock.now
        /// The round trips of the last heartbeats, newest last.
        var roundTrips: [Duration] = []
        /// How the last one failed, until one succeeds.
        var failure: StorageError?
        /// Whether the listener holds a connection.
        var connected = false
    }

    private let state = Mutex(State())

    /// A record with no connection yet.
    init() {}

    /// A new connection: nothing is in flight on it, and it answered just now.
    func connected() {
        state.withLock { state in
            state = State()
            state.connected = true
        }
    }

    /// The connection is gone.
    func disconnected() {
        state.withLock { state in
            state.connected = false
            state.sentAt = nil
        }
    }

    /// Whether a heartbeat is due now (none in flight, and `interval` passed since the last).
    var isDue: Bool {
        state.withLock { state in state.connected && state.sentAt == nil && ContinuousClock.now >= state.nextAt }
    }

    /// Whether a heartbeat is in flight.
    var inFlight: Bool {
        state.withLock { $0.sentAt != nil }
    }

    /// A heartbeat was sent now.
    func sent() {
        state.withLock { $0.sentAt = ContinuousClock.now }
    }

    /// The heartbeat in flight was answered: succeeded (`failure` nil) or failed.
    func answered(_ failure: StorageError?) {
        state.withLock { state in
            guard let sentAt = state.sentAt else { return }
            let now = ContinuousClock.now
            state.roundTrips = Array((state.roundTrips + [now - sentAt]).suffix(Self.slowCount))
            state.failure = failure
            state.sentAt = nil
            state.nextAt = now + Self.interval
        }
    }

    /// Whether the heartbeat in flight has waited past `silenceLimit`: the connection is taken as dead.
    var isSilent: Bool {
        state.withLock { state in state.sentAt.map { ContinuousClock.now - $0 > Self.silenceLimit } ?? false }
    }

    /// Why the database does not count as ready now, from this record alone; nil when it does.
    func problem(server: String) -> StorageError? {
        state.withLock { state -> StorageError? in
            guard state.connected else { return StorageError.postgreSQLConnection("PostgreSQL at \(server): the change feed's connection is down") }
            if let sentAt = state.sentAt, ContinuousClock.now - sentAt > Self.unreachableAfter {
                let waited = Self.seconds(ContinuousClock.now - sentAt)
                return StorageError.postgreSQLConnection("PostgreSQL at \(server) has not answered for \(waited) s")
            }
            if let failure = state.failure { return failure }
            if state.roundTrips.count == Self.slowCount, state.roundTrips.allSatisfy({ $0 > Self.slowBound }) {
                let slowest = Self.seconds(state.roundTrips.min() ?? .zero)
                return StorageError(
                    .timeout,
                    message: "PostgreSQL at \(server) is slow: each of its last \(Self.slowCount) round trips took \(slowest) s or more "
                        + "(ready below \(Self.seconds(Self.slowBound)) s)")
            }
            return nil
        }
    }

    /// `duration` in seconds, to two decimals.
    private static func seconds(_ duration: Duration) -> String {
        let hundredths = Int((duration / .milliseconds(10)).rounded())
        return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
    }
}
