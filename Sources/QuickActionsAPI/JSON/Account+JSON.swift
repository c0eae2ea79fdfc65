import QuickActions
import StorageCore

extension Account {
    /// The account as the admin API shows it (never with a token: the store has none).
    var json: JSONValue {
        .object(fields)
    }

    /// The members of `json`.
    var fields: [String: JSONValue] {
        ["id": .string(id), "name": .string(name), "createdAt": .string(createdAt.rfc3339)]
    }
}
