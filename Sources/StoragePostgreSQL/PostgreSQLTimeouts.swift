import StorageCore

/// The limits every connection of a PostgreSQL store sets when it opens (`statement_timeout`,
/// `lock_timeout`), so that no statement waits without end on a lock held elsewhere or an
/// overloaded server; one that runs out fails with SQLSTATE 57014 or 55P03
/// (`StorageError.Cause.timeout`). Zero leaves the limit off.
public struct PostgreSQLTimeouts: Sendable, Equatable {
    /// The longest a statement may run (`--db-statement-timeout`, 5 s by default).
    public var statement: Duration
    /// The longest a statement may wait for a lock (`--db-lock-timeout`, 3 s by default).
    public var lock: Duration

    /// The defaults: 5 s per statement, 3 s per lock wait.
    public static let standard = PostgreSQLTimeouts(statement: .seconds(5), lock: .seconds(3))
    /// No limits (connections for administration and tests).
    public static let none = PostgreSQLTimeouts(statement: .zero, lock: .zero)
    /// The most a readiness probe waits for its lock and its statement, whatever the limits.
    static let probeCeiling = Duration.seconds(1)

    /// Creates limits.
    public init(statement: Duration, lock: Duration) {
        self.statement = statement
        self.lock = lock
    }

    /// The statement that sets both on a session (whole milliseconds, PostgreSQL's unit).
    var sessionSettings: String {
        "SET statement_timeout = \(Self.milliseconds(statement)); SET lock_timeout = \(Self.milliseconds(lock))"
    }

    /// The limits of a readiness probe: these, shortened to `probeCeiling` (and set when off).
    var probe: PostgreSQLTimeouts {
        func capped(_ limit: Duration) -> Duration { limit == .zero ? Self.probeCeiling : min(limit, Self.probeCeiling) }
        return PostgreSQLTimeouts(statement: capped(statement), lock: capped(lock))
    }

    /// `duration` in whole milliseconds (rounded up, so a limit is never shortened to zero).
    static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let remainder = attoseconds / 1_000_000_000_000_000
        let rounding: Int64 = attoseconds % 1_000_000_000_000_000 > 0 ? 1 : 0
        return max(0, seconds * 1000 + remainder + rounding)
    }
}
