import Foundation

/// How a contact's name is matched wherever a name is looked up (a trigger's `userInfo.Name`,
/// the stores' `contacts(named:)`): surrounding white space trimmed, then compared under
/// canonical equivalence, so `Renée` typed precomposed (NFC) or decomposed (NFD) is one name.
///
/// Names are stored as they were sent (trimmed): only the comparison normalizes, so no stored
/// text is rewritten and databases written before this rule need no migration.
public enum ContactName {
    /// The form names are compared in: trimmed, then NFC; nil when no stored name can be
    /// this (empty, or with a control character, which the validator refuses).
    public static func key(_ name: String) -> String? {
        let trimmed = name.trimmingWhitespace()
        guard !trimmed.isEmpty, !trimmed.unicodeScalars.contains(where: \.isControlCharacter) else { return nil }
        // ASCII is already NFC: skip Foundation's round trip through UTF-16 (most names).
        return trimmed.utf8.allSatisfy { $0 < 0x80 } ? trimmed : trimmed.precomposedStringWithCanonicalMapping
    }

    /// Whether the stored name `name` is the name whose `key(_:)` is `key`.
    public static func matches(_ name: String, key: String) -> Bool {
        Self.key(name) == key
    }

    /// A name's length as people count it: user-perceived characters (extended grapheme
    /// clusters) of the value as sent, so `e` + U+0301 is one character, as is `é`.
    public static func length(_ name: String) -> Int {
        name.count
    }
}
