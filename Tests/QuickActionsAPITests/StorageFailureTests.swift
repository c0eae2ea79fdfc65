import Foundation
import Glibc
import HTTPServer
import QuickActions
import Sharding
import StorageCore
import Testing

@testable import QuickActionsAPI
@testable import StorageSQLite

/// A full disk (SQLite's max_page_count gives the same SQLITE_FULL) through the real router on
/// a SQLite store: a typed 503 with Retry-After, an error log line with SQLite's message, and
/// readiness down until writes would succeed again.
@Suite struct StorageFailureTests {
    /// Caps the database at its current size plus `extra` pages (nil lifts the cap).
    private func cap(_ repository: SQLiteContactRepository, extra: Int64?) throws {
        try repository.database.write { connection throws(StorageError) in
            let pages = try connection.integer("PRAGMA page_count")
            _ = try connection.integer("PRAGMA max_page_count = \(extra.map { pages + $0 } ?? 1_073_741_823)")
        }
    }

    @Test func aFullDiskIsA503StorageFullWithRetryAfterLoggedAndReportedByReadyz() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("StorageFailureTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let logPath = directory.appendingPathComponent("log").path
        let logDescriptor = open(logPath, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        try #require(logDescriptor >= 0)
        let logger = RequestLogger(level: .info, descriptor: logDescriptor)
        defer {
            // Written out before the descriptor goes: a line flushed later would land in
            // whatever file reuses its number (it once overwrote another test's lock file).
            logger.flush()
            close(logDescriptor)
        }

        let repository = try SQLiteContactRepository.open(path: directory.appendingPathComponent("full.sqlite").path)
        let api = try APIHandler.singleAccount(on: repository, logger: logger)
        func send(_ method: String, _ target: String, json: String? = nil) throws -> TestResponse {
            try Self.send(api, method, target, json: json)
        }

        #expect(try send("GET", "/readyz").status == 200)
        try cap(repository, extra: 2)
        let full = try Self.firstAnswer(other: 201) { index in
            try send("POST", "/contacts", json: #"{"name":"Filler \#(index) \#(String(repeating: "x", count: 80))"}"#)
        }
        let problem = try #require(full, "the capped database never filled")
        try problem.expectProblem(503)
        #expect(try problem.object()["type"] == "https://quickactiond.dev/problems/storage-full", "\(problem.text)")
        #expect(problem.headers["Retry-After"] == "60")
        // Reads still work; readiness says why writes do not (its probe write needs pages too).
        #expect(try send("GET", "/contacts?limit=1").status == 200)
        let ready = try send("GET", "/readyz")
        try ready.expectProblem(503)
        #expect(try ready.object()["type"] == "https://quickactiond.dev/problems/storage-full", "\(ready.text)")
        #expect(ready.text.contains("database or disk is full"), "\(ready.text)")
        #expect(ready.headers["Retry-After"] != nil)

        // A write the handler sees thrown (a trigger: smaller rows, in pages with room left at
        // first) gets the same answer once they are full too.
        let trigger = try Self.firstAnswer(other: 200) { _ in try send("POST", "/trigger", json: #"{"type":"SearchAction"}"#) }
        let thrown = try #require(trigger, "the triggers never filled the capped database")
        try thrown.expectProblem(503)
        #expect(try thrown.object()["type"] == "https://quickactiond.dev/problems/storage-full")
        #expect(thrown.headers["Retry-After"] == "60")
        try send("GET", "/readyz").expectProblem(503)

        logger.flush()
        let log = try String(contentsOfFile: logPath, encoding: .utf8)
        let errorLines = log.split(separator: "\n").filter { $0.contains(#""level":"error""#) && $0.contains("storage failure") }
        #expect(errorLines.count >= 2, "\(log)")
        #expect(errorLines.allSatisfy { $0.contains("database or disk is full") && $0.contains(#""cause":"storage-full""#) }, "\(log)")

        // Space again: the readiness probe succeeds, and so do writes.
        try cap(repository, extra: nil)
        #expect(try send("GET", "/readyz").status == 200)
        #expect(try send("POST", "/contacts", json: #"{"name":"After"}"#).status == 201)
        #expect(try send("GET", "/readyz").status == 200)
    }

    /// `api`'s answer to `method` `target`, with `json` as the body when given (a deferred answer waited for).
    private static func send(_ api: APIHandler, _ method: String, _ target: String, json: String?) throws -> TestResponse {
        var headers = HTTPHeaders()
        if json != nil { headers.add("Content-Type", "application/json") }
        let response = api.handle(try HTTPRequest(method: method, target: target, headers: headers, body: Array((json ?? "").utf8)))
        return TestResponse(response.deferred.map { $0.wait() ?? HTTPResponse(status: 504) } ?? response)
    }

    /// The first answer to `request(0)`, `request(1)`, … (up to 2000 of them) whose status is not
    /// `status`; nil when every one was.
    private static func firstAnswer(other status: Int, _ request: (Int) throws -> TestResponse) throws -> TestResponse? {
        for index in 0..<2000 {
            let response = try request(index)
            if response.status != status { return response }
        }
        return nil
    }

    @Test func anIOErrorHasItsOwnProblemType() throws {
        let io = Problem.storage(
            StorageError(.ioError, message: "/x.sqlite: disk I/O error", backendCode: .init(backend: "SQLite", code: 778, reason: "disk I/O error")))
        #expect(io.status == 503 && io.type == "https://quickactiond.dev/problems/storage-io-error")
        #expect(io.headers["Retry-After"] != nil)
        #expect(!io.detail.contains("/x.sqlite"), "no path in a client's answer")
        #expect(io.detail.contains("(disk I/O error)"), "the backend's words for its code")
        let busy = Problem.storage(StorageError(message: "database is locked"))
        #expect(busy.status == 503 && busy.type == "https://quickactiond.dev/problems/service-unavailable")
        #expect(busy.headers["Retry-After"] == "1")
    }
}
