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

    @Test("placement and platform choose the picture; each is cached apart; an unknown value is a 400 problem naming the values")
    func placementAndPlatformChooseThePicture() throws {
        let harness = try APITestHarness()
        let above = try harness.send("GET", "/shortcuts/preview.svg")
        #expect(above.text.contains(#"data-platform="ios" data-placement="above""#))
        #expect(try harness.send("GET", "/shortcuts/preview.svg?placement=above").headers["ETag"] == above.headers["ETag"], "above is the default")
        let below = try harness.send("GET", "/shortcuts/preview.svg?placement=below")
        #expect(below.status == 200)
        #expect(below.text.contains(#"data-placement="below""#))
        #expect(below.headers["ETag"] != above.headers["ETag"])
        let android = try harness.send("GET", "/shortcuts/preview.svg?platform=android&placement=below")
        #expect(android.status == 200)
        #expect(android.text.contains(#"data-platform="android" data-placement="below""#))
        #expect(!android.text.contains("Remove App"))
        for (target, detail) in [
            ("?placement=left", "Query parameter 'placement' must be 'above' or 'below'."),
            ("?platform=web", "Query parameter 'platform' must be 'ios' or 'android'."),
            ("?placement=", "Query parameter 'placement' must be 'above' or 'below'."),
        ] {
            let response = try harness.send("GET", "/shortcuts/preview.svg" + target)
            try response.expectProblem(400)
            #expect(try response.object()["detail"]?.stringValue == detail)
        }
    }
}
