import Foundation

/// `Contact` as the API sends it.
struct ContactBody: Decodable, Equatable {
    let id: String
    let name: String
    let email: String?
    let favorite: Bool
    let createdAt: String
    let updatedAt: String
}

/// `ContactList` as the API sends it.
struct ContactListBody: Decodable, Equatable {
    let contacts: [ContactBody]
    let total: Int
    let nextCursor: String?
}

/// `ShortcutItem` as the API sends it. The icon and userInfo of the items under test hold strings only.
struct ShortcutItemBody: Decodable, Equatable {
    let type: String
    let localizedTitle: String
    let localizedSubtitle: String?
    let icon: [String: String]?
    let userInfo: [String: String]?
    let kind: String
    let visible: Bool
}

/// `ShortcutList` as the API sends it.
struct ShortcutListBody: Decodable, Equatable {
    let items: [ShortcutItemBody]
    let version: String
}

/// `TriggerResult` as the API sends it.
struct TriggerResultBody: Decodable {
    let id: String
    let type: String
    let message: String
    let receivedAt: String
    let contact: ContactBody?
    let link: String?
}

/// An RFC 9457 problem as the API sends it.
struct ProblemBody: Decodable {
    let type: String
    let title: String
    let status: Int
    let detail: String
    let field: String?
}
