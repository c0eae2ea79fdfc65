/// The trigger log's SQL. Event ids are `triggers.seq`: AUTOINCREMENT never reuses one, even
/// after the newest rows are deleted, and its counter (`sqlite_sequence`) is in the file, so
/// ids survive restarts. A `shortcuts` event takes the next value by advancing that counter
/// (SQLite documents that ordinary statements may update `sqlite_sequence`), so one number
/// space orders both kinds of event.
enum SQLiteTriggerLogSQL {
    static let insertReturningSeq = SQLiteTriggerSQL.insert + " RETURNING seq"
    static let advanceSequence = "UPDATE sqlite_sequence SET seq = seq + 1 WHERE name = 'triggers'"
    static let startSequence = "INSERT INTO sqlite_sequence (name, seq) VALUES ('triggers', 1)"
    static let lastGiven = "SELECT seq FROM sqlite_sequence WHERE name = 'triggers'"
    static let bounds = """
        SELECT (SELECT purged_through FROM trigger_log), coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'triggers'), 0)
        """
    /// Values: account, the event id to start after, the limit.
    static let after = "SELECT \(SQLiteTriggerSQL.columns), seq FROM triggers WHERE account = ? AND seq > ? ORDER BY seq LIMIT ?"
    /// Every account's: values: the event id to start after, the one to stop before, the limit.
    static let everyAccountAfter = """
        SELECT \(SQLiteTriggerSQL.columns), seq, account FROM triggers WHERE seq > ? AND seq < ? ORDER BY seq LIMIT ?
        """
    /// Run before a purge batch, with its bound values: the floor rises to the batch's highest seq.
    static let raiseFloor = """
        UPDATE trigger_log SET purged_through = max(purged_through, coalesce(
            (SELECT max(seq) FROM (SELECT seq FROM triggers WHERE received_ms < ? ORDER BY received_ms LIMIT ?)), 0))
        """
}
