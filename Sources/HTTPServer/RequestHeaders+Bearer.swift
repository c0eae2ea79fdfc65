extension RequestHeaders {
    /// Calls `body` with the token of the first `Authorization` field when its scheme is
    /// `Bearer` (in any case; white space around the token ignored), read in place; nil when
    /// there is no such field or no token in it.
    ///
    /// No copy of the token is made: a credential's digest is computed from these bytes on
    /// every request.
    @inlinable
    public func withBearerToken<Result>(_ body: (Span<UInt8>) -> Result) -> Result? {
        // The generic part is made in the caller; the reading is not generic, so no type's
        // metadata is looked up at run time.
        var result: Result?
        forBearerToken { result = body($0) }
        return result
    }

    /// Calls `body` with the token, if any (see `withBearerToken`).
    @usableFromInline
    func forBearerToken(_ body: (Span<UInt8>) -> Void) {
        _ = withFirstValue("Authorization") { value in
            guard let token = Self.bearerToken(in: value) else { return }
            body(UnsafeBufferPointer(rebasing: value[token]).span)
        }
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
