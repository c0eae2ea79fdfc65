import CLibPQ

/// A value bound to a statement parameter. Every value is sent in PostgreSQL's binary format
/// with an explicit type, so text is never parsed as SQL and a NUL in text is refused by the
/// server instead of cutting the string short, as a C string would.
enum PostgreSQLValue: Sendable, Equatable {
    /// `bigint`.
    case integer(Int64)
    /// `text`.
    case text(String)
    /// `text`, or NULL.
    case optionalText(String?)
    /// `bytea`.
    case bytes([UInt8])
    /// `boolean`.
    case bool(Bool)
    /// `bigint`, or NULL.
    case optionalInteger(Int64?)
    /// `double precision`, or NULL.
    case optionalDouble(Double?)
    /// `text[]` of simple words (letters, digits, `:`), sent in text format.
    case words([String])

    /// The type's OID (`pg_type`), fixed when a statement is prepared.
    var type: Oid {
        switch self {
        case .integer, .optionalInteger: 20
        case .optionalDouble: 701
        case .text, .optionalText: 25
        case .bytes: 17
        case .bool: 16
        case .words: 1009
        }
    }

    /// 1 for binary, 0 for text.
    var format: Int32 {
        if case .words = self { return 0 }
        return 1
    }

    /// The bytes sent, or nil for NULL.
    var encoded: [UInt8]? {
        switch self {
        case .integer(let value): withUnsafeBytes(of: value.bigEndian) { Array($0) }
        case .text(let text): Array(text.utf8)
        case .optionalText(let text): text.map { Array($0.utf8) }
        case .bytes(let bytes): bytes
        case .bool(let flag): [flag ? 1 : 0]
        case .optionalInteger(let value): value.map { value in withUnsafeBytes(of: value.bigEndian) { Array($0) } }
        case .optionalDouble(let value): value.map { value in withUnsafeBytes(of: value.bitPattern.bigEndian) { Array($0) } }
        // The words never hold a quote, comma, brace or backslash (see `PostgreSQLChangeNotice`).
        case .words(let words): Array(("{" + words.joined(separator: ",") + "}").utf8)
        }
    }
}
