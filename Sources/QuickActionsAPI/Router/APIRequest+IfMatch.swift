import Foundation

extension APIRequest {
    /// The revision this request's `If-Match` names for the resource `id`, whose ETags are
    /// `"<id>.<revision>"` (a contact's, a scheduled item's): nil with no header or `*`. A
    /// validator this server never issued for `id` (another resource's, or malformed) can
    /// never match: -1, which no revision is, so the write is a 412.
    func ifMatchRevision(of id: String) -> Int64? {
        guard let header = http.headers["If-Match"] else { return nil }
        let trimmed = header.trimmingCharacters(in: .whitespaces)
        if trimmed == "*" { return nil }
        let prefix = "\"\(id)."
        guard trimmed.hasPrefix(prefix), trimmed.hasSuffix("\""), let revision = Int64(trimmed.dropFirst(prefix.count).dropLast()) else {
            return -1
        }
        return revision
    }
}
