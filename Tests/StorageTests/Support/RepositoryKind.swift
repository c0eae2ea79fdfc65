import Foundation
import QuickActions
import StorageCore
import Synchronization
import Testing

@testable import StorageSQLite

/// A backend the contract suites run against: how to open a fresh, empty store of it. The
/// backends that need no server are `local`, every contract test's arguments; PostgreSQL's
/// cases are tests of their own (each contract suite's `OnPostgreSQL`), which report themselves
/// skipped, with the reason, when no test server is given.
struct RepositoryKind: Sendable, CustomTestStringConvertible {
    /// The backend's name, shown in test names.
    let name: String
    /// Opens a fresh, empty store keeping the limits given; `directory` is a temporary
    /// directory removed after the test.
    let open: @Sendable (TestClock, TemporaryDirectory, StoreLimits) throws -> any DataStore
    /// Removes what `open` made outside the directory (a PostgreSQL database), after close.
    var discard: @Sendable (any DataStore) -> Void = { _ in }

    var testDescription: String { name }

    /// In memory.
    static let memory = RepositoryKind(name: "memory") { clock, _, limits in InMemoryDataStore(clock: clock.timestamps, limits: limits) }
    /// A SQLite file.
    static let sqlite = RepositoryKind(name: "sqlite") { clock, directory, limits in
        try SQLiteDataStore.open(path: directory.path("contacts.sqlite"), limits: limits, clock: clock.timestamps)
    }

    /// A database of its own on the server `QUICKACTIOND_TEST_POSTGRES` names, dropped after
    /// (tests that use it carry the `.postgreSQL` trait).
    static let postgres = RepositoryKind(
        name: "postgres", open: { clock, _, limits in try TestPostgreSQL.openFresh(clock: clock.timestamps, limits: limits) },
        discard: { store in TestPostgreSQL.drop(store) })

    /// The backends every machine can test: in memory and SQLite.
    static let local: [RepositoryKind] = [.memory, .sqlite]

    /// Runs `body` with a fresh, empty store of this kind keeping `limits`, closed and removed after.
    func withStore(clock: TestClock = TestClock(), limits: StoreLimits = .standard, _ body: (any DataStore) throws -> Void) throws {
        try TemporaryDirectory.with { directory in
            let store = try open(clock, directory, limits)
            defer {
                try? store.close()
                discard(store)
            }
            try body(store)
        }
    }

    /// Runs `body` with an empty repository of this kind: the view of a new account (not
    /// `default`), so that every operation is seen to go through the account's scope.
    func withRepository(clock: TestClock = TestClock(), _ body: (any ContactRepository) throws -> Void) throws {
        try withStore(clock: clock) { store in
            let account = try store.accounts.createAccount(name: "contract", tokenDigest: Array("contract-\(name)".utf8))
            try body(store.contacts(of: account.key))
        }
    }
}

/// A clock the tests move by hand.
final class TestClock: Sendable {
    private let milliseconds: Mutex<Int64>

    init(start: Int64 = 1_764_478_800_000) {
        milliseconds = Mutex(start)
    }

    /// The current time.
    var now: Timestamp { Timestamp(millisecondsSince1970: milliseconds.withLock { $0 }) }

    /// The clock as repositories take it.
    var timestamps: @Sendable () -> Timestamp { { self.now } }

    /// Moves the clock by `delta` milliseconds (negative goes back).
    func advance(by delta: Int64) {
        milliseconds.withLock { $0 += delta }
    }
}

/// A fresh directory under the system's temporary directory, removed with everything in it.
struct TemporaryDirectory {
    let url: URL

    /// Runs `body` with a new directory, then removes it.
    static func with<Result>(_ body: (TemporaryDirectory) throws -> Result) throws -> Result {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("StorageTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: url) }
        return try body(TemporaryDirectory(url: url))
    }

    /// The path of `name` in this directory.
    func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }
}

extension ContactRepository {
    /// Every contact matching `query`, walking all pages; checks each page's total on the way.
    func listAll(_ query: ContactQuery) throws -> (contacts: [Contact], totals: Set<Int>, pages: Int) {
        var query = query
        var contacts: [Contact] = []
        var totals: Set<Int> = []
        var pages = 0
        while true {
            let page = try list(query)
            pages += 1
            contacts += page.contacts
            totals.insert(page.total)
            guard let next = page.nextAfter else { return (contacts, totals, pages) }
            query.after = next
        }
    }

    /// The names of the contacts matching `text`, in order.
    func search(_ text: String, favorite: Bool? = nil) throws -> [String] {
        try list(ContactQuery(text: text, favorite: favorite, limit: 1000)).contacts.map(\.name)
    }

    /// Creates contacts with these names, in order.
    @discardableResult
    func create(names: [String]) throws -> [Contact] {
        try names.map { name throws in try create(NewContact(name: name)) }
    }
}
