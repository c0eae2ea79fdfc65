import QuickActions

/// Opaque page cursors: base64url of `v1:<sequence>`, so clients do not build them.
enum ContactCursor {
    static func encode(_ sequence: Int64) -> String {
        Base64URL.encode(Array("v1:\(sequence)".utf8))
    }

    static func decode(_ cursor: String) -> Int64? {
        guard let bytes = Base64URL.decode(cursor), let text = String(validating: bytes, as: UTF8.self),
            text.hasPrefix("v1:"), let sequence = Int64(text.dropFirst(3)), sequence >= 0
        else { return nil }
        return sequence
    }
}
