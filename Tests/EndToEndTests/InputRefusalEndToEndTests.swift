import Foundation
import Glibc
import TestSupport
import Testing

/// What the operator gives the real binary at start-up and to `lint`: tokens (flags, variables,
/// files) and input files (`--shortcuts`, `--localizations`). Each wrong one is refused before
/// the server listens, naming the flag or file and why, and never echoing a token.
@Suite struct InputRefusalEndToEndTests {
    /// Starts the binary with `arguments` and `environment`, expects a refusal before it listens
    /// (in time: a FIFO must not block it), and returns its stderr.
    static func expectRefusal(
        _ arguments: [String], environment: [String: String] = [:], directory: TemporaryDirectory? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        let run = try ServerProcess.runToExit(
            directory: try directory ?? TemporaryDirectory(), arguments: ["--no-seed"] + arguments, environment: environment)
        #expect(!run.listened, "it started: \(arguments) \(environment)", sourceLocation: sourceLocation)
        switch run.exit {
        case .exited(let status): #expect(status != 0, "exit status 0: \(arguments)", sourceLocation: sourceLocation)
        case .signalled, .hung: Issue.record("expected a non-zero exit status, got \(run.exit): \(arguments)", sourceLocation: sourceLocation)
        }
        return run.standardError
    }

    /// A 15-character token: one short of the minimum.
    static let shortToken = "fifteen-chars-x"

    @Test("An empty token is refused in every form: --token '', QUICKACTIOND_TOKEN='', an empty --token-file, and the admin ones")
    func emptyTokens() throws {
        let directory = try TemporaryDirectory()
        let empty = directory.path("empty-token")
        try Data("  \n".utf8).write(to: URL(fileURLWithPath: empty))
        let cases: [(arguments: [String], environment: [String: String], says: String)] = [
            (["--token", ""], [:], "--token is empty"),
            ([], ["QUICKACTIOND_TOKEN": ""], "QUICKACTIOND_TOKEN is empty"),
            (["--token-file", empty], [:], "the token file '\(empty)' is empty"),
            (["--accounts", "--admin-token", ""], [:], "--admin-token is empty"),
            (["--accounts"], ["QUICKACTIOND_ADMIN_TOKEN": ""], "QUICKACTIOND_ADMIN_TOKEN is empty"),
            (["--accounts", "--admin-token-file", empty], [:], "the admin token file '\(empty)' is empty"),
        ]
        for (arguments, environment, says) in cases {
            let message = try Self.expectRefusal(arguments, environment: environment)
            #expect(message.contains("\(says): an empty token does not turn authentication off"), "\(arguments) \(environment): \(message)")
        }
    }

    @Test("A token shorter than 16 characters is refused in every form, with the reason and without the token")
    func shortTokens() throws {
        let directory = try TemporaryDirectory()
        let short = directory.path("short-token")
        // Files are trimmed first: the newline does not count.
        try Data((Self.shortToken + "\n").utf8).write(to: URL(fileURLWithPath: short))
        let cases: [(arguments: [String], environment: [String: String], says: String)] = [
            (["--token", Self.shortToken], [:], "--token is 15 character(s) long"),
            ([], ["QUICKACTIOND_TOKEN": Self.shortToken], "QUICKACTIOND_TOKEN is 15 character(s) long"),
            (["--token-file", short], [:], "the token file '\(short)' is 15 character(s) long"),
            (["--accounts", "--admin-token", Self.shortToken], [:], "--admin-token is 15 character(s) long"),
            (["--accounts"], ["QUICKACTIOND_ADMIN_TOKEN": Self.shortToken], "QUICKACTIOND_ADMIN_TOKEN is 15 character(s) long"),
            (["--accounts", "--admin-token-file", short], [:], "the admin token file '\(short)' is 15 character(s) long"),
        ]
        for (arguments, environment, says) in cases {
            let message = try Self.expectRefusal(arguments, environment: environment)
            #expect(message.contains("\(says): a token must be at least 16 characters"), "\(arguments) \(environment): \(message)")
            #expect(!message.contains(Self.shortToken), "the message holds the token: \(message)")
        }
        // Sixteen is enough.
        let server = try ServerProcess(arguments: ["--no-seed", "--token", Self.shortToken + "y"])
        defer { server.stop() }
        #expect(try server.request("GET", "/contacts", headers: [("Authorization", "Bearer \(Self.shortToken)y")]).status == 200)
    }

    /// A localizations folder whose French table is `make(path)`'s, and a valid German one.
    static func localizations(in directory: TemporaryDirectory, french make: (String) throws -> Void) throws -> (folder: String, french: String) {
        let folder = directory.path("Localizations")
        for language in ["de", "fr"] {
            try FileManager.default.createDirectory(atPath: "\(folder)/\(language).lproj", withIntermediateDirectories: true)
        }
        try Data(#""Search" = "Suchen";"#.utf8).write(to: URL(fileURLWithPath: folder + "/de.lproj/InfoPlist.strings"))
        let french = folder + "/fr.lproj/InfoPlist.strings"
        try make(french)
        return (folder, french)
    }

    @Test("A 9 MB InfoPlist.strings is refused at once, naming the file, its size and the 8 MiB limit; lint says the same")
    func oversizedStringsFile() throws {
        let directory = try TemporaryDirectory()
        let (folder, french) = try Self.localizations(in: directory) { path in
            // A valid table: read whole, it would be served.
            var text = ""
            while text.utf8.count < 9_000_000 { text += "\"key \(text.utf8.count)\" = \"une valeur assez longue pour remplir le fichier\";\n" }
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        }
        let started = Date()
        let message = try Self.expectRefusal(["--localizations", folder], directory: directory)
        #expect(message.contains("\(french): is 8.6 MiB ("), "\(message)")
        #expect(message.contains("larger than the 8 MiB an input file may be"), "\(message)")
        // Generous: the point is that nothing was parsed, not a precise time.
        #expect(Date().timeIntervalSince(started) < 8)

        let lint = try RealInfoPlistEndToEndTests.runLint([try Self.infoPlist(in: directory), "--localizations", folder])
        #expect(lint.status == 1)
        #expect(lint.output.hasPrefix("error: \(french): is 8.6 MiB ("), "\(lint.output)")
    }

    /// A minimal Info.plist with one static item whose type is `type`.
    static func infoPlist(in directory: TemporaryDirectory, type: String = "org.example.search") throws -> String {
        let path = directory.path("Info-\(UUID().uuidString).plist")
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict><key>UIApplicationShortcutItems</key><array><dict>
            <key>UIApplicationShortcutItemType</key><string>\(type)</string>
            <key>UIApplicationShortcutItemTitle</key><string>Search</string>
            </dict></array></dict></plist>
            """
        try Data(plist.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("A FIFO or /dev/zero as a strings file is refused by kind, without blocking, at start-up and by lint")
    func nonRegularStringsFiles() throws {
        for (kind, make) in [
            ("a FIFO (named pipe)", { (path: String) in #expect(mkfifo(path, 0o600) == 0) }),
            ("a character device", { (path: String) in try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/zero") }),
        ] as [(String, (String) throws -> Void)] {
            let directory = try TemporaryDirectory()
            let (folder, french) = try Self.localizations(in: directory, french: make)
            let message = try Self.expectRefusal(["--localizations", folder], directory: directory)
            #expect(message.contains("\(french): is \(kind), not a regular file"), "\(message)")
            #expect(!message.contains("permission"), "\(message)")

            let lint = try RealInfoPlistEndToEndTests.runLint([try Self.infoPlist(in: directory), "--localizations", folder])
            #expect(lint == (1, "error: \(french): is \(kind), not a regular file\n"))
        }
    }

    @Test("A FIFO or /dev/zero as --shortcuts is refused by kind, without blocking, at start-up and by lint")
    func nonRegularShortcutsFiles() throws {
        let directory = try TemporaryDirectory()
        let fifo = directory.path("Info.plist")
        #expect(mkfifo(fifo, 0o600) == 0)
        for (path, kind) in [(fifo, "a FIFO (named pipe)"), ("/dev/zero", "a character device")] {
            let message = try Self.expectRefusal(["--shortcuts", path], directory: directory)
            #expect(message.contains("\(path): is \(kind), not a regular file"), "\(message)")
            let lint = try RealInfoPlistEndToEndTests.runLint([path])
            #expect(lint == (1, "error: \(path): is \(kind), not a regular file\n"))
        }
    }

    @Test("A cycle of build settings is named as a cycle by lint and in the start-up log and the list's warnings")
    func buildSettingCycle() throws {
        let directory = try TemporaryDirectory()
        let plist = try Self.infoPlist(in: directory, type: "$(A).search")
        let settings = ["--build-setting", "A=$(B)", "--build-setting", "B=$(A)"]
        let cycle = "uses the build setting A, whose value refers back to itself: the build settings form a cycle, A → B → A"

        let lint = try RealInfoPlistEndToEndTests.runLint([plist] + settings)
        #expect(lint.status == 0)
        #expect(lint.output.contains("UIApplicationShortcutItemType \"$(A).search\" \(cycle)"), "\(lint.output)")
        #expect(!lint.output.contains("modifier"), "\(lint.output)")

        let server = try ServerProcess(directory: directory, arguments: ["--no-seed", "--shortcuts", plist] + settings)
        defer { server.stop() }
        let log = try server.standardError()
        let line = try #require(log.split(separator: "\n").first { $0.contains("unexpanded-build-setting") }, "\(log)")
        #expect(line.contains(cycle), "\(line)")
        let warnings = try server.request("GET", "/shortcuts").jsonObject()["warnings"] as? [[String: Any]]
        #expect(warnings?.contains { ($0["message"] as? String)?.contains(cycle) == true } == true, "\(String(describing: warnings))")
    }
}
