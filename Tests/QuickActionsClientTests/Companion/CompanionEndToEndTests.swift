import Foundation
import TestSupport
import Testing

/// The `quickactions` executable against the real server.
@Suite struct CompanionEndToEndTests {
    @Test("menu draws a box per visible item, static first, with glyphs; the hidden ones below")
    func menuDrawsTheHomeScreenMenu() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try ServerProcess(directory: directory)
        defer { server.stop() }
        for name in ["Zed One", "Zed Two", "Zed Three"] {
            #expect(try await server.fetch("POST", "contacts", json: #"{"name":"\#(name)","favorite":true}"#).status == 201)
        }
        let result = try CompanionProcess.run(["menu", "--url", server.url.absoluteString])
        #expect(result.status == 0, "\(result.error)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("╭") == true)
        #expect(lines.filter { $0.hasPrefix("╭") }.count == 4, "iOS shows at most four: \(result.output)")
        let search = try #require(lines.firstIndex { $0.contains("Search") && $0.contains("⌕") })
        let share = try #require(lines.firstIndex { $0.contains("Share") && $0.contains("⇪") })
        let favorite = try #require(lines.firstIndex { $0.contains("Ada Lovelace") && $0.contains("☺") })
        #expect(search < share && share < favorite, "static first")
        let hidden = try #require(lines.firstIndex { $0.hasPrefix("hidden") })
        #expect(lines[hidden...].contains { $0.contains("Zed") })
        #expect(lines.filter { $0.hasPrefix("│") }.allSatisfy { $0.hasSuffix("│") })

        let dark = try CompanionProcess.run(["menu", "--url", server.url.absoluteString, "--dark"])
        #expect(dark.status == 0)
        #expect(dark.output.contains("\u{1B}[") && dark.output.contains("Search"))
    }

    @Test("Clear messages and non-zero exits: unreachable server, bad token, stale item")
    func failuresExitNonZero() async throws {
        let down = try CompanionProcess.run(["menu", "--url", "http://127.0.0.1:\(LoopbackSocket.unusedPort())"])
        #expect(down.status == 69)
        #expect(down.error.contains("cannot reach the service"))

        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try ServerProcess(directory: directory, arguments: ["--token", "right-token-0123456789"])
        defer { server.stop() }
        let url = server.url.absoluteString
        let badToken = try CompanionProcess.run(["menu", "--url", url, "--token", "wrong"])
        #expect(badToken.status == 77)
        #expect(badToken.error.contains("refused the token"))
        let outbox = directory.appendingPathComponent("outbox").path
        let badTokenTrigger = try CompanionProcess.run(["trigger", "SearchAction", "--url", url, "--token", "wrong", "--outbox", outbox])
        #expect(badTokenTrigger.status == 77, "\(badTokenTrigger.error)")

        let stale = try CompanionProcess.run(
            [
                "trigger", "FavoriteAction", "--contact", "gone0000000000000000", "--url", url, "--token", "right-token-0123456789", "--outbox",
                directory.appendingPathComponent("o2").path,
            ])
        #expect(stale.status == 65)
        #expect(stale.error.contains("stale item"))
        #expect(stale.output.contains("fetched again"))

        // The trigger the bad token left behind is delivered once the token is right.
        let fixed = try CompanionProcess.run(["flush", "--url", url, "--token", "right-token-0123456789", "--outbox", outbox])
        #expect(fixed.status == 0, "\(fixed.error)")
        #expect(fixed.output.contains("delivered SearchAction"))
        #expect(try CompanionProcess.run(["nonsense"]).status == 64)
    }

    @Test("pin and unpin a favorite; a contact that is not one, or no contact, exits 65 with the service's reason; no ID exits 64")
    func pinAndUnpin() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try ServerProcess(directory: directory, arguments: ["--no-seed", "--token", "right-token-0123456789"])
        defer { server.stop() }
        let token = "right-token-0123456789"
        func create(_ name: String, favorite: Bool) async throws -> String {
            let created = try await server.fetch("POST", "contacts", json: #"{"name":"\#(name)","favorite":\#(favorite)}"#, token: token)
            let object = try #require(try JSONSerialization.jsonObject(with: created.body) as? [String: Any])
            return try #require(object["id"] as? String)
        }
        func pinned(_ id: String) async throws -> Bool? {
            let (_, body) = try await server.fetch("GET", "contacts/\(id)", token: token)
            return (try JSONSerialization.jsonObject(with: body) as? [String: Any])?["pinned"] as? Bool
        }
        let ada = try await create("Ada Lovelace", favorite: true)
        let plain = try await create("Plain Person", favorite: false)
        let url = server.url.absoluteString

        let pin = try await CompanionProcess.runOffPool(["pin", ada, "--url", url, "--token", token])
        #expect(pin.status == 0, "\(pin.error)")
        #expect(pin.output == "pinned Ada Lovelace (\(ada))\n")
        #expect(try await pinned(ada) == true)
        let menu = try await CompanionProcess.runOffPool(["menu", "--url", url, "--token", token])
        #expect(menu.status == 0 && menu.output.contains("Ada Lovelace"))
        let unpin = try await CompanionProcess.runOffPool(["unpin", ada, "--url", url, "--token", token])
        #expect(unpin.status == 0, "\(unpin.error)")
        #expect(unpin.output == "unpinned Ada Lovelace (\(ada))\n")
        #expect(try await pinned(ada) == false)

        let refused = try await CompanionProcess.runOffPool(["pin", plain, "--url", url, "--token", token])
        #expect(refused.status == 65)
        #expect(refused.error.hasPrefix("quickactions: the service refused to pin \(plain) (422): "), "\(refused.error)")
        #expect(refused.error.contains("favorite"), "the problem's own words: \(refused.error)")
        #expect(try await pinned(plain) == false)
        let unknown = try await CompanionProcess.runOffPool(["unpin", "nosuchcontact0000000", "--url", url, "--token", token])
        #expect(unknown.status == 65)
        #expect(unknown.error.contains("(404)"), "\(unknown.error)")
        let badToken = try await CompanionProcess.runOffPool(["pin", ada, "--url", url, "--token", "wrong"])
        #expect(badToken.status == 77)
        let noID = try await CompanionProcess.runOffPool(["pin", "--url", url])
        #expect(noID.status == 64)
        #expect(noID.error.hasPrefix("quickactions: pin needs the ID of a contact"), "\(noID.error)")
        #expect(try await CompanionProcess.runOffPool(["unpin", ada, "extra", "--url", url]).status == 64)
        let down = try await CompanionProcess.runOffPool(["pin", ada, "--url", "http://127.0.0.1:\(LoopbackSocket.unusedPort())"])
        #expect(down.status == 69)
    }

    @Test("--help, -h and help print the usage on stdout and exit 0")
    func help() throws {
        for arguments in [["--help"], ["-h"], ["help"], ["menu", "--help"], ["trigger", "-h"], ["pin", "--help"]] {
            let result = try CompanionProcess.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.error)")
            #expect(result.output.hasPrefix("usage: quickactions menu"), "\(arguments): \(result.output)")
            #expect(result.error.isEmpty, "\(arguments): \(result.error)")
            #expect(result.output.contains("quickactions pin     ID") && result.output.contains("quickactions unpin   ID"))
        }
    }

    @Test("A bad --url or QUICKACTIONS_URL says what is wrong with it and exits 64")
    func badURL() throws {
        let cases: [(url: String, says: String)] = [
            ("http://", "has no host"), ("http:foo", "has no host"), ("ftp://example.com", "must start with http:// or https://"),
            ("http://a b", "is not a URL"), ("", "is not a URL"), ("http://127.0.0.1:99999", "has no valid port"),
        ]
        for (url, says) in cases {
            let result = try CompanionProcess.run(["menu", "--url", url])
            #expect(result.status == 64, "'\(url)': \(result.error)")
            #expect(result.error.hasPrefix("quickactions: --url '\(url)' \(says)"), "'\(url)': \(result.error)")
        }
        let fromEnvironment = try CompanionProcess.run(["menu"], environment: ["QUICKACTIONS_URL": "http://"])
        #expect(fromEnvironment.status == 64)
        #expect(fromEnvironment.error.hasPrefix("quickactions: QUICKACTIONS_URL 'http://' has no host"), "\(fromEnvironment.error)")
    }

    @Test("watch draws the menu and redraws it when the list changes")
    func watchRedraws() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try ServerProcess(directory: directory, arguments: ["--no-seed"])
        defer { server.stop() }
        let outputPath = directory.appendingPathComponent("watch.out").path
        let watcher = try CompanionProcess.start(["watch", "--url", server.url.absoluteString], outputPath: outputPath)
        defer { _ = watcher.stop(SIGTERM, seconds: 5) }
        func text() -> String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }
        var deadline = Date().addingTimeInterval(10)
        while text().components(separatedBy: "version ").count < 3 && Date() < deadline { try await Task.sleep(nanoseconds: 50_000_000) }
        #expect(try await server.fetch("POST", "contacts", json: #"{"name":"Watched Person","favorite":true}"#).status == 201)
        deadline = Date().addingTimeInterval(10)
        while !text().contains("Watched Person") && Date() < deadline { try await Task.sleep(nanoseconds: 50_000_000) }
        #expect(text().contains("Watched Person"), "\(text())")
        #expect(text().contains("\u{1B}[2J"), "redrawn")
    }
}
