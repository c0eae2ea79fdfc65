import Foundation
import Testing

@testable import QuickActions

/// The manifests Chromium parses in `make test-browser` (Tests/Browser/test_web_manifest.py):
/// each real web app's manifest with its `shortcuts` member replaced by ours, and each real
/// Android app's shortcuts as the member of a manifest. They are checked in under
/// `Tests/Browser/manifests/<folder>/`, and this suite fails when the domain would now write
/// other bytes; `QUICKACTIOND_WRITE_BROWSER_MANIFESTS=1` writes them again.
@Suite struct BrowserManifestTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Browser/manifests")
    static let rewrite = ProcessInfo.processInfo.environment["QUICKACTIOND_WRITE_BROWSER_MANIFESTS"] == "1"

    /// One manifest: served as `/<folder>/<file>` beside `/<folder>/index.html`.
    struct Case: Sendable, CustomStringConvertible {
        var folder: String
        var file: String
        var base: String
        var source: @Sendable () throws -> [WebShortcut]

        var description: String { folder }
    }

    /// The demo list (Search, Share, two favorites) with the documented mapping's web part.
    static let mapped: @Sendable () throws -> [WebShortcut] = {
        let items = AndroidShortcutListTests.items(WebManifestTests.favorites)
        return WebManifestShortcuts.render(items, mapping: try PlatformMappingTests.mapping().web, table: nil).shortcuts
    }

    /// The demo list with the default URLs (relative to the manifest).
    static let unmapped: @Sendable () throws -> [WebShortcut] = {
        WebManifestShortcuts.render(AndroidShortcutListTests.items(WebManifestTests.favorites), mapping: nil, table: nil).shortcuts
    }

    static let cases: [Case] =
        [
            Case(folder: "Pinafore", file: "manifest.json", base: "RealApps/Web/Pinafore/manifest.json", source: mapped),
            Case(folder: "UptimeKuma", file: "manifest.json", base: "RealApps/Web/UptimeKuma/manifest.json", source: mapped),
            Case(folder: "PWAStarter", file: "manifest.json", base: "RealApps/Web/PWAStarter/manifest.json", source: mapped),
        ]
        + [
            ("shortcuts-member", unmapped), ("shortcuts-member-skip-for-empty-name", unmapped), ("shortcuts-member-skip-for-invalid-url", mapped),
            ("shortcuts-member-skip-for-out-of-scope-url", mapped), ("shortcuts-member-skip-for-undefined-name", mapped),
            ("shortcuts-member-skip-for-undefined-url", mapped),
        ].map { name, source in
            Case(folder: "WPT-\(name)", file: "\(name).webmanifest", base: "RealApps/Web/WPT/\(name).webmanifest", source: source)
        }
        + AndroidFixture.allCases.map { fixture in
            Case(folder: "Android-\(fixture.rawValue)", file: "manifest.json", base: "RealApps/Web/PWAStarter/manifest.json") {
                let source = try fixture.source()
                let language = source.catalog.languages.first { $0 != "en" } ?? "en"
                let items = source.catalog.localized(source.configuration.staticItems, language: language)
                return WebManifestShortcuts.render(items, mapping: nil, table: source.catalog.tables[language]).shortcuts
            }
        }

    @Test(arguments: cases)
    func theManifestChromiumParsesIsWhatTheDomainWrites(manifest: Case) throws {
        let original = try FixtureFiles.bytes(manifest.base)
        let shortcuts = try manifest.source()
        let edited = try WebManifestEdit.replacingShortcuts(
            in: original, with: shortcuts, source: manifest.base, manifestURL: "https://app.invalid/\(manifest.folder)/\(manifest.file)",
            documentURL: "https://app.invalid/\(manifest.folder)/index.html")
        let target = Self.root.appendingPathComponent(manifest.folder).appendingPathComponent(manifest.file)
        if Self.rewrite {
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(edited).write(to: target)
        }
        let committed = FileManager.default.contents(atPath: target.path).map { Array($0) }
        #expect(
            committed == edited,
            "\(target.path) differs from what the domain writes: run QUICKACTIOND_WRITE_BROWSER_MANIFESTS=1 swift test --filter BrowserManifestTests")
        guard case .object(let members) = try JSONParser.parse(edited) else { return }
        #expect(members["shortcuts"] == WebManifestShortcuts.json(shortcuts))
    }

    @Test func everyCheckedInManifestIsACase() throws {
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: Self.root.path)) ?? []
        #expect(Set(folders) == Set(Self.cases.map(\.folder)))
    }
}
