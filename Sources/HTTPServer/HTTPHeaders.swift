/// Header fields in the order they arrived, looked up case-insensitively.
public struct HTTPHeaders: Sendable, Equatable, Sequence {
    /// The fields, names as sent.
    public private(set) var fields: [(name: String, value: String)] {
        didSet { cStrings = nil }
    }
    /// The same fields as C strings, when `prepared()` made them (dropped by any change).
    private(set) var cStrings: HeaderCStrings?

    /// Creates headers from fields in order.
    public init(_ fields: [(name: String, value: String)] = []) {
        self.fields = fields
    }

    /// Creates empty headers with room for `capacity` fields (responses add several).
    public init(capacity: Int) {
        fields = []
        fields.reserveCapacity(capacity)
    }

    /// The first value for `name`, or nil.
    public subscript(name: String) -> String? {
        for field in fields where field.name.caseInsensitiveEquals(name) {
            return field.value
        }
        return nil
    }

    /// Every value for `name`, in order.
    public func values(for name: String) -> [String] {
        fields.filter { $0.name.caseInsensitiveEquals(name) }.map(\.value)
    }

    /// Appends a field.
    public mutating func add(_ name: String, _ value: String) {
        fields.append((name, value))
    }

    /// Replaces every field named `name` by one.
    public mutating func set(_ name: String, _ value: String) {
        fields.removeAll { $0.name.caseInsensitiveEquals(name) }
        fields.append((name, value))
    }

    /// These headers with their C strings made once, for a header list that many responses
    /// share: the transport then passes them to libmicrohttpd as they are, with no string
    /// conversion or reference counting per field and request.
    public func prepared() -> HTTPHeaders {
        var copy = self
        copy.cStrings = HeaderCStrings(fields)
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

/// Header fields laid out once as NUL-terminated C strings, with a pointer pair per field.
/// Immutable after `init`, which is why sharing it between threads is safe.
final class HeaderCStrings: Sendable {
    /// The (name, value) pointers, into `storage`.
    nonisolated(unsafe) let pairs: UnsafeMutableBufferPointer<(name: UnsafePointer<CChar>, value: UnsafePointer<CChar>)>
    nonisolated(unsafe) private let storage: UnsafeMutableBufferPointer<CChar>

    init(_ fields: [(name: String, value: String)]) {
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
        return zip(a, b).allSatisfy { x, y in
            x == y || (x | 0x20 == y | 0x20 && (x | 0x20) >= 0x61 && (x | 0x20) <= 0x7A)
        }
    }
}
