/// One finding about a quick action or about the files that declare them: a Human Interface
/// Guidelines problem, or text that would not be what iOS shows.
public struct ShortcutWarning: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The 0-based position of the item in the list that was checked; nil for a finding about
    /// the Info.plist or a localization table as a whole (`CFBundleName`, a missing translation).
    public var index: Int?
    /// The item's type, so the finding can be traced without the index; nil when `index` is.
    public var type: String?
    /// A stable machine id: one of `ShortcutLinter.rules`.
    public var rule: String
    /// What is wrong, for people.
    public var message: String
    /// The language of the translation the finding is about; nil for the development
    /// language's text and for findings about the Info.plist itself.
    public var language: String?
    /// The platform whose rules the finding is about; nil for iOS's (the Home Screen rules and
    /// the Info.plist files), which every finding was about before Android and the web.
    public var platform: ShortcutPlatform?

    /// Creates a warning about the item at `index`.
    public init(index: Int?, type: String?, rule: String, message: String, language: String? = nil, platform: ShortcutPlatform? = nil) {
        self.index = index
        self.type = type
        self.rule = rule
        self.message = message
        self.language = language
        self.platform = platform
    }

    /// `{"index", "type", "rule", "message", "language", "platform"}`, without the members that are nil.
    public var json: JSONValue {
        var object: [String: JSONValue] = ["rule": .string(rule), "message": .string(message)]
        if let index { object["index"] = .integer(Int64(index)) }
        if let type { object["type"] = .string(type) }
        if let language { object["language"] = .string(language) }
        if let platform { object["platform"] = .string(platform.rawValue) }
        return .object(object)
    }

    /// Appends `JSONWriter.bytes(json)` to `output`, written directly: a long list can have
    /// thousands of findings, and building a dictionary for each costs more than the bytes.
    public func writeJSON(to output: inout [UInt8]) {
        // The members in JSONWriter's (sorted) key order: index, language, message, platform, rule, type.
        output.append(UInt8(ascii: "{"))
        if let index {
            output.append(contentsOf: #""index":"#.utf8)
            output.append(contentsOf: String(index).utf8)
            output.append(UInt8(ascii: ","))
        }
        if let language {
            output.append(contentsOf: #""language":"#.utf8)
            JSONWriter.writeString(language, to: &output)
            output.append(UInt8(ascii: ","))
        }
        output.append(contentsOf: #""message":"#.utf8)
        JSONWriter.writeString(message, to: &output)
        if let platform {
            output.append(contentsOf: #","platform":"#.utf8)
            JSONWriter.writeString(platform.rawValue, to: &output)
        }
        output.append(contentsOf: #","rule":"#.utf8)
        JSONWriter.writeString(rule, to: &output)
        if let type {
            output.append(contentsOf: #","type":"#.utf8)
            JSONWriter.writeString(type, to: &output)
        }
        output.append(UInt8(ascii: "}"))
    }

    /// `item N (TYPE): RULE: MESSAGE`, or `RULE: MESSAGE` for a finding about no one item;
    /// `[android] ` or `[web] ` before it for another platform's rule.
    public var description: String {
        let tag = platform.map { "[\($0.rawValue)] " } ?? ""
        guard let index else { return "\(tag)\(rule): \(message)" }
        return "\(tag)item \(index) (\(type ?? "")): \(rule): \(message)"
    }

    /// The same finding about another language's text.
    public func about(language: String?) -> ShortcutWarning {
        var copy = self
        copy.language = language
        return copy
    }
}
