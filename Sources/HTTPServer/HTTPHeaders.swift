/// Header fields in the order they arrived, looked up case-insensitively.
public struct HTTPHeaders: Sendable, Equatable, Sequence {
    /// Fields added by the application (responses) or given to `init`.
    private var list: [(name: String, value: String)] {
        didSet { cStrings = nil }
    }
    /// A request's fields as the transport read them, packed: looked up without making a string
    /// per field. Turned into `list` on the first change.
    private var packed = PackedHeaderFields.empty
    /// Prepared fields (see `prepared()`): they and their C strings in one shared object, so a
    /// copy of these headers is one reference count. `list` is then empty; a change unpacks them.
    private(set) var cStrings: HeaderCStrings?

    /// The fields, names as sent.
    public var fields: [(name: String, value: String)] {
        cStrings?.fields ?? (packed.isEmpty ? list : packed.fields)
    }

    /// Creates headers from fields in order.
    public init(_ fields: [(name: String, value: String)] = []) {
        list = fields
    }

    /// Creates empty headers with room for `capacity` fields (responses add several).
    public init(capacity: Int) {
        list = []
        list.reserveCapacity(capacity)
    }

    /// A request's fields, packed by the transport (see `PackedHeaderFields`).
    init(packed: PackedHeaderFields) {
        list = []
        self.packed = packed
    }

    /// The first value for `name`, or nil.
    public subscript(name: String) -> String? {
        if !packed.isEmpty { return packed.first(name) }
        return (cStrings?.fields ?? list).first { $0.name.caseInsensitiveEquals(name) }?.value
    }

    /// Every value for `name`, in order.
    public func values(for name: String) -> [String] {
        fields.filter { $0.name.caseInsensitiveEquals(name) }.map(\.value)
    }

    /// Appends a field.
    public mutating func add(_ name: String, _ value: String) {
        unpack()
        list.append((name, value))
    }

    /// Replaces every field named `name` by one.
    public mutating func set(_ name: String, _ value: String) {
        unpack()
        list.removeAll { $0.name.caseInsensitiveEquals(name) }
        list.append((name, value))
    }

    private mutating func unpack() {
        if let prepared = cStrings {
            list = prepared.fields  // (and drops the C strings)
        } else if !packed.isEmpty {
            list = packed.fields
            packed = .empty
        }
    }

    /// These headers with their C strings made once, for a header list that many responses
    /// share: the transport then passes them to libmicrohttpd as they are, with no string
    /// conversion or reference counting per field and request.
    public func prepared() -> HTTPHeaders {
        var copy = self
        copy.unpack()
        let prepared = HeaderCStrings(copy.list)
        copy.list = []
        copy.cStrings = prepared
        return copy
    }

    /// Iterates the fields in order.
    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        fields.makeIterator()
    }

    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.elementsEqual(rhs.fields) { $0.name == $1.name && $0.value == $1.value }
    }
}

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

    /// The first value of the field named `name` (ASCII case-insensitive), or nil.
    func first(_ name: String) -> String? {
        // (Optional chaining borrows the storage: no reference count per lookup.)
        guard !isEmpty else { return nil }
        if let found = name.utf8.withContiguousStorageIfAvailable({ storage?.first($0) ?? nil }) { return found }
        return Array(name.utf8).withUnsafeBufferPointer { storage?.first($0) ?? nil }
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

    /// The first value of the field named `wanted` (ASCII case-insensitive).
    func first(_ wanted: UnsafeBufferPointer<UInt8>) -> String? {
        var found: String?
        forEachField { name, value in
            guard name.count == wanted.count, zip(name, wanted).allSatisfy(asciiCaseInsensitiveEqual) else { return true }
            found = String(decoding: value, as: UTF8.self)
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

/// Header fields laid out once as NUL-terminated C strings, with a pointer pair per field.
/// Immutable after `init`, which is why sharing it between threads is safe.
final class HeaderCStrings: Sendable {
    /// The fields.
    let fields: [(name: String, value: String)]
    /// The (name, value) pointers, into `storage`.
    nonisolated(unsafe) let pairs: UnsafeMutableBufferPointer<(name: UnsafePointer<CChar>, value: UnsafePointer<CChar>)>
    nonisolated(unsafe) private let storage: UnsafeMutableBufferPointer<CChar>

    init(_ fields: [(name: String, value: String)]) {
        self.fields = fields
        let size = fields.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 2 }
        storage = .allocate(capacity: max(size, 1))
        pairs = .allocate(capacity: fields.count)
        var offset = 0
        // Copies `text` and its NUL into `storage` at `offset`; returns where it starts.
        func append(_ text: String) -> UnsafePointer<CChar> {
            let start = storage.baseAddress.unsafelyUnwrapped + offset
            for byte in text.utf8 {
                storage[offset] = CChar(bitPattern: byte)
                offset += 1
            }
            storage[offset] = 0
            offset += 1
            return UnsafePointer(start)
        }
        for (index, field) in fields.enumerated() {
            let name = append(field.name)
            pairs.initializeElement(at: index, to: (name, append(field.value)))
        }
    }

    deinit {
        pairs.deallocate()
        storage.deallocate()
    }
}

extension String {
    /// ASCII case-insensitive comparison, as header names require.
    func caseInsensitiveEquals(_ other: String) -> Bool {
        let a = utf8
        let b = other.utf8
        guard a.count == b.count else { return false }
        return zip(a, b).allSatisfy(asciiCaseInsensitiveEqual)
    }
}
