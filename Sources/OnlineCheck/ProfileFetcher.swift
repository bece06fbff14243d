import CCurl
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import LinkChain
import SiteBasics
import SiteGen
import SiteSource

/// One request of `check --online` or `check --links`. Redirects are not followed here: the check follows them
/// itself, so that it can count them, see loops and say where a chain of them went.
public struct ProfileRequest: Sendable, Equatable {
    public var url: String
    /// "GET", or "HEAD" (no body is asked for; `check --links` asks that first).
    public var method = "GET"
    /// The `Accept` header: `text/html` for a profile page, JSON for an API.
    public var accept: String
    /// Seconds for the whole request, connecting included.
    public var timeout: Double
    /// Bytes of body read at most; the rest is not downloaded.
    public var maxBytes: Int
    /// Where the request may connect: the first request of an address goes where the site's author pointed it (an
    /// intranet link is theirs to check); a redirect, which the server chose, only to public addresses.
    public var reach: Reach = .anywhere

    public enum Reach: Sendable, Equatable { case anywhere, publicOnly }
}

public enum ProfileResponse: Sendable, Equatable {
    /// The server answered. `location` is the `Location` header as sent; `truncated` says the body was cut at the limit.
    case answer(status: Int, location: String?, body: Data, truncated: Bool)
    /// No answer: the reason in words ("could not connect", "no answer within 10 s").
    case failure(String)
    /// Not asked, under `.publicOnly`: the host is, or resolves to, an address that is not public ("127.0.0.1, a
    /// loopback address").
    case notPublic(String)
}

/// Why `SITEGEN_TEST_LOOPBACK_HOSTS` could not be read.
public struct LoopbackHostsProblem: Error, Sendable {
    public let message: String
}

/// Where `check --online` gets profiles (and `check --links` its links) from: the network, or whatever a test
/// puts in its place. Called from several threads at once.
public protocol ProfileFetcher: Sendable {
    func fetch(_ request: ProfileRequest) -> ProfileResponse
}

/// Fetches over HTTP(S) with libcurl.
///
/// Test seam: `loopbackHosts` sends the requests for a host name to a plain-http server on this machine instead,
/// with the real name in `Host`, as `curl --resolve` would but also without TLS. Tests set it through
/// `SITEGEN_TEST_LOOPBACK_HOSTS`; only loopback addresses are accepted, and while it is set a host it does not
/// name is refused, so a test can reach nothing else.
public struct CurlProfileFetcher: ProfileFetcher {
    /// Host name (lowercase) → `127.0.0.1:PORT`; nil for the real network.
    public var loopbackHosts: [String: String]?

    public static let environmentVariable = "SITEGEN_TEST_LOOPBACK_HOSTS"

    public init(loopbackHosts: [String: String]? = nil) {
        self.loopbackHosts = loopbackHosts
    }

    /// `social.example=127.0.0.1:8123,github.com=127.0.0.1:8124` (commas or spaces between entries), or the reason
    /// it is not that.
    public static func parseLoopbackHosts(_ text: String) -> Result<[String: String], LoopbackHostsProblem> {
        var hosts: [String: String] = [:]
        for entry in text.split(whereSeparator: { $0 == "," || $0 == " " }) {
            let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty,
                  let colon = parts[1].lastIndex(of: ":"), let port = Int(parts[1][parts[1].index(after: colon)...]), (1...65535).contains(port),
                  LoopbackHost.contains(parts[1][..<colon]) else {
                return .failure(LoopbackHostsProblem(message: "\(environmentVariable): '\(entry)' is not HOST=127.0.0.1:PORT (a test seam: only loopback addresses)"))
            }
            hosts[parts[0].lowercased()] = parts[1]
        }
        return .success(hosts)
    }

    /// libcurl, loaded and started once for the process; nil when it did, else why not.
    private static let startProblem: String? = sitegen_curl_start() == 0 ? nil : String(cString: sitegen_curl_load_problem())

    public func fetch(_ request: ProfileRequest) -> ProfileResponse {
        if let problem = Self.startProblem { return .failure(problem) }
        guard var parts = URLParts(request.url) else { return .failure("not a URL: \(request.url)") }
        let host = parts.host.lowercased()
        // A host written as an address, or `localhost`, is refused before anything is asked (the seam too); a name is
        // refused by the address it resolves to, as libcurl is about to connect (below).
        if request.reach == .publicOnly, let refusal = PublicAddress.refusal(ofHost: host) {
            return .notPublic("\(host) is \(refusal)")
        }
        var headers = ["Accept: \(request.accept)", "User-Agent: sitegen/\(SiteGenVersion.current)"]
        var target = request.url
        if let loopbackHosts {
            guard let loopback = loopbackHosts[host], let colon = loopback.lastIndex(of: ":") else {
                return .failure("\(host) is not in \(Self.environmentVariable), so it is not asked")
            }
            parts.scheme = "http"
            parts.host = String(loopback[..<colon])  // an IPv6 address in its brackets, as the variable holds it
            parts.port = Int(loopback[loopback.index(after: colon)...])
            target = parts.text
            headers.append("Host: \(host)")
        }
        guard let handle = sitegen_curl_easy_init() else { return .failure("libcurl could not start a request") }
        defer { sitegen_curl_easy_cleanup(handle) }
        var headerList: UnsafeMutablePointer<curl_slist>?
        for header in headers { headerList = sitegen_curl_slist_append(headerList, header) }
        defer { sitegen_curl_slist_free_all(headerList) }

        let receiver = Receiver(limit: request.maxBytes)
        let context = Unmanaged.passUnretained(receiver).toOpaque()
        // libcurl copies string options, so Swift's temporary C strings are enough.
        _ = sitegen_curl_set_string(handle, CURLOPT_URL, target)
        _ = sitegen_curl_set_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
        _ = sitegen_curl_set_long(handle, CURLOPT_FOLLOWLOCATION, 0)
        if request.method == "HEAD" { _ = sitegen_curl_set_long(handle, CURLOPT_NOBODY, 1) }
        // No signals: requests may run on any thread.
        _ = sitegen_curl_set_long(handle, CURLOPT_NOSIGNAL, 1)
        _ = sitegen_curl_set_long(handle, CURLOPT_TIMEOUT_MS, max(1, Int(request.timeout * 1000)))
        // An empty list: every encoding libcurl can decode; the limit applies to the decoded bytes.
        _ = sitegen_curl_set_string(handle, CURLOPT_ACCEPT_ENCODING, "")
        _ = sitegen_curl_set_pointer(handle, CURLOPT_HTTPHEADER, UnsafeMutableRawPointer(headerList))
        _ = sitegen_curl_set_receiver(handle, CURLOPT_WRITEFUNCTION) { bytes, size, count, context in
            let receiver = Unmanaged<Receiver>.fromOpaque(context!).takeUnretainedValue()
            let length = size * count
            let room = receiver.limit - receiver.body.count
            if let bytes { receiver.body.append(UnsafeRawPointer(bytes).assumingMemoryBound(to: UInt8.self), count: min(length, max(room, 0))) }
            if length > room {
                receiver.truncated = true
                return 0  // stops the transfer (CURLE_WRITE_ERROR)
            }
            return length
        }
        _ = sitegen_curl_set_pointer(handle, CURLOPT_WRITEDATA, context)
        _ = sitegen_curl_set_receiver(handle, CURLOPT_HEADERFUNCTION) { bytes, size, count, context in
            let receiver = Unmanaged<Receiver>.fromOpaque(context!).takeUnretainedValue()
            let length = size * count
            if let bytes {
                let line = String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self)
                if line.lowercased().hasPrefix("location:") {
                    receiver.location = line.dropFirst("location:".count).trimmingCharacters(in: .whitespacesAndNewlines)
                }
            }
            return length
        }
        _ = sitegen_curl_set_pointer(handle, CURLOPT_HEADERDATA, context)
        if request.reach == .publicOnly {
            // Each address libcurl would connect to, after resolving the name (and after the seam's stand-in), is
            // checked here: a name that resolves to 127.0.0.1 or 10.0.0.5 is never connected to.
            _ = sitegen_curl_set_opensocket(handle) { context, _, address in
                guard let context, let address else { return -1 }
                let receiver = Unmanaged<Receiver>.fromOpaque(context).takeUnretainedValue()
                let socketAddress = UnsafeRawPointer(address) + MemoryLayout<curl_sockaddr>.offset(of: \curl_sockaddr.addr)!
                guard let bytes = PublicAddress.bytes(of: socketAddress) else { receiver.notPublic = "not an IP address"; return -1 }
                if let refusal = PublicAddress.refusal(bytes) {
                    receiver.notPublic = "\(Self.text(of: bytes)), \(refusal)"
                    return -1
                }
                return socket(address.pointee.family, address.pointee.socktype, address.pointee.protocol)
            }
            _ = sitegen_curl_set_pointer(handle, CURLOPT_OPENSOCKETDATA, context)
        }

        let code = sitegen_curl_easy_perform(handle)
        if let refusal = receiver.notPublic { return .notPublic("\(host) resolves to \(refusal)") }
        guard code == CURLE_OK || (code == CURLE_WRITE_ERROR && receiver.truncated) else {
            return .failure(Self.describe(code, timeout: request.timeout, host: host))
        }
        var status = 0
        _ = sitegen_curl_get_long(handle, CURLINFO_RESPONSE_CODE, &status)
        return .answer(status: status, location: receiver.location, body: receiver.body, truncated: receiver.truncated)
    }

    /// What went wrong, in words a site's author can act on.
    static func describe(_ code: CURLcode, timeout: Double, host: String) -> String {
        switch code {
        case CURLE_OPERATION_TIMEDOUT: return "no answer from \(host) within \(Self.seconds(timeout))"
        case CURLE_COULDNT_CONNECT: return "could not connect to \(host)"
        case CURLE_COULDNT_RESOLVE_HOST: return "no such host: \(host)"
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION: return "no trusted HTTPS connection to \(host)"
        default: return "request to \(host) failed: \(String(cString: sitegen_curl_easy_strerror(code)))"
        }
    }

    /// An address's usual text: `127.0.0.1`, `::1`.
    static func text(of bytes: [UInt8]) -> String {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let family = bytes.count == 4 ? AF_INET : AF_INET6
        _ = bytes.withUnsafeBytes { inet_ntop(family, $0.baseAddress, &text, socklen_t(text.count)) }
        return String(cString: text)
    }

    /// `10 s`, `0.5 s`: to a tenth of a second.
    static func seconds(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10) s" : "\(tenths / 10).\(tenths % 10) s"
    }

    private final class Receiver {
        let limit: Int
        var body = Data()
        var truncated = false
        var location: String?
        /// The address refused under `.publicOnly`, and why.
        var notPublic: String?
        init(limit: Int) { self.limit = limit }
    }
}
