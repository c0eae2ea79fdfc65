import HTTPServer
import QuickActions
import StorageCore

/// GET /shortcuts: the current quick-action list, negotiated and served from the cache.
final class ShortcutsController: Sendable {
    static let listQuery = ["visible", "platform", "explain", "include"]
    /// Where the languages to negotiate are read, per request.
    let settings: CurrentConfiguration
    /// How the lists order their favorites, and the half-life of the scores: what `explain` says.
    let ranking: (order: DynamicOrder, halfLife: UsageHalfLife)

    /// The scheduled items, for the annotated lists (read per request).
    let schedule: ScheduleBoard?
    /// Where the lists that render slowly are rendered.
    private let renders = ShortcutRenderQueue()
    /// Whether this instance hears the other instances' changes (a shared store): while it does
    /// not, a list it serves may miss them and says so (`staleWarning`).
    let changeFeed: ChangeFeedStatus?

    /// The `Warning` field (RFC 7234's code 110) of a list served while the change feed is lost.
    static let staleWarning = #"110 - "Response is Stale""#

    /// Serves the request's account's list (`AccountScope.shortcuts()`).
    init(
        settings: CurrentConfiguration, order: DynamicOrder = .default, usageHalfLife: UsageHalfLife = .default, schedule: ScheduleBoard? = nil,
        changeFeed: ChangeFeedStatus? = nil
    ) {
        self.settings = settings
        ranking = (order, usageHalfLife)
        self.schedule = schedule
        self.changeFeed = changeFeed
    }

    /// GET /shortcuts: from the cache when it holds the account's list (for a revalidation, its
    /// validator may do), else from the store (`readingStore`: on a worker, where the store's
    /// reads may wait). `explain` and `include` lists are read from the store and built per request.
    func listShortcuts(_ request: APIRequest) throws -> HTTPResponse {
        try request.requireKnownQuery(Self.listQuery)
        let visibleOnly = try request.queryBoolean("visible") ?? false
        let format = try Self.format(platform: request.http.queryValue("platform"), accept: request.http.headers["Accept"])
        let language = settings.negotiate(acceptLanguage: request.http.headers["Accept-Language"])
        let key = ShortcutRepresentationKey(format: format, language: language, visibleOnly: visibleOnly)
        let account = try request.account()
        if let annotations = try ShortcutAnnotations(request) {
            // Never cached, no validator.
            return try request.readingStore { [self] in
                markedIfStale(try annotations.response(key: key, account: account, settings: settings.current, ranking: ranking, schedule: schedule))
            }
        }
        let headers = request.http.headers
        let revalidating = headers.contains("If-None-Match")
        // The cache is looked in once: the list, or only its validator.
        let cached = account.cachedShortcuts(for: key)
        if revalidating, case .validator(let validator) = cached, headers.ifNoneMatch(matches: validator.etag) {
            return markedIfStale(validator.notModified)
        }
        guard case .list(let list) = cached else {
            return try request.readingStore { [self] in
                markedIfStale(answer(try account.shortcuts(), key, revalidating: revalidating, headers))
            }
        }
        return markedIfStale(answer(list, key, revalidating: revalidating, headers))
    }

    /// `response` with `Warning: 110` while the change feed is lost (then or when it completes).
    private func markedIfStale(_ response: HTTPResponse) -> HTTPResponse {
        guard let changeFeed, changeFeed.isLost else { return response }
        if let deferred = response.deferred {
            deferred.map { completed in
                var completed = completed
                completed.headers.add("Warning", Self.staleWarning)
                return completed
            }
            return response
        }
        var marked = response
        marked.headers.add("Warning", Self.staleWarning)
        return marked
    }

    /// The representation `key` of `list` (or its 304), rendered now unless it renders slowly.
    private func answer(_ list: any RenderedShortcutList, _ key: ShortcutRepresentationKey, revalidating: Bool, _ headers: RequestHeaders)
        -> HTTPResponse
    {
        if let ready = list.rendered(key) { return Self.answer(ready, revalidating: revalidating, headers) }
        guard list.rendersSlowly(key) else { return Self.answer(list.representation(key), revalidating: revalidating, headers) }
        // Milliseconds of work: not on this HTTP thread, whose other connections would wait.
        let pending = DeferredResponse()
        renders.render(list, key) { pending.complete(Self.answer($0, revalidating: revalidating, headers)) }
        return .deferred(pending)
    }

    /// `representation`, or its 304 when the request revalidates it.
    private static func answer(_ representation: ShortcutRepresentation, revalidating: Bool, _ headers: RequestHeaders) -> HTTPResponse {
        revalidating && headers.ifNoneMatch(matches: representation.etag) ? representation.notModified : representation.response
    }

    /// The representation `?platform=` and `Accept` ask for: iOS's (the default) in the format
    /// `Accept` prefers; Android's and the web's are JSON only. 400 for an unknown platform, 406
    /// when `Accept` allows none of the platform's formats.
    static func format(platform name: String?, accept: String?) throws(Problem) -> ShortcutRepresentationKey.Format {
        let platform: ShortcutPlatform?
        // A switch compares the few names directly (`init(rawValue:)` searches a table of them).
        switch name {
        case nil: platform = nil
        case "ios": platform = .ios
        case "android": platform = .android
        case "web": platform = .web
        case let name?: throw Problem.badRequest("Query parameter 'platform' must be one of ios, android, web; not '\(name)'.")
        }
        let iOS = platform == nil || platform == .ios
        guard let format = Self.format(accept: accept, jsonOnly: !iOS) else {
            let formats = iOS ? "application/json or application/x-plist" : "application/json only"
            throw Problem(.notAcceptable, detail: "The shortcut list is available as \(formats); the Accept header allows neither.")
        }
        switch platform {
        case nil, .ios: return format
        case .android: return .android
        case .web: return .web
        }
    }

    /// The format an `Accept` header prefers (JSON on ties and when absent), or nil for 406;
    /// with `jsonOnly`, JSON when the header allows it.
    static func format(accept: String?, jsonOnly: Bool = false) -> ShortcutRepresentationKey.Format? {
        guard let accept, !accept.trimmingOptionalWhiteSpace().isEmpty else { return .json }
        var best: (format: ShortcutRepresentationKey.Format, quality: Double, specificity: Int)?
        for range in accept.split(separator: ",") {
            let parts = range.split(separator: ";").map { $0.trimmingOptionalWhiteSpace().lowercased() }
            guard let mediaRange = parts.first else { continue }
            var quality = 1.0
            for parameter in parts.dropFirst() where parameter.hasPrefix("q=") {
                quality = Double(parameter.dropFirst(2)) ?? 0
            }
            guard quality > 0 else { continue }
            let candidates: [(ShortcutRepresentationKey.Format, Int)]
            switch mediaRange {
            case "application/json": candidates = [(.json, 2)]
            case "application/x-plist": candidates = [(.propertyList, 2)]
            case "application/*": candidates = [(.json, 1), (.propertyList, 1)]
            case "*/*": candidates = [(.json, 0), (.propertyList, 0)]
            default: candidates = []
            }
            for (format, specificity) in candidates where !jsonOnly || format == .json {
                if let current = best {
                    if quality > current.quality || (quality == current.quality && specificity > current.specificity) {
                        best = (format, quality, specificity)
                    }
                } else {
                    best = (format, quality, specificity)
                }
            }
        }
        return best?.format
    }
}
