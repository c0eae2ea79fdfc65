import QuickActions
import Testing

@Suite struct VCardTests {
    private func contact(name: String, email: String?) -> Contact {
        Contact(
            id: "abc", name: name, email: email, favorite: false, createdAt: Timestamp(millisecondsSince1970: 0),
            updatedAt: Timestamp(millisecondsSince1970: 0), sequence: 1)
    }

    @Test func rendersVersion3WithFNNAndEmail() {
        let card = VCard.render(contact(name: "Grace Brewster Hopper", email: "grace@example.com"))
        #expect(card.hasPrefix("BEGIN:VCARD\r\nVERSION:3.0\r\n"))
        #expect(card.contains("\r\nFN:Grace Brewster Hopper\r\n"))
        #expect(card.contains("\r\nN:Hopper;Grace Brewster;;;\r\n"))
        #expect(card.contains("\r\nEMAIL;TYPE=INTERNET:grace@example.com\r\n"))
        #expect(card.hasSuffix("END:VCARD\r\n"))
    }

    @Test func escapesReservedCharactersAndOmitsMissingEmail() {
        let card = VCard.render(contact(name: "Smith; John, Jr.", email: nil))
        #expect(card.contains("FN:Smith\\; John\\, Jr."))
        #expect(!card.contains("EMAIL"))
    }

    @Test func foldsLongLines() {
        let card = VCard.render(contact(name: String(repeating: "Ö", count: 60), email: nil))
        for line in card.components(separatedBy: "\r\n") {
            #expect(line.utf8.count <= 75)
        }
    }
}
