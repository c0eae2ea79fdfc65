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

    /// The annotated list of `account` as `key` asks, from its favorites and tombstones as
    /// stored now. iOS's list must be JSON; Android's gains the same annotations (a disabled
    /// item is a shortcut with `enabled: false`, labelled with its message, since the label
    /// it had is gone with its favorite); the web's `shortcuts` member has no place for either
    /// (a manifest's shortcut is listed or not), so it is the list as cached.
    func response(
        key: ShortcutRepresentationKey, account: AccountScope, settings: ServiceSettings, ranking: (order: DynamicOrder, halfLife: UsageHalfLife),
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
        var headers = HTTPHeaders()
        if let language = representation.language { headers.add("Content-Language", language) }
        headers.add("Cache-Control", "no-store")
        let body = try JSONParser.parse(representation.body.array)
        guard let member else { return .json(body, headers: headers) }
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
            let messages = DisabledMessages(catalog: setup.catalog)
            let ended = schedule.map { $0.tombstones(for: account.key, at: $0.now()) } ?? []
            let tombstones = (try account.contacts.tombstones() + ended).sorted { $0.since < $1.since }
            if key.format == .android {
                let disabled = tombstones.map { tombstone in
                    let message = messages.message(for: tombstone.reason, acceptLanguage: acceptLanguage).text
                    return ShortcutItem(
                        type: tombstone.type, localizedTitle: message, userInfo: tombstone.userInfo, kind: .dynamic, visible: false,
                        enabled: false, disabledMessage: message)
                }
                var bytes: [UInt8] = []
                AndroidShortcutList.writeJSON(
                    AndroidShortcutList.render(disabled, mapping: setup.renderer.platforms?.android, table: nil, maxVisible: 0).shortcuts,
                    to: &bytes)
                guard case .array(let shortcuts) = try JSONParser.parse(bytes) else { throw Problem.internalError() }
                items += shortcuts
            } else {
                for tombstone in tombstones {
                    items.append(tombstone.json(message: messages.message(for: tombstone.reason, acceptLanguage: acceptLanguage).text))
                }
            }
        }
        list[member] = .array(items)
        return .json(.object(list), headers: headers)
    }
}
