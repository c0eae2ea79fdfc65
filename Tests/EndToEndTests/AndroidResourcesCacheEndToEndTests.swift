import Foundation
import Glibc
import TestSupport
import Testing

/// `GET /shortcuts/android/res.zip` is built once per setup and kept with it: with 2,000 static
/// items the first request builds it, the next ones send what was built; a reload that
/// changes the items builds a new one (a new ETag).
@Suite struct AndroidResourcesCacheEndToEndTests {
    /// `count` static items as a `--shortcuts` JSON file, titled with `prefix`.
    static func items(_ count: Int, prefix: String) -> String {
        let items = (0..<count).map {
            #"{"type":"Action\#($0)","localizedTitle":"\#(prefix) \#($0)","localizedSubtitle":"Subtitle \#($0)","icon":{"type":"search"}}"#
        }
        return #"{"items":["# + items.joined(separator: ",") + "]}"
    }

    /// `GET res.zip` with `headers`, and how long it took.
    static func timed(_ server: ServerProcess, headers: [(String, String)] = []) throws -> (RawHTTPResponse, Duration) {
        let started = ContinuousClock.now
        let response = try server.request("GET", "/shortcuts/android/res.zip", headers: headers)
        return (response, ContinuousClock.now - started)
    }

    @Test("2,000 static items: res.zip is built on the first request, then served as built; a reload that changes the items builds it anew")
    func theArchiveIsKeptWithTheSetup() throws {
        let directory = try TemporaryDirectory()
        let file = directory.path("items.json")
        try Self.items(2000, prefix: "Title").write(toFile: file, atomically: true, encoding: .utf8)
        let server = try ServerProcess(directory: directory, arguments: ["--no-seed", "--shortcuts", file])
        defer { server.stop() }
        let (first, built) = try Self.timed(server)
        try #require(first.status == 200, "\(first.text)")
        let (second, kept) = try Self.timed(server)
        print("res.zip with 2,000 static items: first request (builds) \(built), second (kept) \(kept), \(first.body.count) bytes")
        #expect(second.status == 200 && second.body == first.body && second.header("ETag") == first.header("ETag"))
        #expect(kept < .seconds(1))
        let etag = try #require(first.header("ETag"))
        #expect(try server.request("GET", "/shortcuts/android/res.zip", headers: [("If-None-Match", etag)]).status == 304)

        try Self.items(500, prefix: "Renamed").write(toFile: file, atomically: true, encoding: .utf8)
        try ReloadEndToEndTests.reload(server, expect: "reloaded")
        let (renamed, rebuilt) = try Self.timed(server)
        print("res.zip after a reload to 500 renamed items (builds anew): \(rebuilt)")
        #expect(renamed.status == 200 && renamed.header("ETag") != etag && renamed.body != first.body)
    }
}
