extension RequestHeaders {
    /// Calls `body` with the token of the first `Authorization` field when its scheme is
    /// `Bearer` (in any case; white space around the token ignored), read in place; nil when
    /// there is no such field or no token in it.
    ///
    /// No copy of the token is made: a credential's digest is computed from these bytes on
    /// every request.
    public func withBearerToken<Result>(_ body: (Span<UInt8>) -> Result) -> Result? {
        withFirstValue("Authorization") { value -> Result? in
            guard let token = Self.bearerToken(in: value) else { return nil }
            return body(UnsafeBufferPointer(rebasing: value[token]).span)
        } ?? nil
    }

    /// Where the token lies in an `Authorization` value of the Bearer scheme.
    private static func bearerToken(in value: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        let scheme = "bearer "
        guard value.count > scheme.utf8.count else { return nil }
        var index = 0
        for expected in scheme.utf8 {
            // ASCII letters compare without case: OR-ing 0x20 lowers them (and leaves the space).
            guard value[index] | 0x20 == expected else { return nil }
            index += 1
        }
        var end = value.count
        while index < end, value[index] == 0x20 || value[index] == 0x09 { index += 1 }
        while end > index, value[end - 1] == 0x20 || value[end - 1] == 0x09 { end -= 1 }
        return index < end ? index..<end : nil
    }
}
