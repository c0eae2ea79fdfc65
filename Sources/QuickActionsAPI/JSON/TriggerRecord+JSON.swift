import QuickActions
import StorageCore

extension TriggerRecord {
    /// The history representation.
    var json: JSONValue {
        [
            "id": .string(id),
            "type": .string(type),
            "userInfo": userInfo.map { .object($0.mapValues(\.json)) } ?? .null,
            "launch": launch.map(JSONValue.string) ?? .null,
            "deviceId": deviceId.map(JSONValue.string) ?? .null,
            "receivedAt": .string(receivedAt.rfc3339),
            "message": .string(message),
            "contactId": contactId.map(JSONValue.string) ?? .null,
        ]
    }

    /// The members every POST /trigger answer has.
    var answerJSON: [String: JSONValue] {
        [
            "id": .string(id),
            "type": .string(type),
            "message": .string(message),
            "receivedAt": .string(receivedAt.rfc3339),
            "launch": launch.map(JSONValue.string) ?? .null,
        ]
    }
}
