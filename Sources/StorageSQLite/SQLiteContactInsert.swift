import CSQLite3
import QuickActions
import StorageCore
import Synchronization

/// One new contact's row, prepared on the caller's thread: folding the search key costs more
/// than the insert, so it is not left to the committing thread every write waits for.
struct SQLiteContactInsert: Sendable {
    let contact: NewContact
    let id: String
    let now: Timestamp
    let account: AccountKey
    let values: [SQLiteValue]
    /// The most contacts the account may hold once this one is in (nil: no limit).
    let quota: Int?

    init(_ contact: NewContact, now: Timestamp, account: AccountKey, quota: Int? = nil) {
        self.contact = contact
        self.id = ContactID.generate(at: now)
        self.now = now
        self.account = account
        self.quota = quota
        self.values = SQLiteContactSQL.insertValues(id: id, contact, now: now, account: account)
    }

    /// The row to insert (its rowid is the contact's sequence).
    var row: SQLiteRowInsert {
        SQLiteRowInsert(statement: .contact, values: values, key: id, account: account, quota: quota)
    }

    /// The stored contact.
    func contact(sequence: Int64) -> Contact {
        ContactWriteRule.created(contact, id: id, at: now, sequence: sequence)
    }
}
