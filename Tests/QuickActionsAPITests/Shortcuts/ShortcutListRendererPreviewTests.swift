import QuickActions
import Sharding
import StorageCore
import Testing

@testable import QuickActionsAPI

/// The SVG preview is one more representation of the list: it changes exactly when the list
/// (in that language) changes, whether or not the change is drawn.
@Suite struct ShortcutListRendererPreviewTests {
    static let svgKey = ShortcutRepresentationKey(format: .previewSVG(.light, warnings: false), language: nil, visibleOnly: false)
    static let jsonKey = ShortcutRepresentationKey(format: .json, language: nil, visibleOnly: false)

    func favorite(_ name: String) -> ShortcutItem {
        ShortcutItem(type: ShortcutItemBuilder.favoriteActionType, localizedTitle: name, icon: .type(.contact), kind: .dynamic)
    }

    @Test func theETagChangesExactlyWhenTheListDoes() {
        let renderer = ShortcutListRenderer(appName: "App")
        let builder = ShortcutItemBuilder()
        let four = builder.items(dynamic: [favorite("Ada"), favorite("Grace")])
        let five = builder.items(dynamic: [favorite("Ada"), favorite("Grace"), favorite("Hidden")])
        let renamedHidden = builder.items(dynamic: [favorite("Ada"), favorite("Grace"), favorite("Hidden too")])
        let lists = [four, five, renamedHidden]
        let svgs = lists.map { renderer.render($0, key: Self.svgKey) }
        let jsons = lists.map { renderer.render($0, key: Self.jsonKey) }
        #expect(Set(svgs.map(\.etag)).count == 3, "a hidden item is not drawn, but its change changes the picture")
        for (svg, json) in zip(svgs, jsons) {
            #expect(svg.contentType == "image/svg+xml")
            #expect(String(decoding: svg.body.array, as: UTF8.self).contains(#"data-list-version="\#(json.version)""#))
        }
        #expect(renderer.render(four, key: Self.svgKey).etag == svgs[0].etag, "the same list, the same picture")
        let dark = renderer.render(
            four, key: ShortcutRepresentationKey(format: .previewSVG(.dark, warnings: false), language: nil, visibleOnly: false))
        #expect(dark.etag != svgs[0].etag)
    }

    @Test func theCacheKeepsOnePicturePerStyleUntilTheListChanges() throws {
        let repository = InMemoryContactRepository()
        _ = try repository.create(NewContact(name: "Ada", email: nil, favorite: true))
        let cache = try AccountShortcutList.following(
            builder: ShortcutItemBuilder(), repository: repository, renderer: ShortcutListRenderer(), threadRows: ThreadRows(ownRows: 0))
        let first = cache.representation(Self.svgKey)
        #expect(cache.representation(Self.svgKey).etag == first.etag)
        _ = try repository.create(NewContact(name: "Not a favorite", email: nil, favorite: false))
        #expect(cache.representation(Self.svgKey).etag == first.etag)
        _ = try repository.create(NewContact(name: "Grace", email: nil, favorite: true))
        let second = cache.representation(Self.svgKey)
        #expect(second.etag != first.etag)
        #expect(String(decoding: second.body.array, as: UTF8.self).contains(">Grace</text>"))
    }
}
