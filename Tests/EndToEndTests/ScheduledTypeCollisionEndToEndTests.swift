import Foundation
import Glibc
import TestSupport
import Testing

/// A static item and a scheduled item never share a type in a list, in the real binary: a
/// reload whose file adds the type of a scheduled item is refused like any bad reload (the
/// configuration in force kept, the log naming the file, the type and the item), as creating a
/// scheduled item of a static type is a 422. A start whose file has such a type starts, lists
/// the static item, and leaves the scheduled item out, logged with its id, until a file without
/// the type is loaded.
@Suite(.serialized) struct ScheduledTypeCollisionEndToEndTests {
    /// A JSON items file with one static item per type, titled as the type.
    static func items(_ types: [String]) -> String {
        "[" + types.map { #"{"type": "\#($0)", "localizedTitle": "\#($0)"}"# }.joined(separator: ",") + "]"
    }

    /// The list's items of `type`.
    static func items(of type: String, in server: ServerProcess) throws -> [[String: Any]] {
        let response = try server.request("GET", "/shortcuts")
        #expect(response.status == 200)
        return (try response.jsonObject()["items"] as? [[String: Any]] ?? []).filter { $0["type"] as? String == type }
    }

    /// The `scheduledItemId` of a list item, nil for a static item.
    static func scheduledID(_ item: [String: Any]?) -> String? {
        (item?["userInfo"] as? [String: Any])?["scheduledItemId"] as? String
    }

    @Test(
        "A reload adding a scheduled item's type is refused, a start with it hides the scheduled item: `promo` is never listed twice",
        arguments: StorageBackend.available)
    func staticAndScheduledTypesNeverCollide(on backend: StorageBackend) throws {
        switch backend {
        case .sqlite: try Self.staticAndScheduledTypesNeverCollide(database: [])
        case .postgres:
            try TestPostgreSQLServer.withDatabase { conninfo in try Self.staticAndScheduledTypesNeverCollide(database: ["--db", conninfo]) }
        }
    }

    /// The test, on the store `database` names (the default SQLite file without it): a restart
    /// starts a new process on the same store.
    static func staticAndScheduledTypesNeverCollide(database: [String]) throws {
        let directory = try TemporaryDirectory()
        let itemsFile = directory.path("items.json")
        try ReloadEndToEndTests.write(Self.items(["Alpha"]), to: itemsFile)
        let arguments = database + ["--no-seed", "--shortcuts", itemsFile]
        var server = try ServerProcess(directory: directory, arguments: arguments)
        let now = Date()
        let id = try ScheduledItemsEndToEndTests.schedule(
            server, "promo", from: now.addingTimeInterval(-60), until: now.addingTimeInterval(3600))
        #expect(Self.scheduledID(try Self.items(of: "promo", in: server).first) == id)

        // The reload is refused, naming the file, the type and the item; the list keeps one promo.
        try ReloadEndToEndTests.write(Self.items(["Alpha", "promo"]), to: itemsFile)
        let failed = try ReloadEndToEndTests.reload(server, expect: "reload failed: the configuration in force is kept")
        #expect(failed.contains(#""file":"\#(itemsFile)""#) && failed.contains("'promo'") && failed.contains(id), "\(failed)")
        let afterReload = try Self.items(of: "promo", in: server)
        #expect(afterReload.count == 1 && Self.scheduledID(afterReload.first) == id, "\(afterReload)")
        // As create refuses a static type.
        let taken = try server.request(
            "POST", "/scheduled-items",
            json: #"{"type":"Alpha","title":{"default":"A"},"from":"2030-01-01T00:00:00Z","until":"2030-01-02T00:00:00Z"}"#)
        #expect(taken.status == 422, "\(taken.text)")
        #expect(server.stop() == .exited(0))

        // A start with the file: the static promo is listed, the scheduled one left out and logged.
        server = try ServerProcess(directory: directory, arguments: arguments)
        defer { server.stop() }
        let hidden = try ReloadEndToEndTests.lines(in: server, with: "scheduled item not listed: a static item has its type")
        #expect(hidden.count == 1 && hidden.first?.contains(id) == true && hidden.first?.contains(#""type":"promo""#) == true, "\(hidden)")
        let atStart = try Self.items(of: "promo", in: server)
        #expect(atStart.count == 1 && Self.scheduledID(atStart.first) == nil, "\(atStart)")
        // The same file again is no new collision; a file without promo lists the scheduled one again.
        try ReloadEndToEndTests.reload(server, expect: "reloaded: nothing changed")
        try ReloadEndToEndTests.write(Self.items(["Alpha"]), to: itemsFile)
        try ReloadEndToEndTests.reload(server, expect: "reloaded")
        let back = try Self.items(of: "promo", in: server)
        #expect(back.count == 1 && Self.scheduledID(back.first) == id, "\(back)")
        #expect(server.stop() == .exited(0))
    }
}
