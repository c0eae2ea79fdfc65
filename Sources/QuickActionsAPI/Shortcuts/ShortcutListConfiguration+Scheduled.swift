import QuickActions

extension ShortcutListConfiguration {
    /// The dynamic items of `scheduled` in the language the representation `key` is rendered
    /// in (its `Content-Language`: the negotiated table's, else the base language), so that a
    /// list speaks one language.
    func items(of scheduled: [ScheduledItem], for key: ShortcutRepresentationKey) -> [ShortcutItem] {
        guard !scheduled.isEmpty else { return [] }
        let language =
            renderer.catalog?.resolve(negotiated: key.language, developmentRegion: renderer.baseLanguage).language ?? renderer.baseLanguage
        return scheduled.map { $0.shortcutItem(language: language) }
    }
}
