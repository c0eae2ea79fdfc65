import QuickActions
import StorageCore

/// The record of the half-life the usage keys were made under (migration 12), and the
/// rescaling of every key when a start-up brings another: constants, values always bound.
enum SQLiteUsageHalfLifeSQL {
    /// The row of `settings` that holds it, in milliseconds.
    static let setting = "usage_half_life_ms"
    /// Values: name.
    static let read = "SELECT value FROM settings WHERE name = ?"
    /// Values: name, value.
    static let record = "INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value"
    /// Values: now, the old half-life, the new one (doubles). `UsageScore.rescaled` in SQL, in
    /// the same order of operations: `now + clamp((K − now) / h₀) · h₁`.
    static let rescale = """
        UPDATE contacts SET usage_key = ?1 + max(min((usage_key - ?1) / ?2, \(UsageScore.exponentRange.upperBound)), \
        \(UsageScore.exponentRange.lowerBound)) * ?3 WHERE usage_key IS NOT NULL
        """

    /// Makes `halfLife` the recorded one, rescaling every key at `now` when another was, in
    /// the caller's transaction.
    static func adopt(_ halfLife: UsageHalfLife, at now: Timestamp, on connection: SQLiteConnection) throws(StorageError) -> UsageHalfLifeAdoption {
        let recorded = try connection.firstRow(read, [.text(setting)]) { $0.int64(at: 0) }
        guard recorded != halfLife.milliseconds else { return .unchanged }
        try connection.run(record, [.text(setting), .integer(halfLife.milliseconds)])
        // A value no quickactiond writes (0 or less) says nothing of the keys: like no record.
        guard let previous = recorded.flatMap(UsageHalfLife.init(milliseconds:)) else { return .recorded }
        try connection.run(
            rescale, [.real(Double(now.millisecondsSince1970)), .real(Double(previous.milliseconds)), .real(Double(halfLife.milliseconds))])
        return .rescaled(from: previous, keys: Int(connection.changes))
    }
}
