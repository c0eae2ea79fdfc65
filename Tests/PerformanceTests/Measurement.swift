/// What a scenario's requests cost the allocator.
struct Measurement: Sendable {
    /// What was measured.
    let scenario: Scenario
    /// The calls counted on the scenario's threads.
    let count: AllocationCount
    /// Allocations the client's thread made while counting: none, or the count of every
    /// thread holds the client's own.
    let clientAllocations: Int64

    /// Allocations per request.
    var perRequest: Double {
        Double(count.allocations) / Double(scenario.requests)
    }

    /// Allocations per request, rounded up: what a threshold holds. An allocation made every
    /// few requests (a log flush scheduled once per 10 ms) counts as one.
    var allocationsPerRequest: Int {
        Int((count.allocations + Int64(scenario.requests) - 1) / Int64(scenario.requests))
    }

    /// Frees per request.
    var freesPerRequest: Double {
        Double(count.frees) / Double(scenario.requests)
    }
}
