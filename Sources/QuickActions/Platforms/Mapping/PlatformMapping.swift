/// What the Info.plist cannot say about each item type on the other platforms (`--platforms
/// FILE`): Android's package, activity, intent and labels, and the web URL and icons. Every part
/// is optional, and an item type the file does not name keeps the defaults that
/// `AndroidShortcutList` and `WebManifestShortcuts` document; the service works without the file.
///
/// The file is JSON, read strictly (unknown keys refused with their path):
/// ```json
/// {
///   "android": {
///     "package": "com.example.contacts", "activity": "com.example.contacts.MainActivity",
///     "items": {
///       "SearchAction":   { "id": "search", "shortLabel": "Search", "icon": "ic_search",
///                           "action": "android.intent.action.SEARCH" },
///       "FavoriteAction": { "id": "contact-{contactId}", "data": "content://contacts/{contactId}",
///                           "categories": ["android.shortcut.conversation"] }
///     }
///   },
///   "web": {
///     "scope": "/",
///     "items": {
///       "SearchAction":   { "url": "/search", "shortName": "Search",
///                           "icons": [{ "src": "/icons/search-96.png", "sizes": "96x96", "type": "image/png" }] },
///       "FavoriteAction": { "url": "/contacts/{contactId}" }
///     }
///   }
/// }
/// ```
/// Labels (`shortLabel`, `longLabel`, `disabledMessage`, web `name`, `shortName`,
/// `description`) are looked up like Info.plist titles: `@string/name` names a string of the
/// translations (an Android `res/` folder's string names), any other text is a key of the
/// translation tables and, when no table has it, the text itself. `{key}` in `id`, `data` and
/// `url` is filled from the item's `userInfo` (`PlatformTemplate`).
public struct PlatformMapping: Sendable, Equatable {
    /// The Android part, if the file has one.
    public var android: AndroidMapping?
    /// The web part, if the file has one.
    public var web: WebMapping?

    /// Creates a mapping.
    public init(android: AndroidMapping? = nil, web: WebMapping? = nil) {
        self.android = android
        self.web = web
    }

    /// The platforms the file names, iOS first (always): what `lint` checks by default.
    public var platforms: [ShortcutPlatform] {
        [.ios] + (android == nil ? [] : [.android]) + (web == nil ? [] : [.web])
    }
}

/// The Android part of a `PlatformMapping`.
public struct AndroidMapping: Sendable, Equatable {
    /// The app's package: every intent's `targetPackage` unless an item says otherwise.
    public var package: String?
    /// The activity every intent targets (`targetClass`) unless an item says otherwise.
    public var activity: String?
    /// Per item type.
    public var items: [String: AndroidItemMapping]

    /// Creates the Android part.
    public init(package: String? = nil, activity: String? = nil, items: [String: AndroidItemMapping] = [:]) {
        self.package = package
        self.activity = activity
        self.items = items
    }
}

/// What one item type is on Android.
public struct AndroidItemMapping: Sendable, Equatable {
    /// The shortcut id, a template over `userInfo` (filled verbatim).
    public var id: PlatformTemplate?
    /// The short label (see `PlatformMapping` for how labels are looked up).
    public var shortLabel: String?
    /// The long label.
    public var longLabel: String?
    /// The message shown when the shortcut is disabled.
    public var disabledMessage: String?
    /// A drawable resource name.
    public var icon: String?
    /// The intent's action.
    public var action: String?
    /// The intent's data URI, a template over `userInfo` (filled percent-encoded).
    public var data: PlatformTemplate?
    /// The intent's MIME type.
    public var mimeType: String?
    /// Overrides the file's `package`.
    public var targetPackage: String?
    /// Overrides the file's `activity`.
    public var targetClass: String?
    /// The shortcut's categories.
    public var categories: [String]?
    /// Extras added to those from `userInfo` (and replacing any of the same name).
    public var extras: [AndroidExtra]

    /// Creates an item mapping.
    public init(
        id: PlatformTemplate? = nil, shortLabel: String? = nil, longLabel: String? = nil, disabledMessage: String? = nil, icon: String? = nil,
        action: String? = nil, data: PlatformTemplate? = nil, mimeType: String? = nil, targetPackage: String? = nil, targetClass: String? = nil,
        categories: [String]? = nil, extras: [AndroidExtra] = []
    ) {
        self.id = id
        self.shortLabel = shortLabel
        self.longLabel = longLabel
        self.disabledMessage = disabledMessage
        self.icon = icon
        self.action = action
        self.data = data
        self.mimeType = mimeType
        self.targetPackage = targetPackage
        self.targetClass = targetClass
        self.categories = categories
        self.extras = extras
    }
}

/// The web part of a `PlatformMapping`.
public struct WebMapping: Sendable, Equatable {
    /// The manifest's scope, for the checks of the served list (an export checks against the
    /// manifest's own `scope`).
    public var scope: String?
    /// Where the manifest is served, to resolve relative URLs against.
    public var manifestURL: String?
    /// Per item type.
    public var items: [String: WebItemMapping]

    /// Creates the web part.
    public init(scope: String? = nil, manifestURL: String? = nil, items: [String: WebItemMapping] = [:]) {
        self.scope = scope
        self.manifestURL = manifestURL
        self.items = items
    }
}

/// What one item type is in a web app manifest's `shortcuts`.
public struct WebItemMapping: Sendable, Equatable {
    /// The URL, a template over `userInfo` (filled percent-encoded).
    public var url: PlatformTemplate?
    /// The name (default: the title).
    public var name: String?
    /// The short name (default: the title).
    public var shortName: String?
    /// The description (default: the subtitle).
    public var description: String?
    /// The icons.
    public var icons: [WebShortcutIcon]?

    /// Creates an item mapping.
    public init(
        url: PlatformTemplate? = nil, name: String? = nil, shortName: String? = nil, description: String? = nil, icons: [WebShortcutIcon]? = nil
    ) {
        self.url = url
        self.name = name
        self.shortName = shortName
        self.description = description
        self.icons = icons
    }
}
