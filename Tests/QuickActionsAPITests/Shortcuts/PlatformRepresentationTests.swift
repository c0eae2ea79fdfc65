import Foundation
import HTTPServer
import QuickActions
import Sharding
import StorageCore
import Testing

@testable import QuickActionsAPI

/// The Android and web representations are cached like the iOS list: rendered once per change,
/// on first use, so a favorite's change renders only what is asked for afterwards.
@Suite struct PlatformRepresentationTests {
    static let android = ShortcutRepresentationKey(format: .android, language: nil, visibleOnly: false)
    static let web = ShortcutRepresentationKey(format: .web, language: nil, visibleOnly: false)
    static let json = ShortcutRepresentationKey(format: .json, language: nil, visibleOnly: false)

    @Test func aFavoriteChangeRendersOnlyWhatIsAskedForAfterIt() throws {
        let repository = InMemoryContactRepository()
        let ada = try repository.create(NewContact(name: "Ada", email: nil, favorite: true))
        let cache = try AccountShortcutList.following(
            builder: ShortcutItemBuilder(), repository: repository, renderer: ShortcutListRenderer(), threadRows: ThreadRows(ownRows: 0))
        let first = cache.representation(Self.android)
        #expect(cache.representation(Self.android) === first, "a second request is served what the first rendered")
        _ = cache.representation(Self.web)
        #expect(cache.rendered(Self.web) != nil && cache.rendered(Self.android) != nil)

        _ = try repository.update(id: ada.id, ContactPatch(name: "Ada Lovelace"), expectedRevision: nil)
        _ = cache.representation(Self.json)
        #expect(cache.rendered(Self.json) != nil)
        #expect(cache.rendered(Self.android) == nil, "the change rendered the Android list nobody asked for")
        #expect(cache.rendered(Self.web) == nil, "the change rendered the web list nobody asked for")
        let second = cache.representation(Self.android)
        #expect(second !== first && second.etag != first.etag)
        #expect(String(decoding: second.body.array, as: UTF8.self).contains("Ada Lovelace"))
    }

    @Test func androidVisibleCountsStaticFirstAndCutsAtTheLauncherLimit() throws {
        let repository = InMemoryContactRepository()
        for name in ["A", "B", "C"] { _ = try repository.create(NewContact(name: name, email: nil, favorite: true)) }
        let renderer = ShortcutListRenderer(androidMaxShortcuts: 3)
        let cache = try AccountShortcutList.following(
            builder: ShortcutItemBuilder(), repository: repository, renderer: renderer, threadRows: ThreadRows(ownRows: 0))
        let body = cache.representation(ShortcutRepresentationKey(format: .android, language: nil, visibleOnly: true)).body.array
        let object = try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
        let shortcuts = try #require(object["shortcuts"] as? [[String: Any]])
        #expect(shortcuts.map { $0["kind"] as? String } == ["static", "static", "dynamic"], "two static items first, then one favorite")
        #expect(object["version"] is String && object["warnings"] is [Any])
    }

    @Test func aWebListPastFourShowsFourWhenVisibleOnly() throws {
        let repository = InMemoryContactRepository()
        for name in ["A", "B", "C", "D"] { _ = try repository.create(NewContact(name: name, email: nil, favorite: true)) }
        let cache = try AccountShortcutList.following(
            builder: ShortcutItemBuilder(), repository: repository, renderer: ShortcutListRenderer(), threadRows: ThreadRows(ownRows: 0))
        func shortcuts(_ visibleOnly: Bool) throws -> [[String: Any]] {
            let body = cache.representation(ShortcutRepresentationKey(format: .web, language: nil, visibleOnly: visibleOnly)).body.array
            let object = try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
            return try #require(object["shortcuts"] as? [[String: Any]])
        }
        #expect(try shortcuts(false).count == 6)
        #expect(try shortcuts(true).map { $0["name"] as? String } == ["Search", "Share", "A", "B"])
    }
}
