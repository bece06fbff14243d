import Companions

/// Scripts that whoever serves the pages adds to each page it renders (`sitegen serve`: its preview and reload
/// scripts). The renderer puts them where they belong and allows them in the page's policy as it writes the
/// page, so nothing searches the finished HTML; built pages carry none.
public struct PageInjection: Sendable {
    /// Goes in the head, right after the policy `<meta>`, so it runs before the runtime.
    public var headScript: InlineScript?
    /// Goes before the template's `</body>`.
    public var bodyEndScript: InlineScript?
    /// The page may connect back to the server it came from (an event stream).
    public var connectsToOwnServer: Bool

    public init(headScript: InlineScript? = nil, bodyEndScript: InlineScript? = nil, connectsToOwnServer: Bool = false) {
        self.headScript = headScript
        self.bodyEndScript = bodyEndScript
        self.connectsToOwnServer = connectsToOwnServer
    }

    var scriptHashes: [String] { [headScript, bodyEndScript].compactMap { $0?.hash } }
}

/// An inline `<script>` and the hash that lets it run under a page's Content-Security-Policy.
public struct InlineScript: Sendable {
    /// What the policy hashes: the text between the tags.
    public let body: String
    /// The element, with a line break after it.
    public let element: [UInt8]
    /// Base64 SHA-256 of `body`.
    public let hash: String

    /// `attributes` go inside the opening tag as written, with a leading space (` data-events="/x"`).
    public init(body: String, attributes: String = "") {
        self.body = body
        element = Array("<script\(attributes)>\(body)</script>\n".utf8)
        hash = SecurityPolicy.sha256Base64(body)
    }
}
