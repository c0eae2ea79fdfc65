import Foundation
import QuickActions

/// Triggers on their way to the service, kept on disk until it has answered. `enqueue`
/// returns only once the trigger is durable, so a pick captured during a cold launch with no
/// network survives the app being killed; `flush` delivers, oldest first, each under the
/// `Idempotency-Key` made at `enqueue`, so however often a lost answer makes it retry, the
/// service records the trigger once.
public actor TriggerOutbox {
    /// The directory holding the entries (created on the first `enqueue`).
    public nonisolated let directory: URL
    /// The service.
    public nonisolated let client: QuickActionsClient
    /// Backoff and give-up rules.
    public var policy = RetryPolicy()
    /// The `Accept-Language` sent with each delivery (the app's languages, e.g. "fr, en;q=0.5"):
    /// the language of a `410`'s `disabledMessage`. Nil: the service's default language.
    public var language: String?
    private let files: OutboxDirectory
    /// The last file-name stamp given (microseconds).
    private var lastStamp: Int64 = 0
    private var staleHandler: (@Sendable (PendingTrigger, String?) async -> Void)?
    private var sleep: @Sendable (Double) async -> Void = { seconds in
        try? await Task.sleep(nanoseconds: UInt64(max(seconds, 0) * 1_000_000_000))
    }

    /// An outbox in `directory`, delivering to `client`.
    public init(directory: URL, client: QuickActionsClient) {
        self.directory = directory
        self.client = client
        files = OutboxDirectory(path: directory.path)
    }

    /// Calls `handler` for a trigger the service answered `410 Gone`: the item was stale
    /// (its contact deleted), so the app should fetch the list again and set it.
    public func onStale(_ handler: @escaping @Sendable (PendingTrigger) async -> Void) {
        staleHandler = { trigger, _ in await handler(trigger) }
    }

    /// As `onStale(_:)`, with the service's `disabledMessage` for the item (the text to show
    /// on it, e.g. "This contact was deleted"; nil when the service sent none).
    public func onStale(_ handler: @escaping @Sendable (PendingTrigger, _ disabledMessage: String?) async -> Void) {
        staleHandler = handler
    }

    /// Replaces the retry policy.
    public func setPolicy(_ policy: RetryPolicy) {
        self.policy = policy
    }

    /// Sets the `Accept-Language` of the deliveries from now on (see `language`).
    public func setLanguage(_ language: String?) {
        self.language = language
    }

    /// Writes the trigger, with its new `Idempotency-Key`, to disk (atomically, synced)
    /// and returns it: from here on it is delivered exactly once by some `flush()`.
    @discardableResult
    public func enqueue(
        type: String, userInfo: [String: PropertyListValue]? = nil, launch: TriggerLaunch? = nil, deviceId: String? = nil
    ) throws -> PendingTrigger {
        try files.create()
        // Strictly increasing in this outbox, so two picks in one microsecond keep their order.
        let stamp = max(Int64((Date().timeIntervalSince1970 * 1_000_000).rounded(.down)), lastStamp + 1)
        lastStamp = stamp
        let trigger = PendingTrigger(
            key: UUID().uuidString.lowercased(), type: type, userInfo: userInfo, launch: launch, deviceId: deviceId,
            enqueuedAt: stamp / 1000)
        try files.write(trigger.fileJSON, to: OutboxDirectory.name(enqueuedAt: stamp, key: trigger.key))
        return trigger
    }

    /// The triggers waiting, oldest first.
    public func pending() -> [PendingTrigger] {
        files.entryNames().compactMap { name in files.read(name).flatMap(PendingTrigger.init(fileJSON:)) }
    }

    /// Sends every pending trigger, oldest first, and says what became of each. Delivered,
    /// stale (410, `onStale` called), rejected (other 4xx) and expired entries are removed; on
    /// a network error or 5xx an entry is retried with backoff, and if it still fails it is
    /// kept, and so are the ones after it (they are reported `.pending`), to keep the order.
    @discardableResult
    public func flush() async throws -> [DeliveryOutcome] {
        try files.create()
        let lock = try await files.lock()
        defer { files.unlock(lock) }
        var outcomes: [DeliveryOutcome] = []
        var blocked: String?
        for name in files.entryNames() {
            guard let bytes = files.read(name), let trigger = PendingTrigger(fileJSON: bytes) else { continue }
            if let blocked {
                outcomes.append(.pending(trigger, reason: blocked))
                continue
            }
            let outcome = await deliver(trigger, file: name)
            if case .pending(_, let reason) = outcome { blocked = "waiting behind an older trigger (\(reason))" }
            outcomes.append(outcome)
        }
        return outcomes
    }

    /// One entry to its end, or to `.pending` after `policy.attemptsPerFlush` attempts.
    private func deliver(_ trigger: PendingTrigger, file name: String) async -> DeliveryOutcome {
        var trigger = trigger
        var attempt = 0
        var reason = ""
        while attempt < policy.attemptsPerFlush {
            if Double(Self.nowMilliseconds() - trigger.enqueuedAt) / 1000 > policy.idempotencyWindow {
                files.remove(name)
                return .expired(trigger)
            }
            trigger.attempts += 1
            // Counted before sending: the count says how often it may have reached the service.
            try? files.write(trigger.fileJSON, to: name)
            let answer: HTTPAnswer
            do {
                answer = try await client.postTrigger(trigger.requestBody, idempotencyKey: trigger.key, language: language)
            } catch {
                reason = error.description
                await sleep(policy.delay(afterAttempt: attempt))
                attempt += 1
                continue
            }
            switch answer.status {
            case 200:
                files.remove(name)
                return .delivered(trigger, replayed: answer.headers["idempotent-replayed"] == "true")
            case 409 where answer.headers["retry-after"] != nil, 429:
                // Try again after Retry-After: the account's request budget (429), or a server
                // that still tells an in-flight duplicate of the key to wait (409 with Retry-After;
                // current servers answer duplicates with the first answer instead). A 409 without
                // it (two contacts have the name) does not change by retrying: rejected below.
                reason = "\(answer.status) \(answer.detail)"
                let wait = answer.headers["retry-after"].flatMap(Double.init) ?? 1
                await sleep(min(max(wait, 0), policy.maximumRetryAfter))
            case 410:
                files.remove(name)
                let message = answer.problemString("disabledMessage")
                await staleHandler?(trigger, message)
                return .stale(trigger, detail: answer.detail, disabledMessage: message)
            case 401:
                // The app's token is wrong, not the trigger: keep it for when the token is fixed.
                return .pending(trigger, reason: QuickActionsClientError.unauthorized.description)
            case 400..<500 where answer.status != 408:
                files.remove(name)
                return .rejected(trigger, status: answer.status, detail: answer.detail)
            default:
                reason = "\(answer.status) \(answer.detail)"
                await sleep(policy.delay(afterAttempt: attempt))
            }
            attempt += 1
        }
        return .pending(trigger, reason: reason)
    }

    static func nowMilliseconds() -> Int64 {
        Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))
    }
}
