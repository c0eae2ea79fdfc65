import Foundation
import QuickActions
import Testing

@testable import QuickActionsPreview

/// The picture's exact bytes for a few representative menus, compared with committed copies
/// (`Fixtures/*.svg`): the screenshots in `docs/` and the browser tests depend on them.
/// When they differ, the test writes what it drew to a temporary file and names it: copy it
/// over the fixture when the change to the picture is intended.
@Suite struct ShortcutMenuPreviewBytesTests {
    static func item(_ title: String, _ subtitle: String? = nil, icon: ShortcutIcon? = .type(.contact), visible: Bool = true) -> ShortcutItem {
        ShortcutItem(type: "com.example.Favorite", localizedTitle: title, localizedSubtitle: subtitle, icon: icon, kind: .dynamic, visible: visible)
    }

    static let everyday: [ShortcutItem] = [
        item("Search", "Search for an item", icon: .type(.search)),
        item("Share", "Share an item", icon: .type(.share)),
        item("Ada Lovelace", "ada@example.com"),
        item("Grace", icon: .systemImageName("star.fill")),
        item("Hidden", visible: false),
    ]

    /// The everyday list as Android shortcuts: long labels, one that fits the popup and one that
    /// does not; the fifth and sixth are left out by the four-item cut.
    static let androidEveryday: [AndroidShortcut] = {
        var shortcuts = AndroidShortcutList.render(
            everyday + [item("A contact with a name too long for the popup", icon: nil)], mapping: nil, table: nil
        )
        .shortcuts
        shortcuts[0].longLabel = "Search your contacts"
        shortcuts[1].longLabel = "Share a contact with everyone you know well"
        return shortcuts
    }()

    /// The menus drawn, by fixture name.
    static let menus: [(String, ShortcutMenuPreview)] = [
        ("light", ShortcutMenuPreview(items: everyday, appName: "Quick Contacts", appearance: .light, language: "en", version: "0123abcd")),
        ("dark", ShortcutMenuPreview(items: everyday, appName: "Quick Contacts", appearance: .dark, language: "en", version: "0123abcd")),
        (
            "below",
            ShortcutMenuPreview(
                items: everyday, appName: "Quick Contacts", appearance: .light, language: "en", version: "0123abcd", placement: .below)
        ),
        (
            "android",
            ShortcutMenuPreview(
                items: everyday + [item("A contact with a name too long for the popup", icon: nil)], appName: "Quick Contacts",
                appearance: .light, language: "en", version: "0123abcd", platform: .android, androidShortcuts: androidEveryday)
        ),
        (
            "android-below",
            ShortcutMenuPreview(
                items: everyday, appName: "Quick Contacts", appearance: .dark, language: "en", version: "0123abcd", placement: .below,
                platform: .android)
        ),
        (
            "french",
            ShortcutMenuPreview(
                items: [
                    item("Rechercher", "Rechercher un élément", icon: .type(.search)),
                    item("Écrire à Zoé & Anaïs", "zoé@exemple.fr", icon: .type(.compose)),
                    item("Noël à l’œuvre", icon: .templateImageName("Logo")),
                ], appName: "Contacts rapides", appearance: .light, language: "fr", version: "fr-1")
        ),
        (
            "warnings",
            ShortcutMenuPreview(
                items: everyday + [item("🎉 Party planning committee (all of it)", "party@example.com")],
                warnings: [
                    ShortcutWarning(index: 2, type: "com.example.Favorite", rule: "title-too-long", message: "the Home Screen cuts this title"),
                    ShortcutWarning(index: nil, type: nil, rule: "too-many-items", message: "only four items show; the rest wait their turn"),
                    ShortcutWarning(index: 2, type: "com.example.Favorite", rule: "emoji", message: "an emoji in a title"),
                    ShortcutWarning(index: 4, type: "com.example.Favorite", rule: "empty-value", message: "a hidden item's finding"),
                    ShortcutWarning(index: 0, type: "com.example.Search", rule: "subtitle", message: String(repeating: "a long message ", count: 20)),
                ], appName: "App", appearance: .dark, language: "en")
        ),
        (
            "warnings-overflow",
            ShortcutMenuPreview(
                items: Array(everyday.prefix(2)),
                warnings: (0..<25).map { ShortcutWarning(index: $0 % 3, type: nil, rule: "rule-\($0)", message: "finding \($0)") },
                appName: nil, appearance: .light)
        ),
        ("no-findings", ShortcutMenuPreview(items: [], warnings: [], appName: "", appearance: .light, language: "en")),
        (
            "long-title",
            ShortcutMenuPreview(
                items: [
                    item("A title with no subtitle that needs two lines and then more than two lines to be written in full"),
                    item("Send a message to everyone in the family group chat right now", "someone.with.a.long.address@example.com"),
                    item(String(repeating: "W", count: 80), icon: nil),
                ], appName: "An application with a very long display name", appearance: .light, language: "en")
        ),
        (
            "right-to-left",
            ShortcutMenuPreview(
                items: [
                    item("محمد بن موسى الخوارزمي عالم الرياضيات والفلك", "مرحبا@example.com"),
                    item("שלום עולם", icon: .type(.message)),
                ], appName: "جهات الاتصال", appearance: .dark, language: "ar", version: "ar-1")
        ),
    ]

    @Test(arguments: menus.map(\.0))
    func drawsTheCommittedBytes(_ name: String) throws {
        let preview = try #require(Self.menus.first { $0.0 == name }?.1)
        let drawn = Array(preview.svg().utf8)
        let fixture = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil)).appendingPathComponent("\(name).svg")
        let committed = (try? Data(contentsOf: fixture)).map(Array.init)
        if drawn != committed {
            let path = NSTemporaryDirectory() + "/quickactions-preview-\(UUID().uuidString)-\(name).svg"
            try Data(drawn).write(to: URL(fileURLWithPath: path))
            Issue.record("\(name): the picture differs from Fixtures/\(name).svg; what was drawn is in \(path)")
        }
    }
}
