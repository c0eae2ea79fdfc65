import CSQLite3
import Dispatch
import StorageCore

extension SQLiteDatabase {
    /// Merges trigram index segments (`SQLiteSchema.tidySearchIndex`, each step its own small
    /// transaction) while there is work and the budget lasts; at least one step. Writes pay
    /// for merging only when automerge must: the index is kept tidy (and searches fast) in
    /// the pauses between writes. A failed step is left for the next pause.
    static func tidy(_ connection: SQLiteConnection, budgetNanoseconds: UInt64) {
        let start = DispatchTime.now().uptimeNanoseconds
        repeat {
            let before = sqlite3_total_changes64(connection.handle)
            do throws(StorageError) {
                try connection.transaction(immediate: true) { () throws(StorageError) in try connection.run(SQLiteSchema.tidySearchIndex) }
            } catch {
                return
            }
            // FTS5: a merge that found nothing to do changes fewer than two rows.
            if sqlite3_total_changes64(connection.handle) - before < 2 { return }
        } while DispatchTime.now().uptimeNanoseconds - start < budgetNanoseconds
    }
}
