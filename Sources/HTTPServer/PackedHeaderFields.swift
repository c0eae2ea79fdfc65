/// A request's header fields in one buffer, as the transport copies them out of libmicrohttpd:
/// per field, the name's and the value's byte counts (`UInt32`, native order), then their bytes.
/// A lookup compares bytes and makes a string only for the value it returns.
struct PackedHeaderFields: Sendable {
    /// The bytes, in one allocation (header: their count). Never changed once filled, which is
    /// why sharing them between threads is safe.
    nonisolated(unsafe) private let storage: PackedHeaderStorage?

    /// No fields.
    static let empty = PackedHeaderFields(storage: nil)

    /// Whether there are no fields.
    var isEmpty: Bool { storage == nil }

    private init(storage: PackedHeaderStorage?) {
        self.storage = storage
    }

    /// Fields of `count` packed bytes, written by `fill` (which returns how many it wrote).
    init(count: Int, fill: (UnsafeMutableRawBufferPointer) -> Int) {
        guard count > 0 else {
            storage = nil
            return
        }
        let buffer = unsafeDowncast(PackedHeaderStorage.create(minimumCapacity: count) { _ in 0 }, to: PackedHeaderStorage.self)
        buffer.withUnsafeMutablePointers { written, bytes in
            written.pointee = min(count, max(0, fill(UnsafeMutableRawBufferPointer(start: bytes, count: count))))
        }
        storage = buffer
    }

    /// `fields`, packed as the transport packs them.
    init(fields: [(name: String, value: String)]) {
        var bytes: [UInt8] = []
        for (name, value) in fields {
            withUnsafeBytes(of: UInt32(name.utf8.count)) { bytes += $0 }
            withUnsafeBytes(of: UInt32(value.utf8.count)) { bytes += $0 }
            bytes += Array(name.utf8) + Array(value.utf8)
        }
        self.init(count: bytes.count) { buffer in
            buffer.copyBytes(from: bytes)
            return bytes.count
        }
    }

    /// The first value of the field named `name` (ASCII case-insensitive), or nil.
    func first(_ name: String) -> String? {
        withFirst(name) { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with the value bytes of the first field named `name` (ASCII
    /// case-insensitive), read in place; nil when there is none.
    @inline(__always)
    func withFirst<Result>(_ name: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        // (Optional chaining borrows the storage: no reference count per lookup.)
        guard !isEmpty else { return nil }
        if let found = name.utf8.withContiguousStorageIfAvailable({ storage?.withFirst($0, body) ?? nil }) { return found }
        return Array(name.utf8).withUnsafeBufferPointer { storage?.withFirst($0, body) ?? nil }
    }

    /// Every field, as strings.
    var fields: [(name: String, value: String)] {
        var fields: [(name: String, value: String)] = []
        storage?.forEachField { name, value in
            fields.append((String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self)))
            return true
        }
        return fields
    }
}
