/// Writes JSON with sorted object keys, so equal values give equal bytes.
public enum JSONWriter {
    /// The compact UTF-8 encoding of `value`.
    public static func bytes(_ value: JSONValue) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        write(value, to: &output)
        return output
    }

    /// The compact encoding of `value` as a string.
    public static func string(_ value: JSONValue) -> String {
        String(decoding: bytes(value), as: UTF8.self)
    }

    /// Appends the encoding of `value` to `output`.
    public static func write(_ value: JSONValue, to output: inout [UInt8]) {
        switch value {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .integer(let integer): output.append(contentsOf: String(integer).utf8)
        case .double(let double):
            if double.isFinite {
                if double == double.rounded(), abs(double) < 1e15 {
                    output.append(contentsOf: String(Int64(double)).utf8)
                } else {
                    output.append(contentsOf: "\(double)".utf8)
                }
            } else {
                output.append(contentsOf: "null".utf8)
            }
        case .string(let string): writeString(string, to: &output)
        case .array(let array):
            output.append(UInt8(ascii: "["))
            for (offset, element) in array.enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                write(element, to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            output.append(UInt8(ascii: "{"))
            for (offset, key) in object.keys.sorted().enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                writeString(key, to: &output)
                output.append(UInt8(ascii: ":"))
                if let element = object[key] { write(element, to: &output) }
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// Appends `string` quoted and escaped: `"`, `\`, newline, carriage return and tab as
    /// two-character escapes, the other control characters and DEL as `\u00XX`, everything else
    /// as its UTF-8. Reads the string's bytes in place and copies each run between escapes at
    /// once (most strings have none: one copy).
    public static func writeString(_ string: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        StringBytes.withBytes(of: string) { bytes in
            forEachPiece(of: bytes) {
                StringBytes.append($0, to: &output)
            } escape: {
                output.append($0)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// `writeString(_:to:)` into room made already: at most `escapedCapacity(of:)` bytes.
    public static func writeString(_ string: String, to output: inout OutputSpan<UInt8>) {
        output.append(UInt8(ascii: "\""))
        StringBytes.withBytes(of: string) { bytes in
            forEachPiece(of: bytes) {
                StringBytes.append($0, to: &output)
            } escape: {
                output.append($0)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// Calls `run` with each run of `bytes` that needs no escape, and `escape` with each byte of
    /// the escapes between them, in order: the one walk both writers share.
    @inline(__always)
    private static func forEachPiece(of bytes: Span<UInt8>, run: (Span<UInt8>) -> Void, escape emit: (UInt8) -> Void) {
        var runStart = 0
        for index in bytes.indices where needsEscape(bytes[index]) {
            run(bytes.extracting(runStart..<index))
            runStart = index + 1
            let escape = escape(bytes[index])
            for shift in 0..<escape.count { emit(UInt8(truncatingIfNeeded: escape.packed >> (8 * shift))) }
        }
        run(bytes.extracting(runStart..<bytes.count))
    }

    /// The most bytes `writeString` writes for `string`: every byte escaped as `\u00XX`, and the quotes.
    public static func escapedCapacity(of string: String) -> Int {
        string.utf8.count * 6 + 2
    }

    @inline(__always)
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// The escape of `byte` (one that `needsEscape`): its bytes packed, least significant first.
    private static func escape(_ byte: UInt8) -> (packed: UInt64, count: Int) {
        let backslash: UInt64 = 0x5C
        switch byte {
        case UInt8(ascii: "\""): return (backslash | 0x22 << 8, 2)
        case UInt8(ascii: "\\"): return (backslash | 0x5C << 8, 2)
        case 0x0A: return (backslash | UInt64(UInt8(ascii: "n")) << 8, 2)
        case 0x0D: return (backslash | UInt64(UInt8(ascii: "r")) << 8, 2)
        case 0x09: return (backslash | UInt64(UInt8(ascii: "t")) << 8, 2)
        default:
            let high = UInt64(hexDigits[Int(byte >> 4)])
            let low = UInt64(hexDigits[Int(byte & 0xF)])
            return (backslash | UInt64(UInt8(ascii: "u")) << 8 | 0x30 << 16 | 0x30 << 24 | high << 32 | low << 40, 6)
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
