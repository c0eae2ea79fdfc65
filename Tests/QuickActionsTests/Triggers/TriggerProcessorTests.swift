import QuickActions
import Testing

@Suite struct TriggerProcessorTests {
    /// Contacts in an array; `failure`, when set, is what every lookup throws.
    struct FakeLookup: ContactLookup {
        var contacts: [Contact] = []
        var failure: LookupFailure?

        func contact(id: String) throws -> Contact? {
            if let failure { throw failure }
            return contacts.first { $0.id == id }
        }

        func contacts(named name: String) throws -> [Contact] {
            if let failure { throw failure }
            return contacts.filter { $0.name == name }
        }
    }

    /// What a failing lookup throws, standing in for a storage failure.
    struct LookupFailure: Error, Equatable {}

    static func contact(_ id: String, _ name: String) -> Contact {
        Contact(id: id, name: name, email: nil, favorite: true, createdAt: .now(), updatedAt: .now(), sequence: 1)
    }

    static let ada = contact("c-ada", "Ada Lovelace")
    static let grace1 = contact("c-grace-1", "Grace Hopper")
    static let grace2 = contact("c-grace-2", "Grace Hopper")

    private func processor(_ contacts: [Contact] = [ada, grace1, grace2], builder: ShortcutItemBuilder = ShortcutItemBuilder()) -> TriggerProcessor {
        TriggerProcessor(builder: builder, contacts: FakeLookup(contacts: contacts))
    }

    @Test func aFavoriteByIdOpensTheContact() throws {
        let outcome = try processor().process(Trigger(type: "FavoriteAction", userInfo: ["contactId": .string("c-ada")]))
        #expect(outcome == TriggerOutcome(message: "FavoriteAction triggered for Ada Lovelace", contact: Self.ada, link: "/contacts/c-ada"))
    }

    @Test func aFavoriteByNameOpensTheOneContactWithIt() throws {
        let outcome = try processor().process(Trigger(type: "FavoriteAction", userInfo: ["Name": .string("Ada Lovelace")]))
        #expect(outcome.contact == Self.ada)
        #expect(outcome.link == "/contacts/c-ada")
    }

    @Test func theIdWinsOverTheName() throws {
        let outcome = try processor().process(
            Trigger(type: "FavoriteAction", userInfo: ["contactId": .string("c-grace-2"), "Name": .string("Grace Hopper")]))
        #expect(outcome.contact == Self.grace2)
    }

    @Test func aNameSeveralContactsHaveIsAmbiguous() {
        #expect(throws: TriggerError.ambiguousName(name: "Grace Hopper", count: 2)) {
            try processor().process(Trigger(type: "FavoriteAction", userInfo: ["Name": .string("Grace Hopper")]))
        }
        #expect(
            TriggerError.ambiguousName(name: "Grace Hopper", count: 2).description
                == "2 contacts are named 'Grace Hopper'; send userInfo.contactId to say which.")
    }

    @Test func aGoneIdIsStale() {
        #expect(throws: TriggerError.contactGone("No contact has id 'c-gone' any more.")) {
            try processor().process(Trigger(type: "FavoriteAction", userInfo: ["contactId": .string("c-gone")]))
        }
    }

    @Test func aGoneNameIsStale() {
        #expect(throws: TriggerError.contactGone("No contact is named 'Nobody' any more.")) {
            try processor().process(Trigger(type: "FavoriteAction", userInfo: ["Name": .string("Nobody")]))
        }
    }

    @Test(arguments: [nil, ["other": PropertyListValue.string("x")], ["contactId": PropertyListValue.integer(7)]])
    func aFavoriteThatNamesNoContactIsMissingOne(userInfo: [String: PropertyListValue]?) {
        #expect(throws: TriggerError.missingContact) {
            try processor().process(Trigger(type: "FavoriteAction", userInfo: userInfo))
        }
        #expect(TriggerError.missingContact.description == "A FavoriteAction needs userInfo.contactId or userInfo.Name.")
    }

    @Test func anUnknownTypeListsTheConfiguredTypes() {
        let error = TriggerError.unknownType("Nope", configured: ["SearchAction", "ShareAction"])
        #expect(throws: error) { try processor().process(Trigger(type: "Nope")) }
        #expect(error.description == "Type 'Nope' is neither a configured static type (SearchAction, ShareAction) nor FavoriteAction.")
    }

    @Test func theConfiguredTypesAreTheBuildersOnly() throws {
        let builder = ShortcutItemBuilder(staticItems: [ShortcutItem(type: "ComposeAction", localizedTitle: "Compose", kind: .static)])
        #expect(try processor(builder: builder).process(Trigger(type: "ComposeAction")) == TriggerOutcome(message: "ComposeAction triggered"))
        #expect(throws: TriggerError.unknownType("SearchAction", configured: ["ComposeAction"])) {
            try processor(builder: builder).process(Trigger(type: "SearchAction"))
        }
    }

    @Test func searchOpensTheSearch() throws {
        #expect(try processor().process(Trigger(type: "SearchAction")) == TriggerOutcome(message: "SearchAction triggered", link: "/contacts?q="))
    }

    @Test func shareWithoutAContactSharesNothingInParticular() throws {
        #expect(try processor().process(Trigger(type: "ShareAction")) == TriggerOutcome(message: "ShareAction triggered"))
    }

    @Test func shareWithAContactLinksItsVCard() throws {
        let outcome = try processor().process(Trigger(type: "ShareAction", userInfo: ["contactId": .string("c-ada")]))
        #expect(outcome == TriggerOutcome(message: "ShareAction triggered for Ada Lovelace", contact: Self.ada, link: "/contacts/c-ada/vcard"))
        #expect(throws: TriggerError.contactGone("No contact has id 'c-gone' any more.")) {
            try processor().process(Trigger(type: "ShareAction", userInfo: ["contactId": .string("c-gone")]))
        }
    }

    @Test func aLookupFailureReachesTheCallerUnchanged() {
        let failing = TriggerProcessor(builder: ShortcutItemBuilder(), contacts: FakeLookup(failure: LookupFailure()))
        #expect(throws: LookupFailure()) { try failing.process(Trigger(type: "FavoriteAction", userInfo: ["Name": .string("Ada Lovelace")])) }
        #expect(throws: LookupFailure()) { try failing.process(Trigger(type: "ShareAction", userInfo: ["contactId": .string("c-ada")])) }
    }
}
