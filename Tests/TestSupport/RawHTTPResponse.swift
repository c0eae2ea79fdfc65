/// A response as `RawHTTPConnection` read it off the wire.
public struct RawHTTPResponse {
    /// Status code.
    public var status: Int
    /// Reason phrase.
    public var reason: String
    /// Header fields in the order received.
    public var headers: [(name: String, value: String)]
    /// The body, de-chunked (empty for HEAD, 1xx, 204 and 304).
    public var body: [UInt8]

    /// A response with these parts.
    public init(status: Int, reason: String, headers: [(name: String, value: String)], body: [UInt8]) {
        self.status = status
        self.reason = reason
        self.headers = headers
        self.body = body
    }

    /// The first value of a header (case-insensitive name).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Every value of a header (case-insensitive name).
    public func headerValues(_ name: String) -> [String] {
        headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
    }

    /// The body as UTF-8 text.
    public var text: String {
        String(decoding: body, as: UTF8.self)
    }

    /// The media type without parameters, lower-cased.
    public var mediaType: String? {
        guard var type = header("Content-Type")?.split(separator: ";").first else { return nil }
        while type.first == " " || type.first == "\t" { type.removeFirst() }
        while type.last == " " || type.last == "\t" { type.removeLast() }
        return type.lowercased()
    }
}
