import Foundation
import TestSupport
import Testing

/// A restart under another `--usage-half-life` keeps every favorite's score: the stored keys
/// are rescaled once at start-up, and `explain` shows finite scores in the same order.
@Suite struct UsageHalfLifeEndToEndTests {
    /// A change of half-life, on a backend.
    struct Change: Sendable, CustomTestStringConvertible {
        let backend: StorageBackend
        let from: String
        let to: String
        var testDescription: String { "\(backend.rawValue): \(from) to \(to)" }
    }

    static let changes: [Change] = StorageBackend.available.flatMap { backend in
        [Change(backend: backend, from: "365d", to: "1d"), Change(backend: backend, from: "1d", to: "365d")]
    }

    /// The favorites' `explain` scores by name, in the list's order.
    static func scores(_ server: ServerProcess) throws -> [(name: String, score: Double)] {
        let items = try DisabledItemsEndToEndTests.items(server, "?explain=true").items.filter { $0["kind"] as? String == "dynamic" }
        return try items.map { item in
            let explain = try #require(item["explain"] as? [String: Any], "\(item)")
            #expect(explain["reason"] as? String == "score", "\(item)")
            return (item["localizedTitle"] as? String ?? "", try #require(explain["score"] as? Double, "\(item)"))
        }
    }

    /// Runs `body` with a way to start servers one after another on one new store of `backend`.
    static func withStore(_ backend: StorageBackend, _ body: (_ start: ([String]) throws -> ServerProcess) throws -> Void) throws {
        switch backend {
        case .sqlite:
            let directory = try TemporaryDirectory()
            try body { arguments in try ServerProcess(directory: directory, arguments: arguments) }
        case .postgres:
            try TestPostgreSQLServer.withDatabase { conninfo in
                try body { arguments in try ServerProcess(arguments: ["--db", conninfo] + arguments) }
            }
        }
    }

    @Test("A restart under another --usage-half-life keeps each favorite's explain score, finite and in its order", arguments: changes)
    func aHalfLifeChangeKeepsTheScores(change: Change) throws {
        try Self.withStore(change.backend) { start in
            let first = try start(["--no-seed", "--usage-half-life", change.from])
            defer { first.stop() }
            for (name, picks) in [("Ada", 20), ("Bob", 3), ("Cy", 1)] {
                let contact = try first.createContact(name: name, favorite: true)
                for _ in 0..<picks { try RankingEndToEndTests.pick(first, contact) }
            }
            let before = try Self.scores(first)
            #expect(before.map(\.name) == ["Ada", "Bob", "Cy"])
            #expect(abs((before.first?.score ?? 0) - 20) < 0.1, "\(before)")
            first.stop()

            let second = try start(["--no-seed", "--usage-half-life", change.to])
            defer { second.stop() }
            let after = try Self.scores(second)
            #expect(after.map(\.name) == before.map(\.name), "the order by use is kept")
            for (old, new) in zip(before, after) {
                #expect(new.score.isFinite && new.score > 0, "\(new.name): \(new.score)")
                #expect(
                    abs(new.score - old.score) <= old.score * 0.01, "\(new.name): \(old.score) under \(change.from), \(new.score) under \(change.to)")
            }
            let log = try second.standardError()
            #expect(log.contains("usage keys rescaled"), "\(log.suffix(2000))")
            second.stop()

            // The same half-life again rescales nothing.
            let third = try start(["--no-seed", "--usage-half-life", change.to])
            defer { third.stop() }
            for (old, new) in zip(after, try Self.scores(third)) { #expect(abs(new.score - old.score) <= old.score * 0.01) }
            #expect(!(try third.standardError()).contains("usage keys rescaled"))
        }
    }
}
