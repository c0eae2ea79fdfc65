/// What the `AndroidXML` fuzz target checks on one input, shared with its replay in the tests:
/// the XML reader and the shortcuts and strings readers never crash, and every string read
/// comes back the same through the writer (`AndroidText.stringContent`, `attributeValue`).
enum AndroidXMLFuzzCheck {
    /// Nil when the input is fine; otherwise what broke.
    static func run(_ bytes: [UInt8]) -> String? {
        guard let root = try? XMLReader.parse(bytes) else { return nil }
        _ = try? AndroidShortcutsFile.parse(bytes, file: "fuzz")
        var problems: [AndroidSourceProblem] = []
        guard root.name.localName == "resources", let strings = try? AndroidStringResources.parse(bytes, file: "fuzz", problems: &problems) else {
            return nil
        }
        for (name, entry) in strings {
            guard case .text(let text) = entry.value else { continue }
            guard let written = try? AndroidText.stringContent(text) else { continue }
            let element: XMLElement
            do {
                element = try XMLReader.parse(Array("<string>\(written.content)</string>".utf8))
            } catch {
                return "string \(name): the written text \(written.content) is not XML: \(error)"
            }
            guard case .text(let back)? = try? AndroidText.stringValue(of: element), back == text else {
                return "string \(name): \(text.debugDescription) was written as \(written.content.debugDescription), which reads back differently"
            }
            guard let attribute = try? AndroidText.attributeValue(text, typed: true),
                let read = (try? XMLReader.parse(Array("<a v=\"\(attribute)\"/>".utf8)))?.attribute("v")?.value,
                (try? AndroidExtraValue.parse(attribute: read)) == .string(text)
            else {
                return "string \(name): \(text.debugDescription) does not come back as an extra's text"
            }
        }
        return nil
    }
}
