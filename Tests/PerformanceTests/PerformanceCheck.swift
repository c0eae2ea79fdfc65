import ArgumentParsing
import Foundation
import Glibc
import QuickActions

/// `quickactiond-perf-check`: counts the allocations each hot path makes per request, in this
/// process, and holds each count to its threshold in `allocation-thresholds.json`.
///
/// The server runs in this process (`ServerUnderTest`: quickactiond's own entry point, its
/// HTTP threads marked by id); a client thread drives it over
/// keep-alive connections without allocating (`RawHTTPClient`); every call into the C allocator
/// is counted (`CAllocationCounter`), on the server's threads for reads, on every thread for
/// writes. Exit status 0 when every count is at its threshold, 1 otherwise, 2 on bad usage.
enum PerformanceCheck {
    /// What the command line asks for.
    struct Options {
        var thresholdsPath = Self.defaultThresholdsPath
        /// Write the measured counts into the thresholds file instead of checking them.
        var update = false

        /// The file beside this source file.
        static var defaultThresholdsPath: String {
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("allocation-thresholds.json").path
        }

        static let parser = CommandParser<Options>(options: [
            .text("--thresholds", "FILE", help: "the thresholds to check, or to write with --update") { $0.thresholdsPath = $1 },
            .flag("--update", help: "write the counts measured into FILE instead of checking them") { $0.update = true },
            .help(),
        ])

        static let usage = """
            usage: quickactiond-perf-check [--thresholds FILE] [--update]

            Counts the allocations per request of quickactiond's hot paths (a release build is
            what the thresholds hold) and checks each against FILE (default: the
            allocation-thresholds.json beside the check's sources).

            options:

            """ + UsageText.optionLines(parser.options).joined(separator: "\n") + "\n"
    }

    /// Runs the check with `arguments` (without the program name); returns the exit status.
    static func run(arguments: [String]) -> Int32 {
        var options = Options()
        do {
            if try Options.parser.parse(arguments, into: &options) != .parsed {
                print(Options.usage, terminator: "")
                return 0
            }
        } catch {
            FileHandle.standardError.write(Data("quickactiond-perf-check: \(error)\n\(Options.usage)".utf8))
            return 2
        }
        // Before any thread is made: the server in this process takes SIGTERM on a thread of its own.
        ServerUnderTest.blockStopSignals()
        signal(SIGPIPE, SIG_IGN)
        let selfCheck = CounterSelfCheck.run()
        guard selfCheck.isEmpty else {
            for failure in selfCheck { print("perf-check: the allocation counter does not see every allocation: \(failure)") }
            return 1
        }
        print("perf-check: the allocation counter sees the Swift runtime's, Foundation's and glibc's allocations")

        let measurements: [Measurement]
        do {
            measurements = try measureAll()
        } catch {
            print("perf-check: could not measure: \(error)")
            return 1
        }
        for measurement in measurements {
            if measurement.clientAllocations != 0 {
                print("perf-check: the client allocated \(measurement.clientAllocations) times while \"\(measurement.scenario.name)\" was counted")
                return 1
            }
        }
        print(table(measurements))
        if isDebugBuild {
            print("perf-check: this is a debug build; the thresholds hold a release build: run `make perf-check`")
            return 2
        }
        if options.update {
            do {
                try AllocationThresholds.text(for: measurements).write(toFile: options.thresholdsPath, atomically: true, encoding: .utf8)
            } catch {
                print("perf-check: could not write \(options.thresholdsPath): \(error)")
                return 1
            }
            print("perf-check: wrote the counts above into \(options.thresholdsPath)")
            return 0
        }
        let thresholds: AllocationThresholds
        do {
            thresholds = try AllocationThresholds.load(path: options.thresholdsPath)
        } catch {
            print("perf-check: could not read the thresholds: \(error)")
            return 1
        }
        return check(measurements, against: thresholds)
    }

    /// Whether this is an unoptimised build: it allocates several times as much as a release
    /// build, so its counts mean nothing against the thresholds.
    static var isDebugBuild: Bool {
        #if DEBUG
            true
        #else
            false
        #endif
    }

    /// Every scenario, each server started and stopped in turn.
    ///
    /// Reads count the server's threads, at the default log level (`info`: each request writes
    /// an access log line); `GET /shortcuts` is held at `warning` too, without the line. Writes
    /// count every thread (the commit runs on whichever thread holds the writer), at `warning`:
    /// at `info`, the count would include the log's writer thread, whose allocations come per
    /// write of the buffered lines (one every few milliseconds), not per request, so it would
    /// depend on how many requests fall between two writes (for a write, which waits for its
    /// commit's fsync, that moved the count by up to 2 per request from run to run). Without the
    /// log a quiet machine repeats every count exactly (the SQLite file is new each run).
    static func measureAll() throws -> [Measurement] {
        let token = "perf-check-service-token-0123456789"
        let adminToken = "perf-check-admin-token-0123456789"
        var measurements: [Measurement] = []

        measurements += try serve(.singleAccount(token: token), logLevel: "info") { server, client in
            let authorization = ("Authorization", "Bearer \(token)")
            let list = try client.exchange(RequestTemplate("GET", "/shortcuts", port: server.port, headers: [authorization]))
            guard list.status == 200, let etag = list.header("ETag") else { throw SetupError("GET /shortcuts answered \(list.status)") }
            return [
                .read("GET /shortcuts hit", RequestTemplate("GET", "/shortcuts", port: server.port, headers: [authorization])),
                .read(
                    "GET /shortcuts 304", RequestTemplate("GET", "/shortcuts", port: server.port, headers: [authorization, ("If-None-Match", etag)]),
                    status: 304),
            ]
        }

        measurements += try serve(.singleAccount(token: token), logLevel: "warning") { server, client in
            let authorization = ("Authorization", "Bearer \(token)")
            let favorite = try firstFavorite(on: server, client: client, authorization: authorization)
            let trigger = #"{"type":"FavoriteAction","userInfo":{"contactId":"\#(favorite)"}}"#
            let key = ("Idempotency-Key", "perf-\(RequestTemplate.counter)")
            return [
                .read("GET /shortcuts hit, log level warning", RequestTemplate("GET", "/shortcuts", port: server.port, headers: [authorization])),
                .write(
                    "POST /trigger, log level warning",
                    RequestTemplate("POST", "/trigger", port: server.port, headers: [authorization], body: trigger)),
                .write(
                    "POST /trigger with Idempotency-Key, log level warning",
                    RequestTemplate("POST", "/trigger", port: server.port, headers: [authorization, key], body: trigger)),
            ]
        }

        measurements += try serve(.accounts(adminToken: adminToken), logLevel: "info") { server, client in
            let tokens = try makeAccounts(3, on: server, client: client, adminToken: adminToken)
            return [
                .read(
                    "account GET /shortcuts hit",
                    RequestTemplate("GET", "/shortcuts", port: server.port, headers: [("Authorization", "Bearer \(tokens[1])")]))
            ]
        }
        return measurements
    }

    /// Starts a server, has `scenarios` set it up (through `client`, a connection of its own)
    /// and name what to measure, measures each on a new connection, and stops the server.
    static func serve(
        _ mode: ServerUnderTest.Mode, logLevel: String, scenarios: (ServerUnderTest, RawHTTPClient) throws -> [Scenario]
    ) throws -> [Measurement] {
        let server = try ServerUnderTest(mode: mode, logLevel: logLevel)
        defer { server.stop() }
        // libmicrohttpd's threads, as they are once it listens: a thread one of them starts later
        // (the log's writer) bears its name too, as Linux names a new thread after its creator.
        AllocationCounter.markThreads(AllocationCounter.threads(named: "MHD-"))
        let planned = try scenarios(server, try RawHTTPClient(port: server.port))
        return try planned.map { try $0.measure(port: server.port) }
    }

    /// The id of the first favorite contact, in creation order (`GET /contacts?favorite=true`).
    static func firstFavorite(on server: ServerUnderTest, client: RawHTTPClient, authorization: (String, String)) throws -> String {
        let listed = try client.exchange(
            RequestTemplate("GET", "/contacts?favorite=true&limit=1", port: server.port, headers: [authorization]))
        let contacts = try JSONParser.parse(listed.body).objectValue?["contacts"]
        guard listed.status == 200, case .array(let found) = contacts, let id = found.first?.objectValue?["id"]?.stringValue else {
            throw SetupError("no favorite to trigger (GET /contacts?favorite=true answered \(listed.status))")
        }
        return id
    }

    /// Makes `count` accounts through the API, each with three contacts (two favorites), and
    /// reads each one's list once (so it is cached); returns their tokens.
    static func makeAccounts(_ count: Int, on server: ServerUnderTest, client: RawHTTPClient, adminToken: String) throws -> [String] {
        var tokens: [String] = []
        for index in 1...count {
            let made = try client.exchange(
                RequestTemplate(
                    "POST", "/accounts", port: server.port, headers: [("Authorization", "Bearer \(adminToken)")],
                    body: #"{"name":"Perf Account \#(index)"}"#))
            guard made.status == 201, let token = try JSONParser.parse(made.body).objectValue?["token"]?.stringValue else {
                throw SetupError("POST /accounts answered \(made.status)")
            }
            tokens.append(token)
            let authorization = ("Authorization", "Bearer \(token)")
            for contact in 1...3 {
                let body = #"{"name":"Contact \#(index)-\#(contact)","favorite":\#(contact <= 2)}"#
                let created = try client.exchange(RequestTemplate("POST", "/contacts", port: server.port, headers: [authorization], body: body))
                guard created.status == 201 else { throw SetupError("POST /contacts answered \(created.status)") }
            }
            let list = try client.exchange(RequestTemplate("GET", "/shortcuts", port: server.port, headers: [authorization]))
            guard list.status == 200 else { throw SetupError("an account's GET /shortcuts answered \(list.status)") }
        }
        return tokens
    }

    /// The measurements, one line each.
    static func table(_ measurements: [Measurement]) -> String {
        var lines = ["allocations per request (release build), counted in process:"]
        for measurement in measurements {
            let name = measurement.scenario.name.padding(toLength: 54, withPad: " ", startingAt: 0)
            lines.append(
                "  \(name) \(measurement.allocationsPerRequest)  (\(String(format: "%.3f", measurement.perRequest)) allocations, "
                    + "\(String(format: "%.3f", measurement.freesPerRequest)) frees per request over \(measurement.scenario.requests) "
                    + "requests, \(measurement.scenario.threads.rawValue))")
        }
        return lines.joined(separator: "\n")
    }

    /// Compares each measurement with its threshold; prints what differs; returns the exit status.
    static func check(_ measurements: [Measurement], against thresholds: AllocationThresholds) -> Int32 {
        var failed = false
        let update = "(or run `make perf-check PERF_CHECK_ARGS=--update`)"
        for measurement in measurements {
            let name = measurement.scenario.name
            let measured = measurement.allocationsPerRequest
            switch thresholds.verdict(for: measurement) {
            case .holds:
                continue
            case .above(let threshold):
                print(
                    "perf-check: FAIL \"\(name)\": \(measured) allocations per request, threshold \(threshold). A change added "
                        + "\(measured - threshold) allocation(s) per request on this path. If that is intended, set \"\(name)\": "
                        + "\(measured) in \(thresholds.path) \(update) and say why in the commit.")
            case .below(let threshold):
                print(
                    "perf-check: FAIL \"\(name)\": \(measured) allocations per request, threshold \(threshold): "
                        + "\(threshold - measured) fewer than the threshold. Lower it: set \"\(name)\": \(measured) in \(thresholds.path) "
                        + "\(update), so that the next allocation added to this path fails.")
            case .missing:
                print("perf-check: FAIL \"\(name)\" has no threshold in \(thresholds.path): add \"\(name)\": \(measured) \(update).")
            }
            failed = true
        }
        for name in thresholds.values.keys.sorted() where !measurements.contains(where: { $0.scenario.name == name }) {
            print("perf-check: FAIL \(thresholds.path) holds \"\(name)\", which is not measured: remove it.")
            failed = true
        }
        if !failed { print("perf-check: every count is at its threshold in \(thresholds.path)") }
        return failed ? 1 : 0
    }
}

/// The server could not be brought to the state a scenario measures.
struct SetupError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
