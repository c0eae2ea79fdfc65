import Foundation
import TestSupport
import Testing

/// Why each favorite is where it is (`explain`), and the favorites' items that left the list
/// (`include=disabled`, disabled items with a localized message, purged after `--disabled-retention`).
@Suite struct DisabledItemsEndToEndTests {
    static func items(_ server: ServerProcess, _ query: String, language: String? = nil) throws -> (items: [[String: Any]], response: RawHTTPResponse)
    {
        let response = try server.request("GET", "/shortcuts" + query, headers: language.map { [("Accept-Language", $0)] } ?? [])
        #expect(response.status == 200, "\(response.text)")
        return (try #require(try response.jsonObject()["items"] as? [[String: Any]]), response)
    }

    @Test("explain=true gives each favorite its reason: pinned with its place, score with its value, created; and no validator")
    func explainGivesReasons() throws {
        let server = try ServerProcess(arguments: ["--no-seed"])
        defer { server.stop() }
        _ = try server.createContact(name: "Ada", favorite: true)
        let bob = try server.createContact(name: "Bob", favorite: true)
        let cy = try server.createContact(name: "Cy", favorite: true)
        try RankingEndToEndTests.pick(server, bob)
        #expect(try server.request("PATCH", "/contacts/\(cy.id)", json: #"{"pinned":true}"#).status == 200)
        let (items, response) = try Self.items(server, "?explain=true")
        let dynamic = items.filter { $0["kind"] as? String == "dynamic" }
        #expect(dynamic.map { $0["localizedTitle"] as? String } == ["Cy", "Bob", "Ada"])
        let reasons = dynamic.map { $0["explain"] as? [String: Any] ?? [:] }
        #expect(reasons[0]["reason"] as? String == "pinned" && reasons[0]["pinOrder"] as? Int == 1)
        #expect(reasons[1]["reason"] as? String == "score")
        let score = try #require(reasons[1]["score"] as? Double)
        #expect(score > 0.99 && score <= 1, "one pick just now scores 1")
        #expect(reasons[2]["reason"] as? String == "created")
        #expect(items.filter { $0["kind"] as? String == "static" }.allSatisfy { $0["explain"] == nil })
        #expect(response.header("ETag") == nil && response.header("Cache-Control") == "no-store")
        try Expect.problem(try server.request("GET", "/shortcuts?include=everything"), 400)
    }

    @Test(
        "include=disabled lists unfavorited and deleted favorites after the others, in the request's language; /trigger of a deleted one is 410 with the message"
    )
    func disabledItemsAreListedWithMessages() throws {
        let server = try ServerProcess(arguments: ["--no-seed"])
        defer { server.stop() }
        _ = try server.createContact(name: "Ada", favorite: true)
        let bob = try server.createContact(name: "Bob", favorite: true)
        let cy = try server.createContact(name: "Cy", favorite: true)
        #expect(try server.request("DELETE", "/contacts/\(bob.id)/favorite").status == 200)
        #expect(try server.request("DELETE", "/contacts/\(cy.id)").status == 204)
        #expect(try Self.items(server, "").items.allSatisfy { $0["enabled"] as? Bool != false }, "the plain list has no disabled items")
        let (items, _) = try Self.items(server, "?include=disabled", language: "fr-CH")
        let disabled = Array(items.suffix(2))
        #expect(items.count == 5 && items.prefix(3).allSatisfy { $0["enabled"] as? Bool != false })
        #expect(disabled.map { ($0["userInfo"] as? [String: String])?["contactId"] } == [bob.id, cy.id])
        #expect(disabled.allSatisfy { $0["type"] as? String == "FavoriteAction" && $0["enabled"] as? Bool == false })
        #expect(disabled.map { $0["disabledMessage"] as? String } == ["Ce contact n’est plus un favori", "Ce contact a été supprimé"])

        let gone = try server.request(
            "POST", "/trigger", headers: [("Content-Type", "application/json"), ("Accept-Language", "de")],
            body: Array(#"{"type":"FavoriteAction","userInfo":{"contactId":"\#(cy.id)"}}"#.utf8))
        try Expect.problem(gone, 410)
        #expect(try gone.jsonObject()["disabledMessage"] as? String == "Dieser Kontakt wurde gelöscht")

        // A favorite again: its item shows, and it is no longer disabled.
        #expect(try server.request("POST", "/contacts/\(bob.id)/favorite").status == 200)
        let again = try Self.items(server, "?include=disabled").items
        #expect(again.filter { $0["enabled"] as? Bool == false }.map { ($0["userInfo"] as? [String: String])?["contactId"] } == [cy.id])
    }

    @Test(
        "Android's list takes explain and include=disabled (a disabled shortcut keeps its id, with enabled false and the message); the web's is the plain list"
    )
    func platformListsTakeTheAnnotations() throws {
        let server = try ServerProcess(arguments: ["--no-seed"])
        defer { server.stop() }
        let ada = try server.createContact(name: "Ada", favorite: true)
        let bob = try server.createContact(name: "Bob", favorite: true)
        try RankingEndToEndTests.pick(server, bob)
        #expect(try server.request("DELETE", "/contacts/\(ada.id)/favorite").status == 200)
        let android = try server.request("GET", "/shortcuts?platform=android&explain=true&include=disabled", headers: [("Accept-Language", "fr")])
        #expect(android.status == 200, "\(android.text)")
        let shortcuts = try #require(try android.jsonObject()["shortcuts"] as? [[String: Any]])
        let dynamic = shortcuts.filter { $0["kind"] as? String == "dynamic" }
        #expect(dynamic.map { $0["id"] as? String } == ["favorite-\(bob.id)", "favorite-\(ada.id)"])
        #expect((dynamic.first?["explain"] as? [String: Any])?["reason"] as? String == "score")
        let disabled = try #require(dynamic.last)
        #expect(disabled["enabled"] as? Bool == false && disabled["disabledMessage"] as? String == "Ce contact n’est plus un favori")
        #expect(android.header("Cache-Control") == "no-store" && android.header("ETag") == nil)

        let web = try server.request("GET", "/shortcuts?platform=web&visible=true&explain=true&include=disabled")
        #expect(web.status == 200, "\(web.text)")
        let names = try #require(try web.jsonObject()["shortcuts"] as? [[String: Any]]).map { $0["name"] as? String }
        #expect(names.contains("Bob") && !names.contains("Ada"), "a manifest lists a shortcut or not: \(names)")
        try Expect.problem(try server.request("GET", "/shortcuts?explain=true", headers: [("Accept", "application/x-plist")]), 400)
    }

    @Test("--disabled-retention 1s: the disabled items are purged in the background, and the /metrics gauge drops to 0")
    func disabledItemsArePurged() throws {
        let server = try ServerProcess(arguments: ["--no-seed", "--disabled-retention", "1s"])
        defer { server.stop() }
        let ada = try server.createContact(name: "Ada", favorite: true)
        #expect(try server.request("DELETE", "/contacts/\(ada.id)").status == 204)
        var gauge = try RetentionEndToEndTests.gauge(server, "quickactiond_disabled_items")
        #expect(gauge == 1 || gauge == 0)
        let deadline = Date().addingTimeInterval(15)
        while gauge != 0 && Date() < deadline {
            usleep(100_000)
            gauge = try RetentionEndToEndTests.gauge(server, "quickactiond_disabled_items")
        }
        #expect(gauge == 0)
        #expect(try Self.items(server, "?include=disabled").items.allSatisfy { $0["enabled"] as? Bool != false })
    }
}
