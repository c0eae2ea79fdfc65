import Foundation
import TestSupport
import Testing

/// Names are matched under canonical equivalence after trimming, and their length is counted
/// in characters as people see them, on the real binary.
@Suite struct NameMatchingEndToEndTests {
    static let json = ("Content-Type", "application/json")

    /// `POST /trigger` for a FavoriteAction naming `name` (no contactId).
    static func trigger(_ server: ServerProcess, name: String) throws -> RawHTTPResponse {
        let body = try JSONSerialization.data(withJSONObject: ["type": "FavoriteAction", "userInfo": ["Name": name]])
        return try server.request("POST", "/trigger", headers: [json], body: Array(body))
    }

    @Test("A trigger naming the seed's \"Anders Ångström\" in NFD, or with a trailing space, finds the contact (200, not 410)")
    func decomposedAndPaddedNamesAreFound() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        for name in ["Anders A\u{30A}ngstro\u{308}m", "Anders \u{C5}ngstr\u{F6}m ", " Anders A\u{30A}ngstro\u{308}m\t"] {
            let response = try Self.trigger(server, name: name)
            #expect(response.status == 200, "\(Array(name.unicodeScalars)): \(response.status) \(response.text)")
            if response.status == 200 {
                #expect(try response.decode(TriggerResultBody.self).message == "FavoriteAction triggered for Anders \u{C5}ngstr\u{F6}m")
            }
        }
        try Expect.problem(try Self.trigger(server, name: "Anders Angstrom"), 410)
    }

    @Test("Two contacts \"Renée X\", one stored NFC and one NFD: a trigger by either form is 409 (two contacts have that name)")
    func canonicallyEqualNamesAreOneName() throws {
        let server = try ServerProcess(arguments: ["--no-seed"])
        defer { server.stop() }
        _ = try server.createContact(name: "Ren\u{E9}e X", favorite: true)
        let first = try Self.trigger(server, name: "Ren\u{E9}e X")
        #expect(first.status == 200, "one contact so far: \(first.status) \(first.text)")
        _ = try server.createContact(name: "Rene\u{301}e X", favorite: true)
        for name in ["Ren\u{E9}e X", "Rene\u{301}e X", "Rene\u{301}e X "] {
            let problem = try Expect.problem(try Self.trigger(server, name: name), 409)
            #expect(problem.detail.contains("2 contacts"), "\(problem.detail)")
        }
    }

    @Test("A name of 51 × (e + U+0301) is 51 characters and accepted; 101 characters are refused (422)")
    func lengthCountsCharacters() throws {
        let server = try ServerProcess(arguments: ["--no-seed"])
        defer { server.stop() }
        let decomposed = String(repeating: "e\u{301}", count: 51)
        let created = try server.createContact(name: decomposed)
        #expect(Array(created.name.unicodeScalars) == Array(decomposed.unicodeScalars), "the name is stored as sent")
        _ = try server.createContact(name: String(repeating: "\u{E9}", count: 100))
        for name in [String(repeating: "e", count: 101), String(repeating: "e\u{301}", count: 101)] {
            let body = try JSONSerialization.data(withJSONObject: ["name": name])
            let problem = try Expect.problem(try server.request("POST", "/contacts", headers: [Self.json], body: Array(body)), 422)
            #expect(problem.detail.contains("100 characters"), "\(problem.detail)")
        }
    }
}
