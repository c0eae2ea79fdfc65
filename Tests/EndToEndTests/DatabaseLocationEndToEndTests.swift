import Foundation
import TestSupport
import Testing

/// A `--db` value shaped like a PostgreSQL location that libpq cannot read, or a URL of a scheme
/// no store serves, stops start-up: non-zero exit, the reason, never the password, and no file
/// made in the working directory (a SQLite file named after the string, once).
@Suite struct DatabaseLocationEndToEndTests {
    static let secret = "Xs3cret-pw-4711"

    @Test(
        "Refused at start-up with the reason, without the password, creating no file",
        arguments: [
            ("host=127.0.0.1 port=55432 dbname=x user=u pasword=\(secret)", #"invalid connection option "pasword""#),
            ("host=127.0.0.1 port=55432 dbname=x user=u password='\(secret)", "unterminated quoted string"),
            ("host = 127.0.0.1 dbname=x password=\(secret) sslmode", #"missing "=" after "sslmode""#),
            ("postgresql://u:\(secret)@[::1/x", "IPv6"),
            ("mysql://u:\(secret)@127.0.0.1/x", "not a supported database location"),
        ])
    func refused(location: String, reason: String) throws {
        let directory = try TemporaryDirectory()
        let run = try ServerProcess.runToExit(directory: directory, arguments: ["--db", location])
        #expect(!run.listened, "it started on \(location)")
        #expect(run.exit != .exited(0) && run.exit != .hung, "\(run.exit)")
        #expect(run.standardError.contains(reason), "the message should say \(reason): \(run.standardError)")
        #expect(
            !run.standardError.contains(Self.secret) && !run.standardOutput.contains(Self.secret), "the password was printed: \(run.standardError)")
        let made = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).filter {
            !($0.hasPrefix("stdout-") || $0.hasPrefix("stderr-"))
        }
        #expect(made.isEmpty, "start-up made \(made) in its working directory")
    }

    @Test("A SQLite file whose name contains '=' is served when given as a path")
    func aPathWithAnEqualsSignIsSQLite() throws {
        let directory = try TemporaryDirectory()
        let server = try ServerProcess(directory: directory, arguments: ["--db", "./name=x.sqlite"])
        defer { server.stop() }
        #expect(try server.request("GET", "/readyz").status == 200)
        #expect(FileManager.default.fileExists(atPath: directory.path("name=x.sqlite")))
    }
}
