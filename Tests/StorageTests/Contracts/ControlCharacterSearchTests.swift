import Dispatch
import Glibc
import QuickActions
import StorageCore
import Synchronization
import Testing

@Suite struct ControlCharacterSearchTests {
    @Test(arguments: RepositoryKind.all)
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
