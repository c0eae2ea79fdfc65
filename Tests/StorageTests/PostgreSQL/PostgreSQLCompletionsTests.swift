import Dispatch
import Synchronization
import Testing

@testable import StoragePostgreSQL

/// The creates' completions: each runs once, off the caller's thread, in the order queued, and
/// a completion may queue another (it runs in turn, nothing waits on the queue's lock).
@Suite struct PostgreSQLCompletionsTests {
    @Test func everyCompletionRunsOnceInTheOrderEachThreadQueuedIt() async {
        let completions = PostgreSQLCompletions()
        let ran = Mutex<[Int: [Int]]>([:])
        let total = Mutex(0)
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let queuers = 4
            let each = 500
            DispatchQueue.concurrentPerform(iterations: queuers) { queuer in
                for index in 0..<each {
                    completions.run {
                        ran.withLock { $0[queuer, default: []].append(index) }
                        let count = total.withLock { total -> Int in
                            total += 1
                            return total
                        }
                        if count == queuers * each { done.resume() }
                    }
                }
            }
        }
        let seen = ran.withLock { $0 }
        #expect(seen.count == 4)
        for (queuer, order) in seen {
            #expect(order == Array(0..<500), "queuer \(queuer)'s completions ran out of order or not once each")
        }
    }

    @Test func aCompletionMayQueueAnother() async {
        let completions = PostgreSQLCompletions()
        let order = Mutex<[String]>([])
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            completions.run {
                order.withLock { $0.append("first") }
                completions.run {
                    order.withLock { $0.append("queued by the first") }
                    done.resume()
                }
                order.withLock { $0.append("first, after queuing") }
            }
        }
        #expect(order.withLock { $0 } == ["first", "first, after queuing", "queued by the first"])
    }
}
