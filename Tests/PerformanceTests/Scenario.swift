import Glibc

/// One hot path: a request repeated over one keep-alive connection, warmed up, then measured.
struct Scenario: Sendable {
    /// The path's name: its key in the thresholds file.
    let name: String
    /// The request, sent as it is (or with its counter field advanced).
    let request: RequestTemplate
    /// The status every answer must have.
    let status: Int
    /// Whose allocations count: the server's threads, or every thread (a write, whose commit
    /// may run on another thread than the one that answers).
    let threads: AllocationCounter.Threads
    /// Requests sent before counting: caches, per-thread rows and the connection's kept
    /// responses are made by then.
    let warmup: Int
    /// Requests counted.
    let requests: Int

    /// A read: 1,000 requests to warm up, 2,000 counted on the server's threads.
    static func read(_ name: String, _ request: RequestTemplate, status: Int = 200) -> Scenario {
        Scenario(name: name, request: request, status: status, threads: .marked, warmup: 1000, requests: 2000)
    }

    /// A write: each waits for its commit (an fsync), so fewer: 200 to warm up, 400 counted on
    /// every thread. The count depends on how many (SQLite's pages fill at a fixed rate).
    static func write(_ name: String, _ request: RequestTemplate) -> Scenario {
        Scenario(name: name, request: request, status: 200, threads: .all, warmup: 200, requests: 400)
    }

    /// How long the server gets to finish what follows an answer it sent (completing the
    /// request, flushing its log line) before counting starts or stops: so the count holds
    /// exactly the measured requests' work.
    static let settleMicroseconds: UInt32 = 50_000

    /// Windows of `requests` counted one after another on the connection. A read keeps the
    /// window with the fewest allocations: what the path allocates shows in every window, what
    /// another thread's rare work left on a server thread in one. A write keeps the one with the
    /// most: on a busy machine the work that follows commits coalesces (one announcement of the
    /// list for several changes), which lowers a window's count, never raises it.
    static let windows = 3

    /// Runs the scenario on a new connection to `port`.
    func measure(port: Int) throws -> Measurement {
        let client = try RawHTTPClient(port: port)
        try client.repeatRequest(request, times: warmup, expecting: status)
        var kept = try countWindow(on: client)
        var clientAllocations = kept.clientAllocations
        for _ in 1..<Self.windows {
            let window = try countWindow(on: client)
            clientAllocations += window.clientAllocations
            let fewer = window.count.allocations < kept.count.allocations
            if threads == .all ? window.count.allocations > kept.count.allocations : fewer { kept = window }
        }
        return Measurement(scenario: self, count: kept.count, clientAllocations: clientAllocations)
    }

    /// One window: `requests` requests on `client`, counted.
    private func countWindow(on client: RawHTTPClient) throws -> Measurement {
        usleep(Self.settleMicroseconds)
        AllocationCounter.setCounting(true)
        defer { AllocationCounter.setCounting(false) }
        let before = AllocationCounter.read(threads)
        let clientBefore = AllocationCounter.read(.current)
        try client.repeatRequest(request, times: requests, expecting: status)
        usleep(Self.settleMicroseconds)
        let counted = AllocationCounter.read(threads) - before
        let clientCount = AllocationCounter.read(.current) - clientBefore
        return Measurement(scenario: self, count: counted, clientAllocations: clientCount.allocations)
    }
}
