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
        #expect(text == """
            Serving this folder on every interface, port 8080 (Ctrl-C stops). On this computer: http://localhost:8080/
            No network address other than loopback was found: join a network (Wi-Fi), then start serve --lan again.
            """)
        let offered = LANPreview.announcement(folder: "this folder", port: 8080, addresses: ["192.168.1.20"], colors: true)
        let lines = offered.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.prefix(3) == ["Serving this folder on every interface, port 8080 (Ctrl-C stops). On this computer: http://localhost:8080/",
                                    "On a phone or tablet on the same network, open:", "  http://192.168.1.20:8080/"])
        // The QR code of that address, drawn in the terminal's colours.
        #expect(offered.contains("\u{1B}[97;40m"))
    }
}
