import Foundation
import Glibc
import TestSupport
import Testing

/// SIGHUP reloads the operator's files in the real binary: the static items, their
/// translations and the token files. What changed is in force at once (a new list, announced to
/// open streams; the new token, and not the old); a bad file changes nothing and the log says
/// which file and why; files that hold what they held make no new version. The process never
/// ends on SIGHUP.
@Suite struct ReloadEndToEndTests {
    /// Generous: a reload reads a few small files, but the machine may be busy.
    static let timeout = 10.0

    /// Writes `text` to `path`, replacing it (as an editor or a deployment does).
    static func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// A JSON items file with one static item of `type`, titled `type`.
    static func items(_ type: String) -> String {
        #"[{"type": "\#(type)", "localizedTitle": "\#(type)"}]"#
    }

    /// Sends SIGHUP (unless `signal` is false) and waits for the next log line with `message`.
    @discardableResult
    static func reload(
        _ server: ServerProcess, expect message: String, signal: Bool = true, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        let seen = try lines(in: server, with: message).count
        if signal { #expect(kill(server.pid, SIGHUP) == 0, sourceLocation: sourceLocation) }
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let found = try lines(in: server, with: message)
            if found.count > seen, let line = found.last { return String(line) }
            usleep(20_000)
        }
        Issue.record("no log line \(message) within \(timeout) s: \(try server.standardError())", sourceLocation: sourceLocation)
        return ""
    }

    /// The log lines whose message is `message`.
    static func lines(in server: ServerProcess, with message: String) throws -> [Substring] {
        try server.standardError().split(separator: "\n").filter { $0.contains(#""msg":"\#(message)""#) }
    }

    /// The types of a list's items (or of an event's data), in order.
    static func types(_ list: [String: Any]) -> [String] {
        (list["items"] as? [[String: Any]] ?? []).compactMap { $0["type"] as? String }
    }

    @Test(
        "Single account: SIGHUP puts new items, translations and token in force; a bad file or no change makes no new version",
        arguments: StorageBackend.available)
    func singleAccount(on backend: StorageBackend) throws {
        let directory = try TemporaryDirectory()
        let itemsFile = directory.path("items.json")
        let localizations = directory.path("Localizations")
        let french = localizations + "/fr.lproj/InfoPlist.strings"
        let tokenFile = directory.path("token")
        try FileManager.default.createDirectory(atPath: localizations + "/fr.lproj", withIntermediateDirectories: true)
        try Self.write(Self.items("Alpha"), to: itemsFile)
        try Self.write(#""Alpha" = "Alpha (fr)";"#, to: french)
        let oldToken = "first-token-0123456789"
        try Self.write(oldToken + "\n", to: tokenFile)
        let arguments = ["--no-seed", "--shortcuts", itemsFile, "--localizations", localizations, "--token-file", tokenFile]
        try backend.withServers(directory: directory, arguments: arguments) { servers, _ in
            try Self.singleAccount(servers[0], tokenFile: tokenFile, itemsFile: itemsFile, french: french, oldToken: oldToken)
        }
    }

    static func singleAccount(_ server: ServerProcess, tokenFile: String, itemsFile: String, french: String, oldToken: String) throws {

        let before = try server.request("GET", "/shortcuts", headers: [("Authorization", "Bearer \(oldToken)")])
        #expect(before.status == 200)
        #expect(Self.types(try before.jsonObject()) == ["Alpha"])
        let oldETag = try #require(before.header("ETag"))
        let stream = try EventStreamClient(server: server, headers: [("Authorization", "Bearer \(oldToken)")])
        let opening = try #require(try stream.next("shortcuts", within: Self.timeout))
        let openingVersion = try opening.jsonObject()["version"] as? String

        // New items, a new translation, a new token.
        try Self.write(Self.items("Beta"), to: itemsFile)
        try Self.write(#""Beta" = "Bêta";"#, to: french)
        let newToken = "second-token-0123456789"
        try Self.write(newToken, to: tokenFile)
        let reloaded = try Self.reload(server, expect: "reloaded")
        #expect(reloaded.contains(#""changed":["--shortcuts","--localizations","--token-file"]"#), "\(reloaded)")
        #expect(!reloaded.contains(newToken) && !reloaded.contains(oldToken), "the log holds a token")

        // One event with the new list, newer than the first.
        let event = try #require(try stream.next("shortcuts", within: Self.timeout), "no shortcuts event after SIGHUP")
        #expect(Self.types(try event.jsonObject()) == ["Beta"])
        #expect((event.numericId ?? 0) > (opening.numericId ?? .max), "event ids \(String(describing: opening.id)), \(String(describing: event.id))")
        #expect(try event.jsonObject()["version"] as? String != openingVersion)

        let newAuthorization = ("Authorization", "Bearer \(newToken)")
        let after = try server.request("GET", "/shortcuts", headers: [newAuthorization, ("If-None-Match", oldETag)])
        #expect(after.status == 200, "the old ETag still matches: \(after.status)")
        #expect(Self.types(try after.jsonObject()) == ["Beta"])
        let newETag = try #require(after.header("ETag"))
        #expect(newETag != oldETag)
        let translated = try server.request("GET", "/shortcuts", headers: [newAuthorization, ("Accept-Language", "fr")])
        #expect((try translated.jsonObject()["items"] as? [[String: Any]])?.first?["localizedTitle"] as? String == "Bêta")
        #expect(
            try server.request("GET", "/shortcuts", headers: [("Authorization", "Bearer \(oldToken)")]).status == 401, "the old token still works")
        // The new static type is a trigger's, the old one no more.
        let beta = try server.request(
            "POST", "/trigger", headers: [newAuthorization, ("Content-Type", "application/json")], body: Array(#"{"type":"Beta"}"#.utf8))
        #expect(beta.status == 200, "\(beta.text)")
        let alpha = try server.request(
            "POST", "/trigger", headers: [newAuthorization, ("Content-Type", "application/json")], body: Array(#"{"type":"Alpha"}"#.utf8))
        #expect(alpha.status == 422, "\(alpha.text)")
        _ = try stream.next("trigger", within: Self.timeout)

        // A malformed file: everything stays as it was, the log names the file and the reason.
        try Self.write("{ \"items\": [", to: itemsFile)
        let failed = try Self.reload(server, expect: "reload failed: the configuration in force is kept")
        #expect(failed.contains(#""file":"\#(itemsFile)""#), "\(failed)")
        #expect(failed.contains(#""error":"\#(itemsFile): is not valid JSON (unexpected end of input"#), "\(failed)")
        #expect(try stream.next("shortcuts", within: 1) == nil, "a failed reload sent an event")
        let kept = try server.request("GET", "/shortcuts", headers: [newAuthorization])
        #expect(kept.status == 200 && kept.header("ETag") == newETag)
        #expect(Self.types(try kept.jsonObject()) == ["Beta"])

        // The same content again (rewritten): no new version, no event.
        try Self.write(Self.items("Beta"), to: itemsFile)
        try Self.reload(server, expect: "reloaded: nothing changed")
        #expect(try stream.next("shortcuts", within: 1) == nil, "an unchanged reload sent an event")
        #expect(try server.request("GET", "/shortcuts", headers: [newAuthorization]).header("ETag") == newETag)

        #expect(server.stop() == .exited(0))
    }

    @Test(
        "Accounts: SIGHUP puts new items and admin token in force; each account's stream gets its new list, its old ETag no longer matches",
        arguments: StorageBackend.available)
    func accounts(on backend: StorageBackend) throws {
        let directory = try TemporaryDirectory()
        let itemsFile = directory.path("items.json")
        let adminFile = directory.path("admin-token")
        try Self.write(Self.items("Alpha"), to: itemsFile)
        let oldAdmin = "first-admin-token-0123456789"
        try Self.write(oldAdmin, to: adminFile)
        let arguments = ["--no-seed", "--accounts", "--admin-token-file", adminFile, "--shortcuts", itemsFile]
        try backend.withServers(directory: directory, arguments: arguments) { servers, _ in
            try Self.accounts(servers[0], adminFile: adminFile, itemsFile: itemsFile, oldAdmin: oldAdmin)
        }
    }

    static func accounts(_ server: ServerProcess, adminFile: String, itemsFile: String, oldAdmin: String) throws {
        let created = try server.request(
            "POST", "/accounts", headers: [("Authorization", "Bearer \(oldAdmin)"), ("Content-Type", "application/json")],
            body: Array(#"{"name":"Alice"}"#.utf8))
        #expect(created.status == 201, "\(created.text)")
        let token = try #require(try created.jsonObject()["token"] as? String)
        let account = ("Authorization", "Bearer \(token)")
        let favorite = try server.request(
            "POST", "/contacts", headers: [account, ("Content-Type", "application/json")], body: Array(#"{"name":"Ada","favorite":true}"#.utf8))
        #expect(favorite.status == 201)

        let before = try server.request("GET", "/shortcuts", headers: [account])
        #expect(Self.types(try before.jsonObject()) == ["Alpha", "FavoriteAction"])
        let oldETag = try #require(before.header("ETag"))
        let stream = try EventStreamClient(server: server, headers: [account])
        let opening = try #require(try stream.next("shortcuts", within: Self.timeout))

        try Self.write(Self.items("Beta"), to: itemsFile)
        let newAdmin = "second-admin-token-0123456789"
        try Self.write(newAdmin, to: adminFile)
        let reloaded = try Self.reload(server, expect: "reloaded")
        #expect(reloaded.contains(#""changed":["--shortcuts","--admin-token-file"]"#), "\(reloaded)")

        let event = try #require(try stream.next("shortcuts", within: Self.timeout), "no shortcuts event after SIGHUP")
        #expect(Self.types(try event.jsonObject()) == ["Beta", "FavoriteAction"])
        #expect((event.numericId ?? 0) > (opening.numericId ?? .max))
        let after = try server.request("GET", "/shortcuts", headers: [account, ("If-None-Match", oldETag)])
        #expect(after.status == 200, "the old ETag still matches: \(after.status)")
        #expect(Self.types(try after.jsonObject()) == ["Beta", "FavoriteAction"])
        #expect(after.header("ETag") != oldETag)

        #expect(try server.request("GET", "/accounts", headers: [("Authorization", "Bearer \(oldAdmin)")]).status == 401)
        #expect(try server.request("GET", "/accounts", headers: [("Authorization", "Bearer \(newAdmin)")]).status == 200)
        #expect(try server.request("GET", "/contacts", headers: [account]).status == 200, "an account token stopped working")

        // A bad admin token file (too short) keeps everything, the old items included.
        try Self.write(Self.items("Gamma"), to: itemsFile)
        try Self.write("short", to: adminFile)
        let failed = try Self.reload(server, expect: "reload failed: the configuration in force is kept")
        #expect(failed.contains(#""file":"\#(adminFile)""#) && failed.contains("at least 16 characters"), "\(failed)")
        #expect(try stream.next("shortcuts", within: 1) == nil, "a failed reload sent an event")
        #expect(Self.types(try server.request("GET", "/shortcuts", headers: [account]).jsonObject()) == ["Beta", "FavoriteAction"])
        #expect(try server.request("GET", "/accounts", headers: [("Authorization", "Bearer \(newAdmin)")]).status == 200)

        #expect(server.stop() == .exited(0))
    }

    @Test("SIGHUP without files to read changes nothing and ends nothing")
    func nothingToReload() throws {
        let server = try ServerProcess(arguments: ["--no-seed"])
        defer { server.stop() }
        let etag = try server.shortcuts().etag
        try Self.reload(server, expect: "reloaded: nothing changed")
        try Self.reload(server, expect: "reloaded: nothing changed")
        #expect(try server.shortcuts().etag == etag)
        #expect(server.stop() == .exited(0))
    }

    @Test("Every thread of the server blocks SIGINT, SIGTERM and SIGHUP: one thread takes them, no handler interrupts a thread")
    func signalsAreBlockedInEveryThread() throws {
        let server = try ServerProcess(arguments: ["--no-seed"])
        defer { server.stop() }
        // A request and a reload first, so that the HTTP, writer and Dispatch threads exist.
        _ = try server.shortcuts()
        try Self.reload(server, expect: "reloaded: nothing changed")
        let tasks = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(server.pid)/task")
        #expect(tasks.count > 2, "\(tasks.count) threads")
        let wanted = UInt64(1) << (SIGINT - 1) | UInt64(1) << (SIGTERM - 1) | UInt64(1) << (SIGHUP - 1)
        var waiting = 0
        for task in tasks {
            // The thread in sigwait (rt_sigtimedwait, syscall 128 on x86-64): the kernel shows the
            // signals it waits for as unblocked while it waits.
            let syscall = (try? String(contentsOfFile: "/proc/\(server.pid)/task/\(task)/syscall", encoding: .utf8)) ?? ""
            if syscall.split(separator: " ").first == "128" {
                waiting += 1
                continue
            }
            // A thread may end between the listing and the read: only the ones read are checked.
            guard let status = try? String(contentsOfFile: "/proc/\(server.pid)/task/\(task)/status", encoding: .utf8),
                let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigBlk:") }),
                let blocked = UInt64(line.dropFirst("SigBlk:".count).trimmingCharacters(in: .whitespaces), radix: 16)
            else { continue }
            #expect(blocked & wanted == wanted, "thread \(task) blocks \(String(blocked, radix: 16))")
        }
        // The signal thread hands a SIGHUP on and goes back to sigwait: on a loaded machine the
        // listing above may come before it is back, so it is looked for again, for up to 2 s.
        for _ in 0..<20 where waiting != 1 {
            usleep(100_000)
            waiting = Self.threadsInSigwait(server.pid)
        }
        #expect(waiting == 1, "\(waiting) threads in sigwait")
        try Self.reload(server, expect: "reloaded: nothing changed")
        #expect(server.stop() == .exited(0))
    }

    /// How many threads of process `pid` are in sigwait (rt_sigtimedwait, syscall 128 on x86-64).
    static func threadsInSigwait(_ pid: pid_t) -> Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.count { task in
            let syscall = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/syscall", encoding: .utf8)) ?? ""
            return syscall.split(separator: " ").first == "128"
        }
    }
}
