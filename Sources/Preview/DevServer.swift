import Foundation
import LinkChain
import OutputFolder
import SiteBasics
import SiteGen
import SiteSource
import WebServer

/// `sitegen serve`: renders the site into memory, serves it over HTTP, and on every save under `content/`
/// or `templates/`, or of `site.yml`, rebuilds what changed and tells open pages to reload (or to show the build's errors,
/// while the last good build stays served).
public final class DevServer: @unchecked Sendable {
    public struct Options: Sendable {
        public var build: BuildOptions
        public var host: String
        public var port: Int
        /// How many ports after `port` to try when it is taken.
        public var extraPorts: Int
        /// How often the sources are checked for changes when polling.
        public var pollInterval: TimeInterval
        /// `--poll`: poll even where the kernel tells of changes (a folder on a network file system, whose
        /// other machines' saves the kernel does not see).
        public var polls: Bool

        public init(build: BuildOptions, host: String = "127.0.0.1", port: Int = 8080, extraPorts: Int = 0,
                    pollInterval: TimeInterval = 0.25, polls: Bool = false) {
            self.build = build
            self.host = host
            self.port = port
            self.extraPorts = extraPorts
            self.pollInterval = pollInterval
            self.polls = polls
        }
    }

    public let options: Options
    private let builder: SiteBuilder
    private let output: @Sendable (String) -> Void
    private let errors: @Sendable (String) -> Void
    private let errorStyle: TerminalStyle
    private let hub = EventHub()
    private var server: HTTPServer?
    private var boundPort: Int?
    /// The port it listens on, once started.
    public var port: Int? { boundPort }
    private var watcher: SourceWatcher?

    /// Rebuilds run one at a time: the first one and the watcher's may overlap.
    private let rebuilding = NSLock()
    /// Guards the fields below, and orders publishing an event after the state it announces.
    private let state = NSLock()
    private var site: ServedSite
    private var failure: BuildFailure?

    /// `output` gets progress lines, `errors` diagnostics; both are called from the server's threads.
    public init(options: Options, catalog: ServiceCatalog = .standard,
                output: @escaping @Sendable (String) -> Void, errors: @escaping @Sendable (String) -> Void,
                errorStyle: TerminalStyle = .plain) {
        self.options = options
        var builder = SiteBuilder(options: options.build, fileSystem: LocalFileSystem(), catalog: catalog)
        builder.injection = .servePreview
        builder.memo = ServeRenderMemo()
        self.builder = builder
        self.output = output
        self.errors = errors
        self.errorStyle = errorStyle
        self.site = ServedSite(files: [], boundary: nil)
    }

    deinit { stop() }

    /// Starts watching and serving, then builds; returns the site's address. A failed first build is served
    /// as an empty site whose pages show the errors until a save fixes them.
    public func start() throws(HTTPServerError) -> String {
        // Watching starts first so that no save goes unnoticed, even one made during the first build.
        // What the build reads, by its own rule: a link it refuses (`content/u -> /usr`) is never watched.
        let source = options.build.sourceDirectory
        let boundary = SiteBoundary(options.build, fileSystem: builder.fileSystem) ?? SiteBoundary(root: source, output: nil)
        let watcher = SourceWatcher(boundary: boundary, fileSystem: builder.fileSystem,
                                    folders: SiteLoader.sourceEntries.filter { $0 != SiteSettings.fileName }.map { joinPath(source, $0) },
                                    files: [joinPath(source, SiteSettings.fileName)],
                                    interval: options.pollInterval, kernelEvents: !options.polls) { [weak self] in self?.rebuild() }
        watcher.start()
        self.watcher = watcher
        let server = HTTPServer(allowedHosts: Self.allowedHosts(boundTo: options.host)) { [weak self] request in
            self?.respond(to: request) ?? .text(503, "Service Unavailable")
        }
        let port: Int
        do { port = try server.start(host: options.host, port: options.port, extraPorts: options.extraPorts) } catch {
            stop()
            throw error
        }
        self.server = server
        // A request that comes before this build ends gets a 404 page, which reloads when the build is done.
        rebuild()
        boundPort = port
        let host = options.host.contains(":") ? "[\(options.host)]" : options.host
        return "http://\(host):\(port)/"
    }

    /// The names a request may be addressed to: this machine by its loopback names, the address the server
    /// was asked to bind, and, bound to every interface, each interface's address. Any other `Host` is a page
    /// elsewhere reaching in through DNS rebinding, and gets 421.
    static func allowedHosts(boundTo host: String) -> Set<String> {
        var hosts: Set<String> = ["localhost", "127.0.0.1", "[::1]"]
        let bound = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        if bound == "0.0.0.0" || bound == "[::]" {
            hosts.formUnion(LocalAddresses.all())
        } else {
            hosts.insert(bound.lowercased())
        }
        return hosts
    }

    /// Stops watching, ends the event streams and stops the server.
    public func stop() {
        watcher?.stop()
        watcher = nil
        // A rebuild under way finishes (and reports) before the server says it stopped.
        rebuilding.withLock {}
        hub.close()
        server?.stop()
        server = nil
    }

    /// Renders what changed since the last build, reports it in the terminal, then tells open pages.
    func rebuild() {
        rebuilding.lock()
        defer { rebuilding.unlock() }
        let started = Date()
        do throws(BuildFailure) {
            let result = try builder.render()
            for warning in result.warnings { errors(warning.formatted(style: errorStyle)) }
            output(Self.summary(result, milliseconds: Int(Date().timeIntervalSince(started) * 1000)))
            state.withLock {
                site = ServedSite(files: result.files, boundary: SiteBoundary(options.build, fileSystem: builder.fileSystem), fileSystem: builder.fileSystem)
                failure = nil
                hub.publish(LiveReload.reloadEvent(renderedPages: result.renderedPages))
            }
        } catch {
            for diagnostic in error.diagnostics { errors(diagnostic.formatted(style: errorStyle)) }
            errors("Build failed with \(error.errorCount) error\(error.errorCount == 1 ? "" : "s"); still serving the last good build.")
            state.withLock {
                failure = error
                hub.publish(LiveReload.errorEvent(error))
            }
        }
    }

    static func summary(_ result: BuildResult, milliseconds: Int) -> String {
        let pages = result.renderedPages
        switch pages.count {
        case 0: return "No page changed; reloading (\(milliseconds) ms)."
        case 1...3: return "Rendered \(pages.joined(separator: ", ")) in \(milliseconds) ms."
        default: return "Rendered \(pages.count) pages in \(milliseconds) ms."
        }
    }

    private func respond(to request: HTTPRequest) -> HTTPResponse {
        guard request.path == LiveReload.eventsPath else { return state.withLock { site }.response(to: request) }
        // Subscribing under the lock means a page never misses the event of a build that ends meanwhile.
        let subscription = state.withLock { hub.subscribe(sendingFirst: failure.map { [LiveReload.errorEvent($0)] } ?? []) }
        return HTTPResponse(status: 200, body: .events(subscription))
    }
}
