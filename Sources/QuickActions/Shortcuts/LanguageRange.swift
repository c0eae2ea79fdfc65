/// One element of an `Accept-Language` field (RFC 9110 §12.5.4): a language range and its weight.
struct LanguageRange: Sendable, Equatable {
    /// The range, lowercased: `fr-ch`, or `*`.
    var range: String
    /// The weight, 0…1; 0 means "not acceptable".
    var quality: Double

    /// The most elements of a field read: the rest is ignored. A browser sends a handful; a
    /// field of thousands would cost its negotiation (which compares ranges with each other)
    /// far more than any answer is worth.
    public static let maximumRanges = 32

    /// The well-formed elements among the first `maximumRanges` of `field`, in header order.
    /// Malformed elements (bad range, bad `q`) are skipped rather than failing the whole field.
    static func parse(_ field: String) -> [LanguageRange] {
        var ranges: [LanguageRange] = []
        let elements = field.split(separator: ",", maxSplits: maximumRanges, omittingEmptySubsequences: false).prefix(maximumRanges)
        for element in elements {
            let parts = element.split(separator: ";", omittingEmptySubsequences: false).map(trimmed)
            guard let range = parts.first, range == "*" || isWellFormedTag(range) else { continue }
            var quality = 1.0
            var valid = true
            for parameter in parts.dropFirst() {
                let pieces = parameter.split(separator: "=", maxSplits: 1).map(trimmed)
                guard pieces.count == 2, pieces[0].lowercased() == "q" else { continue }
                guard let weight = parseQuality(pieces[1]) else {
                    valid = false
                    break
                }
                quality = weight
            }
            if valid { ranges.append(LanguageRange(range: range.lowercased(), quality: quality)) }
        }
        return ranges
    }

    /// Whether `tag` has the shape `1*8ALPHA *("-" 1*8alphanum)` (RFC 4647 §2.1, without `*`).
    static func isWellFormedTag(_ tag: String) -> Bool {
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = subtags.first else { return false }
        guard (1...8).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return subtags.dropFirst().allSatisfy { subtag in
            (1...8).contains(subtag.count) && subtag.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }

    /// A qvalue: `0`, `0.d`, `0.dd`, `0.ddd`, `1`, `1.0`, `1.00`, `1.000`.
    static func parseQuality(_ text: String) -> Double? {
        let characters = Array(text)
        guard let head = characters.first, head == "0" || head == "1" else { return nil }
        if characters.count == 1 { return head == "1" ? 1 : 0 }
        guard characters[1] == ".", (3...5).contains(characters.count) else { return nil }
        let decimals = characters[2...]
        guard decimals.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        if head == "1" { return decimals.allSatisfy { $0 == "0" } ? 1 : nil }
        return Double("0." + String(decimals))
    }

    private static func trimmed(_ text: Substring) -> String {
        var slice = text
        while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice.removeLast() }
        return String(slice)
    }
}
