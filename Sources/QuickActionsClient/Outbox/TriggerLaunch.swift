/// How the app was started when the person picked the item.
public enum TriggerLaunch: String, Sendable, Equatable, CaseIterable {
    /// The pick launched the app (it arrives in `launchOptions[.shortcutItem]`).
    case cold
    /// The app was running (the pick arrives in `performActionFor`).
    case warm
}
