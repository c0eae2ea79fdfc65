import QuickActions
import Testing

@Suite struct ContactPatchTests {
    private func contact(favorite: Bool = true, pinOrder: Int64? = nil) -> Contact {
        Contact(
            id: "c1", name: "Ada", email: nil, favorite: favorite, createdAt: Timestamp(millisecondsSince1970: 0),
            updatedAt: Timestamp(millisecondsSince1970: 0), sequence: 1, pinOrder: pinOrder)
    }

    @Test func pinningTakesTheNextPinOrderOnceAndKeepsIt() {
        let pin = ContactPatch(pinned: true)
        #expect(pin.pinsAnew(contact()))
        let pinned = pin.applied(to: contact(), newPinOrder: 7)
        #expect(pinned.pinOrder == 7 && pinned.pinned)
        // Pinning again keeps the place it has: no new order is needed or taken.
        #expect(!pin.pinsAnew(pinned))
        #expect(pin.applied(to: pinned).pinOrder == 7)
        #expect(ContactPatch(name: "Ada L.").applied(to: pinned).pinOrder == 7)
    }

    @Test func unpinningAndUnfavoritingClearThePin() {
        #expect(ContactPatch(pinned: false).applied(to: contact(pinOrder: 3)).pinOrder == nil)
        let unfavorited = ContactPatch(favorite: false).applied(to: contact(pinOrder: 3))
        #expect(unfavorited.pinOrder == nil && !unfavorited.favorite)
    }

    @Test func onlyAFavoriteCanBePinned() throws {
        let error = #expect(throws: ValidationError.self) { try ContactPatch(pinned: true).checkPinning(of: contact(favorite: false)) }
        #expect(error?.field == "pinned")
        #expect(throws: ValidationError.self) { try ContactPatch(favorite: false, pinned: true).checkPinning(of: contact()) }
        #expect(!ContactPatch(favorite: false, pinned: true).pinsAnew(contact()))
        // Made a favorite and pinned in one patch.
        let both = ContactPatch(favorite: true, pinned: true)
        try both.checkPinning(of: contact(favorite: false))
        #expect(both.pinsAnew(contact(favorite: false)))
        #expect(both.applied(to: contact(favorite: false), newPinOrder: 1).pinOrder == 1)
        try ContactPatch(pinned: false).checkPinning(of: contact(favorite: false))
    }

    /// The fields that existed before pinning behave as they did: a patch without `pinned`
    /// leaves a contact with no pin as it was apart from its own fields.
    @Test func aPatchWithoutPinnedChangesOnlyItsFields() {
        let before = contact(favorite: false)
        let after = ContactPatch(name: "Ada L.", email: .some("ada@example.com"), favorite: true).applied(to: before)
        var expected = before
        expected.name = "Ada L."
        expected.email = "ada@example.com"
        expected.favorite = true
        #expect(after == expected)
    }
}
