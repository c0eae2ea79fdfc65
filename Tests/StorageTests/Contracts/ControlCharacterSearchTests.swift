import Dispatch
import Glibc
import QuickActions
import StorageCore
import Synchronization
import Testing

@Suite struct ControlCharacterSearchTests {
    @Test(arguments: RepositoryKind.local)
    func aSearchWithAControlCharacterMatchesNothingAndDoesNotFail(kind: RepositoryKind) throws {
        try kind.withRepository { (repository: any ContactRepository) throws in
            _ = try repository.create(NewContact(name: "Ada Lovelace", email: "ada@example.com"))
            for text in ["Ada\u{0}", "Ada\u{0}Lovelace", "lovelace\u{1F}ada", "a\u{7}"] {
                let page = try repository.list(ContactQuery(text: text))
                #expect(page.contacts.isEmpty && page.total == 0, "\(text.debugDescription)")
            }
            #expect(try repository.list(ContactQuery(text: "Ada")).total == 1)
        }
    }
}

extension ControlCharacterSearchTests {
    /// The same contract on PostgreSQL: reported skipped, with the reason, unless
    /// `QUICKACTIOND_TEST_POSTGRES` names a server (`make test-postgres`).
    @Suite("ControlCharacterSearchTests on PostgreSQL", .postgreSQL) struct OnPostgreSQL {
        let contract = ControlCharacterSearchTests()

        @Test func aSearchWithAControlCharacterMatchesNothingAndDoesNotFail() throws {
            try contract.aSearchWithAControlCharacterMatchesNothingAndDoesNotFail(kind: .postgres)
        }
    }
}
