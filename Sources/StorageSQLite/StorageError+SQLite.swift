import CSQLite3
import StorageCore

extension StorageError {
    /// The error for SQLite result code `code` (an extended code), with `message`: the cause
    /// from its primary code (the low byte), and the code and SQLite's words for it as detail.
    /// A trigger's `RAISE` (`SQLITE_CONSTRAINT_TRIGGER`) is the schema refusing a row of a
    /// deleted account: the only triggers that raise are those (`SQLiteSchema`, migration 8).
    static func sqlite(_ code: Int32, message: String) -> StorageError {
        let cause: Cause =
            switch code & 0xFF {
            case SQLITE_FULL: .full
            case SQLITE_IOERR: .ioError
            case SQLITE_CONSTRAINT where code == constraintTrigger: .accountDeleted
            default: .unavailable
            }
        return StorageError(
            cause, message: message, backendCode: BackendCode(backend: "SQLite", code: Int(code), reason: String(cString: sqlite3_errstr(code))))
    }

    /// `SQLITE_CONSTRAINT_TRIGGER`, a macro Swift cannot import.
    static let constraintTrigger = SQLITE_CONSTRAINT | (7 << 8)

    /// SQLite's extended result code, when SQLite gave this error.
    var sqliteCode: Int32? {
        guard let backendCode, backendCode.backend == "SQLite" else { return nil }
        return Int32(truncatingIfNeeded: backendCode.code)
    }

    /// The same error with another message.
    func with(message: String) -> StorageError {
        var copy = self
        copy.message = message
        return copy
    }
}
