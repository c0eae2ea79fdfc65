/// An element of an XML document as `XMLReader` gives it: its name and attributes with their
/// namespaces resolved, its children (elements and text; comments and processing instructions
/// are dropped), and the line its start tag begins on.
struct XMLElement: Sendable, Hashable {
    /// The element's name.
    var name: XMLName
    /// The attributes, in document order (`xmlns` declarations excluded).
    var attributes: [XMLAttribute]
    /// The content, in document order. Adjacent character data, CDATA sections and entity
    /// replacement text form one `.text` node (as in Android's resource compiler), also across
    /// a comment between them.
    var children: [XMLNode]
    /// The 1-based line of the start tag's `<`.
    var line: Int

    /// The attribute `localName` in `namespace` (nil: no namespace), or nil.
    func attribute(_ localName: String, namespace: String? = nil) -> XMLAttribute? {
        attributes.first { $0.name.localName == localName && $0.name.namespaceURI == namespace }
    }

    /// The child elements, in order.
    var elements: [XMLElement] {
        children.compactMap {
            if case .element(let element) = $0 { return element }
            return nil
        }
    }
}

/// A child of an `XMLElement`.
enum XMLNode: Sendable, Hashable {
    /// A child element.
    case element(XMLElement)
    /// Character data, entities and character references expanded, line ends normalized to `\n`.
    case text(String)
}

/// An attribute, its value normalized as XML 1.0 says (references expanded; a tab, line feed
/// or carriage return written literally reads as a space).
struct XMLAttribute: Sendable, Hashable {
    /// The attribute's name; unprefixed attributes are in no namespace.
    var name: XMLName
    /// The value.
    var value: String
}

/// A qualified name with its namespace resolved.
struct XMLName: Sendable, Hashable {
    /// The prefix as written (`android` in `android:icon`), or nil.
    var prefix: String?
    /// The local part.
    var localName: String
    /// The namespace the prefix (or the default namespace, for elements) is bound to, or nil.
    var namespaceURI: String?

    /// `prefix:localName`, as written.
    var qualified: String { prefix.map { "\($0):\(localName)" } ?? localName }
}
