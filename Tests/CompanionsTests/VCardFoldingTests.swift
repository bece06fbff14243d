@testable import Companions
import Foundation
import Testing

@Suite struct VCardFoldingTests {
    @Test func longLinesFoldAt75OctetsWithoutSplittingCharacters() {
        var card = VCard(name: String(repeating: "é", count: 60))
        card.note = String(repeating: "x", count: 200)
        for line in card.text.split(separator: "\r\n") {
            #expect(line.utf8.count <= 75)
        }
        let unfolded = card.text.replacingOccurrences(of: "\r\n ", with: "")
        #expect(unfolded.components(separatedBy: "\r\n") == ["BEGIN:VCARD", "VERSION:3.0", "FN:" + String(repeating: "é", count: 60), "N:;;;;",
                                                            "NOTE:" + String(repeating: "x", count: 200), "END:VCARD", ""])
    }

    @Test(arguments: [String(repeating: "a", count: 75), String(repeating: "a", count: 76), "NOTE:" + String(repeating: "é", count: 60),
                      "NOTE:" + String(repeating: "日本語", count: 30), "URL:https://example.org/" + String(repeating: "x", count: 200), "FN:A"])
    func linesFoldAtSeventyFiveOctetsWithoutSplittingCharacters(line: String) {
        var card: [UInt8] = []
        VCard.appendFolded(Array(line.utf8), to: &card)
        #expect(card.suffix(2) == [0x0D, 0x0A])
        let pieces = String(decoding: card.dropLast(2), as: UTF8.self).components(separatedBy: "\r\n ")
        #expect(pieces.joined() == line)
        #expect(pieces.enumerated().allSatisfy { $0.element.utf8.count <= ($0.offset == 0 ? 75 : 74) })
        // Each piece is as long as it can be: one more character would pass the limit.
        for (index, piece) in pieces.enumerated().dropLast() {
            let next = pieces[index + 1].unicodeScalars.first.map { String($0).utf8.count } ?? 0
            #expect(piece.utf8.count + next > (index == 0 ? 75 : 74))
        }
    }
}
