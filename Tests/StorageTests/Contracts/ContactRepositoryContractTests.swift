import Dispatch
import QuickActions
import StorageCore
import Synchronization
import Testing

/// The behaviour every `ContactRepository` promises, run against each implementation.
@Suite struct ContactRepositoryContractTests {
    @Test(arguments: RepositoryKind.local)
    func createThenGet(kind: RepositoryKind) throws {
        let clock = TestClock()
        try kind.withRepository(clock: clock) { repository in
            let start = clock.now
            let ada = try repository.create(NewContact(name: "Ada Lovelace", email: "ada@example.com", favorite: true))
            clock.advance(by: 5)
            let odd = try repository.create(NewContact(name: #"Zoë 😀 "quoted" 'single' %_\ back"#))
            #expect(ada.id.count == 20)
            #expect(ada.id != odd.id)
            #expect(ada.name == "Ada Lovelace" && ada.email == "ada@example.com" && ada.favorite)
            #expect(ada.createdAt == start && ada.updatedAt == start)
            #expect(ada.revision == 1 && odd.revision == 1)
            #expect(ada.sequence == 1 && odd.sequence == 2)
            #expect(odd.email == nil && !odd.favorite && odd.createdAt == clock.now)
            #expect(try repository.get(id: ada.id) == ada)
            #expect(try repository.get(id: odd.id) == odd)
            #expect(try repository.get(id: "nosuchcontact0000000") == nil)
            try repository.ping()
        }
    }

    /// `create(_:completion:)`, the path `POST /contacts` takes: each completion runs once, with
    /// a contact that is stored (and durable) by then.
    @Test(arguments: RepositoryKind.local)
    func createWithCompletionCompletesOnceWithAStoredContact(kind: RepositoryKind) throws {
        try kind.withRepository { repository in
            let results = Mutex<[Result<Contact, StorageError>]>([])
            let done = DispatchGroup()
            DispatchQueue.concurrentPerform(iterations: 20) { index in
                done.enter()
                repository.create(NewContact(name: "Async \(index)", email: nil, favorite: index % 2 == 0)) { result in
                    results.withLock { $0.append(result) }
                    done.leave()
                }
            }
            #expect(done.wait(timeout: .now() + 10) == .success)
            let created = try results.withLock { $0 }.map { try $0.get() }
            #expect(created.count == 20)
            #expect(Set(created.map(\.id)).count == 20 && Set(created.map(\.sequence)).count == 20)
            for contact in created { #expect(try repository.get(id: contact.id) == contact) }
            #expect(try repository.counts() == (contacts: 20, favorites: 10))
            #expect(Set(try repository.favorites().map(\.id)) == Set(created.filter(\.favorite).map(\.id)))
        }
    }

    @Test(arguments: RepositoryKind.local)
    func listPagesInCreationOrderWithTotalAndCursor(kind: RepositoryKind) throws {
        try kind.withRepository { repository in
            let created = try repository.create(names: ["One", "Two", "Three", "Four", "Five"])
            let first = try repository.list(ContactQuery(limit: 2))
            #expect(first.contacts == Array(created[0..<2]))
            #expect(first.total == 5 && first.nextAfter == created[1].sequence)
            let second = try repository.list(ContactQuery(limit: 2, after: first.nextAfter))
            #expect(second.contacts == Array(created[2..<4]))
            #expect(second.total == 5 && second.nextAfter == created[3].sequence)
            let last = try repository.list(ContactQuery(limit: 2, after: second.nextAfter))
            #expect(last.contacts == [created[4]])
            #expect(last.total == 5 && last.nextAfter == nil)
            // A page that ends exactly at the last contact has no next page.
            let exact = try repository.list(ContactQuery(limit: 3, after: created[1].sequence))
            #expect(exact.contacts == Array(created[2...]) && exact.nextAfter == nil && exact.total == 5)
            let all = try repository.list(ContactQuery())
            #expect(all.contacts == created && all.total == 5 && all.nextAfter == nil)
            let empty = try repository.list(ContactQuery(limit: 0))
            #expect(empty.contacts.isEmpty && empty.total == 5 && empty.nextAfter == nil)
            let beyond = try repository.list(ContactQuery(after: created[4].sequence))
            #expect(beyond.contacts.isEmpty && beyond.total == 5 && beyond.nextAfter == nil)
            #expect(try repository.list(ContactQuery(text: "")).contacts == created)
        }
    }

    @Test(arguments: RepositoryKind.local)
    func searchIgnoresCaseAndDiacritics(kind: RepositoryKind) throws {
        try kind.withRepository { repository in
            try repository.seedIfEmpty()
            #expect(try repository.search("angstrom") == ["Anders Ångström"])
            #expect(try repository.search("ÅNGSTRÖM") == ["Anders Ångström"])
            #expect(try repository.search("Ström") == ["Anders Ångström"])
            #expect(try repository.search("LOVELACE") == ["Ada Lovelace"])
            #expect(try repository.search("EXAMPLE.COM") == ["Ada Lovelace", "Grace Hopper"])
            #expect(try repository.search("example.se") == ["Anders Ångström"])
            #expect(try repository.search("nobody") == [])
            // Name and email are searched separately: no match across the boundary.
            #expect(try repository.search("lovelaceada") == [])
            #expect(try repository.search("ring") == ["Alan Turing"])
        }
    }

    @Test(arguments: RepositoryKind.local)
    func searchWithOneAndTwoCharacters(kind: RepositoryKind) throws {
        try kind.withRepository { repository in
            try repository.seedIfEmpty()
            #expect(try repository.search("ö") == ["Ada Lovelace", "Anders Ångström", "Grace Hopper"])
            #expect(try repository.search("Å") == ["Ada Lovelace", "Anders Ångström", "Grace Hopper", "Alan Turing"])
            #expect(try repository.search("z") == [])
            #expect(try repository.search("NG") == ["Anders Ångström", "Alan Turing"])
            #expect(try repository.search("tu") == ["Alan Turing"])
            #expect(try repository.search("@e") == ["Ada Lovelace", "Anders Ångström", "Grace Hopper"])
        }
    }

    @Test(arguments: RepositoryKind.local)
    func searchTakesWildcardsAndQuotesLiterally(kind: RepositoryKind) throws {
        try kind.withRepository { repository in
            try repository.create(names: ["100% Cotton", "snake_case", "Snake Case", #"back\slash"#, #"The "Quoted" One"#, "Plain"])
            #expect(try repository.search("%") == ["100% Cotton"])
            #expect(try repository.search("0%") == ["100% Cotton"])
            #expect(try repository.search("0% c") == ["100% Cotton"])
            #expect(try repository.search("_") == ["snake_case"])
            #expect(try repository.search("e_") == ["snake_case"])
            #expect(try repository.search("_a") == [])
            #expect(try repository.search("e_c") == ["snake_case"])
            #expect(try repository.search("n_k") == [])
            #expect(try repository.search(#"\"#) == [#"back\slash"#])
            #expect(try repository.search(#"k\s"#) == [#"back\slash"#])
            #expect(try repository.search(#"""#) == [#"The "Quoted" One"#])
            #expect(try repository.search(#""quoted""#) == [#"The "Quoted" One"#])
            #expect(try repository.search(#"" one"#) == [#"The "Quoted" One"#])
            #expect(try repository.search("*") == [])
            #expect(try repository.search("a OR b") == [])
        }
    }

    @Test(arguments: RepositoryKind.local)
    func searchPagesWithTotals(kind: RepositoryKind) throws {
        try kind.withRepository { repository in
            var smiths: [Contact] = []
            for number in 1...25 {
                let name = number % 2 == 0 ? "Smith \(number)" : "Jones \(number)"
                let contact = try repository.create(NewContact(name: name, favorite: number % 4 == 0))
                if number % 2 == 0 { smiths.append(contact) }
            }
            for text in ["smith", "SM", "h"] {
                let found = try repository.listAll(ContactQuery(text: text, limit: 5))
                #expect(found.contacts == smiths, "\(text)")
                #expect(found.totals == [12] && found.pages == 3, "\(text)")
            }
            let favorites = try repository.listAll(ContactQuery(text: "smith", favorite: true, limit: 2))
            #expect(favorites.contacts == smiths.filter(\.favorite) && favorites.totals == [6] && favorites.pages == 3)
        }
    }

    @Test(arguments: RepositoryKind.local)
    func favoriteFilter(kind: RepositoryKind) throws {
        try kind.withRepository { repository in
            try repository.seedIfEmpty()
            let favorites = try repository.list(ContactQuery(favorite: true))
            #expect(favorites.contacts.map(\.name) == ["Ada Lovelace", "Grace Hopper"] && favorites.total == 2)
            let others = try repository.list(ContactQuery(favorite: false, limit: 1))
            #expect(others.contacts.map(\.name) == ["Anders Ångström"] && others.total == 2 && others.nextAfter != nil)
            #expect(try repository.search("example", favorite: true) == ["Ada Lovelace", "Grace Hopper"])
            #expect(try repository.search("an", favorite: false) == ["Anders Ångström", "Alan Turing"])
            #expect(try repository.search("ada", favorite: false) == [])
        }
    }

    /// Results equal `ContactQuery.matches` applied to every contact: the reference semantics.
    @Test(arguments: RepositoryKind.local)
    func searchAgreesWithQueryMatches(kind: RepositoryKind) throws {
        try kind.withRepository { repository in
            let names = [
                "Ada Lovelace", "Anders Ångström", "Åsa Öberg", "Zoë Saldaña", "François Cœur", "Straße Weiß", "ÉMILE Zola",
                "Ｆｕｌｌ Width", "Łukasz Żółw", "Nguyễn Văn An", "Müller-Lüdenscheidt", "O'Brien", "100% Cotton", "snake_case",
                "Ελένη Παπαδοπούλου", "Дмитрий Иванов", "李小龍", "Ana Ana Ana", "Family 👨‍👩‍👧 Emoji", "Flag 🇸🇪🇳🇴", "नमस्ते दुनिया",
                "e\u{301}cole De\u{301}compose\u{301}e", "한국어 이름",
            ]
            var all: [Contact] = []
            for (index, name) in names.enumerated() {
                let email = index % 3 == 0 ? nil : "user\(index)@Exämple.org"
                all.append(try repository.create(NewContact(name: name, email: email, favorite: index % 2 == 0)))
            }
            let texts = [
                "a", "A", "å", "ö", "ss", "ß", "e", "É", "zo", "ZOË", "ana", "ana ana", "na a", "ller-l", "ﬁ", "full", "ｆｕ", "ukasz",
                "zolw", "nguyen", "van", "o'b", "%", "_", "e_", "ελ", "ελένη", "иван", "小", "李小龍", "exa", "examp", ".org", "@", "user1",
                "lace", "x", "q", "dt", "ana ana ana", "ana ana ana ana", "👩", "👨‍👩‍👧", "🇸🇪", "🇪", "🇪🇳", "नमस्ते", "ecole", "école",
                "décomposée", "국", "한", "e\u{301}",
            ]
            for text in texts {
                for favorite in [nil, true, false] as [Bool?] {
                    let query = ContactQuery(text: text, favorite: favorite, limit: 3)
                    let expected = all.filter(query.matches)
                    let found = try repository.listAll(query)
                    #expect(found.contacts == expected, "\(text) \(String(describing: favorite))")
                    #expect(found.totals == [expected.count], "\(text) \(String(describing: favorite))")
                }
            }
        }
    }

    /// Where SQLite, comparing folded text by Unicode scalars, and Swift's `String.contains`,
    /// which also applies canonical equivalence and grapheme rules, part ways: Hangul as
    /// conjoining jamo against precomposed syllables, and a virama inside an Indic conjunct.
    @Test(arguments: RepositoryKind.local)
    func searchOfJamoAndConjuncts(kind: RepositoryKind) throws {
        try kind.withRepository { repository in
            let all = try repository.create(names: ["नमस्ते दुनिया", "한국어 이름", "\u{1112}\u{1161}\u{11AB}"])
            // Both stores compare NFC-folded bytes, so they agree even where String.contains
            // would treat a syllable and its jamo, or a conjunct, as one character.
            for text in ["स्", "\u{1112}\u{1161}\u{11AB}", "\u{1112}"] {
                let query = ContactQuery(text: text)
                #expect(try repository.list(query).contacts == all.filter(query.matches), "\(text)")
            }
        }
    }

    @Test(arguments: RepositoryKind.local)
    func updateBumpsRevisionAndTimestamp(kind: RepositoryKind) throws {
        let clock = TestClock()
        try kind.withRepository(clock: clock) { repository in
            let ada = try repository.create(NewContact(name: "Ada Lovelace", email: "ada@example.com"))
            clock.advance(by: 1_000)
            let renamed = try repository.update(id: ada.id, ContactPatch(name: "Countess Byron", favorite: true), expectedRevision: nil)
            var expected = ada
            expected.name = "Countess Byron"
            expected.favorite = true
            expected.revision = 2
            expected.updatedAt = clock.now
            #expect(renamed == .done(before: ada, after: expected))
            #expect(try repository.get(id: ada.id) == expected)
            // The clock going back never makes updatedAt go back.
            let before = expected
            clock.advance(by: -60_000)
            let cleared = try repository.update(id: ada.id, ContactPatch(email: .some(nil)), expectedRevision: 2)
            expected.email = nil
            expected.revision = 3
            #expect(cleared == .done(before: before, after: expected))
            #expect(try repository.get(id: ada.id) == expected)
            #expect(expected.createdAt == ada.createdAt && expected.sequence == ada.sequence)
            #expect(try repository.update(id: "nosuchcontact0000000", ContactPatch(name: "X"), expectedRevision: nil) == .notFound)
        }
    }

    @Test(arguments: RepositoryKind.local)
    func updateChangesWhatSearchFinds(kind: RepositoryKind) throws {
        try kind.withRepository { repository in
            let ada = try repository.create(NewContact(name: "Ada Lovelace", email: "ada@example.com"))
            _ = try repository.update(id: ada.id, ContactPatch(name: "Countess Byron", email: .some("countess@example.org")), expectedRevision: nil)
            #expect(try repository.search("lovelace") == [])
            #expect(try repository.search("ada") == [])
            #expect(try repository.search("byron") == ["Countess Byron"])
            #expect(try repository.search(".org") == ["Countess Byron"])
            #expect(try repository.search("by") == ["Countess Byron"])
            _ = try repository.update(id: ada.id, ContactPatch(favorite: true), expectedRevision: nil)
            #expect(try repository.search("byron", favorite: true) == ["Countess Byron"])
        }
    }

    @Test(arguments: RepositoryKind.local)
    func conditionalUpdateChecksRevision(kind: RepositoryKind) throws {
        try kind.withRepository { repository in
            let ada = try repository.create(NewContact(name: "Ada Lovelace"))
            guard case .done(_, let after?) = try repository.update(id: ada.id, ContactPatch(name: "Ada"), expectedRevision: 1) else {
                Issue.record("the update with the current revision failed")
                return
            }
            #expect(after.revision == 2)
            let stale = try repository.update(id: ada.id, ContactPatch(name: "Stale"), expectedRevision: 1)
            #expect(stale == .revisionMismatch(current: after))
            #expect(try repository.get(id: ada.id) == after)
            #expect(try repository.search("stale") == [])
            #expect(try repository.contacts(named: "Ada") == [after])
        }
    }

    @Test(arguments: RepositoryKind.local)
    func deleteRemovesAndChecksRevision(kind: RepositoryKind) throws {
        try kind.withRepository { repository in
            let created = try repository.create(names: ["One", "Two", "Three"])
            #expect(try repository.delete(id: created[1].id, expectedRevision: 7) == .revisionMismatch(current: created[1]))
            #expect(try repository.get(id: created[1].id) == created[1])
            #expect(try repository.counts() == (3, 0))
            #expect(try repository.delete(id: created[1].id, expectedRevision: 1) == .done(before: created[1], after: nil))
            #expect(try repository.get(id: created[1].id) == nil)
            #expect(try repository.delete(id: created[1].id, expectedRevision: nil) == .notFound)
            #expect(try repository.delete(id: created[2].id, expectedRevision: nil) == .done(before: created[2], after: nil))
            let remaining = try repository.list(ContactQuery())
            #expect(remaining.contacts == [created[0]] && remaining.total == 1)
            #expect(try repository.search("two") == [] && repository.search("t") == [])
            // Sequence numbers are never reused, even for the newest contact deleted.
            let four = try repository.create(NewContact(name: "Four"))
            #expect(four.sequence > created[2].sequence)
            #expect(try repository.list(ContactQuery(after: created[0].sequence)).contacts == [four])
        }
    }

    @Test(arguments: RepositoryKind.local)
    func favoritesInCreationOrder(kind: RepositoryKind) throws {
        try kind.withRepository { repository in
            try repository.seedIfEmpty()
            #expect(try repository.favorites().map(\.name) == ["Ada Lovelace", "Grace Hopper"])
            let alan = try #require(try repository.contacts(named: "Alan Turing").first)
            let ada = try #require(try repository.contacts(named: "Ada Lovelace").first)
            _ = try repository.update(id: alan.id, ContactPatch(favorite: true), expectedRevision: nil)
            _ = try repository.update(id: ada.id, ContactPatch(favorite: false), expectedRevision: nil)
            #expect(try repository.favorites().map(\.name) == ["Grace Hopper", "Alan Turing"])
        }
    }

    @Test(arguments: RepositoryKind.local)
    func contactsNamedMatchesExactly(kind: RepositoryKind) throws {
        try kind.withRepository { repository in
            let created = try repository.create(names: ["Ada Lovelace", "Grace Hopper", "Ada Lovelace", "Ada"])
            #expect(try repository.contacts(named: "Ada Lovelace") == [created[0], created[2]])
            #expect(try repository.contacts(named: "Ada") == [created[3]])
            #expect(try repository.contacts(named: "ada lovelace") == [])
            #expect(try repository.contacts(named: "Lovelace") == [])
        }
    }

    /// Names match under canonical equivalence after trimming: NFC and NFD spellings of one
    /// name are one name (and two contacts so named are both found, whichever form is asked).
    @Test(arguments: RepositoryKind.local)
    func contactsNamedComparesUnderCanonicalEquivalenceAfterTrimming(kind: RepositoryKind) throws {
        try kind.withRepository { repository in
            let anders = try repository.create(NewContact(name: "Anders \u{C5}ngstr\u{F6}m"))
            #expect(try repository.contacts(named: "Anders A\u{30A}ngstro\u{308}m") == [anders])
            #expect(try repository.contacts(named: "Anders \u{C5}ngstr\u{F6}m ") == [anders])
            #expect(try repository.contacts(named: " \tAnders A\u{30A}ngstro\u{308}m\n") == [anders])
            let composed = try repository.create(NewContact(name: "Ren\u{E9}e X"))
            let decomposed = try repository.create(NewContact(name: "Rene\u{301}e X"))
            #expect(try repository.contacts(named: "Ren\u{E9}e X") == [composed, decomposed])
            #expect(try repository.contacts(named: "Rene\u{301}e X") == [composed, decomposed])
            #expect(try repository.contacts(named: "Renee X") == [])
            // Short names (no trigram) and Hangul (NFD is conjoining jamo) too.
            let short = try repository.create(NewContact(name: "\u{C5}"))
            #expect(try repository.contacts(named: "A\u{30A}") == [short])
            let hangul = try repository.create(NewContact(name: "\u{D55C}\u{AE00} \u{C774}\u{B984}"))
            let jamo = "\u{1112}\u{1161}\u{11AB}\u{1100}\u{1173}\u{11AF} \u{110B}\u{1175}\u{1105}\u{1173}\u{11B7}"
            #expect(try repository.contacts(named: jamo) == [hangul])
            #expect(try repository.contacts(named: " ") == [])
        }
    }

    /// The SQLite store finds names through its trigram index (short names scan): names that
    /// fold alike, names too short for a trigram, quotes and renames must all still be exact.
    @Test(arguments: RepositoryKind.local)
    func contactsNamedIsExactForEveryKindOfName(kind: RepositoryKind) throws {
        try kind.withRepository { repository in
            let created = try repository.create(names: ["Ångström", "Angstrom", "A", "Zoë \"Q\" O'Neil", "Q", "Ab"])
            #expect(try repository.contacts(named: "Ångström") == [created[0]])
            #expect(try repository.contacts(named: "Angstrom") == [created[1]])
            #expect(try repository.contacts(named: "angstrom") == [])
            #expect(try repository.contacts(named: "A") == [created[2]])
            #expect(try repository.contacts(named: "Ab") == [created[5]])
            #expect(try repository.contacts(named: "Zoë \"Q\" O'Neil") == [created[3]])
            #expect(try repository.contacts(named: "Q") == [created[4]])
            #expect(try repository.contacts(named: "\"") == [])
            #expect(try repository.contacts(named: "Ab\u{0}") == [])
            guard case .done(_, let renamed?) = try repository.update(id: created[1].id, ContactPatch(name: "Anders"), expectedRevision: nil)
            else {
                Issue.record("rename failed")
                return
            }
            #expect(try repository.contacts(named: "Angstrom") == [])
            #expect(try repository.contacts(named: "Anders") == [renamed])
            _ = try repository.delete(id: created[0].id, expectedRevision: nil)
            #expect(try repository.contacts(named: "Ångström") == [])
        }
    }

    @Test(arguments: RepositoryKind.local)
    func countsContactsAndFavorites(kind: RepositoryKind) throws {
        try kind.withRepository { repository in
            #expect(try repository.counts() == (0, 0))
            let ada = try repository.create(NewContact(name: "Ada", favorite: true))
            try repository.create(names: ["Grace", "Alan"])
            #expect(try repository.counts() == (3, 1))
            _ = try repository.update(id: ada.id, ContactPatch(favorite: false), expectedRevision: nil)
            #expect(try repository.counts() == (3, 0))
            _ = try repository.delete(id: ada.id, expectedRevision: nil)
            #expect(try repository.counts() == (2, 0))
        }
    }

    @Test(arguments: RepositoryKind.local)
    func seedIfEmptySeedsOnce(kind: RepositoryKind) throws {
        try kind.withRepository { repository in
            #expect(try repository.seedIfEmpty())
            let seeded = try repository.list(ContactQuery())
            #expect(seeded.contacts.map(\.name) == DemoContacts.all.map(\.name))
            #expect(seeded.contacts.map(\.email) == DemoContacts.all.map(\.email))
            #expect(seeded.contacts.map(\.favorite) == DemoContacts.all.map(\.favorite))
            #expect(try repository.seedIfEmpty() == false)
            #expect(try repository.counts() == (4, 2))
        }
        try kind.withRepository { repository in
            try repository.create(names: ["Someone"])
            #expect(try repository.seedIfEmpty() == false)
            #expect(try repository.counts() == (1, 0))
        }
    }
}

extension ContactRepositoryContractTests {
    /// The same contract on PostgreSQL: reported skipped, with the reason, unless
    /// `QUICKACTIOND_TEST_POSTGRES` names a server (`make test-postgres`).
    @Suite("ContactRepositoryContractTests on PostgreSQL", .postgreSQL) struct OnPostgreSQL {
        let contract = ContactRepositoryContractTests()

        @Test func createThenGet() throws { try contract.createThenGet(kind: .postgres) }
        @Test func createWithCompletionCompletesOnceWithAStoredContact() throws {
            try contract.createWithCompletionCompletesOnceWithAStoredContact(kind: .postgres)
        }
        @Test func listPagesInCreationOrderWithTotalAndCursor() throws { try contract.listPagesInCreationOrderWithTotalAndCursor(kind: .postgres) }
        @Test func searchIgnoresCaseAndDiacritics() throws { try contract.searchIgnoresCaseAndDiacritics(kind: .postgres) }
        @Test func searchWithOneAndTwoCharacters() throws { try contract.searchWithOneAndTwoCharacters(kind: .postgres) }
        @Test func searchTakesWildcardsAndQuotesLiterally() throws { try contract.searchTakesWildcardsAndQuotesLiterally(kind: .postgres) }
        @Test func searchPagesWithTotals() throws { try contract.searchPagesWithTotals(kind: .postgres) }
        @Test func favoriteFilter() throws { try contract.favoriteFilter(kind: .postgres) }
        @Test func searchAgreesWithQueryMatches() throws { try contract.searchAgreesWithQueryMatches(kind: .postgres) }
        @Test func searchOfJamoAndConjuncts() throws { try contract.searchOfJamoAndConjuncts(kind: .postgres) }
        @Test func updateBumpsRevisionAndTimestamp() throws { try contract.updateBumpsRevisionAndTimestamp(kind: .postgres) }
        @Test func updateChangesWhatSearchFinds() throws { try contract.updateChangesWhatSearchFinds(kind: .postgres) }
        @Test func conditionalUpdateChecksRevision() throws { try contract.conditionalUpdateChecksRevision(kind: .postgres) }
        @Test func deleteRemovesAndChecksRevision() throws { try contract.deleteRemovesAndChecksRevision(kind: .postgres) }
        @Test func favoritesInCreationOrder() throws { try contract.favoritesInCreationOrder(kind: .postgres) }
        @Test func contactsNamedMatchesExactly() throws { try contract.contactsNamedMatchesExactly(kind: .postgres) }
        @Test func contactsNamedComparesUnderCanonicalEquivalenceAfterTrimming() throws {
            try contract.contactsNamedComparesUnderCanonicalEquivalenceAfterTrimming(kind: .postgres)
        }
        @Test func contactsNamedIsExactForEveryKindOfName() throws { try contract.contactsNamedIsExactForEveryKindOfName(kind: .postgres) }
        @Test func countsContactsAndFavorites() throws { try contract.countsContactsAndFavorites(kind: .postgres) }
        @Test func seedIfEmptySeedsOnce() throws { try contract.seedIfEmptySeedsOnce(kind: .postgres) }
    }
}
