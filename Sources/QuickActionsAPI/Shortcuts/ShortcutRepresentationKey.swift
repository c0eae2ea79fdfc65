import Dispatch
import HTTPServer
import QuickActions
import QuickActionsPreview
import Sharding
import StorageCore
import Synchronization

/// Which representation a request wants.
public struct ShortcutRepresentationKey: Sendable, Hashable {
    /// Output format.
    public enum Format: Sendable, Hashable {
        case json
        case propertyList
        /// The list as Android app shortcuts, JSON (`?platform=android`, see `ShortcutListRenderer.renderAndroid`).
        case android
        /// The list as a web app manifest's `shortcuts` member, JSON (`?platform=web`).
        case web
        /// The menu as an SVG picture (see `ShortcutListRenderer.renderPreview`).
        case previewSVG(PreviewAppearance, warnings: Bool, placement: PreviewPlacement = .above, platform: PreviewPlatform = .ios)
    }

    /// JSON, property list or SVG preview.
    public var format: Format
    /// The negotiated language, or nil for the Info.plist text.
    public var language: String?
    /// Only the items the Home Screen shows.
    public var visibleOnly: Bool
}
