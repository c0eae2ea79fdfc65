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

    /// Text, or NULL when `value` is nil.
    static func optionalText(_ value: String?) -> SQLiteValue {
        value.map(SQLiteValue.text) ?? .null
    }

    /// A boolean stored as 0 or 1.
    static func bool(_ value: Bool) -> SQLiteValue {
        .integer(value ? 1 : 0)
    }
}
