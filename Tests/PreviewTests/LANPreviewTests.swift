@testable import Preview
import Testing

/// `sitegen serve --lan`'s addresses and announcement (SiteGenTests: --lan on the command line).
@Suite struct LANPreviewTests {
    @Test func offersNetworkAddressesPrivateIPv4First() {
        let all = ["127.0.0.1", "203.0.113.5", "192.168.1.20", "[::1]", "[fd00::2]", "10.0.0.3"]
        #expect(LANPreview.addresses(all, ipv6: true) == ["192.168.1.20", "10.0.0.3", "203.0.113.5", "[fd00::2]"])
        #expect(LANPreview.addresses(all, ipv6: false) == ["192.168.1.20", "10.0.0.3", "203.0.113.5"])
    }

    @Test func saysSoWhenNoNetworkAddressIsFound() {
        let text = LANPreview.announcement(folder: "this folder", port: 8080, addresses: [], colors: false)
        #expect(text.contains("No network address other than loopback was found"))
        let offered = LANPreview.announcement(folder: "this folder", port: 8080, addresses: ["192.168.1.20"], colors: true)
        #expect(offered.contains("\n  http://192.168.1.20:8080/\n") && offered.contains("\u{1B}[97;40m"))
    }
}
