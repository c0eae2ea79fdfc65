/// A contact as a vCard 3.0 (RFC 2426): what the Share action hands on.
public enum VCard {
    /// The vCard text, lines ending in CRLF.
    public static func render(_ contact: Contact) -> String {
        let parts = contact.name.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        let family = parts.count > 1 ? parts.last ?? "" : ""
        let given = parts.count > 1 ? parts.dropLast().joined(separator: " ") : contact.name
        var lines = [
            "BEGIN:VCARD",
            "VERSION:3.0",
            "FN:" + escape(contact.name),
            "N:" + escape(family) + ";" + escape(given) + ";;;",
        ]
        if let email = contact.email {
            lines.append("EMAIL;TYPE=INTERNET:" + escape(email))
        }
        lines.append("UID:" + escape(contact.id))
        lines.append("REV:" + contact.updatedAt.rfc3339)
        lines.append("END:VCARD")
        return lines.map(fold).joined(separator: "\r\n") + "\r\n"
    }

    /// Escapes the characters vCard text values reserve.
    static func escape(_ value: String) -> String {
        var escaped = ""
        for character in value {
            switch character {
            case "\\": escaped += "\\\\"
            case ",": escaped += "\\,"
            case ";": escaped += "\\;"
            case "\n", "\r\n", "\r": escaped += "\\n"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// Folds lines longer than 75 octets, as RFC 2426 asks, without splitting a character.
    static func fold(_ line: String) -> String {
        guard line.utf8.count > 75 else { return line }
        var result = ""
        var current = 0
        for character in line {
            let size = String(character).utf8.count
            if current + size > 75 {
                result += "\r\n "
                current = 1
            }
            result.append(character)
            current += size
        }
        return result
    }
}
