import CLibPQ

/// A `--db` value that names a PostgreSQL database, and what may be said of it in messages.
///
/// Accepted forms: a `postgres://` or `postgresql://` URL; a libpq keyword string
/// (`host=/tmp dbname=q`); `postgres:` alone, which leaves everything to libpq's `PG*`
/// environment variables. The password is never part of a message: `redact(_:)` removes it
/// from anything libpq says.
struct PostgreSQLLocation: Sendable {
    /// The connection string handed to libpq (empty for `postgres:`).
    let conninfo: String
    /// The server, as messages name it (`host:port`, or the environment's).
    let server: String
    /// Texts that must never appear in a message (the password, as written).
    private let secrets: [String]

    /// Whether `location` has one of the accepted forms.
    static func accepts(_ location: String) -> Bool {
        if location == "postgres:" || location == "postgresql:" { return true }
        if location.hasPrefix("postgres://") || location.hasPrefix("postgresql://") { return true }
        return location.contains("=") && !location.contains("://") && Self.parses(location)
    }

    /// Whether libpq reads `conninfo` as a keyword string.
    private static func parses(_ conninfo: String) -> Bool {
        var error: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(conninfo, &error) else {
            PQfreemem(error)
            return false
        }
        PQconninfoFree(options)
        return true
    }

    /// Reads `location`; nil when it is none of the accepted forms.
    init?(_ location: String) {
        guard Self.accepts(location) else { return nil }
        conninfo = location == "postgres:" || location == "postgresql:" ? "" : location
        var secrets: [String] = []
        var host: String?
        var port: String?
        if conninfo.contains("://") {
            // postgres://user:password@host:port/db?...
            let rest = conninfo.split(separator: "://", maxSplits: 1).last.map(String.init) ?? ""
            let authority = String(rest.prefix { $0 != "/" && $0 != "?" })
            let hostPart: Substring
            if let at = authority.lastIndex(of: "@") {
                let userInfo = authority[..<at]
                if let colon = userInfo.firstIndex(of: ":") { secrets.append(String(userInfo[userInfo.index(after: colon)...])) }
                hostPart = authority[authority.index(after: at)...]
            } else {
                hostPart = authority[...]
            }
            if !hostPart.isEmpty { host = String(hostPart) }
        } else {
            for pair in Self.keywordPairs(conninfo) {
                switch pair.key {
                case "password": secrets.append(pair.value)
                case "host", "hostaddr": host = host ?? pair.value
                case "port": port = pair.value
                default: break
                }
            }
            if let value = Self.rawPassword(conninfo) { secrets.append(value) }
        }
        self.secrets = secrets.filter { !$0.isEmpty }
        server = host.map { host in port.map { "\(host):\($0)" } ?? host } ?? "the server PGHOST names (or the local socket)"
    }

    /// `message` without any of the secrets.
    func redact(_ message: String) -> String {
        secrets.reduce(message) { text, secret in text.replacing(secret, with: "****") }
    }

    /// The keyword/value pairs libpq reads from a keyword string (empty when it reads none).
    private static func keywordPairs(_ conninfo: String) -> [(key: String, value: String)] {
        var error: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(conninfo, &error) else {
            PQfreemem(error)
            return []
        }
        defer { PQconninfoFree(options) }
        var pairs: [(String, String)] = []
        var option = options
        while let keyword = option.pointee.keyword {
            if let value = option.pointee.val { pairs.append((String(cString: keyword), String(cString: value))) }
            option += 1
        }
        return pairs
    }

    /// The text after `password=` up to the next space, as written (quoted or not), for a
    /// keyword string libpq could not parse.
    private static func rawPassword(_ conninfo: String) -> String? {
        guard let range = conninfo.range(of: "password") else { return nil }
        let rest = conninfo[range.upperBound...].drop { $0 == " " || $0 == "=" }
        let value = rest.prefix { $0 != " " }
        return value.isEmpty ? nil : String(value).trimmingQuotes
    }
}

extension String {
    /// Without single quotes at either end.
    fileprivate var trimmingQuotes: String {
        var text = Substring(self)
        while text.first == "'" { text = text.dropFirst() }
        while text.last == "'" { text = text.dropLast() }
        return String(text)
    }
}
