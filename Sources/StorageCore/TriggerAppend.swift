/// What `TriggerStore.append` did.
public enum TriggerAppend: Sendable, Equatable {
    /// Stored, at this event id.
    case recorded(eventID: Int64)
    /// Another request stored an answer under the same key first; nothing was stored.
    case answered(StoredAnswer)
}
