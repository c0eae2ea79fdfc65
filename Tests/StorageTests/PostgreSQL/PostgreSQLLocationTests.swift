import StorageCore
import Testing

@testable import StoragePostgreSQL
@testable import StorageSQLite

/// Which `--db` values are PostgreSQL's, and what is said of one libpq cannot read: libpq's
/// reason, never the password. (No server needed: libpq only parses.)
@Suite struct PostgreSQLLocationTests {
    @Test(arguments: [
        "postgres:", "postgresql:", "postgres://u:p@h/db", "postgresql://h", "postgres:oops", "host=/tmp dbname=q", "  dbname = q",
        "pasword=x", "name=x.sqlite", "_x=1",
    ])
    func claimed(location: String) {
        #expect(PostgreSQLBackend().accepts(location))
        #expect(!SQLiteBackend().accepts(location))
    }

    @Test(arguments: ["quickactions.sqlite", "./name=x.sqlite", "/data/a=b.sqlite", "data/x=1", "1a=b", "=x", "my file.sqlite", "é=1"])
    func aPathIsSQLite(location: String) {
        #expect(!PostgreSQLBackend().accepts(location))
        #expect(SQLiteBackend().accepts(location))
    }

    @Test func aURLOfAnotherSchemeIsNobodys() {
        #expect(!PostgreSQLBackend().accepts("mysql://u:p@h/db"))
        #expect(!SQLiteBackend().accepts("mysql://u:p@h/db"))
    }

    @Test(arguments: [
        ("host=h pasword=s3cretpw dbname=q", #"invalid connection option "pasword""#),
        ("host=h password='s3cretpw dbname=q", "unterminated quoted string"),
        ("host=h password = s3cretpw sslmode", #"missing "=" after "sslmode""#),
        ("postgres://qa:s3cretpw@[bad", "IPv6"),
        ("postgresql://qa:s3cretpw@h/db?passwort=s3cretpw&bogus=1", #"invalid URI query parameter: "passwort""#),
    ])
    func anUnreadableLocationGivesLibpqsReasonWithoutThePassword(location: String, reason: String) {
        let error = #expect(throws: StorageError.self) { try PostgreSQLLocation(parsing: location) }
        let message = error?.message ?? ""
        #expect(message.contains(reason), "\(message)")
        #expect(!message.contains("s3cretpw"), "\(message)")
    }

    @Test func aReadableLocationNamesItsServerAndRedactsItsPassword() throws {
        let keywords = try PostgreSQLLocation(parsing: "host=db.example port=5433 password='s3 cret' dbname=q")
        #expect(keywords.server == "db.example:5433")
        #expect(keywords.redact("FATAL: s3 cret") == "FATAL: ****")
        let url = try PostgreSQLLocation(parsing: "postgresql://qa:p%40ss@db.example:5432/q")
        #expect(url.server == "db.example:5432")
        #expect(url.redact("x p%40ss y p@ss") == "x **** y ****")
        #expect(try PostgreSQLLocation(parsing: "postgres:").conninfo.isEmpty)
    }
}
