/// A ZIP archive (PKWARE APPNOTE 6.3) of stored entries: no compression, a CRC-32 per entry, a
/// fixed timestamp (1980-01-01), UTF-8 names. What `unzip`, Python's `zipfile` and Android's
/// tools read; enough for a handful of small text files.
public struct ZipArchive: Sendable {
    private var entries: [(name: [UInt8], bytes: [UInt8], crc: UInt32, offset: Int)] = []
    private var body: [UInt8] = []

    /// An empty archive.
    public init() {}

    /// Adds a file at `path` (relative, `/`-separated).
    public mutating func add(path: String, bytes: [UInt8]) {
        let name = Array(path.utf8)
        let crc = CRC32.checksum(bytes)
        entries.append((name, bytes, crc, body.count))
        Self.append(UInt32(0x0403_4B50), to: &body)
        Self.appendCommon(name: name, size: bytes.count, crc: crc, to: &body)
        body += name
        body += bytes
    }

    /// The archive's bytes: the entries, the central directory and its end record.
    public func bytes() -> [UInt8] {
        var output = body
        let directoryOffset = output.count
        for entry in entries {
            Self.append(UInt32(0x0201_4B50), to: &output)
            Self.append(UInt16(20), to: &output)  // made by: version 2.0
            Self.appendCommon(name: entry.name, size: entry.bytes.count, crc: entry.crc, to: &output)
            Self.append(UInt16(0), to: &output)  // comment length
            Self.append(UInt16(0), to: &output)  // disk number
            Self.append(UInt16(0), to: &output)  // internal attributes
            Self.append(UInt32(0o100644) << 16, to: &output)  // external attributes: a regular file, rw-r--r--
            Self.append(UInt32(truncatingIfNeeded: entry.offset), to: &output)
            output += entry.name
        }
        let directorySize = output.count - directoryOffset
        Self.append(UInt32(0x0605_4B50), to: &output)
        Self.append(UInt16(0), to: &output)
        Self.append(UInt16(0), to: &output)
        Self.append(UInt16(truncatingIfNeeded: entries.count), to: &output)
        Self.append(UInt16(truncatingIfNeeded: entries.count), to: &output)
        Self.append(UInt32(truncatingIfNeeded: directorySize), to: &output)
        Self.append(UInt32(truncatingIfNeeded: directoryOffset), to: &output)
        Self.append(UInt16(0), to: &output)
        return output
    }

    /// The fields a local header and a central directory entry share, from "version needed" to
    /// "extra field length".
    private static func appendCommon(name: [UInt8], size: Int, crc: UInt32, to output: inout [UInt8]) {
        append(UInt16(10), to: &output)  // version needed: 1.0, stored
        append(UInt16(1 << 11), to: &output)  // flags: names are UTF-8
        append(UInt16(0), to: &output)  // method: stored
        append(UInt16(0), to: &output)  // time 00:00
        append(UInt16((0 << 9) | (1 << 5) | 1), to: &output)  // date 1980-01-01
        append(crc, to: &output)
        append(UInt32(truncatingIfNeeded: size), to: &output)
        append(UInt32(truncatingIfNeeded: size), to: &output)
        append(UInt16(truncatingIfNeeded: name.count), to: &output)
        append(UInt16(0), to: &output)
    }

    private static func append<Integer: FixedWidthInteger>(_ value: Integer, to output: inout [UInt8]) {
        for shift in stride(from: 0, to: Integer.bitWidth, by: 8) { output.append(UInt8(truncatingIfNeeded: value >> shift)) }
    }
}
