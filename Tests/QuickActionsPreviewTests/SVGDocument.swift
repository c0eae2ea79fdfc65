import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A parsed SVG document, for tests: whether it is well-formed XML, its elements with their
/// attributes, and each `<text>` element's text.
final class SVGDocument: NSObject, XMLParserDelegate {
    struct Element {
        var name: String
        var attributes: [String: String]
        var text = ""
    }

    private(set) var elements: [Element] = []
    private(set) var error: String?
    private var open: [Int] = []

    /// Parses `svg`; `error` says why when it is not well-formed.
    init(_ svg: String) {
        super.init()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = self
        if !parser.parse() { error = parser.parserError.map { String(describing: $0) } ?? "not well-formed" }
    }

    var texts: [Element] { elements.filter { $0.name == "text" } }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
        attributes attributeDict: [String: String] = [:]
    ) {
        elements.append(Element(name: elementName, attributes: attributeDict))
        open.append(elements.count - 1)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        _ = open.popLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard let current = open.last else { return }
        elements[current].text += string
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        error = String(describing: parseError)
    }
}
