extension StringProtocol {
    /// The text without leading and trailing optional white space, as HTTP defines it
    /// (RFC 9110 OWS: space and horizontal tab). Standard library only: header parsing runs on
    /// every request, and Foundation's trimming converts to UTF-16 and back.
    func trimmingOptionalWhiteSpace() -> SubSequence {
        let isWhiteSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = firstIndex(where: { !isWhiteSpace($0) }), let end = lastIndex(where: { !isWhiteSpace($0) }) else {
            return self[endIndex...]
        }
        return self[start...end]
    }
}
