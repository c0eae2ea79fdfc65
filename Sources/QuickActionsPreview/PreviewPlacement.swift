/// Where the menu opens relative to the app icon. iOS opens it below an icon in the upper half
/// of the screen and above an icon in the dock or the lower half; above the icon it reverses
/// the menu, so the first item stays nearest the icon (Android's launchers do the same).
public enum PreviewPlacement: String, Sendable, Hashable, CaseIterable {
    /// The menu above the icon, in reverse order (the default: the dock or the lower half).
    case above
    /// The icon, then the menu below it, in order (the upper half of the screen).
    case below
}
