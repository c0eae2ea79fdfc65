import QuickActions

/// Measures, truncates and wraps preview text with DejaVu Sans's advance widths (see
/// `DejaVuSansWidths`), one grapheme cluster at a time, so the widths do not depend on the
/// fonts of the machine that serves the picture.
///
/// A cluster is as wide as its first scalar (combining marks add nothing); an emoji cluster is
/// 1.3 em (colour emoji fonts draw about 1.17-1.28 em); a character the font lacks (CJK, most
/// other scripts) counts 1 em. Kerning is ignored, which only ever over-estimates.
public enum PreviewText {
    /// The ellipsis iOS puts where it cuts a line.
    public static let ellipsis = "\u{2026}"

    /// Width in font units, by code point, parsed once from the generated runs.
    private static let widths: [UInt32: UInt16] = {
        var table: [UInt32: UInt16] = [:]
        let numbers = DejaVuSansWidths.runs.split(whereSeparator: { $0 == " " || $0 == "\n" })
        var index = 0
        while index + 2 < numbers.count {
            if let start = UInt32(numbers[index], radix: 16), let count = UInt32(numbers[index + 1]), let width = UInt16(numbers[index + 2]) {
                for offset in 0..<count { table[start + offset] = width }
            }
            index += 3
        }
        return table
    }()

    /// The width of `text` drawn at `size` points.
    public static func width(of text: some StringProtocol, size: Double) -> Double {
        var units = 0.0
        for character in text { units += self.units(character) }
        return units * size / Double(DejaVuSansWidths.unitsPerEm)
    }

    /// The advance of one grapheme cluster, in font units.
    static func units(_ character: Character) -> Double {
        let em = Double(DejaVuSansWidths.unitsPerEm)
        if character.isEmojiGlyph { return 1.3 * em }
        guard let first = character.unicodeScalars.first else { return 0 }
        if let width = widths[first.value] { return Double(width) }
        // A lone mark or format character (ZWJ, a bidi mark) takes no room; anything else the
        // font lacks is counted as a full em.
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: return em
        }
    }

    /// `text` on one line of at most `maxWidth`: whole, or cut at the tail (at a grapheme
    /// cluster, trailing spaces dropped) with "…", as a `UILabel` with tail truncation does.
    public static func truncated(_ text: String, size: Double, maxWidth: Double) -> String {
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        if width(of: line, size: size) <= maxWidth { return line }
        let budget = maxWidth - width(of: ellipsis, size: size)
        var kept = ""
        var used = 0.0
        for character in line {
            let advance = units(character) * size / Double(DejaVuSansWidths.unitsPerEm)
            if used + advance > budget { break }
            kept.append(character)
            used += advance
        }
        while kept.last?.isWhitespace == true { kept.removeLast() }
        return budget > 0 ? kept + ellipsis : ""
    }

    /// `text` in at most `maxLines` lines of at most `maxWidth`: broken at spaces (a word too
    /// long for a line is broken where it overflows), the last line cut with "…" when the
    /// text does not fit.
    public static func wrapped(_ text: String, size: Double, maxWidth: Double, maxLines: Int) -> [String] {
        var lines: [String] = []
        var rest = Substring(text.split(whereSeparator: \.isNewline).joined(separator: " "))
        while !rest.isEmpty, lines.count < maxLines - 1 {
            if width(of: rest, size: size) <= maxWidth { break }
            let (line, remainder) = firstLine(of: rest, size: size, maxWidth: maxWidth)
            lines.append(line)
            rest = remainder
        }
        if !rest.isEmpty || lines.isEmpty { lines.append(truncated(String(rest), size: size, maxWidth: maxWidth)) }
        return lines
    }

    /// The longest first line of `text` that fits, broken after a space when there is one.
    private static func firstLine(of text: Substring, size: Double, maxWidth: Double) -> (String, Substring) {
        var used = 0.0
        var end = text.startIndex
        var lastBreak: String.Index?
        for index in text.indices {
            let advance = units(text[index]) * size / Double(DejaVuSansWidths.unitsPerEm)
            if used + advance > maxWidth { break }
            used += advance
            end = text.index(after: index)
            if text[index] == " " { lastBreak = end }
        }
        if end == text.startIndex, let first = text.indices.first { end = text.index(after: first) }
        let cut = lastBreak ?? end
        let line = text[..<cut].trimmingTrailingSpaces()
        var remainder = text[cut...]
        while remainder.first == " " { remainder.removeFirst() }
        return (String(line), remainder)
    }

    /// Whether `text` reads right to left: its first letter is Hebrew, Arabic, Syriac, Thaana,
    /// N'Ko or another right-to-left script.
    public static func isRightToLeft(_ text: String) -> Bool {
        for scalar in text.unicodeScalars where scalar.properties.isAlphabetic {
            switch scalar.value {
            case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: return true
            default: return false
            }
        }
        return false
    }
}

extension Substring {
    fileprivate func trimmingTrailingSpaces() -> Substring {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
