import Foundation
import Glibc
import TestSupport
import Testing

/// Two instances on one PostgreSQL database: a pick on one reorders the list on the other, and
/// a write of one favorite on one moves or removes that favorite on the other (the notices carry
/// the contact, so the other instance reads that one contact). Runs when
/// `QUICKACTIOND_TEST_POSTGRES` is set.
@Suite(.enabled(if: TestPostgreSQLServer.enabled)) struct CrossInstanceRankingEndToEndTests {
    /// Waits until `server`'s favorites are `names`, in that order; returns them as last seen.
    static func awaitFavorites(_ server: ServerProcess, _ names: [String]) throws -> [String] {
        let deadline = Date().addingTimeInterval(10)
        var seen: [String] = []
        repeat {
            seen = try RankingEndToEndTests.dynamicItems(server).items.map(\.0)
            if seen == names { return seen }
            usleep(20_000)
        } while Date() < deadline
        return seen
    }

    @Test("A pick on A reorders B's list; unfavoriting on B removes the item from A's")
    func picksAndWritesReorderTheOtherInstance() throws {
        try CrossInstanceEndToEndTests.withPair { a, b in
            _ = try a.createContact(name: "Ada", favorite: true)
            let bob = try a.createContact(name: "Bob", favorite: true)
            #expect(try Self.awaitFavorites(b, ["Ada", "Bob"]) == ["Ada", "Bob"])
            try RankingEndToEndTests.pick(a, bob)
            #expect(try Self.awaitFavorites(b, ["Bob", "Ada"]) == ["Bob", "Ada"])
            #expect(try RankingEndToEndTests.dynamicItems(a).items.map(\.0) == ["Bob", "Ada"])
            #expect(try b.request("DELETE", "/contacts/\(bob.id)/favorite").status == 200)
            #expect(try Self.awaitFavorites(a, ["Ada"]) == ["Ada"])
            #expect(try RankingEndToEndTests.dynamicItems(a).etag == RankingEndToEndTests.dynamicItems(b).etag)
        }
    }
}
