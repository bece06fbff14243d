import Foundation
import LinkChain
import SiteBasics
import SiteGen
import WebServer

/// What `sitegen serve` adds to the site it serves: a script in every HTML response and the events that
/// script listens to. None of it is ever written to `Output/`.
enum LiveReload {
    static let eventsPath = "/__sitegen/events"

    static let script = InlineScript(body: "\n" + String(decoding: PackageResources.live_reload_js, as: UTF8.self),
                                     attributes: " data-events=\"\(eventsPath)\"")
    static var scriptBody: String { script.body }
    static var scriptElement: [UInt8] { script.element }
    static var scriptHash: String { script.hash }
    static let scriptSource = "'sha256-\(scriptHash)'"

    /// An HTML file sitegen did not render (copied from `content/`, or the server's own 404 page) with the script
    /// before its last `</body>` (in any case), or at its end, and with its Content-Security-Policy, if it has one,
    /// letting that script run and reach the event stream. Pages sitegen renders carry the script already
    /// (`PageInjection.servePreview`).
    static func inject(into html: Data) -> Data {
        let closingTag = Array("</body".utf8)
        let bytes = [UInt8](html)
        var insertAt = bytes.count
        if bytes.count >= closingTag.count {
            for start in stride(from: bytes.count - closingTag.count, through: 0, by: -1)
            where zip(bytes[start...], closingTag).allSatisfy({ ASCII.lowercased($0) == $1 }) {
                insertAt = start
                break
            }
        }
        let injected = Data(bytes[..<insertAt]) + Data(scriptElement) + Data(bytes[insertAt...])
        guard let text = String(validating: injected, as: UTF8.self) else { return injected }
        return Data(allowingReload(inPage: text).utf8)
    }

    /// The page with the `content` of each Content-Security-Policy `<meta>` passed through `allowingReload`.
    static func allowingReload(inPage html: String) -> String {
        var result = "", rest = html[...]
        while let meta = rest.range(of: "<meta", options: .caseInsensitive), let end = rest[meta.upperBound...].firstIndex(of: ">") {
            let tag = rest[meta.lowerBound...end]
            result += rest[..<meta.lowerBound]
            rest = rest[rest.index(after: end)...]
            guard tag.range(of: "http-equiv=\"content-security-policy\"", options: .caseInsensitive) != nil,
                  let start = tag.range(of: "content=\""), let close = tag[start.upperBound...].firstIndex(of: "\"") else {
                result += tag
                continue
            }
            let policy = allowingReload(policy: CharacterReferences.decode(String(tag[start.upperBound..<close])))
            result += tag[..<start.upperBound] + HTML.escapeDoubleQuotedAttribute(policy) + tag[close...]
        }
        return result + rest
    }

    /// `policy` with the reload script's hash among the scripts it allows, and the page's own origin among
    /// the addresses it may connect to. Directives the policy leaves out fall back to `default-src`.
    static func allowingReload(policy: String) -> String {
        var directives = policy.split(separator: ";").map { $0.split(separator: " ").map(String.init) }.filter { !$0.isEmpty }
        let defaults = directives.first { $0[0].lowercased() == "default-src" }.map { Array($0.dropFirst()) }
        let additions = [("script-src", scriptSource), ("connect-src", "'self'")]
        for (name, source) in additions {
            var directive = directives.first { $0[0].lowercased() == name } ?? defaults.map { [name] + $0 } ?? []
            guard !directive.isEmpty else { continue }  // nothing restricts it
            // 'unsafe-inline' already lets every inline script run, unless a hash or nonce is there to cancel it.
            let inlineAllowed = directive.contains("'unsafe-inline'") && !directive.contains { $0.hasPrefix("'sha") || $0.hasPrefix("'nonce-") }
            if name == "script-src" && inlineAllowed { continue }
            directive.removeAll { $0 == "'none'" }
            if !directive.contains(source) { directive.append(source) }
            if let index = directives.firstIndex(where: { $0[0].lowercased() == name }) { directives[index] = directive } else { directives.append(directive) }
        }
        return directives.map { $0.joined(separator: " ") }.joined(separator: "; ")
    }

    /// Tells pages to reload; the data lists the pages this build rendered.
    static func reloadEvent(renderedPages: [String]) -> ServerSentEvent {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        let list = (try? encoder.encode(renderedPages)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
        return ServerSentEvent(name: "reload", data: list)
    }

    /// The overlay's HTML, every diagnostic escaped: the messages quote the sources, which may hold markup.
    static func errorEvent(_ failure: BuildFailure) -> ServerSentEvent {
        let errors = failure.errorCount
        let html = """
            <section role="alert"><h1>sitegen: the build failed with \(errors) error\(errors == 1 ? "" : "s")</h1>
            <pre>\(HTML.escape(failure.description))</pre>
            <p>This page shows the last good build. Save a fix and it reloads.</p></section>
            """
        return ServerSentEvent(name: "build-error", data: html)
    }
}
