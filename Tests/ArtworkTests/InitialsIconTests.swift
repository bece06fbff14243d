@testable import Artwork
import Foundation
import Testing

@Suite struct InitialsIconTests {
    @Test(arguments: ["LY", "Éa", "ÅÄ", "😀x", "日本", "a b<c>&\"#%"])
    func percentEncodingMatchesFoundations(text: String) {
        let allowed = CharacterSet.alphanumerics.union(.init(charactersIn: "=:/.,-_~()!*"))
        #expect(DataURL.encoding.encode(text) == text.addingPercentEncoding(withAllowedCharacters: allowed))
    }
}
