@testable import Companions
import Testing

/// `N` from the title when the page sets no `name:`: the last word is the family name, the words before it given names.
@Suite struct VCardNameTests {
    @Test(arguments: [
        ("Ada Lovelace", "Ada", "Lovelace"), ("Mary Ann  Evans", "Mary Ann", "Evans"), ("Cher", "Cher", ""),
        ("", "", ""), ("  Grace\tHopper ", "Grace", "Hopper"),
    ])
    func theTitleIsReadAsAName(title: String, given: String, family: String) {
        let parts = VCard.nameParts(ofTitle: title)
        #expect(parts.given == given && parts.family == family)
    }

    @Test func theCardWritesThem() {
        var card = VCard(name: "Ada Lovelace")
        (card.givenName, card.familyName) = VCard.nameParts(ofTitle: card.name)
        #expect(card.text.contains("\r\nN:Lovelace;Ada;;;\r\n"))
    }
}
