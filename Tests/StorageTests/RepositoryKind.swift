import Foundation
import QuickActions
import Storage
import Synchronization
import Testing

/// The `ContactRepository` implementations the contract suite runs against.
enum RepositoryKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case memory
    case sqlite

    var testDescription: String { rawValue }

    /// Runs `body` with a fresh, empty repository of this kind; a SQLite file is removed after.
    func withRepository(clock: TestClock = TestClock(), _ body: (any ContactRepository) throws -> Void) throws {
        switch self {
        case .memory:
            try body(InMemoryContactRepository(clock: clock.timestamps))
        case .sqlite:
            try TemporaryDirectory.with { directory in
                try body(SQLiteContactRepository.open(path: directory.path("contacts.sqlite"), clock: clock.timestamps))
            }
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
