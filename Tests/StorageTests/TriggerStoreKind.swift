import Dispatch
import Glibc
import QuickActions
import Storage
import Synchronization
import Testing

/// The trigger store kinds the contract runs against.
enum TriggerStoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case memory
    case sqlite

    var testDescription: String { rawValue }

    func withStore(_ body: (any TriggerStore) throws -> Void) throws {
        switch self {
        case .memory:
            try body(InMemoryTriggerStore())
        case .sqlite:
            try TemporaryDirectory.with { (directory: TemporaryDirectory) throws in
                try body(SQLiteContactRepository.open(path: directory.path("t.sqlite")).triggerStore())
            }
        }
    }
}
