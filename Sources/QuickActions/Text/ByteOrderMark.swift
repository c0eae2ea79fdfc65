/// The UTF-8 byte order mark (`EF BB BF`), which editors on Windows write at the start of a
/// file. Xcode, `JSONSerialization` and Android's resource compiler read a file with or without
/// one, and so does every loader of an operator's files here.
enum ByteOrderMark {
    /// The mark's bytes.
    static let utf8: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// `bytes` without a leading UTF-8 byte order mark.
    static func removed(from bytes: [UInt8]) -> [UInt8] {
        bytes.starts(with: utf8) ? Array(bytes.dropFirst(utf8.count)) : bytes
    }
}
