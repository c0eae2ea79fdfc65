/// The rules a contact's fields must satisfy.
public enum ContactValidator {
    /// Longest name, in user-perceived characters (`ContactName.length`).
    public static let maxNameLength = 100
    /// Most code points in a name: JSON Schema's `maxLength` (which counts code points) in
    /// `openapi.yaml`, so the contract states a bound the server enforces exactly. 100
    /// characters of 10 code points each still fit.
    public static let maxNameCodePoints = 1000
    /// Longest email, in characters (RFC 5321's path limit).
    public static let maxEmailLength = 254

    /// The name trimmed, or an error when it is empty, too long or has control characters.
    public static func name(_ raw: String) throws(ValidationError) -> String {
        let trimmed = raw.trimmingWhitespace()
        if trimmed.isEmpty {
            throw ValidationError(field: "name", message: "name must not be empty.")
        }
        // Characters as people count them (`ContactName.length`), of the value as sent; and
        // code points, which is what JSON Schema's maxLength counts.
        if ContactName.length(raw) > maxNameLength || raw.unicodeScalars.count > maxNameCodePoints {
            throw ValidationError(field: "name", message: "name must be at most \(maxNameLength) characters.")
        }
        if trimmed.unicodeScalars.contains(where: \.isControlCharacter) {
            throw ValidationError(field: "name", message: "name must not contain control characters (such as NUL).")
        }
        return trimmed
    }

    /// The email trimmed (nil stays nil), or an error when it is not `local@domain.tld`-shaped.
    public static func email(_ raw: String?) throws(ValidationError) -> String? {
        guard let raw else { return nil }
        let email = raw.trimmingWhitespace()
        if raw.utf8.count > maxEmailLength, raw.unicodeScalars.count > maxEmailLength {
            throw ValidationError(field: "email", message: "email must be at most \(maxEmailLength) characters.")
        }
        guard Self.asciiEmailShape(email) ?? Self.emailShape(email) else {
            if email.unicodeScalars.contains(where: \.isControlCharacter) {
                throw ValidationError(field: "email", message: "email must not contain control characters (such as NUL).")
            }
            throw ValidationError(field: "email", message: "email must look like local@domain.tld.")
        }
        return email
    }
}

extension ContactValidator {
    /// Whether `email` (trimmed) looks like local@domain.tld: one `@`, a local part, a dotted
    /// domain with no empty label and a last label of two or more characters, no control
    /// character or space.
    static func emailShape(_ email: String) -> Bool {
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        // Dots are looked for among the domain's scalars (stdlib only: Foundation's substring
        // search was the largest cost of validating a contact).
        let domain = parts.count == 2 ? parts[1].unicodeScalars : Substring().unicodeScalars
        return parts.count == 2 && !parts[0].isEmpty && domain.contains(".")
            && !parts[1].hasPrefix(".") && !parts[1].hasSuffix(".") && !zip(domain, domain.dropFirst()).contains { $0 == "." && $1 == "." }
            && !email.unicodeScalars.contains { $0.isControlCharacter || $0 == " " || $0 == "\u{7F}" }
            && (parts[1].split(separator: ".").last?.count ?? 0) >= 2
    }

    /// `emailShape` in one pass over the bytes, or nil when `email` is not ASCII (then the
    /// general check runs). Every address a request sends goes through this.
    static func asciiEmailShape(_ email: String) -> Bool? {
        // The general check took a twentieth of a create (docs/performance.md).
        StringBytes.withBytes(of: email) { bytes -> Bool? in
            var at: Int?
            var valid = true
            for index in bytes.indices {
                let byte = bytes[index]
                if byte >= 0x80 { return nil }
                if byte < 0x20 || byte == 0x7F || byte == 0x20 { valid = false }
                if byte == UInt8(ascii: "@") {
                    if at != nil { valid = false }
                    at = index
                }
            }
            guard valid, let at, at > 0 else { return false }
            let domain = bytes.extracting((at + 1)...)
            let dot = UInt8(ascii: ".")
            guard !domain.isEmpty, domain[0] != dot, domain[domain.count - 1] != dot else { return false }
            var lastDot: Int?
            for index in domain.indices where domain[index] == dot {
                if index > 0, domain[index - 1] == dot { return false }
                lastDot = index
            }
            guard let lastDot else { return false }
            return domain.count - lastDot - 1 >= 2
        }
    }
}

extension Unicode.Scalar {
    /// C0 and C1 control characters, and DEL: what no stored name or identifier may hold.
    var isControlCharacter: Bool {
        value < 0x20 || (0x7F...0x9F).contains(value)
    }
}

extension String {
    /// The string without leading and trailing white space (including newlines).
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[start...end])
    }
}
