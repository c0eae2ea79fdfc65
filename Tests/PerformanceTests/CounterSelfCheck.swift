import Foundation
import Glibc

/// Checks the counter sees what it must, before anything is measured with it: the Swift
/// runtime's objects (one allocation each, an exact count), Foundation's (made in its own
/// library), and glibc's own internal calls (strdup), each with the matching frees.
enum CounterSelfCheck {
    /// How many of each are made.
    static let objects = 1000

    /// A class instance: one call to the allocator each (`swift_allocObject`).
    final class Probe {
        let value: Int
        init(_ value: Int) { self.value = value }
    }

    /// What went wrong, one line per check that failed; empty when the counter works.
    static func run() -> [String] {
        var probes: [Probe] = []
        probes.reserveCapacity(objects)
        var datas: [NSMutableData] = []
        datas.reserveCapacity(objects)
        var strings: [UnsafeMutablePointer<CChar>] = []
        strings.reserveCapacity(objects)
        let text: StaticString = "quickactiond"
        let source = UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)

        AllocationCounter.setCounting(true)
        defer { AllocationCounter.setCounting(false) }
        let checks = [
            check("Swift objects", exactly: true) {
                for index in 0..<objects { probes.append(Probe(index)) }
            } release: {
                if total(probes) == objects * (objects - 1) / 2 { probes.removeAll(keepingCapacity: true) }
            },
            check("Foundation NSMutableData (4 KB)", exactly: false) {
                for _ in 0..<objects { datas.append(NSMutableData(length: 4096) ?? NSMutableData()) }
            } release: {
                datas.removeAll(keepingCapacity: true)
            },
            check("strdup (glibc's own call to malloc)", exactly: true) {
                for _ in 0..<objects {
                    guard let copy = strdup(source) else { break }
                    strings.append(copy)
                }
            } release: {
                for string in strings { Glibc.free(string) }
                strings.removeAll(keepingCapacity: true)
            },
        ]
        return checks.compactMap { $0 }
    }

    /// Counts `make` (which makes `objects` things) and `release` (which frees them) on this
    /// thread: `make` must allocate `objects` times (at least, unless `exactly`), and `release`
    /// must free as many more than it allocates (an unoptimised build allocates as it iterates).
    /// Both run once before they are counted: what the runtime makes once and keeps (generic
    /// metadata, in an unoptimised build) is not theirs.
    static func check(_ what: String, exactly: Bool, make: () -> Void, release: () -> Void) -> String? {
        make()
        release()
        let start = AllocationCounter.read(.current)
        make()
        let made = AllocationCounter.read(.current) - start
        release()
        let released = AllocationCounter.read(.current) - start - made
        let wanted = Int64(objects)
        let madeEnough = exactly ? made.allocations == wanted : made.allocations >= wanted
        let freedEnough = exactly ? released.frees - released.allocations == wanted : released.frees - released.allocations >= wanted
        guard !madeEnough || !freedEnough else { return nil }
        return "\(objects) \(what): \(made.allocations) allocations counted, then \(released.frees - released.allocations) frees net, "
            + "expected \(exactly ? "" : "at least ")\(objects) of each"
    }

    /// Reads every probe, so none can be optimised away.
    @inline(never)
    static func total(_ probes: [Probe]) -> Int {
        probes.reduce(0) { $0 + $1.value }
    }
}
