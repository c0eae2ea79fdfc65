import Foundation
import FoundationNetworking
import QuickActions
import QuickActionsClient
import Synchronization
import TestSupport
import Testing

/// `rank`, `explain`, pinning, disabled items and the `410`'s message through the client,
/// against the real server. One server at a time: starting one holds a thread of the
/// concurrency pool, which the suite's event streams need.
@Suite(.serialized) struct ClientRankingEndToEndTests {
    /// Creates a contact through the API and returns its id.
    static func create(_ server: ServerProcess, _ name: String, favorite: Bool = true) async throws -> String {
        let created = try await server.fetch("POST", "contacts", json: #"{"name":"\#(name)","favorite":\#(favorite)}"#)
        #expect(created.status == 201)
        let object = try #require(try JSONSerialization.jsonObject(with: created.body) as? [String: Any])
        return try #require(object["id"] as? String)
    }

    static func trigger(_ server: ServerProcess, _ id: String) async throws {
        var request = URLRequest(url: server.url.appendingPathComponent("trigger"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue(UUID().uuidString, forHTTPHeaderField: "Idempotency-Key")
        request.httpBody = Data(#"{"type":"FavoriteAction","userInfo":{"contactId":"\#(id)"}}"#.utf8)
        let (_, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
    }

    @Test("rank on every dynamic item; explain gives each reason and the pinned items; pin and unpin move a favorite")
    func rankExplainAndPinning() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try ServerProcess(directory: directory, arguments: ["--no-seed"])
        defer { server.stop() }
        _ = try await Self.create(server, "Ada")
        let grace = try await Self.create(server, "Grace")
        let alan = try await Self.create(server, "Alan")
        let client = QuickActionsClient(baseURL: server.url)

        let plain = try await client.shortcuts()
        let dynamic = plain.items.filter { $0.kind == .dynamic }
        #expect(dynamic.map(\.localizedTitle) == ["Ada", "Grace", "Alan"])
        #expect(dynamic.map(\.rank) == [0, 1, 2])
        #expect(plain.items.filter { $0.kind == .static }.allSatisfy { $0.rank == nil })
        #expect(plain.reasons.allSatisfy { $0 == nil } && plain.disabledItems.isEmpty, "nothing asked, nothing given")

        let pinned = try await client.pin(alan)
        #expect(pinned.pinned && pinned.favorite && pinned.id == alan && pinned.name == "Alan")
        #expect(try await client.contact(alan).pinned)
        try await Self.trigger(server, grace)
        let explained = try await client.shortcuts(explain: true)
        #expect(explained.items.filter { $0.kind == .dynamic }.map(\.localizedTitle) == ["Alan", "Grace", "Ada"])
        #expect(explained.pinnedItems.map(\.localizedTitle) == ["Alan"])
        let reasons = explained.items.indices.filter { explained.items[$0].kind == .dynamic }.map { explained.reasons[$0] }
        guard reasons.count == 3, case .pinned(place: 1)? = reasons[0], case .score(let score)? = reasons[1], case .created? = reasons[2] else {
            Issue.record("reasons: \(reasons)")
            return
        }
        #expect(score > 0.9 && score <= 1, "one pick just now scores 1")

        let unpinned = try await client.unpin(alan)
        #expect(!unpinned.pinned)
        let after = try await client.shortcuts(explain: true)
        #expect(after.pinnedItems.isEmpty)
        #expect(after.items.filter { $0.kind == .dynamic }.map(\.localizedTitle) == ["Grace", "Ada", "Alan"])
        #expect(explained.reason(for: try #require(explained.items.first { $0.localizedTitle == "Ada" })) == .created)
    }

    @Test("pin is conditional: a stale If-Match is 412 and changes nothing; a contact that is no favorite is 422")
    func pinRefusals() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try ServerProcess(directory: directory, arguments: ["--no-seed"])
        defer { server.stop() }
        let ada = try await Self.create(server, "Ada")
        let plain = try await Self.create(server, "Plain", favorite: false)
        let client = QuickActionsClient(baseURL: server.url)

        let read = try await client.contact(ada)
        #expect(read.etag != nil && !read.pinned)
        #expect(try await server.fetch("PATCH", "contacts/\(ada)", json: #"{"name":"Ada L."}"#).status == 200)
        let stale = await Self.refusal { try await client.pin(ada, ifMatch: read.etag) }
        #expect(stale?.status == 412, "\(String(describing: stale))")
        #expect(try await !client.contact(ada).pinned, "a refused edit changes nothing")
        #expect(try await client.pin(ada).pinned, "without a validator, the contact as read just before")

        let notFavorite = await Self.refusal { try await client.pin(plain) }
        #expect(notFavorite?.status == 422)
        #expect(notFavorite?.detail.contains("favorite") == true, "\(String(describing: notFavorite))")
        #expect(await Self.refusal { try await client.pin("nosuchcontact0000000") }?.status == 404)
        #expect(await Self.refusal { try await client.unpin("../shortcuts") }?.status == 404, "the id stays one path segment")
    }

    /// The status and detail `call` failed with, or nil when it succeeded or failed otherwise.
    static func refusal(_ call: () async throws -> ContactRecord) async -> (status: Int, detail: String)? {
        do {
            _ = try await call()
        } catch QuickActionsClientError.status(let status, let detail) {
            return (status, detail)
        } catch {
            return nil
        }
        return nil
    }

    @Test("include disabled: an unfavorited or deleted favorite's item, with its message; explain and include lists are never kept")
    func disabledItems() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try ServerProcess(directory: directory, arguments: ["--no-seed"])
        defer { server.stop() }
        let ada = try await Self.create(server, "Ada")
        let grace = try await Self.create(server, "Grace")
        #expect(try await server.fetch("DELETE", "contacts/\(ada)/favorite").status == 200)
        #expect(try await server.fetch("DELETE", "contacts/\(grace)").status == 204)
        let client = QuickActionsClient(baseURL: server.url)

        let list = try await client.shortcuts(includeDisabled: true)
        #expect(!list.items.contains { $0.kind == .dynamic })
        #expect(list.disabledItems.map(\.userInfo) == [["contactId": .string(ada)], ["contactId": .string(grace)]])
        #expect(list.disabledItems.map(\.reason) == [.unfavorited, .deleted])
        #expect(list.disabledItems.map(\.disabledMessage) == ["This contact is no longer a favorite", "This contact was deleted"])
        #expect(list.disabledItems.allSatisfy { $0.since != nil && $0.type == "FavoriteAction" })
        let french = try await client.shortcuts(language: "fr", includeDisabled: true)
        #expect(french.disabledItems.map(\.disabledMessage) != list.disabledItems.map(\.disabledMessage), "localized")

        // Annotated lists have no ETag: each is fetched in full, and the plain list's 304 still works.
        let decoded = await client.listsDecoded
        _ = try await client.shortcuts(explain: true)
        _ = try await client.shortcuts(explain: true, includeDisabled: true)
        #expect(await client.listsDecoded == decoded + 2)
        let first = try await client.shortcuts()
        #expect(first.disabledItems.isEmpty)
        #expect(try await client.shortcuts() == first)
        #expect(await client.listsDecoded == decoded + 3, "the plain list is kept and revalidated")
    }

    @Test("A 410's disabledMessage reaches the outcome and onStale")
    func staleMessage() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try ServerProcess(directory: directory, arguments: ["--no-seed"])
        defer { server.stop() }
        let ada = try await Self.create(server, "Ada")
        #expect(try await server.fetch("DELETE", "contacts/\(ada)").status == 204)
        let outbox = TriggerOutbox(directory: directory.appendingPathComponent("outbox"), client: QuickActionsClient(baseURL: server.url))
        let told = Mutex<[String?]>([])
        await outbox.onStale { _, message in told.withLock { $0.append(message) } }
        try await outbox.enqueue(type: "FavoriteAction", userInfo: ["contactId": .string(ada)])
        let outcomes = try await outbox.flush()
        guard case .stale(_, _, let message)? = outcomes.first else {
            Issue.record("expected .stale, got \(outcomes)")
            return
        }
        #expect(message == "This contact was deleted")
        #expect(told.withLock { $0 } == ["This contact was deleted"])

        // In the outbox's language: the message the list gives the item in French.
        let grace = try await Self.create(server, "Grace")
        #expect(try await server.fetch("DELETE", "contacts/\(grace)").status == 204)
        let french = try await QuickActionsClient(baseURL: server.url).shortcuts(language: "fr", includeDisabled: true)
        let expected = try #require(french.disabledItems.first { $0.userInfo == ["contactId": .string(grace)] }?.disabledMessage)
        #expect(expected != "This contact was deleted")
        await outbox.setLanguage("fr")
        try await outbox.enqueue(type: "FavoriteAction", userInfo: ["contactId": .string(grace)])
        guard case .stale(_, _, let frenchMessage)? = try await outbox.flush().first else {
            Issue.record("expected .stale")
            return
        }
        #expect(frenchMessage == expected)
        #expect(told.withLock { $0 } == ["This contact was deleted", expected])
    }
}
