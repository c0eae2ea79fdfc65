import Glibc

extension RequestHeaders {
    /// Whether the first `If-None-Match` field names `etag` (a quoted entity tag), by the weak
    /// comparison RFC 9110 asks for on GET, or is `*`; false without the field.
    ///
    /// Reads the field in place (a companion revalidating its list sends one on every poll):
    /// no string, no array of candidates.
    public func ifNoneMatch(matches etag: String) -> Bool {
        var etag = etag
        return etag.withUTF8 { tag in
            withFirstValue("If-None-Match") { Self.entityTags($0, include: tag) } ?? false
        }
    }

    /// Whether the comma-separated list of entity tags `list` names `tag`: the next comma by
    /// `memchr`, a candidate by `memcmp` (one tag, the usual field, is two calls).
    private static func entityTags(_ list: UnsafeBufferPointer<UInt8>, include tag: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = list.baseAddress, let tagBase = tag.baseAddress else { return false }
        let comma = Int32(UInt8(ascii: ","))
        var start = 0
        while start <= list.count {
            var end = list.count
            if let found = memchr(base + start, comma, list.count - start) {
                end = UnsafeRawPointer(found) - UnsafeRawPointer(base)
            }
            var low = start
            var high = end
            while low < high, list[low] == 0x20 || list[low] == 0x09 { low += 1 }
            while high > low, list[high - 1] == 0x20 || list[high - 1] == 0x09 { high -= 1 }
            if high - low == 1, list[low] == UInt8(ascii: "*") { return true }
            if high - low >= 2, list[low] == UInt8(ascii: "W"), list[low + 1] == UInt8(ascii: "/") { low += 2 }
            if high - low == tag.count, memcmp(base + low, tagBase, tag.count) == 0 { return true }
            start = end + 1
        }
        return false
    }
}
