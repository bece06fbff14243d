import Foundation
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// The address `serve --host` listens on, read strictly: a dotted IPv4 address, an IPv6 address (brackets
/// optional), or `localhost`. The C resolver would also take `0` (0.0.0.0: every interface), `127.1`, octal parts
/// and host names, each listening somewhere other than the text seems to say.
public enum ServeHost {
    /// The address in its canonical form (`::` for `0::0`), or what is wrong with it.
    public static func parse(_ text: String) -> Result<String, ServeHostProblem> {
        if text == "localhost" { return .success(text) }
        if text == "0" {
            return .failure(ServeHostProblem("--host 0 would listen on every interface (the system reads 0 as 0.0.0.0): write --host 0.0.0.0 (or --lan) for that, or --host 127.0.0.1 for this computer alone"))
        }
        if text.contains(":") {
            let bare = text.hasPrefix("[") && text.hasSuffix("]") ? String(text.dropFirst().dropLast()) : text
            var address = in6_addr()
            var canonical = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            guard inet_pton(AF_INET6, bare, &address) == 1, inet_ntop(AF_INET6, &address, &canonical, socklen_t(canonical.count)) != nil else {
                return .failure(ServeHostProblem("--host '\(text)' is not an IPv6 address: expected one such as ::1, or :: for every interface"))
            }
            return .success(String(cString: canonical))
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        // Four decimal numbers to 255, without leading zeros (which the resolver reads as octal).
        let isDottedQuad = parts.count == 4 && parts.allSatisfy { part in
            !part.isEmpty && part.count <= 3 && part.allSatisfy { $0.isASCII && $0.isNumber }
                && (part == "0" || part.first != "0") && Int(part)! <= 255
        }
        guard isDottedQuad else {
            return .failure(ServeHostProblem("--host '\(text)' is not an IP address: expected an address of this computer such as 127.0.0.1 or ::1, localhost, or 0.0.0.0 or :: for every interface"))
        }
        return .success(text)
    }

    /// Whether `host` (as `parse` gives it) is an any-address: the server then answers on every interface.
    public static func isEveryInterface(_ host: String) -> Bool { host == "0.0.0.0" || host == "::" }
}

public struct ServeHostProblem: Error, CustomStringConvertible, Sendable {
    public var description: String
    init(_ description: String) { self.description = description }
}
