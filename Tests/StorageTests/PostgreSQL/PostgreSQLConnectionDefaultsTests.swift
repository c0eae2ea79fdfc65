import Glibc
import StorageCore
import Testing

@testable import StoragePostgreSQL

/// Every connection gets keepalives, `tcp_user_timeout`, `connect_timeout` and an
/// `idle_in_transaction_session_timeout` unless its location names them, so a silently dead
/// connection is noticed and a session cut off inside a transaction releases its locks.
@Suite(.postgreSQL) struct PostgreSQLConnectionDefaultsTests {
    /// A connection to the test server's `postgres` database, its location extended by `extra`.
    static func connect(_ extra: String = "") throws -> PostgreSQLConnection {
        let conninfo = try #require(TestPostgreSQL.conninfo)
        return try PostgreSQLConnection(try PostgreSQLLocation(parsing: conninfo + extra), database: "postgres")
    }

    /// `SHOW name` on `connection`.
    static func show(_ name: String, on connection: PostgreSQLConnection) throws -> String {
        try connection.execute("SHOW \(name)").text(0, 0)
    }

    @Test func everyConnectionGetsKeepalivesTimeoutsAndAnIdleTransactionLimit() throws {
        let connection = try Self.connect()
        #expect(connection.parameter("keepalives") == "1")
        #expect(connection.parameter("keepalives_idle") == "5")
        #expect(connection.parameter("keepalives_interval") == "2")
        #expect(connection.parameter("keepalives_count") == "3")
        #expect(connection.parameter("tcp_user_timeout") == "10000")
        #expect(connection.parameter("connect_timeout") == "5")
        #expect(try Self.show("idle_in_transaction_session_timeout", on: connection) == "10s")
    }

    @Test func theLocationOverridesEachDefault() throws {
        let connection = try Self.connect(
            " keepalives_idle=2 keepalives_count=1 tcp_user_timeout=3000 connect_timeout=3 options='-c idle_in_transaction_session_timeout=2500'")
        #expect(connection.parameter("keepalives_idle") == "2")
        #expect(connection.parameter("keepalives_count") == "1")
        #expect(connection.parameter("tcp_user_timeout") == "3000")
        #expect(connection.parameter("connect_timeout") == "3")
        #expect(connection.parameter("keepalives_interval") == "2")
        #expect(try Self.show("idle_in_transaction_session_timeout", on: connection) == "2500ms")
    }

    @Test func aSessionIdleInsideATransactionIsEnded() throws {
        let connection = try Self.connect(" options='-c idle_in_transaction_session_timeout=500'")
        try connection.run("BEGIN")
        try connection.execute("SELECT 1")
        usleep(1_500_000)
        let error = #expect(throws: StorageError.self) { try connection.execute("SELECT 2") }
        #expect(error?.isPostgreSQLConnectionLoss == true || error?.sqlState == "25P03", "\(String(describing: error))")
    }
}
