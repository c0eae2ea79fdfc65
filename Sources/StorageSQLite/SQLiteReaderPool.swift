import CSQLite3
import StorageCore
import Synchronization

/// A few read-only connections, so that reads run side by side and, thanks to WAL, beside the writer.
///
/// Each connection sits in its own `Mutex` and is opened on first use; a read takes the first
/// free one and waits only when all are busy.
final class SQLiteReaderPool: Sendable {
    /// One reader connection, opened lazily.
    private final class Slot: Sendable {
        let connection = Mutex<SQLiteConnection?>(nil)
    }

    private let path: String
    private let slots: [Slot]
    /// Where the next read starts looking, so that load spreads over the slots.
    private let nextSlot = Atomic<UInt>(0)

    /// A pool of up to `size` (at least 1) connections to the database at `path`, which must
    /// already exist and have been prepared by the writer.
    init(path: String, size: Int) {
        self.path = path
        self.slots = (0..<max(1, size)).map { _ in Slot() }
    }

    /// Runs `body` with a reader connection of its own.
    func read<Result: Sendable>(_ body: (SQLiteConnection) throws(StorageError) -> Result) throws(StorageError) -> Result {
        let start = Int(nextSlot.wrappingAdd(1, ordering: .relaxed).oldValue % UInt(slots.count))
        for offset in 0..<slots.count {
            let slot = slots[(start + offset) % slots.count]
            let result = try slot.connection.withLockIfAvailable { (connection) throws(StorageError) -> Result in
                try Self.use(&connection, path: path, body)
            }
            if let result { return result }
        }
        // Every slot is busy: queue on one rather than open more connections.
        return try slots[start].connection.withLock { (connection) throws(StorageError) -> Result in
            try Self.use(&connection, path: path, body)
        }
    }

    /// Opens the slot's connection if needed, then runs `body` with it.
    private static func use<Result>(
        _ connection: inout SQLiteConnection?, path: String, _ body: (SQLiteConnection) throws(StorageError) -> Result
    ) throws(StorageError) -> Result {
        if let connection { return try body(connection) }
        let opened = try SQLiteConnection(path: path, flags: SQLITE_OPEN_READWRITE)
        try SQLiteSchema.configure(opened)
        // Readers never write: a bug that tries fails loudly instead of bypassing the writer's lock.
        try opened.execute("PRAGMA query_only = ON")
        connection = opened
        return try body(opened)
    }
}
