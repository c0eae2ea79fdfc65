import HTTPServer

extension Problem {
    /// 429: the account already holds `limit` connections (`--max-connections-per-account`).
    /// The connection is closed after this answer; one of the account's others closing frees a place.
    static func tooManyAccountConnections(limit: Int) -> Problem {
        Problem(
            .tooManyAccountConnections,
            detail: "This account already holds its share of \(limit) connections; reuse one of them, or close one first. "
                + "This connection is closed.",
            extensions: ["limit": .integer(Int64(limit))])
    }

    /// 429: the account already has `limit` `/events` streams open (`--max-streams-per-account`).
    /// A stream that ends frees its place at once; `retryAfter` is the heartbeat's interval, by
    /// which the server also notices streams whose clients went away without a word.
    static func tooManyStreams(limit: Int, retryAfter: Int) -> Problem {
        Problem(
            .tooManyStreams, detail: "This account already has \(limit) event streams open, the most it may; close one before opening another.",
            extensions: ["limit": .integer(Int64(limit))], retryAfter: max(1, retryAfter))
    }
}
