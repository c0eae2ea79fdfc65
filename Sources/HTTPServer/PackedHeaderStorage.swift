/// The packed bytes of a request's header fields; the header counts the bytes written.
final class PackedHeaderStorage: ManagedBuffer<Int, UInt8> {}

extension PackedHeaderStorage {
    /// Calls `body` with each field's name and value bytes, in order, until it returns false.
    /// The one reader of the packed format; it stops at a field that would run past the end.
    @inline(__always)
    func forEachField(_ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Bool) {
        withUnsafeMutablePointers { written, bytes in
            let end = written.pointee
            let raw = UnsafeRawPointer(bytes)
            let header = 2 * MemoryLayout<UInt32>.size
            var offset = 0
            while offset + header <= end {
                let nameCount = Int(raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
                let valueCount = Int(raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self))
                let nameStart = offset + header
                let valueStart = nameStart + nameCount
                offset = valueStart + valueCount
                guard offset <= end else { return }
                let name = UnsafeBufferPointer(start: bytes + nameStart, count: nameCount)
                if !body(name, UnsafeBufferPointer(start: bytes + valueStart, count: valueCount)) { return }
            }
        }
    }

    /// `body` of the value of the first field named `wanted` (ASCII case-insensitive), read in place.
    @inline(__always)
    func withFirst<Result>(_ wanted: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        var found: Result?
        forEachField { name, value in
            guard name.count == wanted.count, zip(name, wanted).allSatisfy(asciiCaseInsensitiveEqual) else { return true }
            found = body(value)
            return false
        }
        return found
    }
}

/// Whether two bytes are equal, ignoring ASCII case.
@inline(__always)
func asciiCaseInsensitiveEqual(_ x: UInt8, _ y: UInt8) -> Bool {
    x == y || (x | 0x20 == y | 0x20 && (x | 0x20) >= 0x61 && (x | 0x20) <= 0x7A)
}
