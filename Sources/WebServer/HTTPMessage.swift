import Foundation

/// A request as the server's handler sees it. Only GET and HEAD reach a handler.
public struct HTTPRequest: Sendable, Equatable {
    public var method: String
    /// The path as the client sent it, still percent-encoded, without the query.
    public var path: String
    /// The query's `name=value` pairs as sent (not decoded); nil values are names without `=`.
    public var query: [QueryItem]

    public struct QueryItem: Sendable, Equatable {
        public var name: String
        public var value: String?
        public init(name: String, value: String?) { self.name = name; self.value = value }
    }

    public init(method: String = "GET", path: String, query: [QueryItem] = []) {
        self.method = method
        self.path = path
        self.query = query
    }

    /// `?a=1&b`, or an empty string without a query: for redirects that keep it.
    public var queryString: String {
        query.isEmpty ? "" : "?" + query.map { item in item.value.map { "\(item.name)=\($0)" } ?? item.name }.joined(separator: "&")
    }
}

/// What a handler answers.
public struct HTTPResponse: Sendable {
    public enum Body: Sendable {
        case bytes(Data)
        /// A file sent from disk; the server answers 404 if it is not a readable regular file.
        case file(path: String)
        /// Server-Sent Events, until the hub closes or the client goes away.
        case events(EventSubscription)
    }

    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: Body

    public init(status: Int, headers: [(name: String, value: String)] = [], body: Body) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A short plain-text answer, for errors.
    public static func text(_ status: Int, _ text: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: .bytes(Data((text + "\n").utf8)))
    }

    public static func redirect(to location: String) -> HTTPResponse {
        HTTPResponse(status: 302, headers: [("Location", location), ("Content-Type", "text/plain; charset=utf-8")],
                     body: .bytes(Data("Found: \(location)\n".utf8)))
    }

    /// The value of the first header with this name, compared without case.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}
