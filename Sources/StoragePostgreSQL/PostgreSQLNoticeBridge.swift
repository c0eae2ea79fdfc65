import CLibPQ
import StorageCore

/// libpq's notice receiver (`PQsetNoticeReceiver`), as a `static let` of a nonisolated type: a
/// C callback must not capture context, so the log comes through its `void *` argument, a
/// retained `Context` that the connection releases after `PQfinish`.
///
/// Without it libpq prints each notice (a `NOTICE` from `CREATE … IF NOT EXISTS`, a `WARNING`)
/// on stderr as plain text, in the middle of the service's JSON lines.
enum PostgreSQLNoticeBridge {
    /// What a connection's notices are written to.
    final class Context: Sendable {
        let log: StorageLog
        let location: PostgreSQLLocation

        init(log: StorageLog, location: PostgreSQLLocation) {
            self.log = log
            self.location = location
        }

        /// Logs the notice `result` at the level of its severity, its texts without the password.
        func receive(_ result: OpaquePointer) {
            func field(_ code: Character) -> String? {
                guard let ascii = code.asciiValue, let value = PQresultErrorField(result, Int32(ascii)) else { return nil }
                return location.redact(PostgreSQLConnection.trimmed(String(cString: value)))
            }
            let severity = field("V") ?? field("S") ?? "NOTICE"
            var fields = ["server": location.server]
            fields["sqlstate"] = field("C")
            fields["detail"] = field("D")
            fields["hint"] = field("H")
            log.log(Self.level(severity), "PostgreSQL \(severity): \(field("M") ?? "")", fields)
        }

        /// The log level of a notice's severity (notices are never errors: those fail their statement).
        static func level(_ severity: String) -> StorageLog.Level {
            switch severity {
            case "DEBUG": .debug
            case "WARNING": .warning
            default: .info
            }
        }
    }

    /// Called by libpq, on the thread using the connection, for each notice.
    static let receiver: PQnoticeReceiver = { argument, result in
        guard let argument, let result else { return }
        Unmanaged<Context>.fromOpaque(argument).takeUnretainedValue().receive(result)
    }
}
