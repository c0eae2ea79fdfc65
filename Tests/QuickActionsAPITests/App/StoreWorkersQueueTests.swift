import Dispatch
import Synchronization
import Testing

@testable import QuickActionsAPI

/// The queue in front of the store's workers: first in, first out, bounded, and reusable once
/// drained, round after round.
@Suite struct StoreWorkersQueueTests {
    @Test func aWorkerRunsTheWaitingJobsInTheOrderTheyCameRoundAfterRound() {
        let workers = StoreWorkers(threads: 1, queueLimit: 3)
        defer { workers.stop() }
        let ran = Mutex<[Int]>([])
        for round in 0..<4 {
            let gate = DispatchSemaphore(value: 0)
            let started = DispatchSemaphore(value: 0)
            let finished = DispatchSemaphore(value: 0)
            #expect(
                workers.submit {
                    started.signal()
                    gate.wait()
                })
            started.wait()
            for job in 1...3 {
                #expect(
                    workers.submit {
                        ran.withLock { $0.append(round * 10 + job) }
                        finished.signal()
                    })
            }
            #expect(!workers.submit {}, "a fourth waiting job is past the limit")
            #expect(workers.waiting == 3)
            gate.signal()
            for _ in 1...3 { finished.wait() }
            #expect(workers.waiting == 0)
        }
        #expect(ran.withLock { $0 } == [1, 2, 3, 11, 12, 13, 21, 22, 23, 31, 32, 33])
    }
}
