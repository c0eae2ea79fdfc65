import Glibc
import QuickActions
import StorageCore
import Testing

@testable import StorageSQLite

/// One database file, one owner: a second open of a file that is open is refused, naming the
/// file and the holder's pid, and the lock goes with its holder.
@Suite struct SQLiteDatabaseFileLockTests {
    @Test func aSecondOpenOfAnOpenDatabaseIsRefusedNamingTheFileAndThePid() throws {
        try TemporaryDirectory.with { directory in
            let path = directory.path("contacts.sqlite")
            do {
                let first = try SQLiteContactRepository.open(path: path)
                let error = try #require(throws: StorageError.self) { try SQLiteContactRepository.open(path: path) }
                #expect(error.message.contains(path), "\(error.message)")
                #expect(error.message.contains("in use by another quickactiond (pid \(getpid())"), "\(error.message)")
                // The refused open changed nothing: the first still works.
                _ = try first.create(NewContact(name: "Still Here"))
            }
            // Released with its holder: the file opens again.
            let reopened = try SQLiteContactRepository.open(path: path)
            #expect(try reopened.counts().contacts == 1)
        }
    }
}
