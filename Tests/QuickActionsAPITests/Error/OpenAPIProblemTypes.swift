import Foundation

/// Reads the problem types `openapi.yaml` documents (`components/schemas/ProblemType`, one
/// `oneOf` entry per type with `title`, `x-status`, `x-members` and a one-URI `enum`) and the
/// member names of the `Problem` schema: enough YAML for these checks, with no YAML library.
enum OpenAPIProblemTypes {
    /// One documented problem type.
    struct Entry: Equatable, CustomStringConvertible {
        var uri = ""
        var status = 0
        var title = ""
        var members: Set<String> = []

        var description: String { "\(uri) \(status) \(title) \(members.sorted())" }
    }

    /// The entries of the `ProblemType` schema, in order.
    static func parse(_ text: String) -> [Entry] {
        var entries: [Entry] = []
        for (key, value) in lines(ofSchema: "ProblemType", in: text) {
            switch key {
            case "- title": entries.append(Entry(title: value))
            case "x-status": entries[entries.count - 1].status = Int(value) ?? -1
            case "x-members": entries[entries.count - 1].members = Set(list(value))
            case "enum": entries[entries.count - 1].uri = list(value).joined(separator: " ")
            default: continue
            }
        }
        return entries
    }

    /// The names of the `Problem` schema's properties.
    static func problemMembers(_ text: String) -> Set<String> {
        var names: Set<String> = []
        var inProperties = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).drop(while: { $0 != "    Problem:" }).dropFirst() {
            let indent = line.prefix { $0 == " " }.count
            if indent <= 4, !line.trimmingCharacters(in: .whitespaces).isEmpty { break }
            if indent == 6 { inProperties = line.hasSuffix("properties:") }
            if inProperties, indent == 8, line.hasSuffix(":") { names.insert(line.trimmingCharacters(in: .whitespaces).dropLast().description) }
        }
        return names
    }

    /// `key: value` pairs (the key keeps a leading `- `) of the lines under schema `name`, down to the next schema.
    private static func lines(ofSchema name: String, in text: String) -> [(String, String)] {
        var pairs: [(String, String)] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).drop(while: { $0 != "    \(name):" }).dropFirst() {
            let indent = line.prefix { $0 == " " }.count
            if indent <= 4, !line.trimmingCharacters(in: .whitespaces).isEmpty { break }
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = line[..<colon].trimmingCharacters(in: .whitespaces)
            pairs.append((key, line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        return pairs
    }

    /// The items of a flow sequence (`[a, "b"]`).
    private static func list(_ value: String) -> [String] {
        value.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).split(separator: ",").map {
            $0.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
        }
        .filter { !$0.isEmpty }
    }
}
