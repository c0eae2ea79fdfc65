import QuickActions
import StorageCore

/// The `TriggerProcessor`'s contact lookup over a `ContactRepository`. A `StorageError` is
/// rethrown as it is, so the handler still answers it with its 503.
struct RepositoryContactLookup: ContactLookup {
    let repository: any ContactRepository

    func contact(id: String) throws -> Contact? {
        try repository.get(id: id)
    }

    func contacts(named name: String) throws -> [Contact] {
        try repository.contacts(named: name)
    }
}
