import HTTPServer
import QuickActions
import StorageCore

extension Problem {
    /// 503 for a storage failure, with `Retry-After`. The type names the cause: the disk is
    /// full (`…/problems/storage-full`), failed to read or write (`…/problems/storage-io-error`),
    /// the database did not answer within its time limits (`…/problems/storage-timeout`), or the
    /// store is otherwise unavailable (`…/problems/service-unavailable`). The detail
    /// gives the backend's words for its code, never a path; the log line has the whole message.
    /// A refusal of the request (`StorageError.Cause.isRefusal`) is the client error it is,
    /// with no `Retry-After`: 403 past the contact quota, 422 past the scheduled items' limit,
    /// 401 for a deleted account (as its token now gets), 422 for a value the database cannot take.
    static func storage(_ error: StorageError) -> Problem {
        let reason = error.reason.map { " (\($0))" } ?? ""
        switch error.cause {
        case .full:
            return Problem(.storageFull, detail: "The database's disk is full: nothing was stored. Retry once space is freed.")
        case .ioError:
            return Problem(.storageIOError, detail: "The database's disk failed to read or write\(reason): nothing was stored. Retry later.")
        case .timeout:
            return Problem(
                .storageTimeout,
                detail: "The database did not answer within its time limit\(reason): a lock held elsewhere, or a busy server. Retry shortly.")
        case .unavailable:
            return Problem(.serviceUnavailable, detail: "The contact store could not complete the request\(reason); try again.")
        case .quotaExceeded:
            return .contactQuotaExceeded(limit: error.limit ?? 0)
        case .scheduledItemLimit:
            return .scheduledItemLimitExceeded
        case .accountDeleted:
            return BearerAuthenticator.challenge
        case .invalidValue:
            return .unprocessable(
                "A value of the request cannot be stored\(reason); nothing was stored, and sending it again cannot succeed.")
        }
    }

    /// 403 `…/problems/contact-quota-exceeded`: the account holds its `limit` contacts
    /// (`--max-contacts-per-account`), so a create stored nothing.
    static func contactQuotaExceeded(limit: Int) -> Problem {
        Problem(
            .contactQuotaExceeded, detail: "This account holds its limit of \(limit) contacts; delete some before creating more.",
            extensions: ["limit": .integer(Int64(limit))])
    }

    /// 422 `…/problems/scheduled-item-limit-exceeded`: a list the item would be in already holds
    /// `ScheduledItemValidator.maxItems` items not yet ended. The `field` is `scheduledItems`, as
    /// for the other refusals of the item's body.
    static var scheduledItemLimitExceeded: Problem {
        let limit = ScheduledItemValidator.maxItems
        return Problem(
            .scheduledItemLimitExceeded, detail: "An account's list holds at most \(limit) scheduled items that have not ended; delete one first.",
            extensions: ["field": "scheduledItems", "limit": .integer(Int64(limit))])
    }

    /// 503 with `Retry-After` (`…/problems/storage-busy`): `waiting` requests already wait for the
    /// database, none more is queued.
    static func storeBusy(waiting: Int) -> Problem {
        Problem(
            .storageBusy,
            detail: "\(waiting) requests are already waiting for the database, which is slow to answer; this one was not run. Retry shortly.")
    }

    /// 503 `…/problems/storage-timeout` with `Retry-After: 2`: the request needed the database and
    /// had no answer within `--db-request-timeout` (`seconds`). A write may still take effect
    /// after this answer; sent again with the same Idempotency-Key, a trigger is recorded once.
    static func requestDeadline(seconds: Double) -> Problem {
        Problem(
            .storageTimeout,
            detail: "The database did not answer within the request deadline of \(Self.seconds(seconds)) s. Whether a write took effect is "
                + "not known: send it again (with the same Idempotency-Key for a trigger).")
    }

    /// 503 `…/problems/change-feed-lost` with `Retry-After: 2`: this instance does not hear the
    /// other instances' changes now (its PostgreSQL listener is reconnecting), so it opens no
    /// event stream; another instance, or this one once the feed is back, does.
    static var changeFeedLost: Problem {
        Problem(
            .changeFeedLost,
            detail: "This instance has lost its connection to the other instances' changes and opens no event stream until it is back. "
                + "Resume with Last-Event-ID here in a moment, or on another instance.")
    }

    /// `value` without a trailing `.0`.
    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
