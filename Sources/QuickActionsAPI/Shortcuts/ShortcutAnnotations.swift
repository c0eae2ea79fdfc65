import HTTPServer
import QuickActions
import StorageCore

/// What `GET /shortcuts?explain=true` and `?include=disabled` add to the JSON list: each
/// dynamic item's reason for its place (`explain`, whose score changes with time), and the
/// disabled items after the others. Such a list is read from the store and built for its
/// request: it is never cached and carries no validator (`Cache-Control: no-store`).
struct ShortcutAnnotations {
    /// Add each dynamic item's `explain`.
    var explain: Bool
    /// List the disabled items after the others.
    var includeDisabled: Bool
    /// The request's `Accept-Language`, for the disabled items' messages.
    var acceptLanguage: String?

    /// The annotations `request` asks for; nil for none (the cached list answers).
    init?(_ request: borrowing APIRequest) throws {
        guard !request.http.query.isEmpty else { return nil }
        explain = try request.queryBoolean("explain") ?? false
        switch request.http.queryValue("include") {
        case nil: includeDisabled = false
        case "disabled": includeDisabled = true
        case let other?:
            throw Problem.badRequest("Query parameter 'include' must be 'disabled', not '\(other)'.", extensions: ["parameter": "include"])
        }
        guard explain || includeDisabled else { return nil }
        acceptLanguage = request.http.headers["Accept-Language"]
    }

    /// The annotated list of `account` as `key` asks, from its favorites and disabled items as
    /// stored now. iOS's list must be JSON; Android's gains the same annotations (a disabled
    /// item is a shortcut with `enabled: false`, labelled with its message, since the label
    /// it had is gone with its favorite); the web's `shortcuts` member has no place for either
    /// (a manifest's shortcut is listed or not), so it is the list as cached.
    func response(
        key: ShortcutRepresentationKey, account: AccountScope, settings: ReloadableConfiguration,
        ranking: (order: DynamicOrder, halfLife: UsageHalfLife),
        schedule: ScheduleBoard? = nil
    ) throws -> HTTPResponse {
        let member: String?
        switch key.format {
        case .json: member = "items"
        case .android: member = "shortcuts"
        case .web: member = nil
        case .propertyList, .previewSVG:
            throw Problem.badRequest("explain and include are for the JSON lists: ask for application/json.")
        }
        let favorites = ranking.order.sorted(try account.contacts.favorites())
        let setup = settings.shortcuts
        let scheduled = schedule?.showing(for: account.key) ?? []
        let items = setup.builder.items(
            dynamic: setup.items(of: scheduled, for: key) + favorites.map(ShortcutItemBuilder.favoriteItem(for:)), ranked: true)
        let representation = setup.renderer.render(items, key: key, prepared: false)
        var languages = representation.language.map { [$0] } ?? []
        let body = try JSONParser.parse(representation.body.array)
        guard let member else { return .json(body, headers: Self.headers(languages: languages)) }
        guard case .object(var list) = body, case .array(var items)? = list[member] else { throw Problem.internalError() }
        if explain {
            let reasons =
                scheduled.map { DynamicOrderReason.scheduled(from: $0.from, until: $0.until) }
                + ranking.order.reasons(for: favorites, now: Timestamp.now(), halfLife: ranking.halfLife)
            var dynamic = 0
            for index in items.indices {
                guard case .object(var item) = items[index], item["kind"] == "dynamic", dynamic < reasons.count else { continue }
                item["explain"] = reasons[dynamic].json
                items[index] = .object(item)
                dynamic += 1
            }
        }
        if includeDisabled {
            let ended = schedule.map { $0.disabledItems(for: account.key, at: $0.now()) } ?? []
            let disabledItems = (try account.contacts.disabledItems() + ended).sorted { $0.since < $1.since }
            let disabled = try Self.disabledItems(disabledItems, format: key.format, setup: setup, acceptLanguage: acceptLanguage)
            items += disabled.items
            for language in disabled.languages where !languages.contains(language) { languages.append(language) }
        }
        list[member] = .array(items)
        return .json(.object(list), headers: Self.headers(languages: languages))
    }

    /// An annotated list's header fields. `Content-Language` names every language its texts
    /// are in (RFC 9110 §8.5): the list's, and its disabled items' messages', which differ when
    /// the app does not translate to a language that has built-in messages.
    private static func headers(languages: [String]) -> HTTPHeaders {
        var headers = HTTPHeaders()
        if !languages.isEmpty { headers.add("Content-Language", languages.joined(separator: ", ")) }
        headers.add("Cache-Control", "no-store")
        return headers
    }

    /// The disabled items of `disabledItems` as `format` lists them, and the languages of their
    /// messages. `acceptLanguage` is negotiated once for them all.
    private static func disabledItems(
        _ disabledItems: [DisabledItem], format: ShortcutRepresentationKey.Format, setup: ShortcutListConfiguration, acceptLanguage: String?
    ) throws -> (items: [JSONValue], languages: [String]) {
        guard !disabledItems.isEmpty else { return ([], []) }
        let messages = DisabledMessages(catalog: setup.catalog)
        let negotiated = messages.language(for: acceptLanguage)
        var languages: [String] = []
        func message(_ reason: DisabledReason) -> String {
            let message = messages.message(for: reason, language: negotiated)
            if !languages.contains(message.language) { languages.append(message.language) }
            return message.text
        }
        guard format == .android else {
            let items = disabledItems.map { $0.json(message: message($0.reason)) }
            return (items, languages)
        }
        let disabled = disabledItems.map { disabledItem in
            let text = message(disabledItem.reason)
            return ShortcutItem(
                type: disabledItem.type, localizedTitle: text, userInfo: disabledItem.userInfo, kind: .dynamic, visible: false, enabled: false,
                disabledMessage: text)
        }
        var bytes: [UInt8] = []
        AndroidShortcutList.writeJSON(
            AndroidShortcutList.render(disabled, mapping: setup.renderer.platforms?.android, table: nil, maxVisible: 0).shortcuts, to: &bytes)
        guard case .array(let shortcuts) = try JSONParser.parse(bytes) else { throw Problem.internalError() }
        return (shortcuts, languages)
    }
}
