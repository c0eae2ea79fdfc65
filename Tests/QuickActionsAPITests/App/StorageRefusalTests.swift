import Foundation
import Glibc
import QuickActions
import StorageCore
import Testing

@testable import QuickActionsAPI
@testable import StoragePostgreSQL
@testable import StorageSQLite

/// A store that refused the request (rather than failed) answers the client error it is, with
/// no `Retry-After`, and is no error in the log.
@Suite struct StorageRefusalTests {
    @Test(arguments: [
        (StorageError.quotaExceeded(limit: 3), 403, "https://quickactiond.dev/problems/contact-quota-exceeded"),
        (StorageError.accountDeleted, 401, "https://quickactiond.dev/problems/unauthorized"),
        (
            StorageError(.scheduledItemLimit, message: "full", limit: 100), 422,
            "https://quickactiond.dev/problems/scheduled-item-limit-exceeded"
        ),
        (
            StorageError.postgreSQL(state: "22021", message: "invalid byte sequence for encoding \"UTF8\": 0x00"), 422,
            "https://quickactiond.dev/problems/unprocessable-content"
        ),
    ])
    func aRefusalIsAClientErrorLoggedAtDebugOnly(error: StorageError, status: Int, type: String) throws {
        #expect(error.cause.isRefusal)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("refusal-\(UUID().uuidString).log").path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        try #require(descriptor >= 0)
        defer { try? FileManager.default.removeItem(atPath: path) }
        for level in [LogLevel.info, .debug] {
            let logger = RequestLogger(level: level, descriptor: descriptor)
            let response = TestResponse(logger.storageFailure(error, route: "/contacts"))
            logger.flush()
            try response.expectProblem(status)
            #expect(try response.object()["type"]?.stringValue == type)
            #expect(response.headers["Retry-After"] == nil)
        }
        close(descriptor)
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 1 && lines.allSatisfy { $0.contains(#""level":"debug""#) }, "\(lines)")
    }

    @Test func aFaultOfTheStoreIsStillA503LoggedAsAnError() throws {
        for error in [StorageError.postgreSQL(state: "08006", message: "lost"), StorageError.sqlite(SQLITE_BUSY_CODE, message: "busy")] {
            #expect(!error.cause.isRefusal)
            let response = TestResponse(RequestLogger(level: .error, descriptor: -1).storageFailure(error, route: "/contacts"))
            try response.expectProblem(503)
            #expect(response.headers["Retry-After"] == "1")
        }
    }
}

/// `SQLITE_BUSY`, without importing SQLite here.
private let SQLITE_BUSY_CODE: Int32 = 5
