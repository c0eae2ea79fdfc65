/// A request's header fields, read-only, as the transport packed them: a lookup compares bytes
/// and makes a string only for the value it returns (see `PackedHeaderFields`).
public struct RequestHeaders: Sendable, Sequence {
    private let packed: PackedHeaderFields

    /// `fields` in order (tests, and requests built in-process).
    public init(_ fields: [(name: String, value: String)] = []) {
        packed = PackedHeaderFields(fields: fields)
    }

    /// The fields the transport read.
    init(packed: PackedHeaderFields) {
        self.packed = packed
    }

    /// The fields, names as sent.
    public var fields: [(name: String, value: String)] {
        packed.fields
    }

    /// The first value for `name` (ASCII case-insensitive), or nil.
    public subscript(name: String) -> String? {
        packed.first(name)
    }

    /// Whether a field named `name` (ASCII case-insensitive) is present.
    public func contains(_ name: String) -> Bool {
        packed.withFirst(name) { _ in true } ?? false
    }

    /// Calls `body` with the bytes of the first value for `name`, read in place; nil when there is none.
    func withFirstValue<Result>(_ name: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        packed.withFirst(name, body)
    }

    /// Every value for `name`, in order.
    public func values(for name: String) -> [String] {
        fields.filter { $0.name.caseInsensitiveEquals(name) }.map(\.value)
    }

    /// Iterates the fields in order.
    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        fields.makeIterator()
    }
}
