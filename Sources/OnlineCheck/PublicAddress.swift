import Foundation
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Which addresses a redirect may lead `check --links` and `check --online` to: public ones. A server the site links
/// to could otherwise send sitegen to this machine or its network (a router's page, a cloud's metadata service) and
/// report what answered there. The one owner of what counts as public: the fetcher asks it of the address it is
/// about to connect to (after the name is resolved), and of a host written as an address.
public enum PublicAddress {
    /// Why the address (4 bytes for IPv4, 16 for IPv6, in network order) is not public, as "a loopback address";
    /// nil when it is public.
    public static func refusal(_ bytes: [UInt8]) -> String? {
        switch bytes.count {
        case 4: return refusalOfIPv4(bytes)
        case 16: return refusalOfIPv6(bytes)
        default: return "not an IP address"
        }
    }

    /// Why a host as a URL writes it is not public, when that shows without resolving it: an IPv4 or IPv6 address
    /// (brackets optional), or `localhost` and names under it, which always mean this machine. nil otherwise.
    public static func refusal(ofHost host: String) -> String? {
        let name = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        let bare = name.hasSuffix(".") ? String(name.dropLast()) : name
        if bare == "localhost" || bare.hasSuffix(".localhost") { return "a loopback address" }
        return parse(bare).flatMap(refusal)
    }

    /// The bytes of an IPv4 or IPv6 address in its usual text form; nil for a name.
    public static func parse(_ text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 { return withUnsafeBytes(of: &v6) { Array($0) } }
        return nil
    }

    /// The address of a socket address (IPv4 or IPv6), as `refusal` takes it; nil for another family.
    static func bytes(of address: UnsafeRawPointer) -> [UInt8]? {
        switch Int32(address.load(as: sockaddr.self).sa_family) {
        case AF_INET:
            var value = address.load(as: sockaddr_in.self).sin_addr
            return withUnsafeBytes(of: &value) { Array($0) }
        case AF_INET6:
            var value = address.load(as: sockaddr_in6.self).sin6_addr
            return withUnsafeBytes(of: &value) { Array($0) }
        default:
            return nil
        }
    }

    /// The IPv4 ranges IANA's special-purpose registry lists as not globally reachable, with multicast and the
    /// reserved 240/4: (first address, prefix length, what it is).
    static let specialIPv4: [([UInt8], Int, String)] = [
        ([0, 0, 0, 0], 8, "an unspecified address (0.0.0.0/8: this host)"),
        ([10, 0, 0, 0], 8, "a private address (10.0.0.0/8)"),
        ([100, 64, 0, 0], 10, "a shared address of a carrier's network (100.64.0.0/10)"),
        ([127, 0, 0, 0], 8, "a loopback address"),
        ([169, 254, 0, 0], 16, "a link-local address (169.254.0.0/16)"),
        ([172, 16, 0, 0], 12, "a private address (172.16.0.0/12)"),
        ([192, 0, 0, 0], 24, "a protocol assignment address (192.0.0.0/24)"),
        ([192, 0, 2, 0], 24, "a documentation address (192.0.2.0/24)"),
        ([192, 168, 0, 0], 16, "a private address (192.168.0.0/16)"),
        ([198, 18, 0, 0], 15, "a benchmarking address (198.18.0.0/15)"),
        ([198, 51, 100, 0], 24, "a documentation address (198.51.100.0/24)"),
        ([203, 0, 113, 0], 24, "a documentation address (203.0.113.0/24)"),
        ([224, 0, 0, 0], 4, "a multicast address"),
        ([240, 0, 0, 0], 4, "a reserved address (240.0.0.0/4)"),
    ]

    static func refusalOfIPv4(_ bytes: [UInt8]) -> String? {
        specialIPv4.first { matches(bytes, $0.0, $0.1) }?.2
    }

    static func refusalOfIPv6(_ bytes: [UInt8]) -> String? {
        let embedded = Array(bytes[12...])
        if bytes.allSatisfy({ $0 == 0 }) { return "an unspecified address (::)" }
        if bytes[..<15].allSatisfy({ $0 == 0 }) && bytes[15] == 1 { return "a loopback address (::1)" }
        // An IPv4 address written as IPv6 (::ffff:127.0.0.1, and the older ::127.0.0.1) is that IPv4 address; so is
        // one behind the well-known NAT64 prefix (64:ff9b::/96) or inside a 6to4 address (2002::/16).
        if matches(bytes, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff], 96) {
            return refusalOfIPv4(embedded).map { "\($0), written as IPv6" }
        }
        if matches(bytes, [0], 96) { return "an IPv4-compatible address (::/96, no longer used)" }
        if matches(bytes, [0, 0x64, 0xff, 0x9b], 96) { return refusalOfIPv4(embedded).map { "\($0), behind NAT64" } }
        if matches(bytes, [0x20, 0x02], 16) { return refusalOfIPv4(Array(bytes[2..<6])).map { "\($0), inside a 6to4 address" } }
        if matches(bytes, [0xfc], 7) { return "a unique local address (fc00::/7)" }
        if matches(bytes, [0xfe, 0x80], 10) { return "a link-local address (fe80::/10)" }
        if matches(bytes, [0xfe, 0xc0], 10) { return "a site-local address (fec0::/10)" }
        if matches(bytes, [0xff], 8) { return "a multicast address" }
        if matches(bytes, [0x20, 0x01, 0x0d, 0xb8], 32) { return "a documentation address (2001:db8::/32)" }
        if matches(bytes, [0x20, 0x01], 23) { return "a protocol assignment address (2001::/23)" }
        // Beyond these, only global unicast (2000::/3) is routed on the internet.
        if !matches(bytes, [0x20], 3) { return "a reserved address (outside 2000::/3)" }
        return nil
    }

    /// Whether the first `length` bits of `bytes` are those of `prefix` (missing bytes of the prefix are zero).
    static func matches(_ bytes: [UInt8], _ prefix: [UInt8], _ length: Int) -> Bool {
        var remaining = length, index = 0
        while remaining > 0 {
            let expected = index < prefix.count ? prefix[index] : 0
            let mask: UInt8 = remaining >= 8 ? 0xff : ~(0xff >> UInt8(remaining))
            guard bytes[index] & mask == expected & mask else { return false }
            remaining -= 8
            index += 1
        }
        return true
    }
}
