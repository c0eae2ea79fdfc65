import QuickActions

/// The shape of one kind of log line: a JSON object with its keys sorted (as `JSONWriter` sorts
/// an object's), then a newline. Each key is declared once, beside what writes its value; the
/// order, and the bytes written before each value (`{"key":`, `,"key":`), are worked out once.
/// Event lines use it (`RequestLogger.log`); a request line, written for every request, is
/// `AccessLogLine`, fixed text between its values.
struct LogLine<Fields>: Sendable {
    /// Appends one field's value, taken from `Fields`.
    typealias Writer = @Sendable (Fields, inout [UInt8]) -> Void

    /// One key, and what writes its value: taken from `Fields`, or the same on every line.
    struct Field: Sendable {
        let key: String
        let value: Value

        enum Value: Sendable {
            case written(Writer)
            case constant([UInt8])
        }

        /// A field whose value `write` takes from `Fields`.
        init(_ key: String, _ write: @escaping Writer) {
            self.key = key
            value = .written(write)
        }

        /// A field with the same value on every line.
        init(_ key: String, constant: JSONValue) {
            self.key = key
            value = .constant(JSONWriter.bytes(constant))
        }
    }

    /// The fields in written order: the bytes before each value that varies (constants are
    /// folded into them), and what writes it; then what ends the line.
    private let fields: [(prefix: [UInt8], write: Writer)]
    private let end: [UInt8]

    /// A line of `fields` (keys distinct, in any order).
    init(_ fields: [Field]) {
        var written: [(prefix: [UInt8], write: Writer)] = []
        var pending: [UInt8] = []
        for (offset, field) in fields.sorted(by: { $0.key < $1.key }).enumerated() {
            pending.append(UInt8(ascii: offset == 0 ? "{" : ","))
            JSONWriter.writeString(field.key, to: &pending)
            pending.append(UInt8(ascii: ":"))
            switch field.value {
            case .constant(let bytes):
                pending.append(contentsOf: bytes)
            case .written(let write):
                written.append((pending, write))
                pending = []
            }
        }
        if fields.isEmpty { pending.append(UInt8(ascii: "{")) }
        self.fields = written
        end = pending + Array("}\n".utf8)
    }

    /// Appends the line for `values`.
    func write(_ values: Fields, to line: inout [UInt8]) {
        // By index: the fields are borrowed where they are, not copied (and retained) per line.
        for index in fields.indices {
            line.append(contentsOf: fields[index].prefix)
            fields[index].write(values, &line)
        }
        line.append(contentsOf: end)
    }
}

extension LogLine where Fields == [String: JSONValue] {
    /// A line of every field of an object (for events, whose fields vary).
    init(object: [String: JSONValue]) {
        self.init(object.keys.map { key in Field(key) { object, line in JSONWriter.write(object[key] ?? .null, to: &line) } })
    }
}
