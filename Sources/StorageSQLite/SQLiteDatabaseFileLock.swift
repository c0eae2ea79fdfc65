import Glibc
import StorageCore

/// An exclusive `flock` on `<database>.lock`, held for as long as this object lives: one
/// quickactiond per database file.
///
/// Two processes on one file would each keep their own caches (the shortcut list, search
/// totals) and serve different answers; SQLite's own locks only keep the file consistent.
/// The lock is taken before the database is opened, so a refused start-up changes nothing.
/// The kernel drops a `flock` when its holder dies, even by `kill -9`, so there is never a
/// stale lock to clean up, and the file itself is left in place (removing it would let a
/// third process lock a new file while the second still holds the old one). The holder's
/// pid is written into the file only so that a refusal can name it.
final class SQLiteDatabaseFileLock: Sendable {
    /// The lock file.
    let path: String
    private let descriptor: Int32

    /// Locks `<databasePath>.lock`, creating it when needed; throws naming the other process
    /// when it is already locked.
    init(databasePath: String) throws(StorageError) {
        let path = databasePath + ".lock"
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw StorageError(
                message: "cannot write the database at \(databasePath): cannot create its lock file \(path): \(Self.lastError())")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let failure = errno
            let holder = Self.holder(descriptor)
            close(descriptor)
            guard failure == EWOULDBLOCK else {
                throw StorageError(message: "cannot lock the database at \(databasePath) (lock file \(path)): \(String(cString: strerror(failure)))")
            }
            throw StorageError(
                message: "the database at \(databasePath) is in use by another quickactiond (\(holder.map { "pid \($0)" } ?? "pid unknown"), "
                    + "lock file \(path)): one SQLite database serves one process. Stop the other process or choose another --db path; "
                    + "several processes on one store need a database server, not a SQLite file")
        }
        // Our pid, for the message another process prints; the lock itself is what counts.
        let pid = Array("\(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = pid.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        self.path = path
        self.descriptor = descriptor
    }

    deinit {
        // Closing the only descriptor releases the lock.
        close(descriptor)
    }

    /// The pid written in the lock file, if it holds one.
    private static func holder(_ descriptor: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        let digits = buffer[..<count].prefix { (0x30...0x39).contains($0) }
        return Int32(String(decoding: digits, as: UTF8.self)).flatMap { $0 > 0 ? $0 : nil }
    }

    private static func lastError() -> String {
        String(cString: strerror(errno))
    }
}
