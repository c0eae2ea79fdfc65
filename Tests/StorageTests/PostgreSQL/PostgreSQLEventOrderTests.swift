import Foundation
import QuickActions
import StorageCore
import Synchronization
import Testing

@testable import StoragePostgreSQL

/// Event ids in commit order across instances: two stores on one database append at once while
/// a third follows the log as the event streams do (`seq > last read`, and a reserved id as a
/// place between triggers); the follower never meets an id lower than one it read, and misses none.
@Suite(.postgreSQL) struct PostgreSQLEventOrderTests {
    static let writersPerStore = 3
    static let appendsPerWriter = 60

    @Test func aFollowerOfTheLogNeverSkipsWhileTwoInstancesAppend() throws {
        let name = try TestPostgreSQL.createDatabase()
        defer { TestPostgreSQL.dropDatabase(name) }
        let conninfo = try #require(TestPostgreSQL.conninfo)
        let stores = try (0..<3).map { _ in try PostgreSQLDataStore.open(conninfo, poolSize: 2, database: name) }
        defer { stores.forEach { try? $0.close() } }
        let logs = stores.map { $0.triggers(of: .default) }
        let appended = Mutex<[String]>([])
        let writing = Atomic<Int>(2 * Self.writersPerStore)
        let group = DispatchGroup()
        for writer in 0..<(2 * Self.writersPerStore) {
            let log = logs[writer % 2]
            DispatchQueue.global().async(group: group) {
                defer { writing.subtract(1, ordering: .releasing) }
                for number in 0..<Self.appendsPerWriter {
                    let record = TriggerStoreContractTests.record("w\(writer)n\(number)")
                    if case .recorded? = try? log.append(record, answer: nil) { appended.withLock { $0.append(record.id) } }
                }
            }
        }
        let follower = Follower(log: logs[2])
        var pass = 0
        while writing.load(ordering: .acquiring) > 0 {
            pass += 1
            if pass % 3 == 0 { try follower.reserve() } else { try follower.catchUp() }
            usleep(500)
        }
        group.wait()
        try follower.catchUp()
        let expected = appended.withLock { $0 }
        #expect(expected.count == 2 * Self.writersPerStore * Self.appendsPerWriter)
        #expect(follower.outOfOrder.isEmpty, "ids below one already read: \(follower.outOfOrder.prefix(10))")
        let missed = Set(expected).subtracting(follower.read)
        #expect(missed.isEmpty, "\(missed.count) triggers the follower never read")
        #expect(follower.read.count == Set(follower.read).count, "a trigger read twice")
    }

    /// Reads the log as `EventHub` does: after the last id read (or reserved), in id order.
    final class Follower {
        let log: any TriggerStore
        var last: Int64 = 0
        var read: [String] = []
        var outOfOrder: [String] = []

        init(log: any TriggerStore) {
            self.log = log
        }

        /// Reads every trigger after `last`.
        func catchUp(before end: Int64? = nil) throws {
            while true {
                let page = try log.loggedTriggers(after: last, before: end, limit: 50)
                for logged in page {
                    if logged.trigger.eventID <= last { outOfOrder.append("\(logged.trigger.eventID) after \(last)") }
                    last = logged.trigger.eventID
                    read.append(logged.trigger.record.id)
                }
                if page.count < 50 { return }
            }
        }

        /// Takes a place in the log: reads every trigger below it, then moves past it. A trigger
        /// committed below it later would be skipped.
        func reserve() throws {
            let place = try log.reserveEventID()
            try catchUp(before: place)
            last = max(last, place)
        }
    }
}
