import HTTPServer
import QuickActions

/// GET /shortcuts: the current quick-action list, from the cache.
struct ShortcutsController: Sendable {
    let cache: ShortcutListCache

    /// GET /shortcuts
    func listShortcuts(_ request: APIRequest) throws -> HTTPResponse {
        try request.requireKnownQuery(["visible"])
        let visibleOnly = try request.queryBoolean("visible") ?? false
        let key = ShortcutRepresentationKey(format: .json, language: nil, visibleOnly: visibleOnly)
        let representation = cache.representation(key)
        var headers = HTTPHeaders()
        headers.add("ETag", representation.etag)
        headers.add("Cache-Control", "no-cache")
        if let ifNoneMatch = request.http.headers["If-None-Match"], Self.matches(ifNoneMatch, representation.etag) {
            return HTTPResponse(status: 304, headers: headers)
        }
        headers.add("Content-Type", representation.contentType)
        return HTTPResponse(status: 200, headers: headers, body: .shared(representation.body))
    }

    /// Whether an `If-None-Match` list names `etag` (weak comparison, as RFC 9110 asks for GET).
    static func matches(_ header: String, _ etag: String) -> Bool {
        header.split(separator: ",").contains { candidate in
            var tag = candidate.trimmingCharacters(in: .whitespaces)
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            return tag == etag
        }
    }
}

import Foundation
