import QuickActions

extension Contact {
    /// The API representation: `id`, `name`, `email` (or null), `favorite`, `createdAt`, `updatedAt`.
    var json: JSONValue {
        [
            "id": .string(id),
            "name": .string(name),
            "email": email.map(JSONValue.string) ?? .null,
            "favorite": .bool(favorite),
            "createdAt": .string(createdAt.rfc3339),
            "updatedAt": .string(updatedAt.rfc3339),
        ]
    }

    /// A strong validator that changes with every write to this contact.
    var etag: String {
        "\"\(id).\(revision)\""
    }
}

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

/// Base64 with the URL-safe alphabet and no padding.
enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let chunk = Array(bytes[index..<min(index + 3, bytes.count)])
            let value = chunk.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (16 - 8 * UInt32($1.offset)) }
            for position in 0..<(chunk.count + 1) {
                output.append(alphabet[Int((value >> (18 - 6 * UInt32(position))) & 0x3F)])
            }
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }

    static func decode(_ text: String) -> [UInt8]? {
        var values: [UInt32] = []
        for byte in text.utf8 {
            guard let position = alphabet.firstIndex(of: byte) else { return nil }
            values.append(UInt32(position))
        }
        guard values.count % 4 != 1 else { return nil }
        var output: [UInt8] = []
        var index = 0
        while index < values.count {
            let chunk = values[index..<min(index + 4, values.count)]
            let value = chunk.enumerated().reduce(UInt32(0)) { $0 | $1.element << (18 - 6 * UInt32($1.offset)) }
            for position in 0..<(chunk.count - 1) {
                output.append(UInt8((value >> (16 - 8 * UInt32(position))) & 0xFF))
            }
            index += 4
        }
        return output
    }
}
