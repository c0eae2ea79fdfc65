import Synchronization

/// The gauges `/metrics` reads from the store: contacts and favorites, or accounts, and the
/// stored answers and triggers.
///
/// Without `StoreWorkers` they are read at each scrape. With them (a store whose reads may
/// wait: PostgreSQL) a scrape never reads the store: it serves the values last read, with
/// their age (`store_gauges_age_seconds`), and when they are older than `maximumAge` has a
/// worker read them again for the next scrape. Values that cannot be read stay as they were.
final class StoreGauges: Sendable {
    /// One gauge: its name, help text and value.
    typealias Gauge = (name: String, help: String, value: Double)

    /// Values older than this are read again after a scrape.
    static let maximumAge = Duration.seconds(1)

    private struct Snapshot {
        var gauges: [Gauge] = []
        var readAt: ContinuousClock.Instant?
        var reading = false
    }

    private let read: @Sendable () throws -> [Gauge]
    private let workers: StoreWorkers?
    private let snapshot = Mutex(Snapshot())

    /// Gauges `read` gives; with `workers`, read by them (a first time at once).
    init(workers: StoreWorkers?, read: @escaping @Sendable () throws -> [Gauge]) {
        self.read = read
        self.workers = workers
        if workers != nil { refreshIfStale() }
    }

    /// The gauges for a scrape.
    func current() throws -> [Gauge] {
        guard workers != nil else { return try read() }
        refreshIfStale()
        let (gauges, readAt) = snapshot.withLock { ($0.gauges, $0.readAt) }
        guard let readAt else { return [] }
        let age = (ContinuousClock.now - readAt) / .seconds(1)
        return gauges + [
            ("store_gauges_age_seconds", "Seconds since the gauges read from the store were read (off the HTTP threads, after a scrape).", age)
        ]
    }

    /// Has a worker read the gauges again, unless they are recent or being read.
    private func refreshIfStale() {
        guard let workers else { return }
        let start = snapshot.withLock { snapshot -> Bool in
            guard !snapshot.reading, snapshot.readAt.map({ ContinuousClock.now - $0 >= Self.maximumAge }) ?? true else { return false }
            snapshot.reading = true
            return true
        }
        guard start else { return }
        let submitted = workers.submit { [self] in
            let gauges = try? read()
            snapshot.withLock { snapshot in
                snapshot.reading = false
                if let gauges {
                    snapshot.gauges = gauges
                    snapshot.readAt = ContinuousClock.now
                }
            }
        }
        if !submitted { snapshot.withLock { $0.reading = false } }
    }
}
