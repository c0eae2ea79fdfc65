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
    init?(_ request: APIRequest) throws {
        explain = try request.queryBoolean("explain") ?? false
        switch request.http.queryValue("include") {
        case nil: includeDisabled = false
        case "disabled": includeDisabled = true
        case let other?:
            throw Problem.badRequest("Query parameter 'include' must be 'disabled', not '\(other)'.", extensions: ["parameter": "include"])
        }
        acceptLanguage = request.http.headers["Accept-Language"]
        guard explain || includeDisabled else { return nil }
    }

    /// The annotated list of `account` as `key` asks (JSON only), from its favorites and tombstones as stored now.
    func response(
        key: ShortcutRepresentationKey, account: AccountScope, settings: ServiceSettings, ranking: (order: DynamicOrder, halfLife: UsageHalfLife)
    ) throws -> HTTPResponse {
        guard key.format == .json else {
            throw Problem.badRequest("explain and include are for the JSON list: ask for application/json.")
        }
        let favorites = ranking.order.sorted(try account.contacts.favorites())
        let setup = settings.shortcuts
        let representation = setup.renderer.render(setup.builder.items(favorites: favorites, order: ranking.order), key: key, prepared: false)
        guard case .object(var list) = try JSONParser.parse(representation.body.array), case .array(var items)? = list["items"] else {
            throw Problem.internalError()
        }
        if explain {
            let reasons = ranking.order.reasons(for: favorites, now: Timestamp.now(), halfLife: ranking.halfLife)
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
            for tombstone in try account.contacts.tombstones() {
                items.append(tombstone.json(message: messages.message(for: tombstone.reason, acceptLanguage: acceptLanguage).text))
            }
        }
        list["items"] = .array(items)
        var headers = HTTPHeaders()
        if let language = representation.language { headers.add("Content-Language", language) }
        headers.add("Cache-Control", "no-store")
        return .json(.object(list), headers: headers)
    }
}
