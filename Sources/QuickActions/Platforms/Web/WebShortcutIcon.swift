/// An icon of a web shortcut (`{"src", "sizes", "type", "purpose"}` in the manifest).
public struct WebShortcutIcon: Sendable, Hashable {
    /// The image URL.
    public var src: String
    /// `96x96`, or several sizes separated by spaces.
    public var sizes: String?
    /// The MIME type.
    public var type: String?
    /// `any`, `maskable`, `monochrome`.
    public var purpose: String?

    /// Creates an icon.
    public init(src: String, sizes: String? = nil, type: String? = nil, purpose: String? = nil) {
        self.src = src
        self.sizes = sizes
        self.type = type
        self.purpose = purpose
    }

    /// The manifest's JSON object.
    public var json: JSONValue {
        var object: [String: JSONValue] = ["src": .string(src)]
        if let sizes { object["sizes"] = .string(sizes) }
        if let type { object["type"] = .string(type) }
        if let purpose { object["purpose"] = .string(purpose) }
        return .object(object)
    }

    /// Whether one of its sizes is `width`x`height` (or it is `any` size, as an SVG may be).
    public func has(width: Int, height: Int) -> Bool {
        (sizes ?? "").split(separator: " ").contains { $0.lowercased() == "\(width)x\(height)" || $0.lowercased() == "any" }
    }
}
