import Foundation

/// The authoring loop's commands: `new`, `serve` and `check`.
extension CommandLineTool {
    static let newCommand = CommandSpec(
        name: "new", arguments: "DIR", summary: "Create a site in a new folder: sitegen new mysite",
        details: """
            Creates a site in DIR, a new or empty folder: content/index.md, which shows every front matter
            field, and a copy of the default templates. It builds at once: cd DIR && sitegen serve.
            """,
        options: [], argumentCompletion: .directory, run: { $0.new($1) })

    static let serveCommand = CommandSpec(
        name: "serve", arguments: "", summary: "Serve the site locally and reload the browser on every save",
        details: """
            Renders the site in memory (nothing is written) and serves it, opens it in the browser, and
            rebuilds on every save under content/ and templates/: open pages reload, or show the errors while
            the last good build stays served. Ctrl-C stops.
            """,
        options: [.source,
                  CommandOption(long: "--port", short: "p", value: "N",
                                help: "The port (default: \(defaultServePort), or the next free one; a port given here must be free)"),
                  CommandOption(long: "--host", short: nil, value: "ADDR",
                                help: "The address to listen on (default: 127.0.0.1; 0.0.0.0 lets other devices in)"),
                  CommandOption(long: "--no-open", short: nil, value: nil,
                                help: "Do not open the browser (never opened when CI is set or output is not a terminal)"),
                  nowOption],
        run: { $0.serve($1) })

    static let checkCommand = CommandSpec(
        name: "check", arguments: "", summary: "Report every problem in content/ and templates/ without writing anything",
        details: """
            Reads and renders the whole site as build does, writes nothing, and reports every problem.
            Exits 1 when there are errors; warnings alone exit 0.
            """,
        options: [.source, nowOption], run: { $0.check($1) })

    static let defaultServePort = 8080
    /// How many ports after the default one `serve` tries when it is taken.
    static let extraServePorts = 20

    func new(_ options: ParsedArguments) -> ExitCode {
        guard options.positional.count == 1 else {
            return usageError(options.positional.isEmpty ? "new needs a folder, e.g. sitegen new mysite" : "new takes one folder", command: Self.newCommand)
        }
        let folder = options.positional[0]
        do {
            let templates = try NewSite.create(at: folder, fileSystem: fileSystem).filter { $0.hasPrefix("templates/") }.count
            standardOutput("Created \(folder)/ with content/index.md and \(templates) templates.\nNext: cd \(folder) && sitegen serve")
            return .success
        } catch {
            reportError("\(error)")
            return .failure
        }
    }

    func check(_ options: ParsedArguments) -> ExitCode {
        guard options.positional.isEmpty else { return usageError("unexpected argument '\(options.positional[0])'", command: Self.checkCommand) }
        var now: Date?
        if let code = readClock(options, command: Self.checkCommand, into: &now) { return code }
        let builder = SiteBuilder(options: BuildOptions(sourceDirectory: options["--source"] ?? ".", now: now), fileSystem: fileSystem)
        do {
            let result = try builder.render()
            report(result.warnings)
            let pages = result.renderedPages.count, warnings = result.warnings.count
            standardOutput("Checked \(pages) page\(pages == 1 ? "" : "s"): no errors" + (warnings == 0 ? "." : ", \(warnings) warning\(warnings == 1 ? "" : "s")."))
            return .success
        } catch {
            report(error.diagnostics)
            standardError("Found \(error.errorCount) error\(error.errorCount == 1 ? "" : "s").")
            return .failure
        }
    }

    func serve(_ options: ParsedArguments) -> ExitCode {
        guard options.positional.isEmpty else { return usageError("unexpected argument '\(options.positional[0])'", command: Self.serveCommand) }
        var port = Self.defaultServePort
        if let given = options["--port"] {
            guard let number = Int(given), (0...65535).contains(number) else {
                return usageError("--port must be a number from 0 to 65535, not '\(given)'", command: Self.serveCommand)
            }
            port = number
        }
        var now: Date?
        if let code = readClock(options, command: Self.serveCommand, into: &now) { return code }
        let source = options["--source"] ?? "."
        guard fileSystem.itemKind(at: source) == .directory else {
            reportError("the source folder \(source) does not exist: expected a folder holding content/ and templates/")
            return .failure
        }
        let output = SendableOutput(standardOutput), errors = SendableOutput(standardError)
        let server = DevServer(options: DevServer.Options(build: BuildOptions(sourceDirectory: source, now: now), host: options["--host"] ?? "127.0.0.1",
                                                          port: port, extraPorts: options["--port"] == nil ? Self.extraServePorts : 0),
                               output: output.write, errors: errors.write, errorStyle: errorStyle)
        let url: String
        do { url = try server.start() } catch {
            errors.write("\(errorStyle.label(.error)): \(error)" + (options["--port"] == nil ? "" : "; choose another --port, or leave it out to take a free one"))
            return .failure
        }
        output.write("Serving \(source == "." ? "this folder" : source) at \(url) (Ctrl-C stops)")
        if !options.has("--no-open"), Self.mayOpenBrowser(environment: ProcessInfo.processInfo.environment, outputIsTerminal: isatty(STDOUT_FILENO) == 1) {
            Self.openBrowser(url)
        }
        Self.waitForTerminationSignal()
        server.stop()
        output.write("Stopped.")
        return .success
    }

    /// Not in CI, nor when output goes to a pipe or file (a script or test runs `serve`).
    static func mayOpenBrowser(environment: [String: String], outputIsTerminal: Bool) -> Bool {
        outputIsTerminal && (environment["CI"] ?? "").isEmpty
    }

    static func openBrowser(_ url: String) {
        let opener = Process()
        opener.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        #if os(macOS)
        opener.arguments = ["open", url]
        #else
        opener.arguments = ["xdg-open", url]
        #endif
        opener.standardOutput = FileHandle.nullDevice
        opener.standardError = FileHandle.nullDevice
        // No browser to open (a server, a container) is fine: the address is printed.
        try? opener.run()
    }

    /// Blocks until SIGINT (Ctrl-C) or SIGTERM, then puts their default handling back.
    static func waitForTerminationSignal() {
        let received = DispatchSemaphore(value: 0)
        let sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { received.signal() }
            source.resume()
            return (number, source)
        }
        received.wait()
        for (number, source) in sources {
            source.cancel()
            signal(number, SIG_DFL)
        }
    }
}

extension BuildFailure {
    var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }
}

/// Output lines from the server's threads: one at a time, and flushed at once so a script reading a pipe
/// sees the address as soon as it is printed.
final class SendableOutput: @unchecked Sendable {
    private let lock = NSLock()
    private let destination: (String) -> Void

    init(_ destination: @escaping (String) -> Void) { self.destination = destination }

    @Sendable func write(_ line: String) {
        lock.withLock {
            destination(line)
            fflush(nil)  // every stream: print() buffers stdout when it is a pipe
        }
    }
}
