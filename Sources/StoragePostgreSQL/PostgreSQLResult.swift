import CLibPQ

/// One result of a statement that succeeded, read in binary format; cleared on deinit.
/// Confined to the thread that ran the statement (it is never shared), so it is not Sendable.
final class PostgreSQLResult {
    private let handle: OpaquePointer

    init(_ handle: OpaquePointer) {
        self.handle = handle
    }

    deinit {
        PQclear(handle)
    }

    /// How many rows it holds.
    var count: Int { Int(PQntuples(handle)) }

    /// How many rows the command changed (`UPDATE`, `DELETE`, `INSERT`).
    var changes: Int { Int(String(cString: PQcmdTuples(handle))) ?? 0 }

    /// Whether the value at `row`, `column` is NULL.
    func isNull(_ row: Int, _ column: Int) -> Bool {
        PQgetisnull(handle, Int32(row), Int32(column)) == 1
    }

    /// The raw bytes at `row`, `column`.
    func bytes(_ row: Int, _ column: Int) -> [UInt8] {
        let length = Int(PQgetlength(handle, Int32(row), Int32(column)))
        guard length > 0, let value = PQgetvalue(handle, Int32(row), Int32(column)) else { return [] }
        return value.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
    }

    /// An integer column (`smallint`, `integer`, `bigint` or `boolean`) at `row`, `column`; 0 for NULL.
    func int64(_ row: Int, _ column: Int) -> Int64 {
        let bytes = bytes(row, column)
        var value: Int64 = 0
        for byte in bytes { value = value << 8 | Int64(byte) }
        // Sign-extend the narrower types.
        let bits = bytes.count * 8
        if bits > 0 && bits < 64 && bytes[0] & 0x80 != 0 { value -= Int64(1) << bits }
        return value
    }

    /// An integer column that may be NULL.
    func optionalInt64(_ row: Int, _ column: Int) -> Int64? {
        isNull(row, column) ? nil : int64(row, column)
    }

    /// A `double precision` column that may be NULL.
    func optionalDouble(_ row: Int, _ column: Int) -> Double? {
        guard !isNull(row, column) else { return nil }
        var bits: UInt64 = 0
        for byte in bytes(row, column) { bits = bits << 8 | UInt64(byte) }
        return Double(bitPattern: bits)
    }

    /// A `boolean` at `row`, `column`.
    func bool(_ row: Int, _ column: Int) -> Bool {
        bytes(row, column).first.map { $0 != 0 } ?? false
    }

    /// A `text` at `row`, `column`.
    func text(_ row: Int, _ column: Int) -> String {
        String(decoding: bytes(row, column), as: UTF8.self)
    }

    /// A `text` that may be NULL.
    func optionalText(_ row: Int, _ column: Int) -> String? {
        isNull(row, column) ? nil : text(row, column)
    }

    /// Every row, each made by `make(self, row)`.
    func rows<Row>(_ make: (PostgreSQLResult, Int) -> Row) -> [Row] {
        (0..<count).map { make(self, $0) }
    }
}
