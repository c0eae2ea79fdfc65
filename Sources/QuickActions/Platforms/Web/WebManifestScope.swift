import Foundation

/// A web app manifest's navigation scope, worked out as the Web App Manifest specification
/// and Chromium do: `start_url` resolved against the manifest's URL (the document's URL when
/// absent, invalid or of another origin); `scope` resolved likewise, and when absent, invalid,
/// of another origin or not holding `start_url`, `start_url`'s directory. A URL is within the
/// scope when it has the scope's origin and its path starts with the scope's path.
///
/// The manifest's URL is not known offline: `defaultManifestURL` stands in for it (and the
/// document is taken to be the manifest's URL), unless `scope` or `start_url` is absolute, whose
/// origin is then taken as the manifest's.
public struct WebManifestScope: Sendable, Equatable {
    /// The URL a manifest is taken to have when none is given.
    public static let defaultManifestURL = "https://app.invalid/manifest.webmanifest"

    /// The URL relative URLs are resolved against.
    public let manifestURL: URL
    /// The scope, without query or fragment.
    public let scope: URL

    /// The scope of `manifest` (its top-level members), served at `manifestURL` for a document
    /// at `documentURL` (default: the manifest's URL).
    public init?(manifest: [String: JSONValue], manifestURL: String? = nil, documentURL: String? = nil) {
        let given =
            manifest["scope"]?.stringValue.flatMap { URL(string: $0) }.flatMap { $0.scheme == nil ? nil : $0 }
            ?? manifest["start_url"]?.stringValue.flatMap { URL(string: $0) }.flatMap { $0.scheme == nil ? nil : $0 }
        let assumed = given.flatMap { Self.origin(of: $0) }.map { "\($0)/manifest.webmanifest" }
        guard let base = URL(string: manifestURL ?? assumed ?? Self.defaultManifestURL), Self.origin(of: base) != nil else { return nil }
        let document = documentURL.flatMap { URL(string: $0) } ?? base
        self.manifestURL = base
        var start = document
        if let text = manifest["start_url"]?.stringValue, let resolved = Self.resolve(text, against: base),
            Self.origin(of: resolved) == Self.origin(of: document)
        {
            start = resolved
        }
        let defaultScope = Self.directory(of: start)
        var scope = defaultScope
        if let text = manifest["scope"]?.stringValue, let resolved = Self.resolve(text, against: base).map(Self.withoutQuery),
            Self.origin(of: resolved) == Self.origin(of: start), Self.contains(start, in: resolved)
        {
            scope = resolved
        }
        self.scope = scope
    }

    /// A scope given directly (`WebMapping.scope`), resolved against `manifestURL`.
    public init?(scope text: String, manifestURL: String? = nil) {
        guard let base = URL(string: manifestURL ?? Self.defaultManifestURL), let scope = Self.resolve(text, against: base) else { return nil }
        self.manifestURL = base
        self.scope = Self.withoutQuery(scope)
    }

    /// Whether `url` (resolved against the manifest's URL) is within the scope.
    public func contains(_ url: String) -> Bool {
        guard let resolved = Self.resolve(url, against: manifestURL) else { return false }
        return Self.origin(of: resolved) == Self.origin(of: scope) && Self.contains(resolved, in: scope)
    }

    /// `url` resolved against the manifest's URL, as a string, or nil when it is not a URL.
    public func resolved(_ url: String) -> String? {
        Self.resolve(url, against: manifestURL)?.absoluteString
    }

    static func resolve(_ text: String, against base: URL) -> URL? {
        // An empty URL is the base itself (Foundation gives none for it).
        if text.isEmpty { return base }
        guard let url = URL(string: text, relativeTo: base)?.absoluteURL, origin(of: url) != nil else { return nil }
        return url
    }

    /// `scheme://host:port`, lower-cased, the port always written; nil without a host.
    static func origin(of url: URL) -> String? {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), !host.isEmpty else { return nil }
        let port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
        guard (0...65535).contains(port) || port == -1 else { return nil }
        return "\(scheme)://\(host):\(port)"
    }

    static func path(of url: URL) -> String {
        let path = URLComponents(url: url, resolvingAgainstBaseURL: true)?.percentEncodedPath ?? url.path
        return path.isEmpty ? "/" : path
    }

    static func contains(_ url: URL, in scope: URL) -> Bool {
        path(of: url).hasPrefix(path(of: scope))
    }

    static func withoutQuery(_ url: URL) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return url }
        components.query = nil
        components.fragment = nil
        return components.url ?? url
    }

    /// `url` without query and fragment, its path cut after the last `/`.
    static func directory(of url: URL) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return url }
        components.query = nil
        components.fragment = nil
        let path = components.percentEncodedPath
        components.percentEncodedPath = path.lastIndex(of: "/").map { String(path[...$0]) } ?? "/"
        return components.url ?? url
    }
}
