/// `TriggerRecord` as `GET /triggers` sends it. The userInfo of the triggers under test holds strings only.
struct TriggerRecordBody: Decodable, Equatable {
    let id: String
    let type: String
    let userInfo: [String: String]?
    let launch: String?
    let deviceId: String?
    let receivedAt: String
    let message: String
    let contactId: String?
}

/// The `GET /triggers` answer.
struct TriggerListBody: Decodable {
    let triggers: [TriggerRecordBody]
}

/// `TriggerStats` as `GET /triggers/stats` sends it.
struct TriggerStatsBody: Decodable, Equatable {
    struct ContactCount: Decodable, Equatable {
        let contactId: String
        let name: String?
        let count: Int
    }

    let total: Int
    let byType: [String: Int]
    let byContact: [ContactCount]
}
