import Foundation
import QuickActions
import QuickActionsAPI
import StorageCore
import Testing

/// `GET /shortcuts?include=disabled`: the request's `Accept-Language` is negotiated once for
/// every disabled item, only its first ranges are read, and `Content-Language` names the
/// languages the answer's texts are in.
@Suite struct DisabledItemsLanguageTests {
    /// `count` favorites created, then deleted: `count` disabled items.
    static func harness(disabled count: Int, catalog: LocalizationCatalog? = nil) throws -> APITestHarness {
        let api = try APITestHarness(catalog: catalog)
        for index in 0..<count {
            let contact = try api.repository.create(NewContact(name: "Contact \(index)", favorite: true))
            _ = try api.repository.delete(id: contact.id, expectedRevision: nil)
        }
        return api
    }

    @Test("A 15,000-comma Accept-Language with 1,500 disabled items answers in well under 2 s")
    func aLongHeaderCostsOneNegotiation() throws {
        let api = try Self.harness(disabled: 1500)
        let header = String(repeating: "x-y;q=0.5, ", count: 15_000) + "fr"
        let started = ContinuousClock.now
        let response = try api.send("GET", "/shortcuts?include=disabled", headers: [("Accept-Language", header)])
        let elapsed = ContinuousClock.now - started
        print("include=disabled, 1,500 disabled items, 15,000-comma Accept-Language: \(elapsed)")
        #expect(response.status == 200)
        #expect(elapsed < .seconds(2))
        // Past the first 32 ranges: `fr` is not read, so the messages are in English.
        #expect(response.text.contains("This contact was deleted"))
    }

    @Test("Only the first 32 ranges of Accept-Language count")
    func onlyTheFirstRangesCount() throws {
        let api = try Self.harness(disabled: 1)
        let within = Array(repeating: "x-y", count: 31) + ["fr"]
        #expect(
            try api.send("GET", "/shortcuts?include=disabled", headers: [("Accept-Language", within.joined(separator: ","))]).text.contains(
                "a été supprimé"))
        let past = Array(repeating: "x-y", count: 32) + ["fr"]
        #expect(
            try api.send("GET", "/shortcuts?include=disabled", headers: [("Accept-Language", past.joined(separator: ","))]).text.contains(
                "was deleted"))
    }

    @Test("Content-Language names the messages' language when it is not the list's")
    func contentLanguageNamesTheMessagesLanguage() throws {
        let catalog = LocalizationCatalog(tables: ["en": [:]], sourceLanguage: "en")
        let api = try Self.harness(disabled: 1, catalog: catalog)
        let french = try api.send("GET", "/shortcuts?include=disabled", headers: [("Accept-Language", "fr")])
        #expect(french.text.contains("Ce contact a été supprimé"))
        #expect(french.headers["Content-Language"] == "en, fr")
        let english = try api.send("GET", "/shortcuts?include=disabled", headers: [("Accept-Language", "en")])
        #expect(english.headers["Content-Language"] == "en")
        let android = try api.send("GET", "/shortcuts?include=disabled&platform=android", headers: [("Accept-Language", "fr")])
        #expect(android.text.contains("Ce contact a été supprimé") && android.headers["Content-Language"] == "en, fr", "\(android.text)")
        // No disabled item, no message: the list's language alone.
        let none = try Self.harness(disabled: 0, catalog: catalog)
        #expect(try none.send("GET", "/shortcuts?include=disabled", headers: [("Accept-Language", "fr")]).headers["Content-Language"] == "en")
    }
}
