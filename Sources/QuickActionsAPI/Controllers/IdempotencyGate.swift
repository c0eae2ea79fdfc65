import Synchronization

/// The `Idempotency-Key`s being processed right now in this process, so that two
/// concurrent requests with one key never both run.
final class IdempotencyGate: Sendable {
    private let keys = Mutex(Set<String>())

    /// Claims `key`; false when another request holds it.
    func claim(_ key: String) -> Bool {
        keys.withLock { $0.insert(key).inserted }
    }

    /// Releases a claimed key.
    func release(_ key: String) {
        _ = keys.withLock { $0.remove(key) }
    }
}
