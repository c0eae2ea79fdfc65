import QuickActions

/// The shape of one log line: a JSON object with its keys sorted (as `JSONWriter` sorts an
/// object's), then a newline. The one place that order is decided, for every kind of line.
///
/// The order of a fixed set of keys is worked out once, so a request line (written for every
/// request) costs no dictionary and no sort.
struct LogLine: Sendable {
    /// The keys, in the order values are given.
    let keys: [String]
    /// The positions in `keys` in the order they are written: sorted by key.
    private let order: [Int]

    init(keys: [String]) {
        self.keys = keys
        order = keys.indices.sorted { keys[$0] < keys[$1] }
    }

    /// Appends the line with `values` (one per key, in `keys`' order).
    func write(_ values: [JSONValue], to line: inout [UInt8]) {
        precondition(values.count == keys.count, "one value per key")
        line.append(UInt8(ascii: "{"))
        for (offset, index) in order.enumerated() {
            if offset > 0 { line.append(UInt8(ascii: ",")) }
            JSONWriter.writeString(keys[index], to: &line)
            line.append(UInt8(ascii: ":"))
            JSONWriter.write(values[index], to: &line)
        }
        line.append(contentsOf: "}\n".utf8)
    }
}
