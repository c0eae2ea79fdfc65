import CAllocationCounter

/// Calls into the C allocator: the calls that asked for memory and those that gave it back.
struct AllocationCount: Sendable, Equatable {
    /// malloc, calloc, realloc, reallocarray and the aligned allocations.
    var allocations: Int64
    /// free, and realloc to size 0.
    var frees: Int64

    init(allocations: Int64, frees: Int64) {
        self.allocations = allocations
        self.frees = frees
    }

    init(_ counts: qa_allocation_counts) {
        self.init(allocations: counts.allocations, frees: counts.frees)
    }

    static func - (after: AllocationCount, before: AllocationCount) -> AllocationCount {
        AllocationCount(allocations: after.allocations - before.allocations, frees: after.frees - before.frees)
    }
}

/// The process's allocation counter (`CAllocationCounter`, linked into this executable only).
/// Counts only grow, and only while `isCounting`: a measurement is the difference of two reads.
enum AllocationCounter {
    /// Which threads' calls a read covers.
    enum Threads: String, Sendable {
        /// Every thread of the process.
        case all = "all threads"
        /// The threads `markThreads(named:)` names (here: the HTTP server's).
        case marked = "server threads"
        /// The calling thread alone.
        case current = "this thread"
    }

    /// Switches counting on or off for every thread.
    static func setCounting(_ on: Bool) {
        qa_allocation_counting(on ? 1 : 0)
    }

    /// Counts the calls of the threads whose name starts with `prefix` in `.marked` (libmicrohttpd
    /// names its threads `MHD-worker`, `MHD-listen`, ...). Call it before any counting.
    static func markThreads(named prefix: String) {
        qa_allocation_mark_threads_named(prefix)
    }

    /// The calls counted so far on `threads`.
    static func read(_ threads: Threads) -> AllocationCount {
        switch threads {
        case .all: AllocationCount(qa_allocation_counts_all())
        case .marked: AllocationCount(qa_allocation_counts_marked())
        case .current: AllocationCount(qa_allocation_counts_this_thread())
        }
    }
}
