import Foundation
import HTTPServer
import QuickActions

/// GET /shortcuts: the current quick-action list, negotiated and served from the cache.
final class ShortcutsController: Sendable {
    static let listQuery: Set<String> = ["visible"]
    let catalog: LocalizationCatalog?

    /// Serves the request's account's list (`AccountScope.shortcuts()`).
    init(catalog: LocalizationCatalog?) {
        self.catalog = catalog
    }

    /// GET /shortcuts
    func listShortcuts(_ request: APIRequest) throws -> HTTPResponse {
        try request.requireKnownQuery(Self.listQuery)
        let visibleOnly = try request.queryBoolean("visible") ?? false
        guard let format = Self.format(accept: request.http.headers["Accept"]) else {
            throw Problem(
                status: 406, title: "Not Acceptable",
                detail: "The shortcut list is available as application/json or application/x-plist; the Accept header allows neither.")
        }
        let language = catalog?.negotiate(acceptLanguage: request.http.headers["Accept-Language"])
        let representation = try request.account().shortcuts().representation(
            ShortcutRepresentationKey(format: format, language: language, visibleOnly: visibleOnly))
        if let ifNoneMatch = request.http.headers["If-None-Match"], Self.matches(ifNoneMatch, representation.etag) {
            return HTTPResponse(representation.notModified)
        }
        return HTTPResponse(representation.response)
    }

    /// The format an `Accept` header prefers (JSON on ties and when absent), or nil for 406.
    static func format(accept: String?) -> ShortcutRepresentationKey.Format? {
        guard let accept, !accept.trimmingOptionalWhiteSpace().isEmpty else { return .json }
        var best: (format: ShortcutRepresentationKey.Format, quality: Double, specificity: Int)?
        for range in accept.split(separator: ",") {
            let parts = range.split(separator: ";").map { $0.trimmingOptionalWhiteSpace().lowercased() }
            guard let mediaRange = parts.first else { continue }
            var quality = 1.0
            for parameter in parts.dropFirst() where parameter.hasPrefix("q=") {
                quality = Double(parameter.dropFirst(2)) ?? 0
            }
            guard quality > 0 else { continue }
            let candidates: [(ShortcutRepresentationKey.Format, Int)]
            switch mediaRange {
            case "application/json": candidates = [(.json, 2)]
            case "application/x-plist": candidates = [(.propertyList, 2)]
            case "application/*": candidates = [(.json, 1), (.propertyList, 1)]
            case "*/*": candidates = [(.json, 0), (.propertyList, 0)]
            default: candidates = []
            }
            for (format, specificity) in candidates {
                if let current = best {
                    if quality > current.quality || (quality == current.quality && specificity > current.specificity) {
                        best = (format, quality, specificity)
                    }
                } else {
                    best = (format, quality, specificity)
                }
            }
        }
        return best?.format
    }

    /// Whether an `If-None-Match` list names `etag` (weak comparison, as RFC 9110 asks for GET).
    static func matches(_ header: String, _ etag: String) -> Bool {
        header.split(separator: ",").contains { candidate in
            var tag = candidate.trimmingOptionalWhiteSpace()
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            return tag == etag
        }
    }
}
