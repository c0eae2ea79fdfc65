#if canImport(UIKit)
    import QuickActions
    import UIKit

    /// UIKit glue, and nothing else: every decision (which items, which pick to act on) is in
    /// platform-independent code (`ShortcutList.dynamicItems`, `DeliveryGate`) that the tests
    /// run on Linux.
    ///
    /// The launch-options path, with the gate that drops iOS's second delivery:
    /// ```swift
    /// var gate = DeliveryGate()
    /// func application(_ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
    ///     gate.beginLaunch()
    ///     if let item = options?[.shortcutItem] as? UIApplicationShortcutItem, gate.accept(item.pick, from: .launchOptions) {
    ///         Task { try await outbox.enqueue(type: item.type, userInfo: item.pick.userInfo, launch: .cold); try await outbox.flush() }
    ///     }
    ///     return true
    /// }
    /// func application(_ application: UIApplication, performActionFor item: UIApplicationShortcutItem,
    ///                  completionHandler: @escaping (Bool) -> Void) {
    ///     guard gate.accept(item.pick, from: .performAction) else { return completionHandler(false) }
    ///     Task { try await outbox.enqueue(type: item.type, userInfo: item.pick.userInfo, launch: .warm); try await outbox.flush() }
    ///     completionHandler(true)
    /// }
    /// ```
    extension ShortcutItem {
        /// The UIKit item.
        public var applicationShortcutItem: UIApplicationShortcutItem {
            UIApplicationShortcutItem(
                type: type, localizedTitle: localizedTitle, localizedSubtitle: localizedSubtitle, icon: icon?.applicationShortcutIcon,
                userInfo: userInfo?.mapValues { $0.foundationObject as? NSSecureCoding }.compactMapValues { $0 })
        }
    }

    extension ShortcutIcon {
        /// The UIKit icon.
        public var applicationShortcutIcon: UIApplicationShortcutIcon? {
            switch self {
            case .type(let type):
                UIApplicationShortcutIcon.IconType(infoPlistName: type.infoPlistName).map(UIApplicationShortcutIcon.init(type:))
            case .systemImageName(let name): UIApplicationShortcutIcon(systemImageName: name)
            case .templateImageName(let name): UIApplicationShortcutIcon(templateImageName: name)
            }
        }
    }

    extension UIApplicationShortcutIcon.IconType {
        /// The case for an Info.plist name such as `UIApplicationShortcutIconTypeSearch`.
        init?(infoPlistName: String) {
            let names: [String: UIApplicationShortcutIcon.IconType] = [
                "Compose": .compose, "Play": .play, "Pause": .pause, "Add": .add, "Location": .location, "Search": .search,
                "Share": .share, "Prohibit": .prohibit, "Contact": .contact, "Home": .home, "MarkLocation": .markLocation,
                "Favorite": .favorite, "Love": .love, "Cloud": .cloud, "Invitation": .invitation, "Confirmation": .confirmation,
                "Mail": .mail, "Message": .message, "Date": .date, "Time": .time, "CapturePhoto": .capturePhoto,
                "CaptureVideo": .captureVideo, "Task": .task, "TaskCompleted": .taskCompleted, "Alarm": .alarm, "Bookmark": .bookmark,
                "Shuffle": .shuffle, "Audio": .audio, "Update": .update,
            ]
            guard let value = names[String(infoPlistName.dropFirst("UIApplicationShortcutIconType".count))] else { return nil }
            self = value
        }
    }

    extension UIApplicationShortcutItem {
        /// The pick, for `DeliveryGate.accept` and `TriggerOutbox.enqueue`.
        public var pick: DeliveryGate.Pick {
            DeliveryGate.Pick(type: type, userInfo: userInfo.flatMap { PropertyListValue.userInfo(fromFoundation: $0) })
        }
    }

    extension UIApplication {
        /// Sets the dynamic items of `list` (iOS adds the static ones from Info.plist itself).
        @MainActor public func setShortcutItems(from list: ShortcutList) {
            shortcutItems = list.dynamicItems.map(\.applicationShortcutItem)
        }
    }
#endif
