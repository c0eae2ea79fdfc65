/// A string's UTF-8, read and written in place: the domain's one door to a string's storage.
///
/// Text is scanned and written byte by byte on every request (JSON strings, email shapes,
/// timestamps, search keys), and going through `String`'s indices or a copy into an array
/// costs what these loops are meant to save. Callers get the bytes as a `Span` (bounds
/// checked, unable to outlive the call) or fill a `MutableSpan`; the pointers behind them stay
/// here. This is the domain's one type with unsafe code (see `scripts/check-unsafe.sh`).
public enum StringBytes {
    /// Calls `body` with `string`'s UTF-8, read in place (a string not stored as contiguous
    /// UTF-8, such as one bridged from Foundation, is copied into such storage first).
    @inlinable
    public static func withBytes<Result>(of string: String, _ body: (Span<UInt8>) -> Result) -> Result {
        var string = string
        return string.withUTF8 { buffer in body(unsafe buffer.span) }
    }

    /// Appends `bytes` to `output`, in one copy.
    @inlinable
    public static func append(_ bytes: Span<UInt8>, to output: inout [UInt8]) {
        bytes.withUnsafeBufferPointer { output.append(contentsOf: $0) }
    }

    /// A string of `count` bytes, written by `fill` over zeros (a byte it leaves is NUL; an
    /// invalid UTF-8 sequence it writes is replaced with U+FFFD, as `String(decoding:as:)` does).
    @inlinable
    public static func string(utf8Count count: Int, _ fill: (inout MutableSpan<UInt8>) -> Void) -> String {
        String(unsafeUninitializedCapacity: count) { buffer in
            buffer.initialize(repeating: 0)
            var bytes = unsafe buffer.mutableSpan
            fill(&bytes)
            return count
        }
    }
}
