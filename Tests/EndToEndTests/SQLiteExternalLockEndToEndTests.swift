import Foundation
import Glibc
import TestSupport
import Testing

/// Another process holding `BEGIN EXCLUSIVE` on the SQLite file: reads (WAL) and `/healthz`
/// answer at once, a write is a 503 with `Retry-After` once SQLite's busy timeout passes, and
/// writes work again after.
@Suite struct SQLiteExternalLockEndToEndTests {
    @Test("Under an external BEGIN EXCLUSIVE reads and /healthz answer at once, a write is a prompt-enough 503, and writes work after")
    func anExclusiveTransactionElsewhereBlocksOnlyWrites() throws {
        let server = try ServerProcess(arguments: ["--no-seed"])
        defer { server.stop() }
        _ = try server.createContact(name: "Before")
        let script = """
            import sqlite3, sys, time
            c = sqlite3.connect(sys.argv[1], isolation_level=None)
            c.execute('BEGIN EXCLUSIVE')
            print('locked', flush=True)
            time.sleep(float(sys.argv[2]))
            c.execute('COMMIT')
            """
        let holder = try ChildProcess("/usr/bin/env", ["python3", "-c", script, server.databasePath, "9"], output: .pipe)
        defer { _ = holder.stop(SIGKILL, seconds: 5) }
        _ = try holder.outputLine(startingWith: "locked", seconds: 10)

        for target in ["/contacts", "/healthz", "/shortcuts"] {
            let started = Date()
            let response = try server.request("GET", target)
            #expect(response.status == 200, "\(target): \(response.status)")
            #expect(Date().timeIntervalSince(started) < 1, "\(target) waited on the external transaction")
        }
        let started = Date()
        let refused = try server.request("POST", "/contacts", json: #"{"name":"During"}"#)
        try Expect.problem(refused, 503)
        #expect(refused.header("Retry-After") != nil)
        #expect(Date().timeIntervalSince(started) < 8.5, "the write waited for the external transaction to end")

        #expect(holder.wait(seconds: 15) == .exited(0))
        _ = try server.createContact(name: "After")
        #expect(try server.listContacts().contacts.map(\.name) == ["Before", "After"])
    }
}
