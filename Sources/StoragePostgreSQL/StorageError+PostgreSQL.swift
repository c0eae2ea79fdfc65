import StorageCore

extension StorageError {
    /// The error for SQLSTATE `state` with `message`: the cause from its class (disk full,
    /// I/O error; a statement or lock wait past its limit; a data exception, class 22, is a value
    /// of the request the database cannot take; a foreign key violation, 23503, a row of an
    /// account deleted meanwhile, since the only foreign keys are the accounts'; anything else,
    /// including a lost connection and an administrator's shutdown, is one a client may retry),
    /// and the SQLSTATE as the backend code.
    ///
    /// `BackendCode.code` is the SQLSTATE read as a base-36 number (it is five letters and
    /// digits); `reason` spells it out.
    static func postgreSQL(state: String, message: String) -> StorageError {
        let cause: Cause =
            switch state {
            case "53100": .full
            case "58030": .ioError
            case "57014", "55P03": .timeout
            case "23503": .accountDeleted
            case _ where state.hasPrefix("22"): .invalidValue
            default: .unavailable
            }
        return StorageError(
            cause, message: message,
            backendCode: BackendCode(backend: "PostgreSQL", code: Int(state, radix: 36) ?? 0, reason: Self.postgreSQLReason(state)))
    }

    /// The SQLSTATE of an error PostgreSQL gave.
    var sqlState: String? {
        guard let backendCode, backendCode.backend == "PostgreSQL" else { return nil }
        let digits = String(backendCode.code, radix: 36, uppercase: true)
        return String(repeating: "0", count: max(0, 5 - digits.count)) + digits
    }

    /// The SQLSTATE and, for the states a client may meet, its condition name.
    static func postgreSQLReason(_ state: String) -> String {
        let names = [
            "53100": "disk_full", "58030": "io_error", "57P01": "admin_shutdown", "57P02": "crash_shutdown",
            "57P03": "cannot_connect_now", "08006": "connection_failure", "08001": "sqlclient_unable_to_establish_sqlconnection",
            "42P01": "undefined_table", "42501": "insufficient_privilege", "23505": "unique_violation", "40001": "serialization_failure",
            "57014": "query_canceled", "55P03": "lock_not_available",
            "23503": "foreign_key_violation", "40P01": "deadlock_detected", "22021": "character_not_in_repertoire",
            "22P05": "untranslatable_character", "22001": "string_data_right_truncation",
        ]
        return "SQLSTATE \(state)" + (names[state].map { " \($0)" } ?? "")
    }

    /// Whether the connection that gave this error is gone: a lost or refused connection
    /// (class 08), or the server shutting down or starting up (57P01-57P03).
    var isPostgreSQLConnectionLoss: Bool {
        guard let state = sqlState else { return false }
        return state.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(state)
    }

    /// Whether a statement ran past `statement_timeout` or waited past `lock_timeout` (or was
    /// cancelled): the server is there, but did not answer in time.
    var isPostgreSQLTimeout: Bool {
        cause == .timeout
    }

    /// A lost or refused connection (SQLSTATE 08006), with `message`.
    static func postgreSQLConnection(_ message: String) -> StorageError {
        postgreSQL(state: "08006", message: message)
    }
}
