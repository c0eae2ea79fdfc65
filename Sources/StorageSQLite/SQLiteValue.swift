/// A value bound to a statement parameter.
enum SQLiteValue: Sendable, Equatable {
    /// SQL NULL.
    case null
    /// A 64-bit integer.
    case integer(Int64)
    /// UTF-8 text.
    case text(String)
    /// Bytes (token digests).
    case blob([UInt8])
    /// A double (usage keys).
    case real(Double)

    /// Text, or NULL when `value` is nil.
    static func optionalText(_ value: String?) -> SQLiteValue {
        value.map(SQLiteValue.text) ?? .null
    }

    /// An integer, or NULL when `value` is nil.
    static func optionalInteger(_ value: Int64?) -> SQLiteValue {
        value.map(SQLiteValue.integer) ?? .null
    }

    /// A double, or NULL when `value` is nil.
    static func optionalReal(_ value: Double?) -> SQLiteValue {
        value.map(SQLiteValue.real) ?? .null
    }

    /// A boolean stored as 0 or 1.
    static func bool(_ value: Bool) -> SQLiteValue {
        .integer(value ? 1 : 0)
    }
}
