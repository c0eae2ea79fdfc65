/// A string's UTF-8, read and written in place: the domain's one door to a string's storage.
///
/// Text is scanned and written byte by byte on every request (JSON strings, email shapes,
/// timestamps, search keys), and going through `String`'s indices or a copy into an array
/// costs what these loops are meant to save. Callers get a string's bytes as a `Span` (bounds
/// checked, unable to outlive the call), and make a string by filling a `MutableSpan` or from
/// packed words; the pointers behind them stay here. This is the domain's one type with unsafe
/// code (see `scripts/check_unsafe.py`).
public enum StringBytes {
    /// Calls `body` with `string`'s UTF-8, read in place (a string not stored as contiguous
    /// UTF-8, such as one bridged from Foundation, is copied into such storage first).
    @inlinable @inline(__always)
    public static func withBytes<Result>(of string: String, _ body: (Span<UInt8>) -> Result) -> Result {
        var string = string
        return string.withUTF8 { buffer in body(unsafe buffer.span) }
    }

    /// `withBytes` for a `body` that returns nothing. (Not generic, so that it is inlined: the
    /// generic one is a call on each string.)
    @inlinable @inline(__always)
    public static func withBytes(of string: String, _ body: (Span<UInt8>) -> Void) {
        var string = string
        string.withUTF8 { buffer in body(unsafe buffer.span) }
    }

    /// The 24-byte string whose bytes are those of `words`, each least significant byte first
    /// (ASCII text of a fixed shape, such as a timestamp, computed in registers; an invalid UTF-8
    /// sequence is replaced with U+FFFD).
    @inlinable @inline(__always)
    public static func string(packed words: (UInt64, UInt64, UInt64)) -> String {
        String(unsafeUninitializedCapacity: 24) { buffer in
            let raw = UnsafeMutableRawBufferPointer(buffer)
            raw.storeBytes(of: words.0.littleEndian, toByteOffset: 0, as: UInt64.self)
            raw.storeBytes(of: words.1.littleEndian, toByteOffset: 8, as: UInt64.self)
            raw.storeBytes(of: words.2.littleEndian, toByteOffset: 16, as: UInt64.self)
            return 24
        }
    }

    /// Appends the 24 bytes of `words`, each least significant byte first (as `string(packed:)`
    /// makes a string of them), in one copy.
    @inlinable @inline(__always)
    public static func append(packed words: (UInt64, UInt64, UInt64), to output: inout [UInt8]) {
        let littleEndian = (words.0.littleEndian, words.1.littleEndian, words.2.littleEndian)
        withUnsafeBytes(of: littleEndian) { output.append(contentsOf: $0) }
    }

    /// Appends `bytes` to `output`, in one copy.
    @inlinable @inline(__always)
    public static func append(_ bytes: Span<UInt8>, to output: inout [UInt8]) {
        bytes.withUnsafeBufferPointer { output.append(contentsOf: $0) }
    }

    /// Appends `text` to `output`, in one copy. Traps if `output` has no room for it, as
    /// `OutputSpan.append` does.
    @inlinable @inline(__always)
    public static func append(_ text: StaticString, to output: inout OutputSpan<UInt8>) {
        text.withUTF8Buffer { source in copy(source, to: &output) }
    }

    /// Appends `bytes` to `output`, in one copy (traps without room).
    @inlinable @inline(__always)
    public static func append(_ bytes: Span<UInt8>, to output: inout OutputSpan<UInt8>) {
        bytes.withUnsafeBufferPointer { source in copy(source, to: &output) }
    }

    /// Appends the 24 bytes of `words`, as `append(packed:to:)` does to an array (traps without room).
    @inlinable @inline(__always)
    public static func append(packed words: (UInt64, UInt64, UInt64), to output: inout OutputSpan<UInt8>) {
        let littleEndian = (words.0.littleEndian, words.1.littleEndian, words.2.littleEndian)
        withUnsafeBytes(of: littleEndian) { source in copy(source.assumingMemoryBound(to: UInt8.self), to: &output) }
    }

    @usableFromInline @inline(__always)
    static func copy(_ source: UnsafeBufferPointer<UInt8>, to output: inout OutputSpan<UInt8>) {
        output.withUnsafeMutableBufferPointer { buffer, count in
            precondition(source.count <= buffer.count - count, "OutputSpan capacity overflow")
            guard let from = source.baseAddress, let to = buffer.baseAddress else { return }
            (to + count).initialize(from: from, count: source.count)
            count += source.count
        }
    }

    /// A string of `count` bytes, written by `fill` over zeros (a byte it leaves is NUL; an
    /// invalid UTF-8 sequence it writes is replaced with U+FFFD, as `String(decoding:as:)` does).
    @inlinable @inline(__always)
    public static func string(utf8Count count: Int, _ fill: (inout MutableSpan<UInt8>) -> Void) -> String {
        String(unsafeUninitializedCapacity: count) { buffer in
            buffer.initialize(repeating: 0)
            var bytes = unsafe buffer.mutableSpan
            fill(&bytes)
            return count
        }
    }
}
