import HTTPServer
import QuickActions

extension ShortcutsController {
    static let previewQuery: Set<String> = ["appearance", "lang", "warnings"]

    /// GET /shortcuts/preview.svg: the menu as iOS draws it, from the same cache as the list
    /// (rendered once per change and style), with the same ETag and 304 rules. `lang` stands
    /// for `Accept-Language` when given.
    func getShortcutsPreview(_ request: APIRequest) throws -> HTTPResponse {
        try request.requireKnownQuery(Self.previewQuery)
        let appearance: PreviewAppearance
        switch request.http.queryValue("appearance") {
        case nil: appearance = .light
        case let value?:
            guard let known = PreviewAppearance(rawValue: value) else {
                throw Problem.badRequest("Query parameter 'appearance' must be 'light' or 'dark'.")
            }
            appearance = known
        }
        let marksWarnings = try request.queryBoolean("warnings") ?? false
        let languageRange = request.http.queryValue("lang") ?? request.http.headers["Accept-Language"]
        if let lang = request.http.queryValue("lang"), lang.isEmpty || lang.unicodeScalars.count > 64 {
            throw Problem.badRequest("Query parameter 'lang' must be a language tag such as 'fr' or 'pt-BR'.")
        }
        let language = settings.negotiate(acceptLanguage: languageRange)
        let representation = try request.account().shortcuts().representation(
            ShortcutRepresentationKey(format: .previewSVG(appearance, warnings: marksWarnings), language: language, visibleOnly: false))
        var headers = HTTPHeaders(capacity: 8)
        headers.add("ETag", representation.etag)
        headers.add("Cache-Control", "no-cache")
        headers.add("Vary", "Accept-Language")
        if let language = representation.language { headers.add("Content-Language", language) }
        if let ifNoneMatch = request.http.headers["If-None-Match"], Self.matches(ifNoneMatch, representation.etag) {
            return HTTPResponse(status: 304, headers: headers)
        }
        headers.add("Content-Type", representation.contentType)
        // Opened on its own, the picture may load nothing and run nothing.
        headers.add("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        headers.add("X-Content-Type-Options", "nosniff")
        return HTTPResponse(status: 200, headers: headers, body: .shared(representation.body))
    }
}
