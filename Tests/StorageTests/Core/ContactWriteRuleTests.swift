import QuickActions
import StorageCore
import Testing

/// The write rules every store applies (the contract suites check that the stores do apply them).
@Suite struct ContactWriteRuleTests {
    private static let createdAt = Timestamp(millisecondsSince1970: 1_764_478_800_000)
    private static let stored = ContactWriteRule.created(
        NewContact(name: "Ada Lovelace", email: "ada@example.com", favorite: false), id: "abcdefghijklmnopqrst", at: createdAt,
        sequence: 7)

    @Test func aNewContactIsRevisionOneCreatedAndUpdatedNow() {
        let contact = Self.stored
        #expect(contact.id == "abcdefghijklmnopqrst" && contact.sequence == 7)
        #expect(contact.name == "Ada Lovelace" && contact.email == "ada@example.com" && !contact.favorite)
        #expect(contact.createdAt == Self.createdAt && contact.updatedAt == Self.createdAt && contact.revision == 1)
    }

    @Test func anUpdateAppliesThePatchAtNowWithTheNextRevision() throws {
        let now = Self.createdAt.advanced(byMilliseconds: 5)
        let result = ContactWriteRule.update(Self.stored, with: ContactPatch(favorite: true), expectedRevision: nil, at: now, nextPinOrder: { 1 })
        guard case .done(let before, let after?) = result else { throw Failure("not done: \(result)") }
        #expect(before == Self.stored)
        #expect(after.favorite && after.name == "Ada Lovelace" && after.id == Self.stored.id && after.sequence == 7)
        #expect(after.updatedAt == now && after.createdAt == Self.createdAt && after.revision == 2)
    }

    @Test func anUpdateNeverMovesUpdatedAtBack() throws {
        let earlier = Self.createdAt.advanced(byMilliseconds: -60_000)
        let result = ContactWriteRule.update(
            Self.stored, with: ContactPatch(name: "Ada King"), expectedRevision: nil, at: earlier, nextPinOrder: { 1 })
        guard case .done(_, let after?) = result else { throw Failure("not done: \(result)") }
        #expect(after.updatedAt == Self.createdAt && after.revision == 2 && after.name == "Ada King")
    }

    @Test func anUpdateWithTheStoredRevisionIsDone() throws {
        let result = ContactWriteRule.update(
            Self.stored, with: ContactPatch(favorite: true), expectedRevision: 1, at: Self.createdAt, nextPinOrder: { 1 })
        guard case .done(_, let after?) = result else { throw Failure("not done: \(result)") }
        #expect(after.revision == 2)
    }

    @Test func aWriteWithAnotherRevisionIsAMismatchCarryingTheStoredContact() {
        #expect(
            ContactWriteRule.update(Self.stored, with: ContactPatch(favorite: true), expectedRevision: 2, at: Self.createdAt, nextPinOrder: { 1 })
                == .revisionMismatch(current: Self.stored))
        #expect(ContactWriteRule.delete(Self.stored, expectedRevision: 0) == .revisionMismatch(current: Self.stored))
    }

    @Test func aWriteOfNoContactIsNotFound() {
        #expect(
            ContactWriteRule.update(nil, with: ContactPatch(favorite: true), expectedRevision: nil, at: Self.createdAt, nextPinOrder: { 1 })
                == .notFound)
        #expect(
            ContactWriteRule.update(nil, with: ContactPatch(favorite: true), expectedRevision: 1, at: Self.createdAt, nextPinOrder: { 1 })
                == .notFound)
        #expect(ContactWriteRule.delete(nil, expectedRevision: nil) == .notFound)
    }

    @Test func aDeleteWithoutOrWithTheStoredRevisionIsDone() {
        #expect(ContactWriteRule.delete(Self.stored, expectedRevision: nil) == .done(before: Self.stored, after: nil))
        #expect(ContactWriteRule.delete(Self.stored, expectedRevision: 1) == .done(before: Self.stored, after: nil))
    }

    private struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
