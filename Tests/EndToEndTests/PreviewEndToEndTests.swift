import Foundation
import TestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `GET /shortcuts/preview.svg` and `GET /preview`, against the real binary.
@Suite struct PreviewEndToEndTests {
    /// The browser tests' fixture: one static item, translated to French, German and Arabic.
    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Browser/fixtures/" + name).path
    }

    static let localized = ["--shortcuts", fixture("Info.plist"), "--localizations", fixture("")]

    static func isWellFormedXML(_ bytes: [UInt8]) -> Bool {
        XMLParser(data: Data(bytes)).parse()
    }

    @Test("The SVG shows the visible items, is well-formed, and has the list's ETag, 304 and Vary rules")
    func pictureAndCaching() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let response = try server.request("GET", "/shortcuts/preview.svg")
        #expect(response.status == 200)
        #expect(response.mediaType == "image/svg+xml")
        #expect(response.header("Vary") == "Accept-Language")
        #expect(Self.isWellFormedXML(response.body))
        for text in ["Search", "Share", "Ada Lovelace", "Grace Hopper", "grace@example.com"] {
            #expect(response.text.contains(">\(text)</text>"), "\(text) is drawn")
        }
        #expect(!response.text.contains("href"))
        let etag = try #require(response.header("ETag"))

        let notModified = try server.request("GET", "/shortcuts/preview.svg", headers: [("If-None-Match", etag)])
        #expect(notModified.status == 304)
        #expect(notModified.body.isEmpty)
        #expect(notModified.header("ETag") == etag)

        let dark = try server.request("GET", "/shortcuts/preview.svg?appearance=dark")
        #expect(dark.status == 200)
        #expect(dark.header("ETag") != etag)
        #expect(dark.text.contains(#"data-appearance="dark""#))

        // A contact that is no favorite leaves the list, and so the picture, as it was.
        _ = try server.createContact(name: "Not A Favorite")
        #expect(try server.request("GET", "/shortcuts/preview.svg", headers: [("If-None-Match", etag)]).status == 304)
        // A fifth item is not drawn, but the list changed: so does the picture.
        let listVersion = try server.shortcuts().list.version
        _ = try server.createContact(name: "Fifth Favorite", favorite: true)
        let changed = try server.request("GET", "/shortcuts/preview.svg", headers: [("If-None-Match", etag)])
        #expect(changed.status == 200)
        #expect(changed.header("ETag") != etag)
        #expect(!changed.text.contains("Fifth Favorite"))
        let newVersion = try server.shortcuts().list.version
        #expect(newVersion != listVersion)
        #expect(changed.text.contains(#"data-list-version="\#(newVersion)""#))
    }

    @Test("placement=below keeps the list's order under the icon; platform=android draws a launcher's popup")
    func placementAndPlatform() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let above = try server.request("GET", "/shortcuts/preview.svg").text
        let below = try server.request("GET", "/shortcuts/preview.svg?placement=below").text
        func position(_ text: String, in svg: String) throws -> String.Index {
            try #require(svg.range(of: ">\(text)</text>")?.lowerBound)
        }
        #expect(try position("Search", in: above) > position("Grace Hopper", in: above), "above the icon, the first item is drawn last")
        #expect(try position("Search", in: below) < position("Grace Hopper", in: below))
        #expect(try position("Remove App", in: above) < position("Grace Hopper", in: above))
        #expect(try position("Remove App", in: below) > position("Search", in: below))
        let android = try server.request("GET", "/shortcuts/preview.svg?platform=android")
        #expect(android.status == 200)
        #expect(Self.isWellFormedXML(android.body))
        #expect(android.text.contains(#"data-platform="android""#))
        #expect(android.text.contains(">Search</text>") && !android.text.contains("Remove App"))
    }

    @Test("Contact names are XML-escaped text: <script> is written &lt;script>")
    func escaping() throws {
        let server = try ServerProcess(arguments: ["--no-seed"])
        defer { server.stop() }
        _ = try server.createContact(name: "<script>alert(1)</script>", email: "x@example.com", favorite: true)
        _ = try server.createContact(name: "<script>", favorite: true)
        let response = try server.request("GET", "/shortcuts/preview.svg?warnings=true")
        #expect(response.status == 200)
        #expect(response.text.contains("&lt;script>alert(1)&lt;/script>, x@example.com"))
        #expect(response.text.contains(">&lt;script></text>"))
        #expect(!response.text.contains("<script"))
        #expect(Self.isWellFormedXML(response.body))
    }

    @Test("lang and Accept-Language pick the table, as for /shortcuts; the app name is translated too")
    func languages() throws {
        let server = try ServerProcess(arguments: Self.localized)
        defer { server.stop() }
        let french = try server.request("GET", "/shortcuts/preview.svg?lang=fr")
        #expect(french.header("Content-Language") == "fr")
        #expect(french.text.contains(">Rechercher</text>"))
        #expect(french.text.contains("<title id=\"qa-title\">Quick actions of Contacts rapides</title>"))
        #expect(french.text.contains(">Contacts r…</text>"), "cut as the Home Screen cuts a long app name")
        let header = try server.request("GET", "/shortcuts/preview.svg", headers: [("Accept-Language", "de-CH, fr;q=0.5")])
        #expect(header.header("Content-Language") == "de")
        #expect(header.text.contains(">Suchen</text>"))
        let query = try server.request("GET", "/shortcuts/preview.svg?lang=fr", headers: [("Accept-Language", "de")])
        #expect(query.header("ETag") == french.header("ETag"), "lang wins over Accept-Language")
        let arabic = try server.request("GET", "/shortcuts/preview.svg?lang=ar")
        #expect(arabic.text.contains(#"direction="rtl">بحث</text>"#))
        let english = try server.request("GET", "/shortcuts/preview.svg?lang=xx")
        #expect(english.header("Content-Language") == "en")
    }

    @Test("Bad query parameters are 400")
    func badQueries() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        for target in ["?appearance=blue", "?warnings=yes", "?lang=", "?size=2", "?placement=left", "?platform=web"] {
            let response = try server.request("GET", "/shortcuts/preview.svg" + target)
            #expect(response.status == 400, "\(target)")
            #expect(response.mediaType == "application/problem+json")
        }
    }

    @Test("With a token: the page and its files are open, with a strict CSP; the data needs the token")
    func pageWithToken() throws {
        let server = try ServerProcess(arguments: Self.localized + ["--token", "s3cret-0123456789abcdef"])
        defer { server.stop() }
        let policy =
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; connect-src 'self'; "
            + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
        for (target, type) in [("/preview", "text/html"), ("/preview/app.js", "text/javascript"), ("/preview/app.css", "text/css")] {
            let response = try server.request("GET", target)
            #expect(response.status == 200, "\(target)")
            #expect(response.mediaType == type)
            #expect(response.header("Content-Security-Policy") == policy)
            #expect(response.header("X-Content-Type-Options") == "nosniff")
        }
        let page = try server.request("GET", "/preview").text
        for language in ["ar", "de", "fr"] {
            #expect(page.contains(#"<option value="\#(language)">\#(language)</option>"#))
        }
        // No inline script and no inline event handler: the CSP would refuse both.
        #expect(page.components(separatedBy: "<script").count == 2)
        #expect(page.contains(#"<script src="/preview/app.js" defer></script>"#))
        #expect(page.range(of: #"\son[a-z]+="#, options: .regularExpression) == nil)
        #expect(!page.contains("http://") && !page.contains("https://"), "no third-party origin")
        let script = try server.request("GET", "/preview/app.js").text
        #expect(!script.contains("innerHTML") && !script.contains("eval("))
        #expect(try server.request("GET", "/shortcuts/preview.svg").status == 401)
        let authorized = try server.request("GET", "/shortcuts/preview.svg", headers: [("Authorization", "Bearer s3cret-0123456789abcdef")])
        #expect(authorized.status == 200)
        #expect(authorized.text.contains("Quick actions of Quick Contacts"))
    }
}
