import Foundation
import SiteGenTestSupport
import Testing
import WebServer

@Suite struct RequestPathTests {
    @Test(arguments: [
        ("/", [], true),
        ("/index.html", ["index.html"], false),
        ("/a/b/", ["a", "b"], true),
        ("//a//b", ["a", "b"], false),
        ("/caf%C3%A9%20bar", ["café bar"], false),
        ("/a%2Eb", ["a.b"], false),
        ("/..a/b..", ["..a", "b.."], false),
    ])
    func decodesSegments(raw: String, segments: [String], isFolder: Bool) {
        #expect(RequestPath.parse(raw) == .success(RequestPath(segments: segments, isFolder: isFolder)))
    }

    @Test(arguments: ["/../etc/passwd", "/a/../../b", "/%2e%2e/x", "/%2E%2E%2Fetc%2Fpasswd", "/.%2e/x", "/a/./b",
                      "/a%2Fb", "/a%5Cb", "/a%00b", "/%2e"])
    func refusesStepsOutOfTheFolder(raw: String) {
        #expect(RequestPath.parse(raw) == .failure(.forbidden))
    }

    @Test(arguments: ["", "index.html", "/a%2", "/a%zz", "/%ff%fe", "*"])
    func refusesMalformedPaths(raw: String) {
        #expect(RequestPath.parse(raw) == .failure(.malformed))
    }

    /// A path given back as a `Location` stays on this server: one leading `/`, and every segment encoded again,
    /// so `//ada.dev` (another host to a browser) is `/ada.dev`.
    @Test(arguments: [
        ("/", "/"), ("//ada.dev", "/ada.dev"), ("///ada.dev/", "/ada.dev/"), ("/ada%2edev", "/ada.dev"),
        ("/caf%C3%A9%20bar/", "/caf%C3%A9%20bar/"), ("/a:b@c!$&'()*+,;=/", "/a:b@c!$&'()*+,;=/"),
        ("/a%3Fb%23c", "/a%3Fb%23c"), ("/%25", "/%25"),
    ])
    func aLocationIsAPathOnThisServer(raw: String, location: String) throws {
        let path = try RequestPath.parse(raw).get()
        #expect(path.location == location)
        #expect(RequestPath.parse(path.location) == .success(path))
    }
}

@Suite struct MediaTypeTests {
    @Test(arguments: [
        ("index.html", "text/html; charset=utf-8"), ("a/style.CSS", "text/css; charset=utf-8"),
        ("app.js", "text/javascript; charset=utf-8"), ("logo.svg", "image/svg+xml"), ("a.png", "image/png"),
        ("a.jpg", "image/jpeg"), ("a.jpeg", "image/jpeg"), ("a.gif", "image/gif"), ("a.webp", "image/webp"),
        ("favicon.ico", "image/x-icon"), ("data.json", "application/json"), ("robots.txt", "text/plain; charset=utf-8"),
        ("feed.xml", "application/xml"), ("me.vcf", "text/vcard; charset=utf-8"), ("f.woff2", "font/woff2"),
        ("README", "application/octet-stream"), (".hidden", "application/octet-stream"), ("a.unknown", "application/octet-stream"),
    ])
    func byExtension(path: String, type: String) {
        #expect(MediaType.forPath(path) == type)
    }
}

/// The server itself, with a handler that echoes what it was asked.
@Suite struct HTTPServerTests {
    static func echoServer() -> HTTPServer {
        HTTPServer { request in
            let text = "\(request.method) \(request.path) \(request.queryString)"
            return HTTPResponse(status: 200, headers: [("Content-Type", "text/plain")], body: .bytes(Data(text.utf8)))
        }
    }

    @Test func getReachesTheHandlerWithTheRawPathAndQuery() throws {
        let server = Self.echoServer()
        defer { server.stop() }
        let port = try server.start(host: "127.0.0.1", port: 0)
        let response = try HTTPTestClient.request("/a%2e%2e/b%20c?x=1&y", port: port)
        #expect(response.status == 200)
        #expect(response.text == "GET /a%2e%2e/b%20c ?x=1&y")
        #expect(response.headers["cache-control"] == "no-store")
    }

    @Test func headGetsTheHeadersWithoutTheBody() throws {
        let server = Self.echoServer()
        defer { server.stop() }
        let port = try server.start(host: "127.0.0.1", port: 0)
        let response = try HTTPTestClient.request("/x", method: "HEAD", port: port)
        #expect(response.status == 200)
        #expect(response.headers["content-length"] == "\("HEAD /x ".utf8.count)")
        #expect(response.body.isEmpty)
    }

    @Test(arguments: ["POST", "PUT", "DELETE", "OPTIONS", "PATCH"])
    func otherMethodsGet405(method: String) throws {
        let server = Self.echoServer()
        defer { server.stop() }
        let port = try server.start(host: "127.0.0.1", port: 0)
        let response = try HTTPTestClient.request("/", method: method, port: port)
        #expect(response.status == 405)
        #expect(response.headers["allow"] == "GET, HEAD")
    }

    @Test func filesAreSentFromDiskAndMissingOnesAre404() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("a.bin")
        try Data((0..<200_000).map { UInt8($0 % 251) }).write(to: file)
        let server = HTTPServer { request in
            HTTPResponse(status: 200, body: .file(path: folder.appendingPathComponent(String(request.path.dropFirst())).path))
        }
        defer { server.stop() }
        let port = try server.start(host: "127.0.0.1", port: 0)
        #expect(try HTTPTestClient.request("/a.bin", port: port).body == Data(contentsOf: file))
        #expect(try HTTPTestClient.request("/missing", port: port).status == 404)
        #expect(try HTTPTestClient.request("/", port: port).status == 404)
    }

    @Test func takenPortMovesOnOrFails() throws {
        let first = Self.echoServer(), second = Self.echoServer(), third = Self.echoServer()
        defer { first.stop(); second.stop(); third.stop() }
        let port = try first.start(host: "127.0.0.1", port: 0)
        #expect(throws: HTTPServerError.self) { try second.start(host: "127.0.0.1", port: port) }
        let next = try second.start(host: "127.0.0.1", port: port, extraPorts: 20)
        #expect(next > port && next <= port + 20)
        #expect(try HTTPTestClient.request("/", port: next).status == 200)
        first.stop()
        // Stopping frees the port at once.
        #expect(try third.start(host: "127.0.0.1", port: port) == port)
    }

    @Test func badAddressIsAnError() {
        #expect(throws: HTTPServerError.self) { try Self.echoServer().start(host: "not an address", port: 0) }
    }

    @Test func eventStreamsReceiveEveryPublishedEventUntilClosed() throws {
        let hub = EventHub()
        let server = HTTPServer { _ in
            HTTPResponse(status: 200, body: .events(hub.subscribe(sendingFirst: [ServerSentEvent(name: "hello", data: "first")])))
        }
        defer { hub.close(); server.stop() }
        let port = try server.start(host: "127.0.0.1", port: 0)
        let streams = try (0..<2).map { _ in try TestEventStream(port: port, path: "/events") }
        #expect(streams.map(\.headers["content-type"]) == ["text/event-stream", "text/event-stream"])
        for stream in streams { #expect(try stream.next() == .init(name: "hello", data: "first")) }
        #expect(hub.subscriberCount == 2)
        hub.publish(ServerSentEvent(name: "news", data: "line one\nline two\r\nthree"))
        for stream in streams { #expect(try stream.next() == .init(name: "news", data: "line one\nline two\nthree")) }
        hub.close()
        #expect(throws: HTTPTestError.self) { try streams[0].next(timeout: 5) }
    }

    @Test func silentStreamsGetHeartbeatsAndGoneClientsAreDropped() throws {
        let hub = EventHub(heartbeatInterval: 0.05)
        let server = HTTPServer { _ in HTTPResponse(status: 200, body: .events(hub.subscribe())) }
        defer { hub.close(); server.stop() }
        let port = try server.start(host: "127.0.0.1", port: 0)
        do {
            let stream = try TestEventStream(port: port)
            hub.publish(ServerSentEvent(name: "a", data: "1"))
            #expect(try stream.next().name == "a")
            #expect(hub.subscriberCount == 1)
        }
        // The stream's connection is closed; the next heartbeat fails to send and the subscription goes.
        let deadline = Date(timeIntervalSinceNow: 10)
        while hub.subscriberCount > 0 && Date() < deadline { usleep(10_000) }
        #expect(hub.subscriberCount == 0)
    }

    @Test func eventEncodingSplitsEveryLineEnd() {
        #expect(ServerSentEvent(name: "e", data: "a\rb\r\nc\n").encoded == "event: e\ndata: a\ndata: b\ndata: c\ndata: \n\n")
    }
}
