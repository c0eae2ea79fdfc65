/// The 29 cases of `UIApplicationShortcutIcon.IconType`, by their Swift names.
public enum ShortcutIconType: String, Sendable, CaseIterable, Hashable {
    case compose, play, pause, add, location, search, share, prohibit, contact, home, markLocation, favorite
    case love, cloud, invitation, confirmation, mail, message, date, time, capturePhoto, captureVideo, task
    case taskCompleted, alarm, bookmark, shuffle, audio, update

    /// The Info.plist spelling: `UIApplicationShortcutIconType` + the capitalized name.
    public var infoPlistName: String {
        "UIApplicationShortcutIconType" + rawValue.prefix(1).uppercased() + rawValue.dropFirst()
    }

    /// The case for an Info.plist name such as `UIApplicationShortcutIconTypeSearch`, or nil.
    public init?(infoPlistName: String) {
        guard let match = Self.allCases.first(where: { $0.infoPlistName == infoPlistName }) else { return nil }
        self = match
    }
}
