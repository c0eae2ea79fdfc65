import Dispatch
import HTTPServer
import QuickActions
import Sharding
import Storage
import Synchronization

/// Which representation a request wants.
public struct ShortcutRepresentationKey: Sendable, Hashable {
    /// Output format.
    public enum Format: String, Sendable, Hashable {
        case json
        case propertyList
    }

    /// JSON or property list.
    public var format: Format
    /// The negotiated language, or nil for the Info.plist text.
    public var language: String?
    /// Only the items the Home Screen shows.
    public var visibleOnly: Bool
}
