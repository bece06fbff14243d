import Foundation
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// The addresses of this machine's network interfaces, as a `Host` header names them (`192.168.1.20`,
/// `[fd00::1]`): a server bound to every interface answers for these and for nothing else.
public enum LocalAddresses {
    public static func all() -> [String] {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0, let first else { return [] }
        defer { freeifaddrs(first) }
        var found: [String] = []
        for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
            guard let address = entry.pointee.ifa_addr else { continue }
            let family = Int32(address.pointee.sa_family)
            guard family == AF_INET || family == AF_INET6 else { continue }
            var text = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            let length = socklen_t(family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size)
            guard getnameinfo(address, length, &text, socklen_t(text.count), nil, 0, NI_NUMERICHOST) == 0 else { continue }
            let name = String(cString: text)
            if family == AF_INET6 {
                guard !name.contains("%") else { continue }  // link-local addresses need a zone no browser sends
                found.append("[\(name)]")
            } else {
                found.append(name)
            }
        }
        return Array(Set(found)).sorted()
    }
}
