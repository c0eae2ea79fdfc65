import QuickActions
import StorageCore

/// The record of the half-life the usage keys were made under (migration 5), and the
/// rescaling of every key when a start-up brings another: constants, values always bound.
enum PostgreSQLUsageHalfLifeSQL {
    /// The row of `settings` that holds it, in milliseconds.
    static let setting = "usage_half_life_ms"
    /// The advisory lock instances starting together take, so that one rescales at a time ('QAHL').
    static let lockKey: Int64 = 0x5141_484C
    /// Values: name.
    static let read = "SELECT value FROM settings WHERE name = $1"
    /// Values: name, value.
    static let record = "INSERT INTO settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET value = excluded.value"
    /// Values: now, the old half-life, the new one (doubles). `UsageScore.rescaled` in SQL, in
    /// the same order of operations: `now + clamp((K − now) / h₀) · h₁`.
    static let rescale = """
        UPDATE contacts SET usage_key = $1 + greatest(least((usage_key - $1) / $2, \(UsageScore.exponentRange.upperBound)::float8), \
        \(UsageScore.exponentRange.lowerBound)::float8) * $3 WHERE usage_key IS NOT NULL
        """

    /// Makes `halfLife` the recorded one, rescaling every key at `now` when another was, in
    /// the caller's transaction (under a lock: two instances starting at once take turns, and
    /// the second finds the keys already rescaled, or rescales them again from the first's).
    static func adopt(
        _ halfLife: UsageHalfLife, at now: Timestamp, on connection: PostgreSQLConnection
    ) throws(StorageError) -> UsageHalfLifeAdoption {
        try connection.execute("SELECT pg_advisory_xact_lock($1)", [.integer(lockKey)])
        let found = try connection.execute(read, [.text(setting)])
        let recorded = found.count > 0 ? found.int64(0, 0) : nil
        guard recorded != halfLife.milliseconds else { return .unchanged }
        try connection.execute(record, [.text(setting), .integer(halfLife.milliseconds)])
        // A value no quickactiond writes (0 or less) says nothing of the keys: like no record.
        guard let previous = recorded.flatMap(UsageHalfLife.init(milliseconds:)) else { return .recorded }
        // One statement over every favorite's key, once: not bound by the per-request limit.
        try connection.run("SET LOCAL statement_timeout = 0")
        let rescaled = try connection.execute(
            rescale,
            [
                .optionalDouble(Double(now.millisecondsSince1970)), .optionalDouble(Double(previous.milliseconds)),
                .optionalDouble(Double(halfLife.milliseconds)),
            ])
        return .rescaled(from: previous, keys: rescaled.changes)
    }
}
