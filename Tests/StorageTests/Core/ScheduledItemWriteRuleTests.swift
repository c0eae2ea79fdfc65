import QuickActions
import StorageCore
import Testing

/// The write rules every store applies to scheduled items (the contract suites check that the
/// stores do apply them).
@Suite struct ScheduledItemWriteRuleTests {
    private static let now = Timestamp(millisecondsSince1970: 1_764_478_800_000)

    /// A draft showing for an hour from `now`.
    private static func draft(_ type: String = "SaleAction", accounts: [String]? = nil) -> ScheduledItemDraft {
        ScheduledItemDraft(
            type: type, title: LocalizedText(default: "Summer sale"), from: now, until: now.advanced(byMilliseconds: 3_600_000), accounts: accounts)
    }

    private static let stored = ScheduledItem(id: "abcdefghijklmnopqrst", draft: draft(), createdAt: now.advanced(byMilliseconds: -60_000))

    @Test func aNewItemHasANewIdAndIsRevisionOneCreatedNow() throws {
        let item = try ScheduledItemWriteRule.created(Self.draft(), among: [], at: Self.now)
        #expect(item.draft == Self.draft() && item.createdAt == Self.now && item.revision == 1)
        let another = try ScheduledItemWriteRule.created(Self.draft(), among: [], at: Self.now)
        #expect(!item.id.isEmpty && item.id != another.id)
    }

    @Test func anUpdateStoresTheDraftWithTheNextRevisionAndTheSameCreation() throws {
        let result = try ScheduledItemWriteRule.update(
            id: Self.stored.id, to: Self.draft("Winter"), among: [StoredScheduledItem(item: Self.stored)], expectedRevision: 1, at: Self.now)
        guard case .done(let before, let after?) = result else { throw Failure("not done: \(result)") }
        #expect(before == Self.stored)
        #expect(after.id == Self.stored.id && after.draft.type == "Winter" && after.createdAt == Self.stored.createdAt && after.revision == 2)
        let unconditional = try ScheduledItemWriteRule.update(
            id: Self.stored.id, to: Self.draft(), among: [StoredScheduledItem(item: Self.stored)], expectedRevision: nil, at: Self.now)
        #expect(
            unconditional
                == .done(
                    before: Self.stored, after: ScheduledItem(id: Self.stored.id, draft: Self.draft(), createdAt: Self.stored.createdAt, revision: 2))
        )
    }

    @Test func aWriteWithAnotherRevisionIsAMismatchCarryingTheStoredItem() throws {
        let items = [StoredScheduledItem(item: Self.stored)]
        #expect(
            try ScheduledItemWriteRule.update(id: Self.stored.id, to: Self.draft(), among: items, expectedRevision: 2, at: Self.now)
                == .revisionMismatch(current: Self.stored))
        #expect(ScheduledItemWriteRule.delete(Self.stored, expectedRevision: 0) == .revisionMismatch(current: Self.stored))
    }

    @Test func aWriteOfNoItemOrOfADeletedOneIsNotFound() throws {
        let deleted = [StoredScheduledItem(item: Self.stored, deletedAt: Self.now)]
        #expect(
            try ScheduledItemWriteRule.update(id: Self.stored.id, to: Self.draft(), among: deleted, expectedRevision: nil, at: Self.now) == .notFound)
        #expect(try ScheduledItemWriteRule.update(id: "missing", to: Self.draft(), among: [], expectedRevision: 1, at: Self.now) == .notFound)
        #expect(ScheduledItemWriteRule.delete(nil, expectedRevision: nil) == .notFound)
    }

    @Test func aDeleteWithoutOrWithTheStoredRevisionIsDone() {
        #expect(ScheduledItemWriteRule.delete(Self.stored, expectedRevision: nil) == .done(before: Self.stored, after: nil))
        #expect(ScheduledItemWriteRule.delete(Self.stored, expectedRevision: 1) == .done(before: Self.stored, after: nil))
    }

    @Test func aCreateOrUpdatePastTheLimitIsRefusedAndDeletedItemsDoNotCount() throws {
        let full = (0..<ScheduledItemValidator.maxItems).map { index in
            StoredScheduledItem(item: ScheduledItem(id: "item\(index)", draft: Self.draft(accounts: ["a1"]), createdAt: Self.now))
        }
        let refused = #expect(throws: StorageError.self) {
            try ScheduledItemWriteRule.created(Self.draft(accounts: ["a1"]), among: full, at: Self.now)
        }
        #expect(refused?.cause == .scheduledItemLimit)
        #expect(throws: StorageError.self) {
            try ScheduledItemWriteRule.update(
                id: Self.stored.id, to: Self.draft(accounts: ["a1"]), among: full + [StoredScheduledItem(item: Self.stored)], expectedRevision: nil,
                at: Self.now)
        }
        // Replacing an item of the full list keeps it full, not past it.
        #expect(
            try ScheduledItemWriteRule.update(id: "item0", to: Self.draft(accounts: ["a1"]), among: full, expectedRevision: nil, at: Self.now)
                != .notFound)
        var oneDeleted = full
        oneDeleted[0].deletedAt = Self.now
        #expect(try ScheduledItemWriteRule.created(Self.draft(accounts: ["a1"]), among: oneDeleted, at: Self.now).revision == 1)
        // Another account's list has room.
        #expect(try ScheduledItemWriteRule.created(Self.draft(accounts: ["a2"]), among: full, at: Self.now).revision == 1)
    }

    private struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
