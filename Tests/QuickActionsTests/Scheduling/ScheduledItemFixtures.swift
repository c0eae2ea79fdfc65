import QuickActions

/// Scheduled items for the tests: a summer sale and friends, around 2026-06-01.
enum ScheduledItemFixtures {
    static let hour: Int64 = 3_600_000
    /// 2026-06-01T00:00:00Z.
    static let now = Timestamp(millisecondsSince1970: 1_780_272_000_000)

    static func at(hours: Int64) -> Timestamp {
        now.advanced(byMilliseconds: hours * hour)
    }

    static func item(
        _ id: String, type: String = "SaleAction", from: Int64, until: Int64, accounts: [String]? = nil, created: Int64 = 0
    ) -> ScheduledItem {
        let draft = ScheduledItemDraft(
            type: type, title: LocalizedText(default: "Summer sale", translations: ["fr": "Soldes d'été"]), from: at(hours: from),
            until: at(hours: until), accounts: accounts)
        return ScheduledItem(id: id, draft: draft, createdAt: at(hours: created))
    }
}
