import QuickActions
import StorageCore
import Testing

/// What every `ContactRepository` finds: search (case, diacritics, short and literal queries,
/// pages, the favorite filter, agreement with `ContactQuery.matches`) and lookups by exact name,
/// run against each implementation.
@Suite struct ContactSearchContractTests {
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
}

extension ContactSearchContractTests {
    /// The same contract on PostgreSQL: reported skipped, with the reason, unless
    /// `QUICKACTIOND_TEST_POSTGRES` names a server (`make test-postgres`).
    @Suite("ContactSearchContractTests on PostgreSQL", .postgreSQL) struct OnPostgreSQL {
        let contract = ContactSearchContractTests()

        @Test func searchIgnoresCaseAndDiacritics() throws { try contract.searchIgnoresCaseAndDiacritics(kind: .postgres) }
        @Test func searchWithOneAndTwoCharacters() throws { try contract.searchWithOneAndTwoCharacters(kind: .postgres) }
        @Test func searchTakesWildcardsAndQuotesLiterally() throws { try contract.searchTakesWildcardsAndQuotesLiterally(kind: .postgres) }
        @Test func searchPagesWithTotals() throws { try contract.searchPagesWithTotals(kind: .postgres) }
        @Test func favoriteFilter() throws { try contract.favoriteFilter(kind: .postgres) }
        @Test func searchAgreesWithQueryMatches() throws { try contract.searchAgreesWithQueryMatches(kind: .postgres) }
        @Test func searchOfJamoAndConjuncts() throws { try contract.searchOfJamoAndConjuncts(kind: .postgres) }
        @Test func contactsNamedMatchesExactly() throws { try contract.contactsNamedMatchesExactly(kind: .postgres) }
        @Test func contactsNamedComparesUnderCanonicalEquivalenceAfterTrimming() throws {
            try contract.contactsNamedComparesUnderCanonicalEquivalenceAfterTrimming(kind: .postgres)
        }
        @Test func contactsNamedIsExactForEveryKindOfName() throws { try contract.contactsNamedIsExactForEveryKindOfName(kind: .postgres) }
    }
}
