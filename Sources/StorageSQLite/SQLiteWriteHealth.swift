import StorageCore
import Synchronization

/// Whether the last writes reached the disk: the storage failure (disk full, I/O error) of the
/// last write that failed for one, until a later commit that changed rows succeeds.
///
/// Readiness reads it: a process whose disk is full still answers reads, but should get no
/// writes until it can store them again.
final class SQLiteWriteHealth: Sendable {
    private let failure = Mutex<StorageError?>(nil)

    /// The failure that made the store unhealthy, if it is.
    var lastFailure: StorageError? {
        failure.withLock { $0 }
    }

    /// Records a group commit: `failures` of the transaction or of single writes in it, and
    /// whether a commit that changed rows succeeded.
    func observe(failures: [StorageError], committedChanges: Bool) {
        if let storage = failures.first(where: { $0.cause == .full || $0.cause == .ioError }) {
            failure.withLock { $0 = storage }
        } else if committedChanges {
            failure.withLock { $0 = nil }
        }
    }
}
