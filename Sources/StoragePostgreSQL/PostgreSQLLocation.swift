import CLibPQ
import StorageCore

/// A `--db` value that names a PostgreSQL database, and what may be said of it in messages.
///
/// Accepted forms: a `postgres://` or `postgresql://` URL; a libpq keyword string
/// (`host=/tmp dbname=q`); `postgres:` alone, which leaves everything to libpq's `PG*`
/// environment variables. Anything of those shapes is PostgreSQL's
/// (`DatabaseLocation.hasPostgreSQLShape`), read by libpq (`PQconninfoParse`), and refused with
/// libpq's reason when libpq cannot read it: it never becomes a file name. The password is never part of a message: `redact(_:)` removes it from
/// anything libpq says.
struct PostgreSQLLocation: Sendable {
    /// The connection string handed to libpq (empty for `postgres:`).
    let conninfo: String
    /// The server, as messages name it (`host:port`, or the environment's).
    let server: String
    /// Texts that must never appear in a message (the password, as written and as read).
    private let secrets: [String]

    /// Whether `location` has one of the accepted forms and libpq reads it.
    static func accepts(_ location: String) -> Bool {
        (try? PostgreSQLLocation(parsing: location)) != nil
    }

    /// Reads `location`; nil when it is none of the accepted forms, or libpq cannot read it.
    init?(_ location: String) {
        guard let parsed = try? PostgreSQLLocation(parsing: location) else { return nil }
        self = parsed
    }

    /// Reads `location`; throws with libpq's reason (without the password) when it is none of
    /// the accepted forms or libpq cannot read it.
    init(parsing location: String) throws(StorageError) {
        let bare = location == "postgres:" || location == "postgresql:"
        var secrets = Self.writtenSecrets(location)
        guard bare || DatabaseLocation.hasPostgreSQLShape(location) else {
            throw StorageError(message: "not a PostgreSQL location (a postgres:// URL, a libpq keyword string, or postgres:)")
        }
        var options: [String: String] = [:]
        if !bare {
            switch Self.parse(location) {
            case .success(let parsed):
                options = parsed
            case .failure(let failure):
                let redacted = secrets.filter { !$0.isEmpty }.reduce(failure.reason) { $0.replacing($1, with: "****") }
                let hint =
                    location.contains("://")
                    ? "" : " (a SQLite file whose name contains '=' is given as a path, such as ./name=x.sqlite)"
                throw StorageError(message: "cannot read the PostgreSQL location given with --db: \(redacted)\(hint)")
            }
        }
        if let password = options["password"] { secrets.append(password) }
        conninfo = bare ? "" : location
        self.secrets = secrets.filter { !$0.isEmpty }.sorted { $0.count > $1.count }
        let host = options["host"] ?? options["hostaddr"]
        server = host.map { host in options["port"].map { "\(host):\($0)" } ?? host } ?? "the server PGHOST names (or the local socket)"
    }

    /// `message` without any of the secrets.
    func redact(_ message: String) -> String {
        secrets.reduce(message) { text, secret in text.replacing(secret, with: "****") }
    }

    /// The options libpq reads from `conninfo` (a keyword string or a URL), or libpq's reason
    /// for reading none.
    private static func parse(_ conninfo: String) -> Result<[String: String], ParseFailure> {
        var error: UnsafeMutablePointer<CChar>?
        guard let parsed = PQconninfoParse(conninfo, &error) else {
            let reason = error.map { PostgreSQLConnection.trimmed(String(cString: $0)) } ?? "out of memory"
            PQfreemem(error)
            return .failure(ParseFailure(reason: reason))
        }
        defer { PQconninfoFree(parsed) }
        var options: [String: String] = [:]
        var option = parsed
        while let keyword = option.pointee.keyword {
            if let value = option.pointee.val { options[String(cString: keyword)] = String(cString: value) }
            option += 1
        }
        return .success(options)
    }

    /// libpq's reason for not reading a location.
    private struct ParseFailure: Error {
        let reason: String
    }

    /// What reads as a password in `location` as written, whether or not libpq can read it: a
    /// URL's user information after its colon, and the value of any keyword that looks like
    /// `password` (misspelt too: `pasword=`, `passwd=`, `pwd=`), quoted or not.
    private static func writtenSecrets(_ location: String) -> [String] {
        var secrets: [String] = []
        if let scheme = location.range(of: "://") {
            let authority = location[scheme.upperBound...].prefix { $0 != "/" && $0 != "?" }
            if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
                secrets.append(String(authority[authority.index(after: colon)..<at]))
            }
            for pair in location.split(separator: "?", maxSplits: 1).dropFirst().flatMap({ $0.split(separator: "&") }) {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.count == 2, looksLikePassword(parts[0]) { secrets.append(String(parts[1])) }
            }
            return secrets
        }
        var rest = Substring(location)
        while let equals = rest.firstIndex(of: "=") {
            let keyword = rest[..<equals].reversed().drop { $0 == " " || $0 == "\t" }.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            var value = rest[rest.index(after: equals)...].drop { $0 == " " || $0 == "\t" }
            let end: Substring.Index
            if value.first == "'" {
                value = value.dropFirst()
                end = value.firstIndex(of: "'") ?? value.endIndex
            } else {
                end = value.firstIndex { $0 == " " || $0 == "\t" || $0 == "\n" } ?? value.endIndex
            }
            if looksLikePassword(Substring(String(keyword.reversed()))) {
                secrets.append(String(value[..<end]))
                // As libpq would echo a quoted one, backslashes and all.
                secrets.append(String(value[..<end]).replacing("\\", with: ""))
            }
            rest = value[end...]
        }
        return secrets
    }

    /// Whether a keyword names a password, or was meant to.
    private static func looksLikePassword(_ keyword: Substring) -> Bool {
        let lower = keyword.lowercased()
        return lower.hasPrefix("pas") || lower.hasPrefix("pw") || lower == "pwd" || lower.contains("passw")
    }
}
