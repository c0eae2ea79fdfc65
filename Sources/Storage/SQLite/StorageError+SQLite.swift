import CSQLite3

extension StorageError {
    /// The error for SQLite result code `code` (an extended code), with `message`: the cause
    /// from its primary code (the low byte), and the code and SQLite's words for it as detail.
    static func sqlite(_ code: Int32, message: String) -> StorageError {
        let cause: Cause =
            switch code & 0xFF {
            case SQLITE_FULL: .full
            case SQLITE_IOERR: .ioError
            default: .unavailable
            }
        return StorageError(
            cause, message: message, backendCode: BackendCode(backend: "SQLite", code: Int(code), reason: String(cString: sqlite3_errstr(code))))
    }

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
