import Foundation
#if canImport(Glibc)
import Glibc
private let streamSocket = Int32(SOCK_STREAM.rawValue)
private let sendFlags = Int32(MSG_NOSIGNAL)
#else
import Darwin
private let streamSocket = SOCK_STREAM
private let sendFlags: Int32 = 0
#endif

package struct HTTPTestError: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}

/// A raw HTTP/1.1 connection to 127.0.0.1. It sends paths exactly as given (URLSession would normalise
/// `/../`), and every read has a deadline so a broken server fails a test instead of hanging it.
package final class TestConnection {
    private let descriptor: Int32
    private var buffer: [UInt8] = []

    package init(port: Int) throws {
        descriptor = socket(AF_INET, streamSocket, 0)
        guard descriptor >= 0 else { throw HTTPTestError("socket: \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        // No close here: the object is whole by now, so a throw still runs deinit, which closes the socket.
        // Closing it here too closed its number twice, and the second close could hit a socket a server running
        // in another test had just been given (libmicrohttpd then aborts: "Failed to remove FD from epoll set").
        guard status == 0 else { throw HTTPTestError("cannot connect to port \(port): errno \(errno)") }
    }

    deinit { close(descriptor) }

    package func write(_ text: String) throws {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, sendFlags) }
            guard count > 0 else { throw HTTPTestError("send failed: errno \(errno)") }
            sent += count
        }
    }

    /// Reads more bytes into the buffer; false at end of stream.
    private func fill(before deadline: Date) throws -> Bool {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
        guard poll(&poller, 1, milliseconds) > 0 else { throw HTTPTestError("timed out waiting for the server") }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = recv(descriptor, &chunk, chunk.count, 0)
        guard count >= 0 else { throw HTTPTestError("recv failed: errno \(errno)") }
        buffer += chunk[0..<count]
        return count > 0
    }

    /// The bytes up to and without `delimiter`, consumed with it.
    package func read(until delimiter: String, before deadline: Date) throws -> [UInt8] {
        let needle = Array(delimiter.utf8)
        var searchFrom = 0
        while true {
            if buffer.count >= needle.count {
                for start in searchFrom...(buffer.count - needle.count) where buffer[start..<(start + needle.count)].elementsEqual(needle) {
                    let found = Array(buffer[..<start])
                    buffer.removeFirst(start + needle.count)
                    return found
                }
                searchFrom = buffer.count - needle.count + 1
            }
            guard try fill(before: deadline) else { throw HTTPTestError("the connection closed before \(delimiter.debugDescription)") }
        }
    }

    package func read(count: Int, before deadline: Date) throws -> [UInt8] {
        while buffer.count < count {
            guard try fill(before: deadline) else { throw HTTPTestError("the connection closed early") }
        }
        defer { buffer.removeFirst(count) }
        return Array(buffer[..<count])
    }

    package func readToEnd(before deadline: Date) throws -> [UInt8] {
        while try fill(before: deadline) {}
        defer { buffer.removeAll() }
        return buffer
    }

    /// Status line and headers (names lowercased).
    package func readHead(before deadline: Date) throws -> (status: Int, headers: [String: String]) {
        let lines = String(decoding: try read(until: "\r\n\r\n", before: deadline), as: UTF8.self).components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else { throw HTTPTestError("bad status line: \(lines[0])") }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return (status, headers)
    }

    /// One chunk of a chunked body; empty at the last chunk.
    package func readChunk(before deadline: Date) throws -> [UInt8] {
        let sizeLine = String(decoding: try read(until: "\r\n", before: deadline), as: UTF8.self)
        guard let size = Int(sizeLine.split(separator: ";")[0], radix: 16) else { throw HTTPTestError("bad chunk size: \(sizeLine)") }
        let data = try read(count: size, before: deadline)
        _ = try read(until: "\r\n", before: deadline)
        return data
    }
}

package struct TestResponse {
    package var status: Int
    package var headers: [String: String]
    package var body: Data
    package var text: String { String(decoding: body, as: UTF8.self) }
}

package enum HTTPTestClient {
    /// One request on a new connection, read to the end.
    /// `host` is the `Host` header (default: 127.0.0.1 and the port).
    package static func request(_ path: String, method: String = "GET", port: Int, host: String? = nil, timeout: TimeInterval = 10) throws -> TestResponse {
        let deadline = Date(timeIntervalSinceNow: timeout)
        let connection = try TestConnection(port: port)
        try connection.write("\(method) \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nConnection: close\r\n\r\n")
        let (status, headers) = try connection.readHead(before: deadline)
        guard method != "HEAD" else { return TestResponse(status: status, headers: headers, body: Data()) }
        var body: [UInt8] = []
        if headers["transfer-encoding"]?.lowercased() == "chunked" {
            while case let chunk = try connection.readChunk(before: deadline), !chunk.isEmpty { body += chunk }
        } else if let length = headers["content-length"].flatMap({ Int($0) }) {
            body = try connection.read(count: length, before: deadline)
        } else {
            body = try connection.readToEnd(before: deadline)
        }
        return TestResponse(status: status, headers: headers, body: Data(body))
    }
}

/// A Server-Sent Events stream, read event by event.
package final class TestEventStream {
    package struct Event: Equatable {
        package var name: String
        package var data: String

        package init(name: String, data: String) {
            self.name = name
            self.data = data
        }
    }

    private let connection: TestConnection
    private var decoded: [UInt8] = []
    package let status: Int
    package let headers: [String: String]

    package init(port: Int, path: String = "/__sitegen/events", timeout: TimeInterval = 10) throws {
        connection = try TestConnection(port: port)
        try connection.write("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n\r\n")
        (status, headers) = try connection.readHead(before: Date(timeIntervalSinceNow: timeout))
    }

    /// The next event with a name (comments and `retry:` lines are skipped).
    package func next(timeout: TimeInterval = 10) throws -> Event {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while true {
            while let end = blockEnd() {
                let block = String(decoding: decoded[..<end], as: UTF8.self)
                decoded.removeFirst(end + 2)
                var name = "message", data: [String] = []
                for line in block.split(separator: "\n") {
                    if line.hasPrefix("event: ") { name = String(line.dropFirst(7)) }
                    if line.hasPrefix("data: ") { data.append(String(line.dropFirst(6))) }
                }
                if !data.isEmpty { return Event(name: name, data: data.joined(separator: "\n")) }
            }
            let chunk = try connection.readChunk(before: deadline)
            guard !chunk.isEmpty else { throw HTTPTestError("the event stream ended") }
            decoded += chunk
        }
    }

    /// Events until one named `name` (and for which `matches` holds), which is returned; at most `timeout` seconds.
    package func next(named name: String, where matches: (Event) -> Bool = { _ in true }, timeout: TimeInterval = 10) throws -> Event {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while true {
            let event = try next(timeout: max(0, deadline.timeIntervalSinceNow))
            if event.name == name && matches(event) { return event }
        }
    }

    private func blockEnd() -> Int? {
        guard decoded.count >= 2 else { return nil }
        return (0..<(decoded.count - 1)).first { decoded[$0] == 10 && decoded[$0 + 1] == 10 }
    }
}
