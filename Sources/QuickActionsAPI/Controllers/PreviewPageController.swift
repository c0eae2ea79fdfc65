import HTTPServer
import QuickActions
import QuickActionsPreview
import Synchronization

/// GET /preview and its script and style sheet: a static page that shows the menu and works
/// the API from the browser. The files hold no data and no secret, so they are served without
/// the token (a browser cannot send one when it navigates); the page asks for the token and
/// sends it with every API request.
final class PreviewPageController: Sendable {
    /// The page's Content-Security-Policy: its own script and style sheet only, no inline
    /// script, no `eval`, no other origin; the menu may be shown from a `blob:` URL.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; connect-src 'self'; "
        + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    /// The page, made again when a reload changes the languages.
    private let page: Mutex<SharedBytes>
    private let script = SharedBytes(Array(PreviewAssets.script.utf8))
    private let styleSheet = SharedBytes(Array(PreviewAssets.styleSheet.utf8))

    /// Creates the controller; the language menu lists the languages of `settings`' catalog.
    init(settings: CurrentConfiguration) {
        page = Mutex(Self.page(catalog: settings.shortcuts.catalog))
        settings.onReplace { [weak self] old, new in
            guard let self, new.shortcuts.catalog?.languages != old.shortcuts.catalog?.languages else { return }
            self.page.withLock { $0 = Self.page(catalog: new.shortcuts.catalog) }
        }
    }

    private static func page(catalog: LocalizationCatalog?) -> SharedBytes {
        SharedBytes(Array(page(languages: catalog?.languages ?? []).utf8))
    }

    /// The page with one `<option>` per language the service has a table for.
    static func page(languages: [String]) -> String {
        let options = languages.map { #"        <option value="\#($0.xmlEscaped)">\#($0.xmlEscaped)</option>"# }.joined(separator: "\n")
        return PreviewAssets.html.replacingOccurrences(of: "<!-- LANGUAGE OPTIONS -->", with: options)
    }

    /// GET /preview
    func getPreviewPage(_ request: APIRequest) throws -> HTTPResponse {
        try request.requireKnownQuery([])
        return Self.asset(page.withLock { $0 }, contentType: "text/html; charset=utf-8")
    }

    /// GET /preview/app.js
    func getPreviewScript(_ request: APIRequest) throws -> HTTPResponse {
        try request.requireKnownQuery([])
        return Self.asset(script, contentType: "text/javascript; charset=utf-8")
    }

    /// GET /preview/app.css
    func getPreviewStyleSheet(_ request: APIRequest) throws -> HTTPResponse {
        try request.requireKnownQuery([])
        return Self.asset(styleSheet, contentType: "text/css; charset=utf-8")
    }

    private static func asset(_ body: SharedBytes, contentType: String) -> HTTPResponse {
        var headers = HTTPHeaders(capacity: 6)
        headers.add("Content-Type", contentType)
        headers.add("Content-Security-Policy", contentSecurityPolicy)
        headers.add("X-Content-Type-Options", "nosniff")
        headers.add("Referrer-Policy", "no-referrer")
        headers.add("Cache-Control", "no-cache")
        return HTTPResponse(status: 200, headers: headers, body: .shared(body))
    }
}
