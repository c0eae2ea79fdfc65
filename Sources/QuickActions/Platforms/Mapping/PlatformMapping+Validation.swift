extension PlatformMapping {
    /// Checks the mapping against the static items and their translations before the service
    /// starts: every template of a static item's type can be filled from its `userInfo`, and
    /// every `@string/` label names a string of the development language's table. (A dynamic
    /// item whose `userInfo` cannot fill a template gets the default and a finding instead.)
    /// `source` names the mapping file.
    public func validate(
        staticItems: [ShortcutItem], catalog: LocalizationCatalog, developmentRegion: String, source: String
    ) throws(PlatformMappingError) {
        let table = catalog.resolve(negotiated: nil, developmentRegion: developmentRegion).table
        func check(_ template: PlatformTemplate?, _ path: String, _ item: ShortcutItem, _ index: Int) throws(PlatformMappingError) {
            guard let template, case .failure(let error) = template.expand(item.userInfo, encoding: .verbatim) else { return }
            throw PlatformMappingError(
                path: source, keyPath: path, reason: "\"\(template)\" cannot be filled for static item \(index) (\(item.type)): \(error.reason)")
        }
        func check(label: String?, _ path: String) throws(PlatformMappingError) {
            guard let label, let name = PlatformLabel.stringName(label), table?[name] == nil else { return }
            throw PlatformMappingError(path: source, keyPath: path, reason: "\(label) is not a string of the translations (\(developmentRegion))")
        }
        for (index, item) in staticItems.enumerated() {
            if let mapped = android?.items[item.type] {
                let path = "android.items.\(item.type)"
                try check(mapped.id, path + ".id", item, index)
                try check(mapped.data, path + ".data", item, index)
            }
            if let mapped = web?.items[item.type] { try check(mapped.url, "web.items.\(item.type).url", item, index) }
        }
        for (type, mapped) in (android?.items ?? [:]).sorted(by: { $0.key < $1.key }) {
            try check(label: mapped.shortLabel, "android.items.\(type).shortLabel")
            try check(label: mapped.longLabel, "android.items.\(type).longLabel")
            try check(label: mapped.disabledMessage, "android.items.\(type).disabledMessage")
        }
        for (type, mapped) in (web?.items ?? [:]).sorted(by: { $0.key < $1.key }) {
            try check(label: mapped.name, "web.items.\(type).name")
            try check(label: mapped.shortName, "web.items.\(type).shortName")
            try check(label: mapped.description, "web.items.\(type).description")
        }
    }
}
