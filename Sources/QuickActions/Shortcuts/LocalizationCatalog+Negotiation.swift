extension LocalizationCatalog {
    /// The catalog language to answer an `Accept-Language` field with, or nil for "use
    /// Info.plist's own text" (see `LanguageNegotiator.negotiate`).
    public func negotiate(acceptLanguage: String?) -> String? {
        negotiator.negotiate(acceptLanguage: acceptLanguage)
    }
}
