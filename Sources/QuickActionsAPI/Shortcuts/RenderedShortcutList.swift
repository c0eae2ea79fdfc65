/// A shortcut list as the controllers serve it: its representations, each with the version of
/// the list it shows. Single-account mode's list follows its changes (`ShortcutListCache`); an
/// account's is a snapshot, replaced when its account changes (`AccountShortcutList`).
public protocol RenderedShortcutList: AnyObject, Sendable {
    /// The representation for `key`, rendered on first use, and the list version it shows.
    func versioned(_ key: ShortcutRepresentationKey) -> (version: Int, representation: ShortcutRepresentation)
    /// The representation for `key` when it is rendered already for the current list; nil when
    /// it would have to be rendered (this never renders).
    func rendered(_ key: ShortcutRepresentationKey) -> ShortcutRepresentation?
}

extension RenderedShortcutList {
    /// The representation for `key`, rendered on first use.
    public func representation(_ key: ShortcutRepresentationKey) -> ShortcutRepresentation {
        versioned(key).representation
    }
}
