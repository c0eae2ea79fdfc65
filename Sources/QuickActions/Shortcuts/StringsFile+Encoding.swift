extension StringsFile {
    /// The text of a strings file as UTF-16 code units (what CFString's parser works on),
    /// from UTF-16 LE or BE with a byte-order mark, or UTF-8 with or without one.
    static func codeUnits(of bytes: [UInt8]) throws(StringsFileError) -> [UInt16] {
        if bytes.starts(with: [0xFF, 0xFE]) { return try utf16(bytes.dropFirst(2), bigEndian: false) }
        if bytes.starts(with: [0xFE, 0xFF]) { return try utf16(bytes.dropFirst(2), bigEndian: true) }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        return try utf8(body)
    }

    private static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) throws(StringsFileError) -> [UInt16] {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            let first = UInt16(bytes[index])
            let second = UInt16(bytes[index + 1])
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        if index != bytes.endIndex {
            throw StringsFileError(line: line(at: units.count, in: units), reason: "UTF-16 text with an odd number of bytes")
        }
        // Lone surrogates in the file itself: say where, rather than let them become U+FFFD.
        var offset = 0
        while offset < units.count {
            let unit = units[offset]
            if UTF16.isLeadSurrogate(unit), offset + 1 < units.count, UTF16.isTrailSurrogate(units[offset + 1]) {
                offset += 2
                continue
            }
            if UTF16.isLeadSurrogate(unit) || UTF16.isTrailSurrogate(unit) {
                throw StringsFileError(line: line(at: offset, in: units), reason: "invalid UTF-16 (an unpaired surrogate)")
            }
            offset += 1
        }
        return units
    }

    private static func utf8(_ bytes: ArraySlice<UInt8>) throws(StringsFileError) -> [UInt16] {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count)
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar.value == 0 {
                    throw StringsFileError(
                        line: line(at: units.count, in: units), reason: "a NUL byte (UTF-16 text needs a byte-order mark)")
                }
                units.append(contentsOf: scalar.utf16)
            case .emptyInput:
                return units
            case .error:
                throw StringsFileError(line: line(at: units.count, in: units), reason: "invalid UTF-8")
            }
        }
    }

    /// The 1-based line of `offset`, counting CR, LF and CRLF as CFString's parser does.
    static func line(at offset: Int, in units: [UInt16]) -> Int {
        var line = 1
        var index = 0
        let end = min(offset, units.count)
        while index < end {
            if units[index] == 0x0D {
                line += 1
                if index + 1 < end, units[index + 1] == 0x0A { index += 1 }
            } else if units[index] == 0x0A {
                line += 1
            }
            index += 1
        }
        return line
    }
}
