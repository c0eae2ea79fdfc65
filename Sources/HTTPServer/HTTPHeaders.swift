/// Header fields in the order they were added, looked up case-insensitively: what a response
/// sends. (A request's fields are `RequestHeaders`; a response made once and sent many times
/// is a `PreparedResponse`.)
public struct HTTPHeaders: Sendable, Equatable, Sequence {
    /// The fields, names as given.
    public private(set) var fields: [(name: String, value: String)]

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
        fields.first { $0.name.caseInsensitiveEquals(name) }?.value
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

    /// Iterates the fields in order.
    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        fields.makeIterator()
    }

    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.elementsEqual(rhs.fields) { $0.name == $1.name && $0.value == $1.value }
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
