import Foundation
import Glibc
import TestSupport
import Testing

/// A small tmpfs holding the database, filled up: only where this process may mount one (root
/// with CAP_SYS_ADMIN); elsewhere the suite is skipped.
final class SmallFileSystem {
    let directory: TemporaryDirectory
    var path: String { directory.path("disk") }

    /// Mounts a tmpfs of `kilobytes` at a new directory, or returns nil when mounting is not allowed.
    init?(kilobytes: Int) {
        guard geteuid() == 0, let directory = try? TemporaryDirectory() else { return nil }
        self.directory = directory
        guard (try? FileManager.default.createDirectory(atPath: directory.path("disk"), withIntermediateDirectories: false)) != nil,
            Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", directory.path("disk")])
        else { return nil }
    }

    deinit {
        _ = Self.run("/bin/umount", [path])
    }

    /// Whether this machine lets the tests mount a tmpfs.
    static let available: Bool = SmallFileSystem(kilobytes: 64) != nil

    /// Fills the file system but for `leaving` bytes with a file `filler`.
    func fill(leaving: Int) throws {
        var stats = statvfs()
        guard statvfs(path, &stats) == 0 else { throw EndToEndError("statvfs \(path) failed") }
        let free = Int(stats.f_bavail) * Int(stats.f_frsize)
        try Data(count: max(free - leaving, 0)).write(to: URL(fileURLWithPath: path + "/filler"))
    }

    /// Frees the space `fill` took.
    func free() throws {
        try FileManager.default.removeItem(atPath: path + "/filler")
    }

    private static func run(_ tool: String, _ arguments: [String]) -> Bool {
        (try? ChildProcess.run(tool, arguments, seconds: 30)) == .exited(0)
    }
}

/// A full disk under the real binary: typed 503 with Retry-After, an error log line with
/// SQLite's message, /readyz down until space is back.
@Suite(.enabled(if: SmallFileSystem.available, "needs to mount a tmpfs (root with CAP_SYS_ADMIN)"))
struct FullDiskEndToEndTests {
    @Test("Disk full: POST /contacts is 503 storage-full with Retry-After, logged; /readyz 503 until space is freed")
    func fullDisk() throws {
        let disk = try #require(SmallFileSystem(kilobytes: 2048))
        let server = try ServerProcess(directory: disk.directory, arguments: ["--no-seed", "--db", disk.path + "/quickactions.sqlite"])
        defer { server.stop() }
        _ = try server.createContact(name: "Before The Disk Filled")
        try disk.fill(leaving: 32 << 10)

        var refused: RawHTTPResponse?
        for index in 0..<2000 {
            let body = #"{"name":"Filler \#(index) \#(String(repeating: "x", count: 60))"}"#
            let response = try server.request("POST", "/contacts", json: body)
            if response.status != 201 {
                refused = response
                break
            }
        }
        let response = try #require(refused, "the disk never filled")
        let problem = try Expect.problem(response, 503)
        #expect(problem.type == "https://quickactiond.dev/problems/storage-full", "\(response.text)")
        #expect(response.header("Retry-After") != nil)

        let ready = try server.request("GET", "/readyz")
        let readiness = try Expect.problem(ready, 503)
        #expect(readiness.type == "https://quickactiond.dev/problems/storage-full", "\(ready.text)")
        #expect(ready.header("Retry-After") != nil)
        #expect(try server.request("GET", "/healthz").status == 200)
        #expect(try server.listContacts().total >= 1, "reads keep working")
        let errors = try server.standardError().split(separator: "\n").filter { $0.contains(#""level":"error""#) }
        #expect(errors.contains { $0.contains("database or disk is full") && $0.contains("storage-full") }, "\(errors)")

        try disk.free()
        #expect(try server.request("GET", "/readyz").status == 200, "readiness should come back once the disk has room")
        _ = try server.createContact(name: "After The Disk Was Freed")
        #expect(server.stop() == .exited(0))
    }
}
