/// A text in several languages, as a scheduled item's `title` and `subtitle` are sent: a map
/// of language tag to text with a `default` entry, e.g.
/// `{"default": "Summer sale", "fr": "Soldes d'été"}`.
public struct LocalizedText: Sendable, Hashable {
    /// The key of the text used when no language matches.
    public static let defaultKey = "default"

    /// Each text by its key: `default`, or a language tag as sent.
    public let texts: [String: String]
    /// Each language's key by its lower-cased tag (`default` excluded).
    private let keysByFoldedTag: [String: String]

    /// The texts of `texts`; nil without a `default` entry. Tags are matched ignoring case;
    /// the validator refuses two tags that differ only in case.
    public init?(_ texts: [String: String]) {
        guard texts[Self.defaultKey] != nil else { return nil }
        self.init(checked: texts)
    }

    /// `defaultText`, and `translations` by language tag.
    public init(default defaultText: String, translations: [String: String] = [:]) {
        var texts = translations
        texts[Self.defaultKey] = defaultText
        self.init(checked: texts)
    }

    private init(checked texts: [String: String]) {
        self.texts = texts
        var byFoldedTag: [String: String] = [:]
        for key in texts.keys.sorted() where key != Self.defaultKey { byFoldedTag[key.lowercased()] = byFoldedTag[key.lowercased()] ?? key }
        keysByFoldedTag = byFoldedTag
    }

    /// The text used when no language matches.
    public var defaultText: String { texts[Self.defaultKey] ?? "" }

    /// The text for `language`: RFC 4647 lookup (`fr-CA` finds `fr`, case ignored), else the
    /// default.
    public func text(for language: String?) -> String {
        guard let language else { return defaultText }
        var subtags = language.lowercased().split(separator: "-").map(String.init)
        while !subtags.isEmpty {
            if let key = keysByFoldedTag[subtags.joined(separator: "-")], let text = texts[key] { return text }
            subtags.removeLast()
            // A single-letter subtag (an extension's singleton) never ends a range.
            while let last = subtags.last, last.count == 1 { subtags.removeLast() }
        }
        return defaultText
    }

    /// The JSON form: the map as sent.
    public var json: JSONValue {
        .object(texts.mapValues { .string($0) })
    }

    public static func == (lhs: LocalizedText, rhs: LocalizedText) -> Bool {
        lhs.texts == rhs.texts
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(texts)
    }
}
