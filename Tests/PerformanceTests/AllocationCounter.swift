import CAllocationCounter
import Foundation

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
        /// The threads `markThreads` names (here: the HTTP server's).
        case marked = "server threads"
        /// The calling thread alone.
        case current = "this thread"
    }

    /// Switches counting on or off for every thread.
    static func setCounting(_ on: Bool) {
        qa_allocation_counting(on ? 1 : 0)
    }

    /// Counts the calls of the threads `ids` (as gettid(2) names them) in `.marked`, and of no
    /// other, from now on.
    static func markThreads(_ ids: [Int32]) {
        qa_allocation_mark_threads(ids, Int32(ids.count))
    }

    /// The ids of this process's threads whose name starts with `prefix`.
    static func threads(named prefix: String) -> [Int32] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.compactMap { task in
            let name = try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)
            return name?.hasPrefix(prefix) == true ? Int32(task) : nil
        }
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
