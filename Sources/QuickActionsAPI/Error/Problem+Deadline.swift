import HTTPServer

extension Problem {
    /// 503 `…/problems/storage-timeout` with `Retry-After: 2`: the request needed the database and
    /// had no answer within `--db-request-timeout` (`seconds`). A write may still take effect
    /// after this answer; sent again with the same Idempotency-Key, a trigger is recorded once.
    static func requestDeadline(seconds: Double) -> Problem {
        var headers = HTTPHeaders()
        headers.add("Retry-After", "2")
        return Problem(
            status: 503, title: "Storage Timeout",
            detail: "The database did not answer within the request deadline of \(Self.seconds(seconds)) s. Whether a write took effect is "
                + "not known: send it again (with the same Idempotency-Key for a trigger).",
            type: "https://quickactiond.dev/problems/storage-timeout", headers: headers)
    }

    /// 503 `…/problems/change-feed-lost` with `Retry-After: 2`: this instance does not hear the
    /// other instances' changes now (its PostgreSQL listener is reconnecting), so it opens no
    /// event stream; another instance, or this one once the feed is back, does.
    static var changeFeedLost: Problem {
        var headers = HTTPHeaders()
        headers.add("Retry-After", "2")
        return Problem(
            status: 503, title: "Change Feed Lost",
            detail: "This instance has lost its connection to the other instances' changes and opens no event stream until it is back. "
                + "Resume with Last-Event-ID here in a moment, or on another instance.",
            type: "https://quickactiond.dev/problems/change-feed-lost", headers: headers)
    }

    /// `value` without a trailing `.0`.
    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
