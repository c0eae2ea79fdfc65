/// What `TriggerOutbox.flush()` did with one pending trigger.
public enum DeliveryOutcome: Sendable, Equatable {
    /// The service recorded it (`replayed`: an earlier attempt had, and this is its answer).
    case delivered(PendingTrigger, replayed: Bool)
    /// 410: the item is stale (its contact is gone); `onStale` was called, the entry removed.
    /// `disabledMessage` is the service's text to show on the item ("This contact was
    /// deleted"), nil when it sent none.
    case stale(PendingTrigger, detail: String, disabledMessage: String?)
    /// Another 4xx: the service will never accept it; removed, with the reason.
    case rejected(PendingTrigger, status: Int, detail: String)
    /// Older than the service's idempotency window: given up, never sent under a key the
    /// service may have forgotten (that could record it twice).
    case expired(PendingTrigger)
    /// Not delivered yet (network error, 5xx, or still in progress elsewhere): kept for the
    /// next `flush()`.
    case pending(PendingTrigger, reason: String)

    /// The trigger this is about.
    public var trigger: PendingTrigger {
        switch self {
        case .delivered(let trigger, _), .stale(let trigger, _, _), .rejected(let trigger, _, _), .expired(let trigger), .pending(let trigger, _):
            trigger
        }
    }
}
