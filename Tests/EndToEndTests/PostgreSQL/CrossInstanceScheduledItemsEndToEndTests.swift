import Foundation
import Glibc
import TestSupport
import Testing

/// Two instances on one PostgreSQL database: a scheduled item written on one shows in the other's
/// list, and its deletion there leaves the first one's. Runs when `QUICKACTIOND_TEST_POSTGRES` is set.
@Suite(.enabled(if: TestPostgreSQLServer.enabled)) struct CrossInstanceScheduledItemsEndToEndTests {
    /// Waits until `server`'s list holds an item of `type` (or, with `present` false, none);
    /// returns whether it came to be.
    static func awaitItem(_ server: ServerProcess, _ type: String, present: Bool = true) throws -> Bool {
        let deadline = Date().addingTimeInterval(10)
        repeat {
            if try server.shortcuts().list.items.contains(where: { $0.type == type }) == present { return true }
            usleep(20_000)
        } while Date() < deadline
        return false
    }

    @Test("A scheduled item created on A shows on B; deleted on B, it leaves A's list")
    func writesReachTheOtherInstance() throws {
        try CrossInstanceEndToEndTests.withPair { a, b in
            let now = Date()
            let id = try ScheduledItemsEndToEndTests.schedule(
                a, "CrossSale", from: now.addingTimeInterval(-60), until: now.addingTimeInterval(3600))
            #expect(try Self.awaitItem(b, "CrossSale"))
            #expect(try b.request("GET", "/scheduled-items/\(id)").status == 200)
            #expect(try b.request("DELETE", "/scheduled-items/\(id)").status == 204)
            #expect(try Self.awaitItem(a, "CrossSale", present: false))
            #expect(try a.shortcuts().etag == b.shortcuts().etag)
        }
    }
}
