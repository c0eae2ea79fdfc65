import Testing

@testable import QuickActions

@Suite struct WebManifestTests {
    static let favorites = [AndroidShortcutListTests.contact("01H", "Ada Lovelace"), AndroidShortcutListTests.contact("02J", "Grace Hopper")]

    @Test func defaultsWithoutAMapping() {
        var items = AndroidShortcutListTests.items(Self.favorites)
        items[3].enabled = false
        let (shortcuts, warnings) = WebManifestShortcuts.render(items, mapping: nil, table: nil)
        #expect(warnings.isEmpty)
        #expect(shortcuts.map(\.name) == ["Search", "Share", "Ada Lovelace"])
        #expect(shortcuts.map(\.shortName) == ["Search", "Share", "Ada Lovelace"])
        #expect(shortcuts.map(\.description) == ["Search for an item", "Share an item", nil])
        #expect(
            shortcuts.map(\.url) == [
                "./?shortcut=SearchAction", "./?shortcut=ShareAction", "./?shortcut=FavoriteAction&Name=Ada%20Lovelace&contactId=01H",
            ])
        #expect(
            JSONWriter.string(WebManifestShortcuts.json([shortcuts[0]]))
                == #"[{"description":"Search for an item","name":"Search","short_name":"Search","url":"./?shortcut=SearchAction"}]"#)
    }

    @Test func theMappingSetsURLsNamesAndIcons() throws {
        let mapping = try #require(try PlatformMappingTests.mapping().web)
        let items = AndroidShortcutListTests.items(Self.favorites)
        let (shortcuts, _) = WebManifestShortcuts.render(items, mapping: mapping, table: ["Search": "Suchen"])
        #expect(shortcuts.map(\.url) == ["/search", "./?shortcut=ShareAction", "/contacts/01H", "/contacts/02J"])
        #expect(shortcuts[0].shortName == "Suchen")
        #expect(shortcuts[0].icons.first?.has(width: 96, height: 96) == true)
        var odd = items
        odd[2].userInfo = nil
        let rendered = WebManifestShortcuts.render(odd, mapping: mapping, table: nil)
        #expect(rendered.shortcuts[2].url == "./?shortcut=FavoriteAction")
        #expect(rendered.warnings.map(\.rule) == ["web-template-key-missing"])
    }

    /// The scopes Chromium worked out for the fixtures (platform-facts §4.2, §4.3).
    @Test func scopesAreWorkedOutAsChromiumDoes() throws {
        func scope(_ manifest: String, url: String = "https://h.test/app/manifest.json", document: String? = nil) throws -> WebManifestScope {
            guard case .object(let members) = try JSONParser.parse(manifest) else { throw WebManifestError(path: "", reason: "") }
            return try #require(WebManifestScope(manifest: members, manifestURL: url, documentURL: document))
        }
        #expect(try scope(#"{"start_url": "/?pwa=true"}"#).scope.absoluteString == "https://h.test/")
        #expect(try scope(#"{}"#, document: "https://h.test/WPT/page.html").scope.absoluteString == "https://h.test/WPT/")
        #expect(try scope(#"{"scope": "/"}"#).scope.absoluteString == "https://h.test/")
        // A scope that does not hold start_url is ignored.
        #expect(try scope(#"{"scope": "/other/", "start_url": "/app/"}"#).scope.absoluteString == "https://h.test/app/")
        let root = try scope(#"{"scope": "/"}"#)
        #expect(root.contains("/notifications?pwa=true"))
        #expect(root.contains("#x"))
        #expect(root.contains(""))
        #expect(!root.contains("https://example.com"))
        #expect(!root.contains("http://foo:660000"))
        let app = try scope(#"{"scope": "./"}"#)
        #expect(app.contains("./?shortcut=SearchAction"))
        #expect(!app.contains("../outside"))
        #expect(!app.contains("/application"))
        #expect(try scope(#"{"scope": "https://other.test/"}"#, url: "https://h.test/manifest.json").scope.absoluteString == "https://h.test/")
        // Without a URL, an absolute scope's origin stands in for the manifest's.
        guard case .object(let absolute) = try JSONParser.parse(#"{"scope": "https://app.example/", "start_url": "https://app.example/"}"#) else {
            return
        }
        #expect(WebManifestScope(manifest: absolute)?.contains("/contacts/1") == true)
    }

    @Test func replacingKeepsEveryOtherByte() throws {
        let original = try FixtureFiles.bytes("RealApps/Web/UptimeKuma/manifest.json")
        let shortcuts = WebManifestShortcuts.render(AndroidShortcutListTests.items(Self.favorites), mapping: nil, table: nil).shortcuts
        let edited = try WebManifestEdit.replacingShortcuts(in: original, with: shortcuts, source: "manifest.json")
        let member = try #require(WebManifestEdit.ObjectLayout(original).members.first { $0.key == "shortcuts" })
        let valueEnd = edited.count - (original.count - member.value.upperBound)
        #expect(Array(edited[..<member.value.lowerBound]) == Array(original[..<member.value.lowerBound]))
        #expect(Array(edited[valueEnd...]) == Array(original[member.value.upperBound...]))
        #expect(String(decoding: edited[member.value.lowerBound..<valueEnd], as: UTF8.self).hasPrefix("[\n    {\n      \"name\": \"Search\",\n"))
        guard case .object(let before) = try JSONParser.parse(original), case .object(var after) = try JSONParser.parse(edited) else { return }
        #expect(after["shortcuts"] == WebManifestShortcuts.json(shortcuts))
        after["shortcuts"] = before["shortcuts"]
        #expect(after == before)
        // Twice gives the same bytes: the replacement is the whole member value.
        #expect(try WebManifestEdit.replacingShortcuts(in: edited, with: shortcuts, source: "manifest.json") == edited)
    }

    @Test func anAbsentMemberIsAddedInTheFilesStyle() throws {
        let shortcut = [WebShortcut(type: "T", name: "N", url: "/n")]
        let pretty = "{\n\t\"name\": \"App\"\n}\n"
        #expect(
            String(decoding: try WebManifestEdit.replacingShortcuts(in: Array(pretty.utf8), with: shortcut, source: "m"), as: UTF8.self)
                == "{\n\t\"name\": \"App\",\n\t\"shortcuts\": [\n\t\t{\n\t\t\t\"name\": \"N\",\n\t\t\t\"url\": \"/n\"\n\t\t}\n\t]\n}\n")
        #expect(
            String(decoding: try WebManifestEdit.replacingShortcuts(in: Array(#"{"name":"App"}"#.utf8), with: shortcut, source: "m"), as: UTF8.self)
                == #"{"name":"App","shortcuts":[{"name":"N","url":"/n"}]}"#)
        #expect(
            String(decoding: try WebManifestEdit.replacingShortcuts(in: Array("{}".utf8), with: [], source: "m"), as: UTF8.self)
                == #"{"shortcuts":[]}"#)
        #expect(
            String(decoding: try WebManifestEdit.replacingShortcuts(in: Array("\u{FEFF}{ }".utf8), with: [], source: "m"), as: UTF8.self)
                == "\u{FEFF}{\"shortcuts\":[] }")
    }

    /// A file whose lines end with CRLF gets CRLF in every line written into it, whether the
    /// member is replaced, added after the last member, or added to an empty object.
    @Test(arguments: [
        "{\r\n  \"name\": \"App\",\r\n  \"shortcuts\": []\r\n}\r\n", "{\r\n  \"name\": \"App\"\r\n}\r\n", "{\r\n}\r\n",
    ])
    func crlfLinesStayCRLF(document: String) throws {
        let shortcuts = [WebShortcut(type: "T", name: "N", url: "/n"), WebShortcut(type: "U", name: "M", url: "/m")]
        let edited = try WebManifestEdit.replacingShortcuts(in: Array(document.utf8), with: shortcuts, source: "m")
        let text = String(decoding: edited, as: UTF8.self)
        #expect(text.contains("\"shortcuts\": [\r\n    {\r\n      \"name\": \"N\",\r\n"), "\(text)")
        #expect(edited.indices.allSatisfy { edited[$0] != 0x0A || ($0 > 0 && edited[$0 - 1] == 0x0D) }, "\(text)")
        #expect(!text.contains("\r\r"), "\(text)")
        // An LF file stays LF.
        let lf = try WebManifestEdit.replacingShortcuts(
            in: Array(document.replacingOccurrences(of: "\r\n", with: "\n").utf8), with: shortcuts, source: "m")
        #expect(!lf.contains(0x0D))
    }

    /// Strings holding braces, brackets, quotes and backslashes, numbers, nesting: whatever the
    /// members, only the `shortcuts` value changes.
    @Test(
        arguments: [
            #"{"a": "}\"{", "b": [1, {"c": "]"}], "shortcuts": {"x": "\\"}, "z": -1.5e3}"#,
            #"{"shortcuts":[],"a":{"b":{"c":[[[]]]}},"d":"\u007d"}"#,
            "{\r\n\t\"e\" : true ,\r\n\t\"f\":null\r\n}",
            #"{"nested": {"shortcuts": "not the member"}}"#,
        ] + FuzzInputs.inputs("JSONRequest").map { String(decoding: $0, as: UTF8.self) })
    func onlyTheMemberChanges(document: String) throws {
        guard case .object(var before) = try? JSONParser.parse(document) else { return }
        let shortcuts = [WebShortcut(type: "T", name: "N \"}]", url: "./?x=1")]
        let edited = try WebManifestEdit.replacingShortcuts(in: Array(document.utf8), with: shortcuts, source: "m")
        guard case .object(var after) = try JSONParser.parse(edited) else { throw WebManifestError(path: "m", reason: "not an object") }
        #expect(after["shortcuts"] == WebManifestShortcuts.json(shortcuts))
        after["shortcuts"] = nil
        before["shortcuts"] = nil
        #expect(after == before)
    }

    @Test func whatIsNotAManifestOrOutOfScopeIsRefused() throws {
        #expect(throws: WebManifestError(path: "m.json", reason: "holds a array, not a manifest object")) {
            try WebManifestEdit.replacingShortcuts(in: Array("[]".utf8), with: [], source: "m.json")
        }
        #expect(throws: WebManifestError.self) { try WebManifestEdit.replacingShortcuts(in: Array("{,}".utf8), with: [], source: "m.json") }
        let shortcuts = [WebShortcut(type: "In", name: "In", url: "/app/in"), WebShortcut(type: "Out", name: "Out", url: "https://example.com/x")]
        let error = #expect(throws: WebManifestError.self) {
            try WebManifestEdit.replacingShortcuts(
                in: Array(#"{"scope": "/app/", "start_url": "/app/"}"#.utf8), with: shortcuts, source: "m.json", manifestURL: "https://h.test/m.json")
        }
        #expect(
            error?.description
                == "m.json: shortcut 1 (Out): url \"https://example.com/x\" (https://example.com/x) is outside the manifest's scope https://h.test/app/"
        )
    }

    @Test func theLinterFindsWhatBrowsersDrop() throws {
        let scope = try #require(WebManifestScope(scope: "/app/", manifestURL: "https://h.test/m.json"))
        let shortcuts = [
            WebShortcut(type: "A", name: "  ", url: "/app/a"), WebShortcut(type: "B", name: "B", url: "/elsewhere"),
            WebShortcut(type: "C", name: "C", url: "/app/c", icons: [WebShortcutIcon(src: "c.png", sizes: "48x48 96x96")]),
            WebShortcut(type: "D", name: "D", url: "/app/d"), WebShortcut(type: "D", name: "E", url: "/app/e"),
        ]
        let warnings = WebShortcutLinter.warnings(for: shortcuts, scope: scope)
        #expect(warnings.filter { $0.rule == "web-missing-name" }.map(\.index) == [0])
        #expect(warnings.filter { $0.rule == "web-url-out-of-scope" }.map(\.index) == [1])
        #expect(warnings.filter { $0.rule == "web-no-96px-icon" }.map(\.index) == [0, 1, 3])
        #expect(warnings.filter { $0.rule == "web-too-many-shortcuts" }.map(\.index) == [4])
        #expect(warnings.allSatisfy { $0.platform == .web })
        #expect(JSONWriter.string(warnings[0].json).contains(#""platform":"web""#))
    }
}
