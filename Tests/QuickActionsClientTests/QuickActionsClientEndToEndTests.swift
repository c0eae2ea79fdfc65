import Foundation
import QuickActions
import QuickActionsClient
import TestSupport
import Testing

/// `shortcuts(language:)` against the real server.
@Suite struct QuickActionsClientEndToEndTests {
    @Test("An ETag 304 costs no decode: the kept list comes back; a change or another language decodes")
    func notModifiedCostsNoDecode() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try ServerProcess(directory: directory)
        defer { server.stop() }
        let client = QuickActionsClient(baseURL: server.url)
        let first = try await client.shortcuts()
        #expect(await client.listsDecoded == 1)
        #expect(!first.items.isEmpty && !first.version.isEmpty)
        #expect(first.items.first?.kind == .static)
        for _ in 0..<5 { #expect(try await client.shortcuts() == first) }
        #expect(await client.listsDecoded == 1, "304s must not decode")

        _ = try await client.shortcuts(language: "fr")
        #expect(await client.listsDecoded == 2, "another language is another list")
        _ = try await client.shortcuts(language: "fr")
        #expect(await client.listsDecoded == 2)

        let created = try await server.fetch("POST", "contacts", json: #"{"name":"New Favorite","favorite":true}"#)
        #expect(created.status == 201)
        let changed = try await client.shortcuts()
        #expect(await client.listsDecoded == 3)
        #expect(changed.version != first.version)
        #expect(changed.items.contains { $0.localizedTitle == "New Favorite" && $0.kind == .dynamic })
    }

    @Test("Errors say what went wrong: unreachable, token refused")
    func errors() async throws {
        let down = try QuickActionsClient(baseURL: ServerProcess.url(port: LoopbackSocket.unusedPort()))
        await #expect(throws: QuickActionsClientError.self) { try await down.shortcuts() }
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try ServerProcess(directory: directory, arguments: ["--token", "right-token-0123456789"])
        defer { server.stop() }
        do {
            _ = try await QuickActionsClient(baseURL: server.url, token: "wrong").shortcuts()
            Issue.record("a wrong token was accepted")
        } catch let error as QuickActionsClientError {
            #expect(error == .unauthorized)
        }
        #expect(try await !QuickActionsClient(baseURL: server.url, token: "right-token-0123456789").shortcuts().items.isEmpty)
    }
}
