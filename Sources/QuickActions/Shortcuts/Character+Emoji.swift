extension Character {
    /// Whether this character shows as an emoji picture: a scalar with default emoji
    /// presentation (😀), an emoji followed by VS16 (❤️), a keycap (1️⃣), a ZWJ sequence or a
    /// flag (regional indicators). Digits, `#`, `*`, ©, ® and ™ alone are `isEmoji` in Unicode
    /// but show as text, so they do not count; nor does anything with VS15 (text presentation).
    public var isEmojiGlyph: Bool {
        let scalars = Array(unicodeScalars)
        if scalars.contains(where: { $0.value == 0xFE0E }) { return false }
        for (offset, scalar) in scalars.enumerated() {
            let properties = scalar.properties
            if properties.isEmojiPresentation { return true }
            if (0x1F1E6...0x1F1FF).contains(scalar.value) { return true }
            if properties.isEmoji, offset + 1 < scalars.count, scalars[offset + 1].value == 0xFE0F { return true }
        }
        if scalars.contains(where: { $0.value == 0x20E3 }) { return true }
        // A ZWJ joins emoji; a ZWJ after a digit (which is `isEmoji`) is not an emoji sequence.
        if scalars.contains(where: { $0.value == 0x200D }), scalars.contains(where: { $0.properties.isEmoji && !$0.isASCII }) {
            return true
        }
        return false
    }
}
