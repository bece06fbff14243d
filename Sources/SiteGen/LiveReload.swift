import Foundation
import WebServer

/// What `sitegen serve` adds to the site it serves: a script in every HTML response and the events that
/// script listens to. None of it is ever written to `Output/`.
enum LiveReload {
    static let eventsPath = "/__sitegen/events"

    static let scriptElement = Data(
        "<script data-events=\"\(eventsPath)\">\n\(String(decoding: PackageResources.live_reload_js, as: UTF8.self))</script>\n".utf8)

    /// `html` with the script before its last `</body>` (in any case), or at its end.
    static func inject(into html: Data) -> Data {
        let closingTag = Array("</body".utf8)
        let bytes = [UInt8](html)
        var insertAt = bytes.count
        if bytes.count >= closingTag.count {
            for start in stride(from: bytes.count - closingTag.count, through: 0, by: -1)
            where zip(bytes[start...], closingTag).allSatisfy({ asciiLowercased($0) == $1 }) {
                insertAt = start
                break
            }
        }
        return Data(bytes[..<insertAt]) + scriptElement + Data(bytes[insertAt...])
    }

    private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
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
