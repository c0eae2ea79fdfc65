import Foundation
import QuickActions
import StorageCore
import Synchronization
import Testing

@testable import StoragePostgreSQL

/// The writer's pipeline on a real server: batches commit in the order sent and each completes
/// at its own sync point, after its commit; a batch that fails (in its statement, or at its
/// commit) fails alone and the connection goes on; a connection lost with batches in flight
/// leaves them to be settled, and the writer acknowledges none the database does not hold.
@Suite(.postgreSQL, .serialized) struct PostgreSQLPipelineTests {
    /// Creates named "Refused now" fail in their statement; "Refused at commit", at the commit.
    static let refusals = """
        CREATE FUNCTION refuse_now() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN \
        IF NEW.name = 'Refused now' THEN RAISE EXCEPTION 'refused now' USING ERRCODE = '23514'; END IF; RETURN NEW; END $$; \
        CREATE TRIGGER refuse_now BEFORE INSERT ON contacts FOR EACH ROW EXECUTE FUNCTION refuse_now(); \
        CREATE FUNCTION refuse_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN \
        IF NEW.name = 'Refused at commit' THEN RAISE EXCEPTION 'refused at commit' USING ERRCODE = '23514'; END IF; RETURN NULL; END $$; \
        CREATE CONSTRAINT TRIGGER refuse_at_commit AFTER INSERT ON contacts DEFERRABLE INITIALLY DEFERRED \
        FOR EACH ROW EXECUTE FUNCTION refuse_at_commit()
        """

    /// The outcome each create was given, by name.
    final class Outcomes: Sendable {
        private let results = Mutex<[String: Result<Int64, StorageError>]>([:])
        func record(_ name: String, _ result: Result<Int64, StorageError>) { results.withLock { $0[name] = result } }
        var all: [String: Result<Int64, StorageError>] { results.withLock { $0 } }
    }

    /// A migrated, empty database; its name and a connection to it.
    static func database() throws -> (name: String, connection: PostgreSQLConnection) {
        let name = try TestPostgreSQL.createDatabase()
        let connection = try TestPostgreSQL.admin(database: name)
        try PostgreSQLSchema.migrate(connection)
        return (name, connection)
    }

    /// One create per name, recording its outcome in `outcomes`.
    static func creates(_ names: [String], _ outcomes: Outcomes) -> [PostgreSQLContactInsertWrite] {
        names.map { name in
            let id = name + "|" + UUID().uuidString
            return PostgreSQLContactInsertWrite(
                values: PostgreSQLContactSQL.insertValues(id: id, NewContact(name: name), now: Timestamp.now(), account: .default), id: id,
                account: .default, quota: nil, notify: { _ in [] }, committed: nil, completion: { outcomes.record(name, $0) })
        }
    }

    /// Reads `pipeline` until nothing is in flight (at most 10 s): the completed batches' first names, in order, with their errors.
    static func drain(_ pipeline: PostgreSQLPipeline) throws -> [(first: String, error: StorageError?)] {
        let wakeup = try #require(PostgreSQLWakeup())
        var completed: [(first: String, error: StorageError?)] = []
        let deadline = Date().addingTimeInterval(10)
        while !pipeline.inFlight.isEmpty, Date() < deadline {
            let batches = try pipeline.receive()
            for (inserts, error) in batches {
                completed.append((String(inserts.first?.id.split(separator: "|").first ?? ""), error))
            }
            if batches.isEmpty { pipeline.wait(orWakeup: wakeup) }
        }
        return completed
    }

    /// The names stored, in sequence order.
    static func stored(_ connection: PostgreSQLConnection) throws -> [String] {
        try connection.execute("SELECT name FROM contacts ORDER BY seq").rows { result, row in result.text(row, 0) }
    }

    @Test func batchesCommitInTheOrderSentAndEachCompletesAtItsOwnSyncPoint() throws {
        let (name, connection) = try Self.database()
        defer { TestPostgreSQL.dropDatabase(name) }
        let blocker = try TestPostgreSQL.admin(database: name)
        let outcomes = Outcomes()
        // A lock that holds the first statement back: nothing may complete while it waits.
        try blocker.run("BEGIN; LOCK TABLE contacts IN SHARE MODE")
        let pipeline = try PostgreSQLPipeline(connection, instance: "test")
        try pipeline.send(Self.creates(["A1", "A2"], outcomes))
        try pipeline.send(Self.creates(["B1", "B2", "B3"], outcomes))
        try pipeline.send(Self.creates(["C1"], outcomes))
        #expect(pipeline.inFlight.count == 3)
        usleep(200_000)
        #expect(try pipeline.receive().isEmpty, "a batch completed while its statement waited for a lock")
        try blocker.run("COMMIT")
        let completed = try Self.drain(pipeline)
        #expect(completed.map(\.first) == ["A1", "B1", "C1"])
        #expect(completed.allSatisfy { $0.error == nil }, "\(completed)")
        try pipeline.close()
        #expect(try Self.stored(connection) == ["A1", "A2", "B1", "B2", "B3", "C1"])
    }

    @Test func aBatchThatFailsInItsStatementOrAtItsCommitFailsAloneAndTheConnectionGoesOn() throws {
        let (name, connection) = try Self.database()
        defer { TestPostgreSQL.dropDatabase(name) }
        try connection.run(Self.refusals)
        let outcomes = Outcomes()
        let pipeline = try PostgreSQLPipeline(connection, instance: "test")
        try pipeline.send(Self.creates(["A", "A2"], outcomes))
        try pipeline.send(Self.creates(["Refused now", "B2"], outcomes))
        try pipeline.send(Self.creates(["C"], outcomes))
        try pipeline.send(Self.creates(["Refused at commit", "D2"], outcomes))
        try pipeline.send(Self.creates(["E"], outcomes))
        let completed = try Self.drain(pipeline)
        #expect(completed.map(\.first) == ["A", "Refused now", "C", "Refused at commit", "E"])
        #expect(completed.map { $0.error == nil } == [true, false, true, false, true], "\(completed)")
        // The statement of the batch refused at its commit returned its rows: it is still not committed.
        #expect(completed[3].error?.message.contains("refused at commit") == true, "\(String(describing: completed[3].error))")
        // The connection serves the next batch, in the pipeline and after it.
        try pipeline.send(Self.creates(["F"], outcomes))
        #expect(try Self.drain(pipeline).map { $0.error == nil } == [true])
        try pipeline.close()
        #expect(try Self.stored(connection) == ["A", "A2", "C", "E", "F"])
    }

    @Test func aConnectionLostWithBatchesInFlightThrowsAndLeavesThemInFlight() throws {
        let (name, connection) = try Self.database()
        defer { TestPostgreSQL.dropDatabase(name) }
        let admin = try TestPostgreSQL.admin(database: name)
        let pid = try connection.execute("SELECT pg_backend_pid()").int64(0, 0)
        try admin.run("BEGIN; LOCK TABLE contacts IN SHARE MODE")
        let pipeline = try PostgreSQLPipeline(connection, instance: "test")
        try pipeline.send(Self.creates(["A"], Outcomes()))
        try pipeline.send(Self.creates(["B", "B2"], Outcomes()))
        try Self.awaitLockWait(pid: pid, database: name)
        _ = try TestPostgreSQL.admin(database: name).execute("SELECT pg_terminate_backend($1::text::int)", [.text(String(pid))])
        try admin.run("ROLLBACK")
        #expect {
            _ = try Self.drain(pipeline)
        } throws: { error in
            (error as? StorageError)?.isPostgreSQLConnectionLoss == true
        }
        #expect(pipeline.inFlight.map(\.inserts.count) == [1, 2])
        #expect(try Self.stored(admin).isEmpty)
    }

    @Test func theWriterAcknowledgesACreateOnlyOnceItsCommitReturned() throws {
        let store = try TestPostgreSQL.openFresh()
        defer {
            try? store.close()
            TestPostgreSQL.drop(store)
        }
        let admin = try TestPostgreSQL.admin(database: try #require(store.databaseName))
        try admin.run(Self.refusals)
        // Only a refusal at the commit: the create's statement returns its row like the others'.
        let names = (0..<40).map { $0 == 17 ? "Refused at commit" : "Writer \($0)" }
        let results = Self.createAll(names, in: store)
        let stored = Set(try Self.stored(admin))
        for (name, result) in results {
            switch result {
            case .success:
                #expect(!name.hasPrefix("Refused"), "\(name) was acknowledged")
                #expect(stored.contains(name), "\(name) was acknowledged and is not stored")
            case .failure:
                // A commit that fails fails its whole batch; a failing statement, its write alone.
                #expect(!stored.contains(name), "\(name) failed and is stored")
            }
        }
        #expect(results.contains { $0.0 == "Refused at commit" && (try? $0.1.get()) == nil })
    }

    @Test func createsInFlightWhenTheWriterConnectionIsLostAreStoredOrFailedNeverLost() throws {
        let store = try TestPostgreSQL.openFresh()
        defer {
            try? store.close()
            TestPostgreSQL.drop(store)
        }
        let name = try #require(store.databaseName)
        let admin = try TestPostgreSQL.admin(database: name)
        let pid = try store.database.writer.session.use { (connection) throws(StorageError) in
            try connection.execute("SELECT pg_backend_pid()").int64(0, 0)
        }
        try admin.run("BEGIN; LOCK TABLE contacts IN SHARE MODE")
        let contacts = store.contacts(of: .default)
        let outcomes = Mutex<[String: Result<Contact, StorageError>]>([:])
        let done = DispatchGroup()
        for index in 0..<12 {
            done.enter()
            contacts.create(NewContact(name: "Lost \(index)"), quota: nil) { result in
                outcomes.withLock { $0["Lost \(index)"] = result }
                done.leave()
            }
        }
        try Self.awaitLockWait(pid: pid, database: name)
        _ = try TestPostgreSQL.admin(database: name).execute("SELECT pg_terminate_backend($1::text::int)", [.text(String(pid))])
        try admin.run("ROLLBACK")
        #expect(done.wait(timeout: .now() + 30) == .success, "a create never completed")
        let stored = Set(try Self.stored(admin))
        let acknowledged = outcomes.withLock { $0 }.compactMap { name, result in (try? result.get()).map { _ in name } }
        #expect(Set(acknowledged).isSubset(of: stored), "acknowledged and not stored: \(Set(acknowledged).subtracting(stored))")
        for case .failure(let error) in outcomes.withLock({ $0 }).values { #expect(error.cause == .unavailable, "\(error)") }
    }

    @Test func aWriteWhoseOwnTransactionFailsIsAnsweredOnceAndTheOthersOfItsBatchOnceEach() throws {
        let store = try TestPostgreSQL.openFresh()
        defer {
            try? store.close()
            TestPostgreSQL.drop(store)
        }
        let name = try #require(store.databaseName)
        let admin = try TestPostgreSQL.admin(database: name)
        try admin.run(Self.refusals)
        let pid = try store.database.writer.session.use { (connection) throws(StorageError) in
            try connection.execute("SELECT pg_backend_pid()").int64(0, 0)
        }
        // Creates under a quota run in transactions; a lock holds the first one back while the
        // others queue up behind it, so they are one batch, retried write by write.
        let contacts = store.contacts(of: .default)
        let names = ["Blocker", "Before", "Refused now", "Refused at commit", "After"]
        let answers = Mutex<[String: [Bool]]>([:])
        try admin.run("BEGIN; LOCK TABLE contacts IN SHARE MODE")
        for (index, created) in names.enumerated() {
            contacts.create(NewContact(name: created), quota: 1000) { result in
                answers.withLock { $0[created, default: []].append((try? result.get()) != nil) }
            }
            if index == 0 { try Self.awaitLockWait(pid: pid, database: name) }
        }
        usleep(200_000)
        try admin.run("COMMIT")
        let deadline = Date().addingTimeInterval(30)
        while answers.withLock({ $0.count }) < names.count, Date() < deadline { usleep(20_000) }
        usleep(300_000)  // time for an answer given twice to arrive
        let given = answers.withLock { $0 }
        for created in names { #expect(given[created]?.count == 1, "\(created) was answered \(given[created]?.count ?? 0) times") }
        let stored = Set(try Self.stored(admin))
        for (created, outcomes) in given where outcomes.contains(true) { #expect(stored.contains(created), "\(created) acknowledged, not stored") }
        #expect(given["Refused now"] == [false] && given["Refused at commit"] == [false])
    }

    /// Creates `names` at once through the store's writer; each one's outcome.
    static func createAll(_ names: [String], in store: PostgreSQLDataStore) -> [(String, Result<Contact, StorageError>)] {
        let contacts = store.contacts(of: .default)
        let outcomes = Mutex<[String: Result<Contact, StorageError>]>([:])
        let done = DispatchGroup()
        for name in names {
            done.enter()
            contacts.create(NewContact(name: name), quota: nil) { result in
                outcomes.withLock { $0[name] = result }
                done.leave()
            }
        }
        _ = done.wait(timeout: .now() + 30)
        let all = outcomes.withLock { $0 }
        return names.map { ($0, all[$0] ?? .failure(StorageError(message: "never completed"))) }
    }

    /// Waits (up to 10 s) until the backend `pid` waits for a lock (read on a connection of its
    /// own: a transaction sees the activity it read first).
    static func awaitLockWait(pid: Int64, database: String) throws {
        let connection = try TestPostgreSQL.admin(database: database)
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let waiting = try connection.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE pid = $1::text::int AND wait_event_type = 'Lock'", [.text(String(pid))])
            if waiting.int64(0, 0) == 1 { return }
            usleep(20_000)
        }
        Issue.record("the writer never waited for the lock")
    }
}
