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

    /// A running digest given its bytes in parts is the digest of them all, and a copy goes on from the same bytes
    /// (the manifest's seal copies one to extend a manifest): FIPS 180-2's two-block example.
    @Test func aRunningDigestTakesItsBytesInPartsAndACopyGoesOnFromThem() {
        func hex(_ digest: [UInt8]) -> String { digest.map { String(format: "%02x", $0) }.joined() }
        let message = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
        var running = SHA256Digest.Running()
        running.update(Data(message.prefix(20).utf8))
        var copy = running
        running.update(Data(message.dropFirst(20).utf8))
        #expect(hex(running.finish()) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(hex(running.finish()) == hex(SHA256Digest.of(Data(message.utf8))))
        copy.update(Data("abc".utf8))
        #expect(hex(copy.finish()) == hex(SHA256Digest.of(Data((message.prefix(20) + "abc").utf8))))
    }
}
