import QuickActions
import Synchronization

/// Accounts, contacts and triggers in memory: for unit tests and `--store memory`.
public final class InMemoryDataStore: DataStore, AccountStore {
    private struct Stored {
        var account: Account
        var tokenDigest: [UInt8]?
    }

    private struct State {
        var accounts: [Stored]
        var nextKey: Int64 = 2
    }

    private let state: Mutex<State>
    private let clock: @Sendable () -> Timestamp
    /// The account `default`'s views, from which the others are scoped.
    private let defaultContacts: InMemoryContactRepository
    private let defaultTriggers: InMemoryTriggerStore
    public let accountChanges = AccountChangeFeed()
    public let scheduledItems: any ScheduledItemStore = InMemoryScheduledItemStore()

    /// Creates a store holding only the account `default` (with no token), whose writes keep `limits`.
    public init(clock: @escaping @Sendable () -> Timestamp = Timestamp.now, limits: StoreLimits = .standard) {
        self.clock = clock
        let contacts = InMemoryContactRepository(clock: clock, limits: limits)
        defaultContacts = contacts
        defaultTriggers = InMemoryTriggerStore(contacts: contacts)
        state = Mutex(State(accounts: [Stored(account: Account(key: .default, id: Account.defaultID, name: "default", createdAt: clock()))]))
    }

    public var accounts: any AccountStore { self }

    public func contacts(of account: AccountKey) -> any ContactRepository {
        account == .default ? defaultContacts : defaultContacts.scoped(to: account)
    }

    public func triggers(of account: AccountKey) -> any TriggerStore {
        account == .default ? defaultTriggers : defaultTriggers.scoped(to: account)
    }

    public var changes: ContactChangeFeed { defaultContacts.changes }

    /// Never counts anything: nothing here was stored by another run, and every row was
    /// decoded when it was made.
    public let skippedRows = StoredRowSkips()

    /// Never reports anything: one process owns the store.
    public let remoteTriggers = TriggerFeed()

    /// The half-life the usage keys were made under; nil until the first adoption.
    private let usageHalfLife = Mutex<UsageHalfLife?>(nil)

    public func adoptUsageHalfLife(_ halfLife: UsageHalfLife, at now: Timestamp) throws(StorageError) -> UsageHalfLifeAdoption {
        usageHalfLife.withLock { recorded in
            defer { recorded = halfLife }
            guard let previous = recorded else { return .recorded }
            guard previous != halfLife else { return .unchanged }
            return .rescaled(from: previous, keys: defaultContacts.rescaleUsageKeys(from: previous, to: halfLife, at: now))
        }
    }

    public func ping() throws(StorageError) {}

    public func close() throws(StorageError) {}

    public func createAccount(name: String, tokenDigest: [UInt8]) throws(StorageError) -> Account {
        let now = clock()
        return try state.withLock { (state) throws(StorageError) -> Account in
            guard !state.accounts.contains(where: { $0.tokenDigest == tokenDigest }) else {
                throw StorageError(message: "an account already has this token digest")
            }
            let account = Account(key: AccountKey(state.nextKey), id: ContactID.generate(at: now), name: name, createdAt: now)
            state.nextKey += 1
            state.accounts.append(Stored(account: account, tokenDigest: tokenDigest))
            return account
        }
    }

    public func account(id: String) throws(StorageError) -> Account? {
        state.withLock { $0.accounts.first { $0.account.id == id }?.account }
    }

    public func account(tokenDigest: [UInt8]) throws(StorageError) -> Account? {
        state.withLock { $0.accounts.first { $0.tokenDigest == tokenDigest }?.account }
    }

    public func accounts(after: AccountKey?, limit: Int) throws(StorageError) -> AccountPage {
        state.withLock { state in
            let following = state.accounts.lazy.map(\.account).filter { $0.key > (after ?? AccountKey(0)) }
            let page = Array(following.prefix(max(limit, 0)))
            return AccountPage(accounts: page, nextAfter: following.count > page.count ? page.last?.key : nil)
        }
    }

    public func deleteAccount(id: String) throws(StorageError) -> Account? {
        let deleted = state.withLock { state -> Account? in
            guard let index = state.accounts.firstIndex(where: { $0.account.id == id }) else { return nil }
            let account = state.accounts.remove(at: index).account
            defaultContacts.removeAll(of: account.key)
            defaultTriggers.removeAll(of: account.key)
            return account
        }
        if let deleted { accountChanges.publish(.deleted(deleted.key)) }
        return deleted
    }

    public func replaceToken(accountID id: String, tokenDigest: [UInt8]) throws(StorageError) -> Account? {
        let replaced = state.withLock { state -> Account? in
            guard let index = state.accounts.firstIndex(where: { $0.account.id == id }) else { return nil }
            state.accounts[index].tokenDigest = tokenDigest
            return state.accounts[index].account
        }
        if let replaced { accountChanges.publish(.tokenReplaced(replaced.key)) }
        return replaced
    }

    public func restoreDefaultAccount() throws(StorageError) {
        state.withLock { state in
            guard !state.accounts.contains(where: { $0.account.key == .default }) else { return }
            state.accounts.insert(Stored(account: Account(key: .default, id: Account.defaultID, name: "default", createdAt: clock())), at: 0)
            defaultContacts.restore(.default)
            defaultTriggers.restore(.default)
        }
    }

    public func accountCount() throws(StorageError) -> Int {
        state.withLock { $0.accounts.count }
    }
}
