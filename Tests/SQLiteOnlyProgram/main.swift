// A program that uses only the SQLite store: `SQLiteOnlyProgram DATABASE` creates a contact in
// the SQLite file DATABASE and prints its name. `SQLiteOnlyProgramTests` runs it, and checks
// that it does not need libpq: linking one backend links only that backend's C library.
import QuickActions
import StorageCore
import StorageSQLite

let arguments = CommandLine.arguments
if arguments.count == 2 {
    do {
        let store = try SQLiteBackend().open(arguments[1])
        let contact = try store.contacts(of: .default).create(NewContact(name: "Ada Lovelace"))
        try store.close()
        print(contact.name)
    } catch {
        print("SQLiteOnlyProgram: \(error)")
    }
} else {
    print("usage: SQLiteOnlyProgram DATABASE")
}
