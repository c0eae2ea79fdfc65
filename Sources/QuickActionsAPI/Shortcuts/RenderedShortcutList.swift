/// A shortcut list as the controllers serve it: its representations, each with the version of
/// the list it shows: an account's list, which follows its account's changes
/// (`AccountShortcutList`).
public protocol RenderedShortcutList: AnyObject, Sendable {
    /// The representation for `key`, rendered on first use, and the list version it shows.
    func versioned(_ key: ShortcutRepresentationKey) -> (version: Int, representation: ShortcutRepresentation)
    /// The representation for `key` when it is rendered already for the current list; nil when
    /// it would have to be rendered (this never renders).
    func rendered(_ key: ShortcutRepresentationKey) -> ShortcutRepresentation?
    /// Whether rendering `key` takes long enough (milliseconds: a full list of thousands of
    /// favorites) to be done off the HTTP threads (`ShortcutRenderQueue`).
    func rendersSlowly(_ key: ShortcutRepresentationKey) -> Bool
}

extension RenderedShortcutList {
    /// A list of a few favorites renders in microseconds: on the thread that asks.
    public func rendersSlowly(_ key: ShortcutRepresentationKey) -> Bool { false }

    /// The representation for `key`, rendered on first use.
    public func representation(_ key: ShortcutRepresentationKey) -> ShortcutRepresentation {
        versioned(key).representation
    }
}
