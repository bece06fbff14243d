internal import CMicroHTTPD
import Foundation
#if canImport(Glibc)
import Glibc
private let streamSocket = Int32(SOCK_STREAM.rawValue)
private let fileLimitResource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
#else
import Darwin
private let streamSocket = SOCK_STREAM
private let fileLimitResource = RLIMIT_NOFILE
#endif

public struct HTTPServerError: Error, CustomStringConvertible, Sendable {
    public var description: String
    /// Whether another port may work (it is in use); false when the host is what is wrong.
    public var isAboutThePort: Bool
    init(_ description: String, isAboutThePort: Bool = false) {
        self.description = description
        self.isAboutThePort = isAboutThePort
    }
}

/// A read-only HTTP server on GNU libmicrohttpd: GET and HEAD go to the handler, every other method gets
/// 405. epoll and a small pool of threads serve every connection, so idle or slow clients hold a socket and no
/// thread; an event stream with nothing to send is suspended until its hub has something.
public final class HTTPServer: @unchecked Sendable {
    public typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse

    private let handler: Handler
    /// The names a request's `Host` may carry (lowercase, without the port); nil allows any. A development
    /// server must check it: otherwise any web page its user visits can read it through DNS rebinding.
    private let allowedHosts: Set<String>?
    private let lock = NSLock()
    private var daemon: OpaquePointer?

    /// Idle connections are closed after this long; a request's headers must arrive within it too.
    public static let idleTimeoutSeconds: UInt32 = 20
    public static let threadPoolSize: UInt32 = 4

    public init(allowedHosts: Set<String>? = nil, handler: @escaping Handler) {
        self.allowedHosts = allowedHosts.map { Set($0.map { $0.lowercased() }) }
        self.handler = handler
    }

    /// The host name of a `Host` header, lowercase and without its port: `[::1]:8080` is `[::1]`.
    static func hostName(_ header: String) -> String {
        let lowered = header.lowercased()
        if lowered.hasPrefix("[") { return String(lowered.prefix { $0 != "]" }) + (lowered.contains("]") ? "]" : "") }
        return String(lowered.prefix { $0 != ":" })
    }

    /// As many connections as the process may open files, less a margin for the files it serves; raising
    /// the soft limit to the hard one first (often 1,024 soft, far more hard).
    static func connectionLimit() -> UInt32 {
        var limit = rlimit()
        guard getrlimit(fileLimitResource, &limit) == 0 else { return 900 }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = min(limit.rlim_max, 65_536)
            if setrlimit(fileLimitResource, &raised) == 0 { limit = raised }
        }
        return UInt32(max(64, min(Int(limit.rlim_cur) - 128, 60_000)))
    }

    deinit { stop() }

    /// Starts listening on `host` (an IP address or a name) at `port`, or, when that port is taken, at the
    /// next free one of the `extraPorts` after it. Port 0 lets the system choose. Returns the port.
    public func start(host: String, port: Int, extraPorts: Int = 0) throws(HTTPServerError) -> Int {
        guard lock.withLock({ daemon == nil }) else { throw HTTPServerError("the server is already running") }
        guard sitegen_mhd_load() == 0 else { throw HTTPServerError(String(cString: sitegen_mhd_load_problem())) }
        let (listener, boundPort) = try Self.openListener(host: host, port: port, extraPorts: extraPorts)
        let started = sitegen_start_daemon(listener, { context, connection, url, method, _, _, uploadSize, requestState in
            guard let context, let connection, let url, let methodName = method, let uploadSize, let requestState else { return .NO }
            let method = String(cString: methodName)
            // libmicrohttpd calls once the headers are in, then for any body, then once more. A response queued
            // on the first call closes the connection afterwards, so GET and HEAD answer on the last one and
            // keep the connection alive; other methods get their 405 at once.
            if method == "GET" || method == "HEAD" {
                if requestState.pointee == nil {
                    requestState.pointee = context
                    return .YES
                }
                if uploadSize.pointee != 0 {
                    uploadSize.pointee = 0
                    return .YES
                }
            }
            let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
            return server.respond(on: connection, method: method, path: String(cString: url))
        }, Unmanaged.passUnretained(self).toOpaque(), { _, _, text in
            // Keep paths and query values percent-encoded: RequestPath decodes them segment by segment.
            text.map { strlen($0) } ?? 0
        }, Self.idleTimeoutSeconds, Self.connectionLimit(), Self.threadPoolSize)
        guard let started else {
            close(listener)
            throw HTTPServerError("cannot start the HTTP server on \(host):\(boundPort)")
        }
        lock.withLock { daemon = started }
        return boundPort
    }

    /// Stops listening and waits for the connection threads; end event streams first (`EventHub.close`).
    public func stop() {
        guard let running = lock.withLock({ () -> OpaquePointer? in defer { daemon = nil }; return daemon }) else { return }
        sitegen_mhd_stop_daemon(running)
    }

    private func respond(on connection: OpaquePointer, method: String, path: String) -> MHD_Result {
        let response: HTTPResponse
        let host = sitegen_mhd_lookup_connection_value(connection, .HEADER_KIND, "Host").map { String(cString: $0) }
        if let allowedHosts, !allowedHosts.contains(host.map(Self.hostName) ?? "") {
            // 421 Misdirected Request: this server is not the one the request's name points at.
            response = .text(421, "Misdirected Request: this server answers only for \(allowedHosts.sorted().joined(separator: ", "))")
        } else if method == "GET" || method == "HEAD" {
            response = handler(HTTPRequest(method: method, path: path, query: Self.query(of: connection)))
        } else {
            var notAllowed = HTTPResponse.text(405, "Method Not Allowed: this server answers GET and HEAD only")
            notAllowed.headers.append(("Allow", "GET, HEAD"))
            response = notAllowed
        }
        return Self.queue(response, on: connection)
    }

    private static func query(of connection: OpaquePointer) -> [HTTPRequest.QueryItem] {
        var items: [HTTPRequest.QueryItem] = []
        withUnsafeMutablePointer(to: &items) { pointer in
            _ = sitegen_mhd_get_connection_values(connection, .GET_ARGUMENT_KIND, { context, _, name, value in
                guard let context, let name else { return .YES }
                context.assumingMemoryBound(to: [HTTPRequest.QueryItem].self).pointee
                    .append(HTTPRequest.QueryItem(name: String(cString: name), value: value.map { String(cString: $0) }))
                return .YES
            }, pointer)
        }
        return items
    }

    private static func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        var response = response
        let created: OpaquePointer?
        switch response.body {
        case .bytes(let data):
            created = data.withUnsafeBytes { bytes in
                sitegen_mhd_create_response_from_buffer(bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
            }
        case .file(let path):
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            var info = stat()
            if descriptor >= 0, fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG {
                // libmicrohttpd closes the descriptor when it is done with the response.
                created = sitegen_mhd_create_response_from_fd64(UInt64(info.st_size), descriptor)
            } else {
                if descriptor >= 0 { close(descriptor) }
                return queue(.text(404, "Not Found"), on: connection)
            }
        case .events(let subscription):
            let stream = EventStream(subscription: subscription, connection: connection)
            subscription.wake = { [stream] in sitegen_mhd_resume_connection(stream.connection) }
            created = sitegen_mhd_create_response_from_callback(sitegen_size_unknown, 4096, { context, _, buffer, capacity in
                guard let context, let buffer else { return sitegen_content_end_of_stream }
                let stream = Unmanaged<EventStream>.fromOpaque(context).takeUnretainedValue()
                let bytes = UnsafeMutableRawBufferPointer(start: buffer, count: capacity)
                switch stream.subscription.hub.read(stream.subscription, into: bytes, suspend: { sitegen_mhd_suspend_connection(stream.connection) }) {
                case .bytes(let count): return count
                case .wait: return 0  // suspended: called again once resumed
                case .end: return sitegen_content_end_of_stream
                }
            }, Unmanaged.passRetained(stream).toOpaque(), { context in
                guard let context else { return }
                Unmanaged<EventStream>.fromOpaque(context).takeRetainedValue().subscription.cancel()
            })
            response.headers += [("Content-Type", "text/event-stream"), ("X-Accel-Buffering", "no")]
        }
        guard let created else { return .NO }
        defer { sitegen_mhd_destroy_response(created) }
        // A development server's answers change with every save: never let a browser reuse one.
        for (name, value) in response.headers + [("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff")] {
            _ = sitegen_mhd_add_response_header(created, name, value)
        }
        return sitegen_mhd_queue_response(connection, UInt32(response.status), created)
    }

    /// An event stream's subscription and the connection that carries it, to suspend and resume.
    private final class EventStream: @unchecked Sendable {
        let subscription: EventSubscription
        let connection: OpaquePointer
        init(subscription: EventSubscription, connection: OpaquePointer) {
            self.subscription = subscription
            self.connection = connection
        }
    }

    /// A listening socket on `host` at the first free port from `port` to `port + extraPorts`.
    static func openListener(host: String, port: Int, extraPorts: Int) throws(HTTPServerError) -> (socket: Int32, port: Int) {
        guard (0...65535).contains(port) else { throw HTTPServerError("port \(port) is out of range (0 to 65535)") }
        let last = port == 0 ? 0 : min(port + max(extraPorts, 0), 65535)
        for candidate in port...last {
            var hints = addrinfo()
            hints.ai_socktype = streamSocket
            hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
            var found: UnsafeMutablePointer<addrinfo>?
            let status = getaddrinfo(host, String(candidate), &hints, &found)
            guard status == 0, let found else {
                throw HTTPServerError("cannot listen on '\(host)': \(String(cString: gai_strerror(status)))")
            }
            defer { freeaddrinfo(found) }
            // A name such as localhost may give IPv6 first; browsers try IPv4 for it too, so prefer that.
            let addresses = sequence(first: found) { $0.pointee.ai_next }.sorted { a, _ in a.pointee.ai_family == AF_INET }
            var inUse = false
            for address in addresses {
                let listener = socket(address.pointee.ai_family, streamSocket, 0)
                guard listener >= 0 else { continue }
                // Not inherited by the browser that `serve` opens, which would keep the port busy.
                _ = fcntl(listener, F_SETFD, FD_CLOEXEC)
                var yes: Int32 = 1
                _ = setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
                // IPv6's any-address (`serve --lan`) answers IPv4 too, where a system's default says otherwise.
                var no: Int32 = 0
                if address.pointee.ai_family == AF_INET6 {
                    _ = setsockopt(listener, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &no, socklen_t(MemoryLayout<Int32>.size))
                }
                if bind(listener, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0, listen(listener, 128) == 0 {
                    return (listener, boundPort(of: listener) ?? candidate)
                }
                let failure = errno
                close(listener)
                if failure == EADDRINUSE { inUse = true; break }
                if failure == EADDRNOTAVAIL {
                    throw HTTPServerError("cannot listen on \(host): it is not an address of this computer (\(LocalAddresses.all().joined(separator: ", ")) are)")
                }
                throw HTTPServerError("cannot listen on \(host):\(candidate): \(String(cString: strerror(failure)))", isAboutThePort: failure == EACCES)
            }
            if !inUse { throw HTTPServerError("cannot listen on \(host):\(candidate)") }
        }
        throw HTTPServerError(last == port ? "port \(port) is in use" : "ports \(port) to \(last) are all in use", isAboutThePort: true)
    }

    private static func boundPort(of listener: Int32) -> Int? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let status = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        guard status == 0 else { return nil }
        return withUnsafeBytes(of: storage) { raw -> Int? in
            switch Int32(storage.ss_family) {
            case AF_INET: Int(UInt16(bigEndian: raw.load(as: sockaddr_in.self).sin_port))
            case AF_INET6: Int(UInt16(bigEndian: raw.load(as: sockaddr_in6.self).sin6_port))
            default: nil
            }
        }
    }
}
