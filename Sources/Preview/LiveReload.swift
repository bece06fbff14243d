import Foundation
import LinkChain
import SiteBasics
import SiteGen
import WebServer

/// What `sitegen serve` adds to the site it serves: a script in every page it renders (`PageInjection.servePreview`,
/// whose policy the renderer makes allow it) and the events that script listens to. HTML files of the site's own,
/// copied from `content/`, are served byte for byte as they will be published: nothing reads them to add the script
/// or loosen their policy. None of it is ever written to `Output/`.
enum LiveReload {
    static let eventsPath = "/__sitegen/events"

    static let script = InlineScript(body: "\n" + String(decoding: PackageResources.live_reload_js, as: UTF8.self),
                                     attributes: " data-events=\"\(eventsPath)\"")
    static var scriptBody: String { script.body }
    static var scriptElement: [UInt8] { script.element }
    static var scriptHash: String { script.hash }

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
