/// Checks a binary property list's object table before Foundation reads it: on Linux,
/// corelibs-foundation crashes (SEGV bridging NSSet) on a `set` object, and property lists
/// in Info.plist never contain sets. Found by fuzz/run.sh (InfoPlist target).
enum BinaryPropertyListScreen {
    /// Why the bytes were refused, or nil when every object is of a kind Info.plist uses.
    static func problem(in bytes: [UInt8]) -> String? {
        // Foundation reads any "bplist0" followed by one byte as a binary property list (the
        // version's last digit is not checked): screen all of them. Found by the fuzzer with
        // "bplist0\u{1F}", which the screen let through when it looked for "bplist00".
        guard bytes.count >= 40, bytes.starts(with: Array("bplist0".utf8)) else { return nil }
        // Trailer: 6 unused bytes, offset int size, object ref size, 3 big-endian 64-bit numbers.
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        let objectCount = readInteger(bytes, at: trailer + 8, size: 8)
        let tableOffset = readInteger(bytes, at: trailer + 24, size: 8)
        guard (1...8).contains(offsetSize), let objectCount, let tableOffset, objectCount > 0, objectCount < 1 << 24,
            tableOffset >= 8, tableOffset + objectCount * offsetSize <= trailer
        else { return "has a malformed binary property list trailer" }
        for index in 0..<objectCount {
            guard let offset = readInteger(bytes, at: tableOffset + index * offsetSize, size: offsetSize), offset >= 8, offset < tableOffset
            else { return "has a binary property list object outside the object table" }
            // Marker 0xC_ is a set: not a property-list type iOS apps use, and unsafe to bridge here.
            if bytes[offset] >> 4 == 0xC { return "contains a set, which is not allowed in an Info.plist" }
        }
        return nil
    }

    private static func readInteger(_ bytes: [UInt8], at start: Int, size: Int) -> Int? {
        guard start >= 0, size > 0, start + size <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[start..<(start + size)] {
            guard value < Int.max >> 8 else { return nil }
            value = value << 8 | Int(byte)
        }
        return value
    }
}
