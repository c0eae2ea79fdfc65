/// A resource reference as written in `res/` XML: `@string/name`, `@drawable/icon`,
/// `@android:string/ok`, `?attr/name`.
public struct AndroidResourceReference: Sendable, Hashable, CustomStringConvertible {
    /// The package before the colon (`android`), or nil for the app's own resources.
    public var package: String?
    /// The resource type: `string`, `drawable`, `mipmap`, …
    public var type: String
    /// The resource's name.
    public var name: String
    /// Whether it is a theme attribute (`?`) rather than a resource (`@`).
    public var isAttribute: Bool

    /// Creates a reference to one of the app's own resources.
    public init(type: String, name: String) {
        package = nil
        self.type = type
        self.name = name
        isAttribute = false
    }

    /// The reference `text` spells (`@string/a`, `@+id/a`, `@android:string/a`, `?attr/a`), or nil.
    public init?(_ text: String) {
        guard let marker = text.first, marker == "@" || marker == "?" else { return nil }
        var body = text.dropFirst()
        if marker == "@", body.first == "+" { body = body.dropFirst() }
        let parts = body.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        var typePart = parts[0]
        var package: String?
        if let colon = typePart.firstIndex(of: ":") {
            package = String(typePart[..<colon])
            typePart = typePart[typePart.index(after: colon)...]
        }
        let name = String(parts[1])
        guard !typePart.isEmpty, !name.isEmpty, package.map({ !$0.isEmpty }) ?? true,
            (typePart.unicodeScalars + name.unicodeScalars).allSatisfy(Self.isNameScalar)
        else { return nil }
        self.package = package
        type = String(typePart)
        self.name = name
        isAttribute = marker == "?"
    }

    /// `@type/name`, `@package:type/name` or `?type/name`.
    public var description: String {
        (isAttribute ? "?" : "@") + (package.map { "\($0):" } ?? "") + "\(type)/\(name)"
    }

    /// Letters, digits, `_` and `.`: what resource names and types are made of.
    static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "."
    }
}
