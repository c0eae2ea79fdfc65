import Dispatch
import Glibc
import QuickActions
import StorageCore
import Synchronization
import Testing

@testable import StorageSQLite

@Suite struct SQLiteGroupCommitTests {
    @Test func concurrentWritersAllLandWithUniqueSequences() throws {
        try TemporaryDirectory.with { (directory: TemporaryDirectory) throws in
            let repository = try SQLiteContactRepository.open(path: directory.path("g.sqlite"))
            let failures = Atomic<Int>(0)
            DispatchQueue.concurrentPerform(iterations: 16) { writer in
                for index in 0..<40 {
                    do {
                        _ = try repository.create(NewContact(name: "W\(writer)-\(index)", favorite: index % 7 == 0))
                    } catch {
                        failures.add(1, ordering: .relaxed)
                    }
                }
            }
            #expect(failures.load(ordering: .relaxed) == 0)
            let all = try repository.list(ContactQuery(limit: 1000))
            #expect(all.total == 640)
            #expect(Set(all.contacts.map(\.sequence)).count == 640)
            #expect(Set(all.contacts.map(\.name)).count == 640)
        }
    }

    @Test func aFailingWriteInABatchDoesNotUndoTheOthers() throws {
        try TemporaryDirectory.with { (directory: TemporaryDirectory) throws in
            let repository = try SQLiteContactRepository.open(path: directory.path("g.sqlite"))
            let triggers = repository.triggerStore()
            // Duplicate trigger ids violate UNIQUE: those writes fail, the rest commit.
            let outcomes = Mutex<[Bool]>([])
            DispatchQueue.concurrentPerform(iterations: 20) { index in
                let record = TriggerStoreContractTests.record(index % 2 == 0 ? "same" : "r\(index)")
                let ok: Bool
                do {
                    _ = try triggers.record(record, answer: nil)
                    ok = true
                } catch {
                    ok = false
                }
                outcomes.withLock { $0.append(ok) }
                _ = try? repository.create(NewContact(name: "C\(index)"))
            }
            #expect(outcomes.withLock { $0.filter { $0 }.count } == 11)
            #expect(try triggers.stats().total == 11)
            #expect(try repository.counts().contacts == 20)
        }
    }
}
