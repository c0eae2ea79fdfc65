import Foundation
import TestSupport
import Testing

/// `--max-disabled-items` bounds the disabled items an account keeps, the newest: favorites
/// created and deleted in a loop leave no more than it in `GET /shortcuts?include=disabled`.
@Suite struct DisabledItemLimitEndToEndTests {
    @Test(
        "300 favorites created, favorited and deleted leave the newest 100 disabled items (--max-disabled-items 100)",
        arguments: StorageBackend.available)
    func loopsLeaveTheNewestDisabledItems(backend: StorageBackend) throws {
        try backend.withServers(arguments: ["--no-seed", "--max-contacts-per-account", "5", "--max-disabled-items", "100"]) { servers, store in
            let server = try #require(servers.first)
            var deleted: [String] = []
            for index in 0..<300 {
                let contact = try server.createContact(name: "Loop \(index)")
                #expect(try server.request("POST", "/contacts/\(contact.id)/favorite").status == 200)
                #expect(try server.request("DELETE", "/contacts/\(contact.id)").status == 204)
                deleted.append(contact.id)
            }
            let (items, response) = try DisabledItemsEndToEndTests.items(server, "?include=disabled")
            let disabled = items.filter { $0["enabled"] as? Bool == false }
            #expect(disabled.count == 100)
            #expect(
                disabled.map { ($0["userInfo"] as? [String: String])?["contactId"] } == deleted.suffix(100).map { Optional($0) },
                "the newest, oldest first")
            #expect(try store.integer("SELECT count(*) FROM tombstones") == 100, "the older ones are gone from the store")
            #expect(response.body.count < 25_000, "\(response.body.count) bytes")
        }
    }
}
