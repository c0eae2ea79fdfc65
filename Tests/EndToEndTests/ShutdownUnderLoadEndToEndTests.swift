import Foundation
import Glibc
import TestSupport
import Testing

/// SIGTERM while keep-alive clients keep writing. libmicrohttpd aborts the process when the
/// daemon stops while a connection is still suspended ("called while we have suspended
/// connections"), as one parked for its group commit is: so requests begun once the stop has
/// started are refused with a 503, and the process exits 0.
@Suite struct ShutdownUnderLoadEndToEndTests {
    /// What one writer saw.
    struct Seen: Sendable {
        var created = 0
        var refused = 0
        var other: [String] = []
    }

    @Test("SIGTERM under keep-alive writes: exit 0, every answer a 201 or a 503 problem that closes, every 201 kept")
    func stopUnderKeepAliveWrites() throws {
        let directory = try TemporaryDirectory()
        let server = try ServerProcess(directory: directory, arguments: ["--no-seed"])
        defer { server.stop() }
        let (port, pid) = (server.port, server.pid)
        let stopAt = Date().addingTimeInterval(0.8)
        // SIGTERM, as an operator's stop sends it; `stop()` below collects the exit.
        let stopper = Thread {
            Thread.sleep(until: stopAt)
            _ = kill(pid, SIGTERM)
        }
        stopper.start()
        let (seen, errors) = ThreadGroup.run(count: 8, timeout: 30) { writer -> Seen in
            var seen = Seen()
            guard let client = try? RawHTTPConnection(port: port) else { return seen }
            defer { client.close() }
            for number in 0..<100_000 {
                let body = #"{"name":"Writer \#(writer) \#(number)"}"#
                // Once the server has gone, the connection fails: that ends this writer.
                guard let response = try? client.send("POST", "/contacts", headers: [("Content-Type", "application/json")], body: body) else {
                    return seen
                }
                switch response.status {
                case 201: seen.created += 1
                case 503 where response.mediaType == "application/problem+json" && response.header("Connection") == "close":
                    seen.refused += 1
                    return seen
                default: seen.other.append("\(response.status) \(response.text)")
                }
            }
            return seen
        }
        #expect(errors.isEmpty, "\(errors)")
        let all = seen.compactMap { $0 }
        #expect(all.flatMap(\.other).isEmpty, "\(all.flatMap(\.other).prefix(3))")
        let created = all.reduce(0) { $0 + $1.created }
        print("shutdown under load: \(created) created, \(all.reduce(0) { $0 + $1.refused }) refused with 503 while stopping")
        #expect(created > 50, "too few writes before the stop to test anything")
        let log = (try? String(contentsOfFile: server.standardErrorPath, encoding: .utf8)) ?? ""
        #expect(server.stop() == .exited(0), "\(log.suffix(2000))")

        // Every 201 is in the store after the restart.
        let again = try ServerProcess(directory: directory, arguments: ["--no-seed"])
        defer { again.stop() }
        let stats = try again.request("GET", "/contacts?limit=1").jsonObject()
        #expect((stats["total"] as? Int ?? 0) >= created, "\(stats)")
    }
}
