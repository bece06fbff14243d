import Foundation
import SiteBasics
import Testing

struct SHA256DigestTests {
    /// FIPS 180-2's example, and the empty input: the same digest from bytes and from Data.
    @Test func theDigestIsSHA256() {
        func hex(_ digest: [UInt8]) -> String { digest.map { String(format: "%02x", $0) }.joined() }
        #expect(hex(SHA256Digest.of(Array("abc".utf8)[...])) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(hex(SHA256Digest.of(Data())) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }
}
