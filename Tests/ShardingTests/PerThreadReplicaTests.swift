import Foundation
import Sharding
import Synchronization
import Testing

@Suite struct PerThreadReplicaTests {
    final class Row: Sendable {
        let number: Int
        init(_ number: Int) { self.number = number }
    }

    @Test func eachClaimingThreadWorksOnItsOwnReplica() {
        let rows = ThreadRows(ownRows: 4)
        let replica = PerThreadReplica(rows: rows) { Row($0) }
        #expect(replica.all.map(\.number) == [0, 1, 2, 3, 4])
        let seen = Mutex<[ObjectIdentifier]>([])
        let group = DispatchGroup()
        for _ in 0..<4 {
            group.enter()
            Thread {
                rows.claim()
                seen.withLock { $0.append(ObjectIdentifier(replica.current)) }
                group.leave()
            }.start()
        }
        group.wait()
        let identities = seen.withLock { $0 }
        #expect(Set(identities).count == 4)
        #expect(!identities.contains(ObjectIdentifier(replica[rows.sharedRow])))
        #expect(replica.current === replica[rows.sharedRow], "the test's own thread never claimed")
    }
}
