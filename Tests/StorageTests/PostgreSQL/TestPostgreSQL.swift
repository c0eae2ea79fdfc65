import Foundation
import QuickActions
import StorageCore
import Testing

@testable import StoragePostgreSQL

/// The PostgreSQL server the tests may use: `QUICKACTIOND_TEST_POSTGRES`, a libpq keyword
/// string or URL (`scripts/postgres.sh env` prints one). Each store gets a database of its
/// own, `qa_test_<random>`, dropped after the test.
enum TestPostgreSQL {
    /// The server's connection string, when the tests are to use one.
    static let conninfo = ProcessInfo.processInfo.environment["QUICKACTIOND_TEST_POSTGRES"].flatMap { $0.isEmpty ? nil : $0 }
    /// The throwaway cluster's directory (`scripts/postgres.sh`), for the restart tests.
    static let clusterDirectory = ProcessInfo.processInfo.environment["QUICKACTIOND_TEST_POSTGRES_DIR"]

    /// A connection to the server's maintenance database (or to `database`).
    static func admin(database: String = "postgres") throws -> PostgreSQLConnection {
        guard let conninfo, let location = PostgreSQLLocation(conninfo) else { throw StorageError(message: "QUICKACTIOND_TEST_POSTGRES is not set") }
        return try PostgreSQLConnection(location, database: database)
    }

    /// Creates an empty database and returns its name.
    static func createDatabase() throws -> String {
        let name = "qa_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(16)
        // A name made here of letters and digits: CREATE DATABASE takes no parameters.
        try admin().run("CREATE DATABASE \(name)")
        return name
    }

    /// Drops the database `name` (closing whatever is still connected to it).
    static func dropDatabase(_ name: String) {
        try? admin().run("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
    }

    /// A store on a new, empty database.
    static func openFresh(
        clock: @escaping @Sendable () -> Timestamp = Timestamp.now, poolSize: Int = 2, limits: StoreLimits = .standard
    ) throws -> PostgreSQLDataStore {
        guard let conninfo else { throw StorageError(message: "QUICKACTIOND_TEST_POSTGRES is not set") }
        let name = try createDatabase()
        do {
            return try PostgreSQLDataStore.open(conninfo, poolSize: poolSize, limits: limits, database: name, clock: clock)
        } catch {
            dropDatabase(name)
            throw error
        }
    }

    /// Another instance's store on the database `name` (one `openFresh` made), keeping `limits`.
    static func openExisting(
        _ name: String, clock: @escaping @Sendable () -> Timestamp = Timestamp.now, limits: StoreLimits = .standard
    ) throws -> PostgreSQLDataStore {
        guard let conninfo else { throw StorageError(message: "QUICKACTIOND_TEST_POSTGRES is not set") }
        return try PostgreSQLDataStore.open(conninfo, poolSize: 2, limits: limits, database: name, clock: clock)
    }

    /// Drops the database of `store` (a store `openFresh` made).
    static func drop(_ store: any DataStore) {
        guard let store = store as? PostgreSQLDataStore, let name = store.databaseName else { return }
        dropDatabase(name)
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs a test or suite against the PostgreSQL server `QUICKACTIOND_TEST_POSTGRES` names;
    /// without one, it is reported skipped, with how to run it.
    static var postgreSQL: Self {
        .enabled(if: TestPostgreSQL.conninfo != nil, "set QUICKACTIOND_TEST_POSTGRES (make test-postgres) to run against PostgreSQL")
    }
}
