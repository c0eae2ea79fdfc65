import Foundation
import Glibc
import TestSupport
import Testing

/// The real binary serving the list to Android and the web (`?platform=`), with a platform
/// mapping (`--platforms`), and reading an Android app's `shortcuts.xml` as its source.
@Suite struct PlatformsEndToEndTests {
    /// A mapping that gives the favorites an Android id, data URI and disabled message, and a web URL.
    static let mapping = #"""
        {
          "android": {
            "package": "com.example.contacts", "activity": "com.example.contacts.MainActivity",
            "items": {
              "FavoriteAction": { "id": "contact-{contactId}", "data": "content://contacts/{contactId}", "disabledMessage": "Contact removed" }
            }
          },
          "web": { "scope": "/", "items": { "FavoriteAction": { "url": "/contacts/{contactId}" } } }
        }
        """#

    /// The `shortcuts` array and `warnings` of a platform list.
    static func list(_ response: RawHTTPResponse, sourceLocation: SourceLocation = #_sourceLocation) throws -> (
        shortcuts: [[String: Any]], warnings: [[String: Any]]
    ) {
        try #require(response.status == 200, "\(response.status) \(response.text)", sourceLocation: sourceLocation)
        #expect(response.mediaType == "application/json", sourceLocation: sourceLocation)
        let object = try response.jsonObject()
        #expect(object["version"] is String, sourceLocation: sourceLocation)
        return (
            try #require(object["shortcuts"] as? [[String: Any]], sourceLocation: sourceLocation),
            try #require(object["warnings"] as? [[String: Any]], sourceLocation: sourceLocation)
        )
    }

    @Test("With --platforms, ?platform=android and ?platform=web follow the mapping, revalidate with 304, and change with a favorite")
    func mappedListsAreServedAndCached() throws {
        let directory = try TemporaryDirectory()
        try Self.mapping.write(toFile: directory.path("platforms.json"), atomically: true, encoding: .utf8)
        let server = try ServerProcess(
            directory: directory, arguments: ["--no-seed", "--platforms", directory.path("platforms.json"), "--android-max-shortcuts", "3"])
        defer { server.stop() }
        let ada = try server.createContact(name: "Ada", email: "ada@example.com", favorite: true)
        _ = try server.createContact(name: "Bob", favorite: true)

        let android = try server.request("GET", "/shortcuts?platform=android")
        let (shortcuts, warnings) = try Self.list(android)
        #expect(shortcuts.map { $0["id"] as? String } == ["SearchAction", "ShareAction", "contact-\(ada.id)", shortcuts.last?["id"] as? String])
        let favorite = shortcuts[2]
        let intent = try #require(favorite["intent"] as? [String: Any])
        #expect(intent["data"] as? String == "content://contacts/\(ada.id)")
        #expect(intent["targetPackage"] as? String == "com.example.contacts")
        #expect(intent["targetClass"] as? String == "com.example.contacts.MainActivity")
        #expect(favorite["disabledMessage"] as? String == "Contact removed")
        #expect(favorite["shortLabel"] as? String == "Ada" && favorite["kind"] as? String == "dynamic")
        #expect(warnings.allSatisfy { $0["platform"] as? String == "android" }, "\(warnings)")
        #expect(!warnings.contains { $0["rule"] as? String == "android-no-disabled-message" }, "the mapping gives one")

        let visible = try Self.list(try server.request("GET", "/shortcuts?platform=android&visible=true")).shortcuts
        #expect(visible.count == 3, "--android-max-shortcuts 3: \(visible.map { $0["id"] ?? "" })")

        let web = try Self.list(try server.request("GET", "/shortcuts?platform=web")).shortcuts
        #expect(web.map { $0["url"] as? String }.contains("/contacts/\(ada.id)"))
        #expect(web.first?["name"] as? String == "Search" && web.first?["short_name"] as? String == "Search")

        let etag = try #require(android.header("ETag"))
        #expect(etag != (try server.request("GET", "/shortcuts").header("ETag")), "each platform's list has its own ETag")
        let again = try server.request("GET", "/shortcuts?platform=android", headers: [("If-None-Match", etag)])
        #expect(again.status == 304)
        _ = try server.request("PATCH", "/contacts/\(ada.id)", json: #"{"name": "Ada Lovelace"}"#)
        let changed = try server.request("GET", "/shortcuts?platform=android", headers: [("If-None-Match", etag)])
        #expect(changed.status == 200, "a renamed favorite is a new Android list")
        let renamed = try Self.list(changed).shortcuts
        #expect(renamed[2]["id"] as? String == "contact-\(ada.id)", "a favorite's id does not change when it is renamed")
        #expect(renamed[2]["shortLabel"] as? String == "Ada Lovelace")
    }

    @Test("An unknown ?platform= is a 400 problem; an Accept that refuses JSON is a 406 for Android and the web")
    func badPlatformRequests() throws {
        let server = try ServerProcess(arguments: ["--no-seed"])
        defer { server.stop() }
        let problem = try Expect.problem(try server.request("GET", "/shortcuts?platform=windows"), 400)
        #expect(problem.detail.contains("windows"))
        try Expect.problem(try server.request("GET", "/shortcuts?platform=android", headers: [("Accept", "application/x-plist")]), 406)
        try Expect.problem(try server.request("GET", "/shortcuts?platform=web", headers: [("Accept", "text/html")]), 406)
        let ios = try server.request("GET", "/shortcuts?platform=ios", headers: [("Accept", "application/x-plist")])
        #expect(ios.status == 200 && ios.mediaType == "application/x-plist")
    }

    @Test("A mapping file with an unknown key stops start-up, naming the file and the key")
    func badMappingStopsStartUp() throws {
        let directory = try TemporaryDirectory()
        try #"{"android": {"items": {"SearchAction": {"label": "x"}}}}"#.write(
            toFile: directory.path("platforms.json"), atomically: true, encoding: .utf8)
        let run = try ServerProcess.runToExit(directory: directory, arguments: ["--platforms", directory.path("platforms.json")])
        #expect(!run.listened)
        #expect(run.exit == .exited(1), "\(run.exit)")
        #expect(run.standardError.contains("platforms.json: android.items.SearchAction.label"), "\(run.standardError)")
    }

    @Test("An Android shortcuts.xml is the source: the iOS list's types and titles come from it, translated from res/values-*")
    func androidSourceGivesTheIOSList() throws {
        let shortcuts = RealInfoPlistEndToEndTests.realApp("Android/BinaryEye/res/xml/shortcuts.xml")
        let server = try ServerProcess(arguments: ["--no-seed", "--shortcuts", shortcuts])
        defer { server.stop() }
        let english = try server.request("GET", "/shortcuts", headers: [("Accept-Language", "en")])
        let items = try english.decode(ShortcutListBody.self).items
        #expect(items.map(\.type) == ["decode", "encode", "history", "preferences"])
        #expect(items.first?.localizedTitle == "Scan a barcode")
        let portuguese = try server.request("GET", "/shortcuts", headers: [("Accept-Language", "pt-BR")])
        #expect(try portuguese.decode(ShortcutListBody.self).items.first?.localizedTitle == "Digitalizar um código de barras")
        #expect(portuguese.header("Content-Language") == "pt-BR")
        let android = try Self.list(try server.request("GET", "/shortcuts?platform=android", headers: [("Accept-Language", "pt-BR")]))
        let decode = try #require(android.shortcuts.first)
        #expect(decode["id"] as? String == "decode" && decode["icon"] as? String == "ic_shortcut_decode")
        #expect(decode["shortLabel"] as? String == "Digitalizar um código de barras")
        let intent = try #require(decode["intent"] as? [String: Any])
        #expect(intent["targetClass"] as? String == "de.markusfisch.android.binaryeye.activity.CameraActivity")
    }

    @Test("A bad Android shortcuts.xml stops start-up, naming the file, the line and the shortcut id")
    func badAndroidSourceStopsStartUp() throws {
        let directory = try TemporaryDirectory()
        let res = directory.path("res")
        try FileManager.default.createDirectory(atPath: res + "/xml", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: res + "/values", withIntermediateDirectories: true)
        try #"<resources><string name="a">A</string></resources>"#.write(toFile: res + "/values/strings.xml", atomically: true, encoding: .utf8)
        try """
        <shortcuts xmlns:android="http://schemas.android.com/apk/res/android">
          <shortcut android:shortcutId="a" android:shortcutShortLabel="@string/a"><intent android:action="x"/></shortcut>
          <shortcut android:shortcutId="b" android:shortcutShortLabel="@string/missing"><intent android:action="x"/></shortcut>
        </shortcuts>
        """.write(toFile: res + "/xml/shortcuts.xml", atomically: true, encoding: .utf8)
        let run = try ServerProcess.runToExit(directory: directory, arguments: ["--shortcuts", res + "/xml/shortcuts.xml"])
        #expect(!run.listened)
        #expect(run.exit == .exited(1), "\(run.exit)")
        #expect(run.standardError.contains(#"shortcuts.xml:3: shortcut "b": "#), "\(run.standardError)")
        #expect(run.standardError.contains("@string/missing"), "\(run.standardError)")
    }

    @Test("SIGHUP reads --platforms again: the Android list follows the new mapping")
    func reloadReadsTheMappingAgain() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("platforms.json")
        try #"{"android": {"items": {"SearchAction": {"id": "find"}}}}"#.write(toFile: path, atomically: true, encoding: .utf8)
        let server = try ServerProcess(directory: directory, arguments: ["--no-seed", "--platforms", path])
        defer { server.stop() }
        #expect(try Self.list(try server.request("GET", "/shortcuts?platform=android")).shortcuts.first?["id"] as? String == "find")
        try #"{"android": {"items": {"SearchAction": {"id": "lookup"}}}}"#.write(toFile: path, atomically: true, encoding: .utf8)
        let line = try ReloadEndToEndTests.reload(server, expect: "reloaded")
        #expect(line.contains("--platforms"), "\(line)")
        #expect(try Self.list(try server.request("GET", "/shortcuts?platform=android")).shortcuts.first?["id"] as? String == "lookup")
    }

    @Test("With --accounts, each account's Android and web lists hold its own favorites, revalidate, and change with them")
    func accountsHaveTheirOwnPlatformLists() throws {
        let server = try AccountsEndToEndTests.server()
        defer { server.stop() }
        let ada = try AccountsEndToEndTests.createAccount(server, name: "ada")
        let bob = try AccountsEndToEndTests.createAccount(server, name: "bob")
        let contact = try AccountsEndToEndTests.send(server, ada.token, "POST", "/contacts", json: #"{"name": "Lin", "favorite": true}"#)
        let id = try #require(try contact.jsonObject()["id"] as? String)
        let adaList = try AccountsEndToEndTests.send(server, ada.token, "GET", "/shortcuts?platform=android")
        #expect(try Self.list(adaList).shortcuts.map { $0["id"] as? String }.contains("favorite-\(id)"))
        let bobList = try AccountsEndToEndTests.send(server, bob.token, "GET", "/shortcuts?platform=android")
        #expect(try Self.list(bobList).shortcuts.count == 2, "bob has the static items only")
        let etag = try #require(adaList.header("ETag"))
        #expect(
            try AccountsEndToEndTests.send(server, ada.token, "GET", "/shortcuts?platform=android", headers: [("If-None-Match", etag)]).status == 304)
        let web = try Self.list(try AccountsEndToEndTests.send(server, ada.token, "GET", "/shortcuts?platform=web")).shortcuts
        #expect(web.map { $0["name"] as? String } == ["Search", "Share", "Lin"])
        _ = try AccountsEndToEndTests.send(server, ada.token, "DELETE", "/contacts/\(id)/favorite")
        let after = try AccountsEndToEndTests.send(server, ada.token, "GET", "/shortcuts?platform=android", headers: [("If-None-Match", etag)])
        #expect(after.status == 200)
        #expect(try Self.list(after).shortcuts.count == 2)
    }
}
