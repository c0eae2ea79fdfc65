import StorageCore
import Synchronization

/// Whether this instance's queries answer in time: the timeout (SQLSTATE 57014 or 55P03) of the
/// last client query that ran out, until a later one succeeds or `window` passes without
/// another. Readiness reads it (an instance whose queries time out should get no traffic), and
/// the window keeps an instance that gets no traffic from staying unready for good.
final class PostgreSQLQueryHealth: Sendable {
    /// How long a timeout counts without another.
    static let window = Duration.seconds(10)

    private let failure = Mutex<(error: StorageError, at: ContinuousClock.Instant)?>(nil)
    /// Whether `failure` is set, read without the lock on every query's success.
    private let failing = Atomic<Bool>(false)

    /// Creates a healthy record.
    init() {}

    /// The timeout of a recent query, if no query succeeded since.
    var recentTimeout: StorageError? {
        guard failing.load(ordering: .acquiring) else { return nil }
        return failure.withLock { failure in
            guard let recorded = failure, ContinuousClock.now - recorded.at < Self.window else { return nil }
            return recorded.error
        }
    }

    /// Records how a client query ended: a timeout makes the record unhealthy, a success healthy.
    func observe<Value>(_ result: Result<Value, StorageError>) {
        switch result {
        case .success:
            guard failing.load(ordering: .relaxed) else { return }
            failure.withLock { failure in
                failure = nil
                failing.store(false, ordering: .releasing)
            }
        case .failure(let error) where error.isPostgreSQLTimeout:
            failure.withLock { failure in
                failure = (error, ContinuousClock.now)
                failing.store(true, ordering: .releasing)
            }
        case .failure:
            break
        }
    }
}
