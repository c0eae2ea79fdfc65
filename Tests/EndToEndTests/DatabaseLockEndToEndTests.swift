import Foundation
import Glibc
import TestSupport
import Testing

/// A second quickactiond on a database file that one is serving refuses to start (their caches
/// would disagree), naming the file and the other process; the lock dies with its holder.
@Suite struct DatabaseLockEndToEndTests {
    @Test("A second process on the same --db exits non-zero naming the file and the first's pid; after kill -9 a restart serves")
    func secondProcessIsRefused() throws {
        let directory = try TemporaryDirectory()
        let first = try ServerProcess(directory: directory, arguments: ["--no-seed"])
        defer { first.stop() }
        _ = try first.createContact(name: "Held By The First", favorite: true)

        let second = try ServerProcess.runToExit(directory: directory, arguments: ["--no-seed"])
        print("second process: \(second.exit); stderr: \(second.standardError)")
        #expect(!second.listened, "a second process started on a database in use")
        #expect(second.exit != .exited(0) && second.exit != .hung, "\(second.exit)")
        if case .exited(let status) = second.exit { #expect(status != 0) }
        #expect(second.standardError.contains(first.databasePath), "\(second.standardError)")
        #expect(second.standardError.contains("pid \(first.pid)"), "\(second.standardError)")
        // The first is undisturbed.
        #expect(try first.listContacts().total == 1)

        // With --store memory nothing is locked: the file is not the store.
        let memory = try ServerProcess(directory: directory, arguments: ["--store", "memory"])
        #expect(memory.stop() == .exited(0))

        #expect(first.kill() == .signalled(SIGKILL))
        let restarted = try ServerProcess(directory: directory, arguments: ["--no-seed"])
        defer { restarted.stop() }
        #expect(try restarted.listContacts().total == 1, "the restart after kill -9 should serve the same database")
        #expect(restarted.stop() == .exited(0))
    }
}
