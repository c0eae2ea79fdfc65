import Dispatch
import Glibc
import QuickActions
import StorageCore
import Synchronization
import Testing

/// The trigger store kinds the contract runs against: each backend's view of a new account.
typealias TriggerStoreKind = RepositoryKind

extension RepositoryKind {
    /// Runs `body` with an empty trigger store of this kind, a new account's view.
    func withStore(_ body: (any TriggerStore) throws -> Void) throws {
        try withStore(clock: TestClock()) { (store: any DataStore) throws in
            let account = try store.accounts.createAccount(name: "triggers", tokenDigest: Array("triggers-\(name)".utf8))
            try body(store.triggers(of: account.key))
        }
    }
}
