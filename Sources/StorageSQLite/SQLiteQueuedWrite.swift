/// A write waiting in the group-commit queue: any write, or one row insert, which the committer
/// may merge with the inserts into the same table queued next to it (see `SQLiteRowInsert`).
enum SQLiteQueuedWrite: Sendable {
    /// A write that runs a body of its own.
    case write(any SQLiteCommittableWrite)
    /// The insert of `row`; its write takes the rowid.
    case insert(SQLiteRowInsert, SQLitePendingWrite<Int64>)

    /// The write, whichever kind it is.
    var pending: any SQLiteCommittableWrite {
        switch self {
        case .write(let write): write
        case .insert(_, let write): write
        }
    }
}
