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
