import Foundation
import QuickActions
import Testing

@testable import QuickActionsAPI

@Suite struct PreviewPageControllerTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func binaryEmbedsTheCheckedInPreviewFiles() throws {
        for (file, embedded) in [("index.html", PreviewAssets.html), ("app.js", PreviewAssets.script), ("app.css", PreviewAssets.styleSheet)] {
            let text = try String(contentsOf: Self.root.appendingPathComponent("preview/" + file), encoding: .utf8)
            #expect(embedded == text, "preview/\(file) differs from the binary's copy: run `make embed-preview`")
        }
    }

    @Test func theLanguageMenuListsTheTablesEscaped() {
        let page = PreviewPageController.page(languages: ["de", "fr", "x\"><script>"])
        #expect(page.contains(#"<option value="de">de</option>"#))
        #expect(page.contains(#"<option value="x&quot;>&lt;script>">x&quot;>&lt;script></option>"#))
        #expect(!page.contains("LANGUAGE OPTIONS"))
    }

    @Test func theSVGIsServedFromTheCacheWithAnETag() throws {
        let harness = try APITestHarness()
        let first = try harness.send("GET", "/shortcuts/preview.svg?appearance=dark&warnings=true")
        #expect(first.status == 200)
        let etag = try #require(first.headers["ETag"])
        let again = try harness.send("GET", "/shortcuts/preview.svg?appearance=dark&warnings=true", headers: [("If-None-Match", "W/" + etag)])
        #expect(again.status == 304)
        #expect(again.headers["Content-Type"] == nil)
    }
}
