import CSQLite3

extension StorageError {
    /// Why a store failed, as far as a client and an operator need to know.
    public enum Cause: String, Sendable {
        /// The disk (or the database's size limit) is full: nothing more can be stored.
        case full = "storage-full"
        /// The disk failed to read or write.
        case ioError = "storage-io-error"
        /// Anything else: busy, locked, refused.
        case unavailable = "service-unavailable"
    }

    /// The cause, from the backend's result code (SQLite's primary codes: the low byte).
    public var cause: Cause {
        switch code & 0xFF {
        case SQLITE_FULL: .full
        case SQLITE_IOERR: .ioError
        default: .unavailable
        }
    }

    /// The backend's words for the code, without paths (for a client); nil without a code.
    public var reason: String? {
        code == 0 ? nil : String(cString: sqlite3_errstr(code))
    }
}
