/// A quick action's icon: exactly one of a system icon type, an SF Symbol, or an image asset.
public enum ShortcutIcon: Sendable, Equatable, Hashable {
    /// One of `UIApplicationShortcutIcon.IconType`.
    case type(ShortcutIconType)
    /// An SF Symbol name (`UIApplicationShortcutIcon(systemImageName:)`).
    case systemImageName(String)
    /// An image in the app's asset catalog (`UIApplicationShortcutIcon(templateImageName:)`).
    case templateImageName(String)

    /// The JSON form: `{"type": NAME}`, `{"systemImageName": …}` or `{"templateImageName": …}`.
    public var json: JSONValue {
        switch self {
        case .type(let type): ["type": .string(type.rawValue)]
        case .systemImageName(let name): ["systemImageName": .string(name)]
        case .templateImageName(let name): ["templateImageName": .string(name)]
        }
    }
}
