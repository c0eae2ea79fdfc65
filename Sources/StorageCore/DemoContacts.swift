import QuickActions

/// The contacts a new database starts with, so that a first `GET /shortcuts` shows
/// dynamic items.
public enum DemoContacts {
    /// The seed, in creation order.
    public static let all: [NewContact] = [
        NewContact(name: "Ada Lovelace", email: "ada@example.com", favorite: true),
        NewContact(name: "Anders Ångström", email: "anders@example.se", favorite: false),
        NewContact(name: "Grace Hopper", email: "grace@example.com", favorite: true),
        NewContact(name: "Alan Turing", email: nil, favorite: false),
    ]
}
