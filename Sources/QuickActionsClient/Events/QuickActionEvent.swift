/// An event from `GET /events`.
public enum QuickActionEvent: Sendable, Equatable {
    /// The shortcut list changed (and the first event of every connection: the list now).
    case shortcuts(ShortcutList)
    /// The service accepted a trigger.
    case trigger(TriggerEvent)
}
