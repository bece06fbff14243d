import Foundation
@testable import OutputFolder
import Testing

/// The manifest's seal is HMAC-SHA256 with the site's key, whatever computes it.
@Suite struct ManifestSealTests {
    /// RFC 4231's test case 2, given in two parts, and a copy taken between them going on from the same bytes.
    @Test func theSealIsHMACSHA256AndACopyGoesOnFromTheSameBytes() {
        let key = ManifestKey(bytes: Array("Jefe".utf8), isNew: false)
        let seal = ManifestKey.Seal(key: key)
        seal.update(Data("what do ya want ".utf8))
        let copy = seal.copy()
        seal.update(Data("for nothing?".utf8))
        #expect(seal.finish().description == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        copy.update(Data("for nothing?".utf8))
        #expect(copy.finish().description == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }
}
