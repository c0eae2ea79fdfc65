import Foundation
import TestSupport
import Testing

/// `GET /shortcuts/preview.svg?warnings=true` of a list of 10,000 favorites, against the real
/// binary: the picture shows what the Home Screen shows and a bounded legend, and drawing it
/// never holds up the server.
@Suite struct PreviewLongListEndToEndTests {
    static let favorites = 10_000
    static let preview = "/shortcuts/preview.svg?warnings=true"

    /// A server on a store of `favorites` favorites: the schema made by a first start, the rows
    /// by `bench/fill_contacts.py` (which checks that it still mirrors the schema), all made
    /// favorites in SQLite. Seconds, where 10,000 POSTs would take a minute on a debug build.
    static func server(favorites: Int) throws -> ServerProcess {
        let directory = try TemporaryDirectory()
        try #require(try ServerProcess(directory: directory, arguments: ["--no-seed"]).stop() == .exited(0))
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("bench/fill_contacts.py").path
        let path = directory.path("test.sqlite")
        let filled = try ChildProcess.run("/usr/bin/env", ["python3", script, path, String(favorites)], seconds: 60)
        try #require(filled == .exited(0), "fill_contacts.py: \(String(describing: filled))")
        try StartupRefusalEndToEndTests.sqlite(path, "UPDATE contacts SET favorite = 1")
        return try ServerProcess(directory: directory, arguments: ["--no-seed"])
    }

    /// The `height` of the picture's `<svg>` element.
    static func height(_ svg: String) -> Double? {
        guard let match = svg.firstMatch(of: #/<svg [^>]*? height="([0-9.]+)"/#) else { return nil }
        return Double(match.1)
    }

    @Test("10,000 favorites: a small picture with 20 findings and how many more; drawing it after a change does not hold up /healthz")
    func longList() throws {
        let server = try Self.server(favorites: Self.favorites)
        defer { server.stop() }
        let list = try server.request("GET", "/shortcuts")
        let object = try list.jsonObject()
        #expect((object["items"] as? [Any])?.count == Self.favorites + 2)
        let findings = try #require((object["warnings"] as? [Any])?.count)
        #expect(findings > 20, "the filled names repeat: duplicate titles")

        let picture = try server.request("GET", Self.preview)
        #expect(picture.status == 200)
        #expect(picture.body.count < 64 * 1024, "the picture is \(picture.body.count) bytes")
        let height = try #require(Self.height(picture.text))
        #expect(height < 3_000, "the picture is \(height) px tall")
        #expect(PreviewEndToEndTests.isWellFormedXML(picture.body))
        #expect(picture.text.contains(">and \(findings - 20) more</text>"))
        #expect(picture.text.components(separatedBy: #" r="7.5" "#).count - 1 == 20, "20 numbered findings in the legend")
        #expect(picture.text.components(separatedBy: #"<g class="row""#).count - 1 == 4, "the four items the Home Screen shows")
        let android = try server.request("GET", Self.preview + "&platform=android&placement=below")
        #expect(android.status == 200)
        #expect(android.body.count < 64 * 1024, "the Android picture is \(android.body.count) bytes")
        #expect(android.text.components(separatedBy: #"<g class="row""#).count - 1 == 4, "the four shortcuts a launcher shows")

        // A change, then three pictures at once while a probe times /healthz on its own connection.
        let contact = try #require(try server.listContacts("?limit=1").contacts.first)
        #expect(try server.request("PATCH", "/contacts/\(contact.id)", json: #"{"name":"Renamed Favorite"}"#).status == 200)
        let probe = try server.connect()
        defer { probe.close() }
        let done = Locked(false)
        let fetched = Locked([String]())
        let port = server.port
        let fetching = Thread {
            let (answers, _) = ThreadGroup.run(count: 3, timeout: 120) { _ in
                let client = try RawHTTPConnection(port: port)
                defer { client.close() }
                let answer = try client.send("GET", Self.preview)
                return "\(answer.status) \(answer.header("ETag") ?? "")"
            }
            done.withLock { $0 = true }
            fetched.withLock { $0 = answers.map { $0 ?? "failed" } }
        }
        fetching.start()
        var slowest = 0.0
        let deadline = Date().addingTimeInterval(120)
        while !done.value && Date() < deadline {
            let started = Date()
            #expect(try probe.send("GET", "/healthz").status == 200)
            slowest = max(slowest, Date().timeIntervalSince(started))
            usleep(5_000)
        }
        #expect(done.value, "the pictures were not drawn within 120 s")
        #expect(slowest < 0.5, "GET /healthz took \(slowest) s while pictures were drawn")
        let answers = fetched.value
        #expect(answers.count == 3 && answers.allSatisfy { $0.hasPrefix("200 ") }, "\(answers)")
        #expect(Set(answers).count == 1, "one picture for one list: \(answers)")
        #expect(answers.first != "200 \(picture.header("ETag") ?? "")", "the picture follows the change")
    }

    @Test("10,000 favorites: the full list renders off the HTTP threads; each fetch shows the changes made before it, and a current ETag gets 304")
    func fullListOffTheHTTPThreads() throws {
        let server = try Self.server(favorites: Self.favorites)
        defer { server.stop() }
        let first = try server.request("GET", "/shortcuts")
        #expect(first.status == 200)
        let etag = try #require(first.header("ETag"))
        let contact = try #require(try server.listContacts("?limit=1").contacts.first)

        // A name changed and changed back: a new version whose bytes are the first's. Its first
        // revalidation renders it (off the HTTP threads) and finds the same ETag: 304.
        #expect(try server.request("PATCH", "/contacts/\(contact.id)", json: #"{"name":"Renamed Favorite"}"#).status == 200)
        #expect(try server.request("PATCH", "/contacts/\(contact.id)", json: #"{"name":"\#(contact.name)"}"#).status == 200)
        let revalidated = try server.request("GET", "/shortcuts", headers: [("If-None-Match", etag)])
        #expect(revalidated.status == 304)
        #expect(revalidated.header("ETag") == etag)

        // Changes, each followed by full fetches on four connections at once while a probe times
        // /healthz on its own: every fetch shows the change made before it, and the probe is
        // not held up by the renders.
        let probe = try server.connect()
        defer { probe.close() }
        let port = server.port
        var slowest = 0.0
        for round in 1...3 {
            let name = "Changed \(round)"
            #expect(try server.request("PATCH", "/contacts/\(contact.id)", json: #"{"name":"\#(name)"}"#).status == 200)
            let done = Locked(false)
            let fetched = Locked([String]())
            let fetching = Thread {
                let (answers, _) = ThreadGroup.run(count: 4, timeout: 120) { _ in
                    let client = try RawHTTPConnection(port: port)
                    defer { client.close() }
                    let answer = try client.send("GET", "/shortcuts")
                    return "\(answer.status) \(answer.text.contains(name) ? "changed" : "stale")"
                }
                done.withLock { $0 = true }
                fetched.withLock { $0 = answers.map { $0 ?? "failed" } }
            }
            fetching.start()
            let deadline = Date().addingTimeInterval(120)
            while !done.value && Date() < deadline {
                let started = Date()
                #expect(try probe.send("GET", "/healthz").status == 200)
                slowest = max(slowest, Date().timeIntervalSince(started))
                usleep(2_000)
            }
            #expect(done.value, "the lists were not fetched within 120 s")
            #expect(fetched.value == Array(repeating: "200 changed", count: 4), "round \(round)")
        }
        // Rendered on the HTTP threads, a debug build's slowest was 378 ms; off them, 4.6 ms. The
        // bound leaves room for a sanitizer's build on a busy machine.
        #expect(slowest < 0.25, "GET /healthz took \(slowest) s while the full list was rendered")
    }
}
