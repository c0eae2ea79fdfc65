// libFuzzer target: the InfoPlist.xcstrings (String Catalog) reader, then the lookups and
// the missing-translation check on every table it accepts.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStringCatalog(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let catalog = try? StringCatalog.parse(Array(UnsafeBufferPointer(start: data, count: size))) else { return 0 }
    let items = [ShortcutItem(type: "NewPost", localizedTitle: "NewPostShortcutItemTitle", localizedSubtitle: "Search", kind: .static)]
    let localizations = LocalizationCatalog(tables: catalog.tables, sourceLanguage: catalog.sourceLanguage)
    for language in localizations.languages {
        _ = LocalizationCatalog.localized(items, table: localizations.tables[language])
        _ = ShortcutLinter.missingTranslation(for: items, table: localizations.tables[language] ?? [:], language: language)
    }
    _ = localizations.resolve(negotiated: localizations.negotiate(acceptLanguage: "de-AT, en;q=0.5"), developmentRegion: "en")
    return 0
}
