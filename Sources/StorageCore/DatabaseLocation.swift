/// What the shape of a `--db` location says before any backend reads it: whether it names a
/// database server rather than a file. A backend of files refuses every server's shape, whichever
/// backends the program links, so a connection string never becomes a file name (not one its
/// server backend cannot read, nor one a program without that backend is given).
package enum DatabaseLocation {
    /// Whether `location` names a database server: a URL (`scheme://…`), or a PostgreSQL
    /// location's shape (`hasPostgreSQLShape`).
    package static func namesServer(_ location: String) -> Bool {
        location.contains("://") || hasPostgreSQLShape(location)
    }

    /// Whether `location` has the shape of a PostgreSQL location: `postgres:` or `postgresql:`
    /// (alone, or starting a URL), or a libpq keyword string, whose first word is a keyword
    /// followed by `=` (`host=…`, `dbname = q`). A file whose name has that shape is given as a
    /// path (`./name=x.sqlite`).
    package static func hasPostgreSQLShape(_ location: String) -> Bool {
        if location.hasPrefix("postgres:") || location.hasPrefix("postgresql:") { return true }
        let text = location.drop { $0 == " " || $0 == "\t" || $0 == "\n" }
        guard let first = text.first, first.isASCII, first.isLetter || first == "_" else { return false }
        let rest = text.drop { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        return rest.drop { $0 == " " || $0 == "\t" }.first == "="
    }
}
