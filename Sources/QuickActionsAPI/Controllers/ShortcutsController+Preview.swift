import Dispatch
import HTTPServer
import QuickActions
import QuickActionsPreview

extension ShortcutsController {
    static let previewQuery = ["appearance", "lang", "placement", "platform", "warnings"]

    /// GET /shortcuts/preview.svg: the menu as iOS (or, with `platform=android`, a launcher)
    /// draws it, opening `above` the icon or `below` it (`placement`), from the same cache as the list
    /// (rendered once per change and style, off the HTTP threads), with the same ETag and 304
    /// rules. `lang` stands
    /// for `Accept-Language` when given.
    func getShortcutsPreview(_ request: APIRequest) throws -> HTTPResponse {
        try request.requireKnownQuery(Self.previewQuery)
        let appearance = try Self.previewChoice(request, "appearance", default: PreviewAppearance.light)
        let placement = try Self.previewChoice(request, "placement", default: PreviewPlacement.above)
        let platform = try Self.previewChoice(request, "platform", default: PreviewPlatform.ios)
        let marksWarnings = try request.queryBoolean("warnings") ?? false
        let languageRange = request.http.queryValue("lang") ?? request.http.headers["Accept-Language"]
        if let lang = request.http.queryValue("lang"), lang.isEmpty || lang.unicodeScalars.count > 64 {
            throw Problem.badRequest("Query parameter 'lang' must be a language tag such as 'fr' or 'pt-BR'.")
        }
        let language = settings.negotiate(acceptLanguage: languageRange)
        let key = ShortcutRepresentationKey(
            format: .previewSVG(appearance, warnings: marksWarnings, placement: placement, platform: platform), language: language, visibleOnly: false
        )
        let account = try request.account()
        let headers = request.http.headers
        guard case .list(let list) = account.cachedShortcuts(for: key) else {
            return try request.readingStore { Self.preview(try account.shortcuts(), key, for: headers) }
        }
        return Self.preview(list, key, for: headers)
    }

    /// The picture `key` of `list`, or its 304. Drawing a long list (its JSON version and HIG
    /// findings, then the picture) takes tens of milliseconds: it is done off the HTTP threads,
    /// one picture at a time, while the connection waits without holding a thread. A request for
    /// a picture being drawn waits its turn and finds it drawn.
    private static func preview(_ list: any RenderedShortcutList, _ key: ShortcutRepresentationKey, for headers: RequestHeaders) -> HTTPResponse {
        if let ready = list.rendered(key) { return previewResponse(ready, for: headers) }
        let pending = DeferredResponse()
        previewRendering.async {
            pending.complete(previewResponse(list.representation(key), for: headers))
        }
        return .deferred(pending)
    }

    /// The query parameter `name`, one of `Choice`'s values, or `fallback` when absent; a 400
    /// problem naming the values otherwise.
    private static func previewChoice<Choice: RawRepresentable & CaseIterable>(_ request: APIRequest, _ name: String, default fallback: Choice)
        throws -> Choice where Choice.RawValue == String
    {
        guard let value = request.http.queryValue(name) else { return fallback }
        guard let known = Choice(rawValue: value) else {
            let values = Choice.allCases.map { "'\($0.rawValue)'" }
            let listed = values.dropLast().joined(separator: ", ") + " or " + (values.last ?? "")
            throw Problem.badRequest("Query parameter '\(name)' must be \(listed).")
        }
        return known
    }

    /// Where pictures are drawn when a request finds none (see `getShortcutsPreview`).
    static let previewRendering = DispatchQueue(label: "quickactiond.preview-rendering", qos: .utility)

    /// The answer for `representation` to a request with `requestHeaders`: 304 when their
    /// `If-None-Match` names it, else the picture.
    static func previewResponse(_ representation: ShortcutRepresentation, for requestHeaders: RequestHeaders) -> HTTPResponse {
        var headers = HTTPHeaders(capacity: 8)
        headers.add("ETag", representation.etag)
        headers.add("Cache-Control", "no-cache")
        headers.add("Vary", "Accept-Language")
        if let language = representation.language { headers.add("Content-Language", language) }
        if requestHeaders.ifNoneMatch(matches: representation.etag) {
            return HTTPResponse(status: 304, headers: headers)
        }
        headers.add("Content-Type", representation.contentType)
        // Opened on its own, the picture may load nothing and run nothing.
        headers.add("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        headers.add("X-Content-Type-Options", "nosniff")
        return HTTPResponse(status: 200, headers: headers, body: .shared(representation.body))
    }
}
