import Foundation
import TestSupport
import Testing

/// A program that links the SQLite backend and nothing else (`SQLiteOnlyProgram`) works, and
/// needs no libpq: each backend is a module of its own, and only `StoragePostgreSQL` links it.
@Suite struct SQLiteOnlyProgramTests {
    @Test func aProgramLinkingOnlyStorageSQLiteStoresAContactWithoutLibPQ() throws {
        let program = try Self.program()
        let libraries = try Self.output("/usr/bin/ldd", [program])
        #expect(libraries.contains("libsqlite3"), "\(libraries)")
        #expect(!libraries.contains("libpq"), "\(libraries)")
        try TemporaryDirectory.with { (directory: TemporaryDirectory) throws in
            #expect(try Self.output(program, [directory.path("only.sqlite")]) == "Ada Lovelace\n")
        }
    }

    /// The built `SQLiteOnlyProgram`: next to the running test bundle (the test target depends
    /// on it, so they share a products directory), else in `.build/debug` of this package.
    private static func program() throws -> String {
        var directories: [URL] = []
        if let first = CommandLine.arguments.first {
            directories.append(URL(fileURLWithPath: first).resolvingSymlinksInPath().deletingLastPathComponent())
        }
        if let executable = Bundle.main.executableURL { directories.append(executable.resolvingSymlinksInPath().deletingLastPathComponent()) }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        directories.append(root.appendingPathComponent(".build/debug"))
        let candidates = directories.map { $0.appendingPathComponent("SQLiteOnlyProgram").path }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw ChildProcessError("SQLiteOnlyProgram is not built (looked at \(candidates))")
        }
        return found
    }

    /// What `executable` prints on standard output and standard error, once it exited 0.
    private static func output(_ executable: String, _ arguments: [String]) throws -> String {
        let child = try ChildProcess(executable, arguments, output: .pipe, error: .output)
        let text = String(decoding: child.readOutputToEnd(), as: UTF8.self)
        guard child.wait() == .exited(0) else { throw ChildProcessError("\(executable) \(arguments): \(text)") }
        return text
    }
}
