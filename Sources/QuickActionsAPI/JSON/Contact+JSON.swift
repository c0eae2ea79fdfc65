import QuickActions

extension Contact {
    /// The API representation: `id`, `name`, `email` (or null), `favorite`, `pinned`, `createdAt`, `updatedAt`.
    var json: JSONValue {
        [
            "id": .string(id),
            "name": .string(name),
            "email": email.map(JSONValue.string) ?? .null,
            "favorite": .bool(favorite),
            "pinned": .bool(pinned),
            "createdAt": .string(createdAt.rfc3339),
            "updatedAt": .string(updatedAt.rfc3339),
        ]
    }

    /// A strong validator that changes with every write to this contact.
    var etag: String {
        "\"\(id).\(revision)\""
    }
}
