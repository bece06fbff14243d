import Artwork
import Foundation
import SiteGen
import WebServer

/// What `sitegen serve --lan` prints: each address a phone on the same network can open, and the first as a QR
/// code to scan.
public enum LANPreview {
    /// The addresses other devices can reach: IPv4 but loopback, then IPv6 but loopback (link-local ones are
    /// already left out: they need a zone no browser sends), the private IPv4 ranges first.
    public static func addresses(_ all: [String], ipv6: Bool) -> [String] {
        let v4 = all.filter { !$0.hasPrefix("[") && !$0.hasPrefix("127.") }
        let v6 = ipv6 ? all.filter { $0.hasPrefix("[") && $0 != "[::1]" } : []
        func isPrivate(_ a: String) -> Bool {
            a.hasPrefix("192.168.") || a.hasPrefix("10.") || (16...31).contains(where: { a.hasPrefix("172.\($0).") })
        }
        return v4.filter(isPrivate) + v4.filter { !isPrivate($0) } + v6
    }

    public static func announcement(folder: String, port: Int, addresses: [String], colors: Bool) -> String {
        var lines = ["Serving \(folder) on every interface, port \(port) (Ctrl-C stops). On this computer: http://localhost:\(port)/"]
        guard let first = addresses.first else {
            lines.append("No network address other than loopback was found: join a network (Wi-Fi), then start serve --lan again.")
            return lines.joined(separator: "\n")
        }
        lines.append("On a phone or tablet on the same network, open:")
        lines += addresses.map { "  http://\($0):\(port)/" }
        let firstURL = "http://\(first):\(port)/"
        if let code = QRCode(firstURL) {
            lines.append("or scan \(firstURL):")
            // White ink on black, whatever the terminal's colours: the ink draws the light modules.
            lines += code.halfBlockLines().map { colors ? "\u{1B}[97;40m\($0)\u{1B}[0m" : $0 }
        }
        lines.append("?debug on a page shows what its buttons do; ?simulate=instagram-ios plays an in-app browser.")
        return lines.joined(separator: "\n")
    }
}
