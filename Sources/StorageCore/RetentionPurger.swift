import Dispatch
import QuickActions
import Synchronization

/// Deletes expired `Idempotency-Key` answers, triggers past their retention and disabled items
/// (disabled items) past theirs in the background, in small batches, off the request path.
///
/// One serial queue runs a purge every `Policy.periodMilliseconds`: batches of `batchSize`
/// rows, each its own short write (through the store's group commit, so a batch holds the
/// writer for milliseconds, never a request for a whole backlog), until a batch comes back short.
public final class RetentionPurger: Sendable {
    /// What is kept, and so how often to look.
    public struct Policy: Sendable, Equatable {
        /// How long an answer is kept (`--idempotency-ttl`).
        public var answerTTLMilliseconds: Int64
        /// How long a trigger is kept (`--trigger-retention`); nil keeps every trigger.
        public var triggerRetentionMilliseconds: Int64?
        /// How long a disabled item is kept (`--disabled-retention`).
        public var disabledRetentionMilliseconds: Int64

        /// Creates a policy.
        public init(
            answerTTLMilliseconds: Int64, triggerRetentionMilliseconds: Int64?,
            disabledRetentionMilliseconds: Int64 = DisabledItem.defaultRetention.components.seconds * 1000
        ) {
            self.answerTTLMilliseconds = answerTTLMilliseconds
            self.triggerRetentionMilliseconds = triggerRetentionMilliseconds
            self.disabledRetentionMilliseconds = disabledRetentionMilliseconds
        }

        /// The longest wait between purges: min(TTL / 2, retentions / 2, 60 s), so a row is gone
        /// within one and a half times its lifetime (a short TTL is visibly honoured).
        public var periodMilliseconds: Int64 {
            let limits =
                [answerTTLMilliseconds / 2, disabledRetentionMilliseconds / 2, 60_000] + (triggerRetentionMilliseconds.map { [$0 / 2] } ?? [])
            return max(limits.min() ?? 60_000, 1)
        }
    }

    /// Rows per write: a write queued behind a batch waits about as long as behind one group
    /// commit.
    public static let defaultBatchSize = 1000

    private let store: any TriggerStore
    private let policy: Policy
    private let batchSize: Int
    private let clock: @Sendable () -> Timestamp
    private let report: @Sendable (Result<(answers: Int, triggers: Int, disabled: Int), StorageError>) -> Void
    private let queue = DispatchQueue(label: "quickactiond.retention")
    private let started = Atomic<Bool>(false)
    /// Set by `stop()`: no new purge starts, and one in progress ends after its current batch.
    private let stopped = Atomic<Bool>(false)

    /// A purger of `store` under `policy`; `report` hears each purge's counts, or its error.
    public init(
        store: any TriggerStore, policy: Policy, batchSize: Int = RetentionPurger.defaultBatchSize,
        clock: @escaping @Sendable () -> Timestamp = Timestamp.now,
        report: @escaping @Sendable (Result<(answers: Int, triggers: Int, disabled: Int), StorageError>) -> Void = { _ in }
    ) {
        self.store = store
        self.policy = policy
        self.batchSize = max(batchSize, 1)
        self.clock = clock
        self.report = report
    }

    /// Purges now (what a previous run left, say), then every `policy.periodMilliseconds`.
    public func start() {
        guard !started.exchange(true, ordering: .relaxed) else { return }
        queue.async { [self] in tick() }
    }

    /// Stops purging; returns once a purge in progress has finished.
    public func stop() {
        stopped.store(true, ordering: .relaxed)
        queue.sync {}
    }

    private func tick() {
        guard !stopped.load(ordering: .relaxed) else { return }
        do {
            report(.success(try purge()))
        } catch {
            // Left for the next period: the rows are still there, and still expired.
            report(.failure(error))
        }
        queue.asyncAfter(deadline: .now() + .milliseconds(Int(policy.periodMilliseconds))) { [self] in tick() }
    }

    /// Deletes every expired answer, every trigger past its retention and every disabled item
    /// past its, batch by batch; returns how many of each.
    @discardableResult
    public func purge() throws(StorageError) -> (answers: Int, triggers: Int, disabled: Int) {
        let now = clock()
        var answers = 0
        var batch = batchSize
        while batch == batchSize, !stopped.load(ordering: .relaxed) {
            batch = try store.purgeAnswers(before: now.advanced(byMilliseconds: -policy.answerTTLMilliseconds), limit: batchSize)
            answers += batch
        }
        var triggers = 0
        if let retention = policy.triggerRetentionMilliseconds {
            batch = batchSize
            while batch == batchSize, !stopped.load(ordering: .relaxed) {
                batch = try store.purgeTriggers(before: now.advanced(byMilliseconds: -retention), limit: batchSize)
                triggers += batch
            }
        }
        var disabled = 0
        batch = batchSize
        while batch == batchSize, !stopped.load(ordering: .relaxed) {
            batch = try store.purgeDisabled(before: now.advanced(byMilliseconds: -policy.disabledRetentionMilliseconds), limit: batchSize)
            disabled += batch
        }
        return (answers, triggers, disabled)
    }
}
