import Foundation
import Glibc
import TestSupport
import Testing

/// The ordering promise of `GET /events` across instances: triggers committed on two instances
/// at once reach a client following B's stream, which disconnects and resumes with
/// `Last-Event-ID` at random points, each exactly once and with ids that only increase; also
/// when B's `LISTEN` connection is terminated under it.
@Suite(.enabled(if: TestPostgreSQLServer.enabled)) struct CrossInstanceEventOrderEndToEndTests {
    /// Writer threads per instance, and triggers each posts.
    static let writersPerInstance = 4
    static let triggersPerWriter = 100

    @Test("Triggers committed on A and B at once reach a client resuming on B at random points once each, in increasing id order")
    func resumesAtRandomPointsMissNothing() throws {
        try CrossInstanceEndToEndTests.withPair { a, b in
            try Self.check(try Self.follow(b, while: [a, b], terminatingListenerOf: nil))
        }
    }

    @Test("Terminating B's LISTEN connection mid-run loses no trigger and breaks no order on B's stream")
    func aListenerRestartMissesNothing() throws {
        try TestPostgreSQLServer.withDatabase { conninfo in
            let a = try TestPostgreSQLServer.server(conninfo)
            defer { a.stop() }
            let b = try TestPostgreSQLServer.server(conninfo)
            defer { b.stop() }
            // Paced (a trigger per writer every 20 ms, 400 in all), so that what is committed while B
            // has no change feed stays within what a resume replays (500 triggers; past that a
            // client is told to read GET /triggers).
            let run = try Self.follow(b, while: [a, b], terminatingListenerOf: Self.databaseName(conninfo), perWriter: 50, pause: 20_000)
            try Self.check(run)
            #expect(run.listenersTerminated == 1, "B's LISTEN backend was not found")
        }
    }

    /// What a run saw.
    struct Run: Sendable {
        /// How many triggers the writers post, and the ids they were answered.
        var expected = 0
        var posted: [String] = []
        /// The trigger ids the follower received, in order.
        var received: [String] = []
        /// Each event id that was not above the one before it on the follower's streams.
        var outOfOrder: [String] = []
        /// Events received (with an id), streams opened after the first, seconds taken.
        var events = 0
        var resumes = 0
        var seconds = 0.0
        var listenersTerminated = 0
        var errors: [String] = []
    }

    /// Posts triggers through every server in `servers` from several threads (half of them picks of
    /// two favorites, which also move B's list) while one thread follows `follower`'s `/events`,
    /// dropping the connection after a random number of events and resuming with the last id it
    /// saw. With `database`, a thread terminates the follower's `LISTEN` backend once a third of
    /// the triggers are posted. Each writer posts `perWriter` triggers, `pause` µs apart.
    static func follow(
        _ follower: ServerProcess, while servers: [ServerProcess], terminatingListenerOf database: String?,
        perWriter: Int = triggersPerWriter, pause: useconds_t = 0
    ) throws -> Run {
        let favorites = try (0..<2).map { try servers[0].createContact(name: "Picked \($0)", favorite: true).id }
        let ports = servers.flatMap { server in Array(repeating: server.port, count: writersPerInstance) }
        let total = ports.count * perWriter
        let posted = Locked([String]())
        let writing = Locked(ports.count)
        // The writers start once the follower's first stream is open: what came before it is not its.
        let following = Locked(false)
        let started = Date()
        let followed = follower.port
        let (results, errors) = ThreadGroup.run(count: ports.count + 2, timeout: 50) { index -> Run in
            switch index {
            case ports.count:
                return try followStream(
                    followed, opened: { following.withLock { $0 = true } }, expecting: { writing.value == 0 ? posted.value.count : nil })
            case ports.count + 1:
                guard let database else { return Run() }
                while posted.value.count < total / 3 && writing.value > 0 { usleep(5_000) }
                return Run(listenersTerminated: try terminateNewestListener(of: database))
            default:
                defer { writing.withLock { $0 -= 1 } }
                while !following.value { usleep(2_000) }
                let client = try RawHTTPConnection(port: ports[index])
                for number in 0..<perWriter {
                    if pause > 0 { usleep(pause) }
                    let body =
                        number % 2 == 0
                        ? #"{"type":"SearchAction"}"#
                        : #"{"type":"FavoriteAction","userInfo":{"contactId":"\#(favorites[number % 4 / 2])"}}"#
                    let response = try client.send("POST", "/trigger", headers: [("Content-Type", "application/json")], body: body)
                    guard response.status == 200 else { throw EndToEndError("POST /trigger: \(response.status) \(response.text)") }
                    guard let id = try response.jsonObject()["id"] as? String else { throw EndToEndError("no id: \(response.text)") }
                    posted.withLock { $0.append(id) }
                }
                return Run()
            }
        }
        var run = results[ports.count] ?? Run()
        run.expected = total
        run.posted = posted.value
        run.seconds = Date().timeIntervalSince(started)
        run.listenersTerminated = results[ports.count + 1]?.listenersTerminated ?? 0
        run.errors += errors
        print("events order: \(run.posted.count) triggers posted, \(run.events) events checked, \(run.resumes) resumes, \(run.seconds) s")
        return run
    }

    /// Follows `/events` on `port` until `expecting` gives a count of triggers and that many
    /// have come (or nothing new came for 15 s); calls `opened` once the first stream is open.
    static func followStream(_ port: Int, opened: () -> Void, expecting: () -> Int?) throws -> Run {
        var run = Run()
        var lastID: UInt64?
        var lastNew = Date()
        var stream = try EventStreamClient(port: port)
        try stream.readHead()
        opened()
        var budget = Int.random(in: 1...30)
        while Date().timeIntervalSince(lastNew) < 15 {
            if let expected = expecting(), run.received.count >= expected { break }
            guard let event = try stream.next(within: 0.2), budget > 0 else {
                guard stream.ended || budget <= 0 else { continue }
                // Resume after the last id seen, whatever event carried it.
                stream = try EventStreamClient(port: port, headers: lastID.map { [("Last-Event-ID", String($0))] } ?? [])
                try stream.readHead()
                run.resumes += 1
                // While the instance has lost its change feed it refuses streams (503, Retry-After,
                // on a connection it keeps open): wait a little, then resume again.
                guard stream.head?.status == 200 else {
                    usleep(200_000)
                    budget = 0
                    continue
                }
                budget = Int.random(in: 1...30)
                continue
            }
            budget -= 1
            guard let id = event.numericId else { continue }
            run.events += 1
            if let last = lastID, id <= last { run.outOfOrder.append("\(id) (\(event.event ?? "")) after \(last)") }
            lastID = id
            if event.event == "trigger", let trigger = try event.jsonObject()["id"] as? String {
                run.received.append(trigger)
                lastNew = Date()
            }
        }
        return run
    }

    /// Terminates the newest listener backend on `database` (the second instance's: it started
    /// last; the listener names itself in `application_name`); returns how many it terminated.
    static func terminateNewestListener(of database: String) throws -> Int {
        let sql = """
            SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) FROM (SELECT pid FROM pg_stat_activity \
            WHERE datname = '\(database)' AND application_name LIKE '% (listener)' ORDER BY backend_start DESC LIMIT 1) AS newest
            """
        guard let conninfo = TestPostgreSQLServer.conninfo else { return 0 }
        return Int(try TestPostgreSQLServer.psql(sql, conninfo: conninfo).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    /// The database a keyword string names (its last `dbname=`).
    static func databaseName(_ conninfo: String) -> String {
        conninfo.split(separator: " ").last { $0.hasPrefix("dbname=") }.map { String($0.dropFirst("dbname=".count)) } ?? ""
    }

    /// Every trigger posted arrived exactly once, and no id went down.
    static func check(_ run: Run, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(run.errors.isEmpty, "\(run.errors)", sourceLocation: sourceLocation)
        #expect(run.posted.count == run.expected, sourceLocation: sourceLocation)
        #expect(run.outOfOrder.isEmpty, "ids that went down: \(run.outOfOrder.prefix(20))", sourceLocation: sourceLocation)
        let counts = Dictionary(run.received.map { ($0, 1) }, uniquingKeysWith: +)
        let missing = run.posted.filter { counts[$0] == nil }
        let repeated = counts.filter { $0.value > 1 }.map(\.key)
        #expect(missing.isEmpty, "\(missing.count) triggers never arrived: \(missing.prefix(10))", sourceLocation: sourceLocation)
        #expect(repeated.isEmpty, "\(repeated.count) triggers arrived twice: \(repeated.prefix(10))", sourceLocation: sourceLocation)
        #expect(run.resumes > 5, "only \(run.resumes) resumes", sourceLocation: sourceLocation)
    }
}
