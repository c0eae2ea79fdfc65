import Foundation
import Glibc
import TestSupport
import Testing

@testable import QuickActions

/// The one reader of operator files: regular files only, at most `FileContents.maximumBytes`,
/// refused by name, kind and size without being read.
@Suite struct FileContentsTests {
    /// A new file at `directory/name` holding `bytes`.
    static func write(_ bytes: [UInt8], _ directory: String, _ name: String) throws -> String {
        let path = directory + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func readsARegularFileAndOneBehindASymbolicLink() throws {
        let directory = try FixtureFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = try Self.write(Array("hello".utf8), directory, "file")
        #expect(try FileContents.read(path: path) == Array("hello".utf8))
        try FileManager.default.createSymbolicLink(atPath: directory + "/link", withDestinationPath: path)
        #expect(try FileContents.read(path: directory + "/link") == Array("hello".utf8))
        #expect(try FileContents.read(path: try Self.write([], directory, "empty")) == [])
    }

    @Test("A file over the limit is refused with its size and the limit; one at the limit is read")
    func sizeLimit() throws {
        let directory = try FixtureFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let atLimit = try Self.write([UInt8](repeating: 0x61, count: 100), directory, "at")
        #expect(try FileContents.read(path: atLimit, limit: 100).count == 100)
        let over = try Self.write([UInt8](repeating: 0x61, count: 101), directory, "over")
        let failure = try #require(throws: FileContents.Failure.self) { try FileContents.read(path: over, limit: 100) }
        #expect(failure.reason.hasPrefix("is 101 bytes, larger than the"), "\(failure.reason)")
        #expect(failure.isRefusal)

        let nine = try Self.write([UInt8](repeating: 0x61, count: 9 << 20), directory, "nine")
        let large = try #require(throws: FileContents.Failure.self) { try FileContents.read(path: nine) }
        #expect(large.reason == "is 9.0 MiB (9437184 bytes), larger than the 8 MiB an input file may be")
        #expect(FileContents.maximumBytes == 8 << 20)
    }

    @Test("A FIFO, a character device, a directory and a socket are refused by kind, and a FIFO without waiting for a writer")
    func nonRegularFiles() throws {
        let directory = try FixtureFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let fifo = directory + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        // Through a symbolic link too: the kind is the target's.
        try FileManager.default.createSymbolicLink(atPath: directory + "/to-fifo", withDestinationPath: fifo)
        let socketPath = directory + "/socket"
        let socketFile = UnixSocketFile(path: socketPath)
        #expect(socketFile.bound)
        let expected = [
            (fifo, "is a FIFO (named pipe), not a regular file"), (directory + "/to-fifo", "is a FIFO (named pipe), not a regular file"),
            ("/dev/zero", "is a character device, not a regular file"), (directory, "is a directory, not a regular file"),
            (socketPath, "is a socket, not a regular file"),
        ]
        for (path, reason) in expected {
            let failure = try #require(throws: FileContents.Failure.self) { try FileContents.read(path: path) }
            #expect(failure == FileContents.Failure(reason: reason, isRefusal: true), "\(path)")
        }
    }

    @Test func missingFilesAndLoopsSayWhy() throws {
        let directory = try FixtureFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let missing = try #require(throws: FileContents.Failure.self) { try FileContents.read(path: directory + "/absent") }
        #expect(missing == FileContents.Failure(reason: "does not exist"))
        try FileManager.default.createSymbolicLink(atPath: directory + "/a", withDestinationPath: directory + "/b")
        try FileManager.default.createSymbolicLink(atPath: directory + "/b", withDestinationPath: directory + "/a")
        let loop = try #require(throws: FileContents.Failure.self) { try FileContents.read(path: directory + "/a") }
        #expect(loop == FileContents.Failure(reason: "cannot be read (a loop of symbolic links)"))
        let notDirectory = try #require(throws: FileContents.Failure.self) { try FileContents.list(directory: "/dev/zero") }
        #expect(notDirectory.reason == "is a character device, not a directory")
    }
}
