import QuickActions

/// Where contacts live. Every implementation passes the same contract tests.
public protocol ContactRepository: Sendable {
    /// The account whose contacts these are (every operation sees only its contacts).
    var account: AccountKey { get }
    /// Stores a new contact and returns it with its id, timestamps and sequence. With a
    /// `quota`, the account's contacts are counted in the transaction that inserts (so that no
    /// concurrent create, of this process or another, can get past the count), and a create
    /// that would make them more than `quota` stores nothing and fails with
    /// `StorageError.Cause.quotaExceeded`. A create for an account deleted meanwhile stores
    /// nothing and fails with `StorageError.Cause.accountDeleted`.
    func create(_ contact: NewContact, quota: Int?) throws(StorageError) -> Contact
    /// The contact with `id`, or nil.
    func get(id: String) throws(StorageError) -> Contact?
    /// A page of contacts in creation order, filtered by `query`.
    func list(_ query: ContactQuery) throws(StorageError) -> ContactPage
    /// Applies `patch` when the stored revision equals `expectedRevision` (or always when nil).
    func update(id: String, _ patch: ContactPatch, expectedRevision: Int64?) throws(StorageError) -> ContactWriteResult
    /// Deletes the contact when the stored revision equals `expectedRevision` (or always when nil).
    func delete(id: String, expectedRevision: Int64?) throws(StorageError) -> ContactWriteResult
    /// Every favorite, in creation order.
    func favorites() throws(StorageError) -> [Contact]
    /// The disabled items of the account's contacts: a disabled item for each favorite that stopped
    /// being one (unfavorited or deleted) and was not purged since (`TriggerStore.purgeDisabled`),
    /// oldest first, at most `StoreLimits.maxDisabledItems` (the newest). Every write keeps them
    /// in its own transaction (`ContactWriteRule.disabledItem`), and trims them to that limit there.
    func disabledItems() throws(StorageError) -> [DisabledItem]
    /// Contacts whose name is `name` as `ContactName` compares names (trimmed, canonical
    /// equivalence), in creation order.
    func contacts(named name: String) throws(StorageError) -> [Contact]
    /// How many contacts and favorites are stored.
    func counts() throws(StorageError) -> (contacts: Int, favorites: Int)
    /// Checks the store answers (for readiness).
    func ping() throws(StorageError)
    /// Every committed change, in commit order (see `ContactChangeFeed`).
    var changes: ContactChangeFeed { get }
    /// Stores a new contact (refused past `quota`, as `create(_:quota:)` says) and calls
    /// `completion` once it is durable. Stores that batch writes call it later, from their
    /// committing thread, and hold no caller's thread meanwhile; so `completion` must not wait.
    func create(_ contact: NewContact, quota: Int?, completion: @escaping @Sendable (Result<Contact, StorageError>) -> Void)
    /// `update(id:_:expectedRevision:)`, calling `completion` once the write is durable (see
    /// `create(_:completion:)`): no caller's thread waits for the commit.
    func update(
        id: String, _ patch: ContactPatch, expectedRevision: Int64?,
        completion: @escaping @Sendable (Result<ContactWriteResult, StorageError>) -> Void)
    /// `delete(id:expectedRevision:)`, calling `completion` once the write is durable.
    func delete(id: String, expectedRevision: Int64?, completion: @escaping @Sendable (Result<ContactWriteResult, StorageError>) -> Void)
}

extension ContactRepository {
    /// Updates synchronously and completes at once.
    public func update(
        id: String, _ patch: ContactPatch, expectedRevision: Int64?,
        completion: @escaping @Sendable (Result<ContactWriteResult, StorageError>) -> Void
    ) {
        completion(Result { () throws(StorageError) in try update(id: id, patch, expectedRevision: expectedRevision) })
    }

    /// Deletes synchronously and completes at once.
    public func delete(
        id: String, expectedRevision: Int64?, completion: @escaping @Sendable (Result<ContactWriteResult, StorageError>) -> Void
    ) {
        completion(Result { () throws(StorageError) in try delete(id: id, expectedRevision: expectedRevision) })
    }

    /// Creates synchronously and completes at once.
    public func create(_ contact: NewContact, quota: Int?, completion: @escaping @Sendable (Result<Contact, StorageError>) -> Void) {
        do {
            completion(.success(try create(contact, quota: quota)))
        } catch {
            completion(.failure(error))
        }
    }

    /// Stores a new contact, with no quota.
    public func create(_ contact: NewContact) throws(StorageError) -> Contact {
        try create(contact, quota: nil)
    }

    /// Stores a new contact, with no quota, and calls `completion` once it is durable.
    public func create(_ contact: NewContact, completion: @escaping @Sendable (Result<Contact, StorageError>) -> Void) {
        create(contact, quota: nil, completion: completion)
    }
}

extension ContactRepository {
    /// Fills an empty store with the demo contacts; returns whether it did.
    @discardableResult
    public func seedIfEmpty(_ contacts: [NewContact] = DemoContacts.all) throws(StorageError) -> Bool {
        guard try counts().contacts == 0 else { return false }
        for contact in contacts {
            _ = try create(contact)
        }
        return true
    }
}
