import Foundation

/// The authoring loop's commands: `new`, `serve` and `check`.
extension CommandLineTool {
    static let newHelp = """
        Usage: sitegen new DIR

        Creates a site in DIR, a new or empty folder: content/index.md, which shows every front matter
        field, and a copy of the default templates. It builds at once: cd DIR && sitegen serve.

        Options:
          -h, --help   Show this help
        """

    static let serveHelp = """
        Usage: sitegen serve [--source DIR] [--port N] [--host ADDR] [--no-open]

        Renders the site in memory (nothing is written) and serves it, opens it in the browser, and
        rebuilds on every save under content/ and templates/: open pages reload, or show the errors while
        the last good build stays served. Ctrl-C stops.

        Options:
          --source DIR   The site's folder (default: the current folder)
          --port N       The port (default: \(defaultServePort), or the next free one; a port given here must be free)
          --host ADDR    The address to listen on (default: 127.0.0.1; 0.0.0.0 lets other devices in)
          --no-open      Do not open the browser (never opened when CI is set or output is not a terminal)
          -h, --help     Show this help
        """

    static let checkHelp = """
        Usage: sitegen check [--source DIR]

        Reads and renders the whole site as build does, writes nothing, and reports every problem.
        Exits 1 when there are errors; warnings alone exit 0.

        Options:
          --source DIR   The site's folder (default: the current folder)
          -h, --help     Show this help
        """

    static let defaultServePort = 8080
    /// How many ports after the default one `serve` tries when it is taken.
    static let extraServePorts = 20

    func new(_ arguments: [String]) -> ExitCode {
        guard let (options, positional) = parse(arguments, valued: [], flags: ["--help", "-h"], help: Self.newHelp) else { return .usage }
        if options["--help"] != nil || options["-h"] != nil { standardOutput(Self.newHelp); return .success }
        guard positional.count == 1 else {
            return usageError(positional.isEmpty ? "new needs a folder, e.g. sitegen new mysite" : "new takes one folder", help: Self.newHelp)
        }
        let folder = positional[0]
        do {
            let templates = try NewSite.create(at: folder, fileSystem: fileSystem).filter { $0.hasPrefix("templates/") }.count
            standardOutput("Created \(folder)/ with content/index.md and \(templates) templates.\nNext: cd \(folder) && sitegen serve")
            return .success
        } catch {
            standardError("error: \(error)")
            return .failure
        }
    }

    func check(_ arguments: [String]) -> ExitCode {
        guard let (options, positional) = parse(arguments, valued: ["--source"], flags: ["--help", "-h"], help: Self.checkHelp) else { return .usage }
        if options["--help"] != nil || options["-h"] != nil { standardOutput(Self.checkHelp); return .success }
        guard positional.isEmpty else { return usageError("unexpected argument '\(positional[0])'", help: Self.checkHelp) }
        let builder = SiteBuilder(options: BuildOptions(sourceDirectory: options["--source"] ?? "."), fileSystem: fileSystem)
        do {
            let result = try builder.render()
            for warning in result.warnings { standardError(warning.description) }
            let pages = result.renderedPages.count, warnings = result.warnings.count
            standardOutput("Checked \(pages) page\(pages == 1 ? "" : "s"): no errors" + (warnings == 0 ? "." : ", \(warnings) warning\(warnings == 1 ? "" : "s")."))
            return .success
        } catch {
            for diagnostic in error.diagnostics { standardError(diagnostic.description) }
            standardError("Found \(error.errorCount) error\(error.errorCount == 1 ? "" : "s").")
            return .failure
        }
    }

    func serve(_ arguments: [String]) -> ExitCode {
        guard let (options, positional) = parse(arguments, valued: ["--source", "--port", "--host"], flags: ["--no-open", "--help", "-h"],
                                                 help: Self.serveHelp) else { return .usage }
        if options["--help"] != nil || options["-h"] != nil { standardOutput(Self.serveHelp); return .success }
        guard positional.isEmpty else { return usageError("unexpected argument '\(positional[0])'", help: Self.serveHelp) }
        var port = Self.defaultServePort
        if let given = options["--port"] {
            guard let number = Int(given), (0...65535).contains(number) else {
                return usageError("--port must be a number from 0 to 65535, not '\(given)'", help: Self.serveHelp)
            }
            port = number
        }
        let source = options["--source"] ?? "."
        guard fileSystem.itemKind(at: source) == .directory else {
            standardError("error: the source folder \(source) does not exist: expected a folder holding content/ and templates/")
            return .failure
        }
        let output = SendableOutput(standardOutput), errors = SendableOutput(standardError)
        let server = DevServer(options: DevServer.Options(build: BuildOptions(sourceDirectory: source), host: options["--host"] ?? "127.0.0.1",
                                                          port: port, extraPorts: options["--port"] == nil ? Self.extraServePorts : 0),
                               output: output.write, errors: errors.write)
        let url: String
        do { url = try server.start() } catch {
            errors.write("error: \(error)" + (options["--port"] == nil ? "" : "; choose another --port, or leave it out to take a free one"))
            return .failure
        }
        output.write("Serving \(source == "." ? "this folder" : source) at \(url) (Ctrl-C stops)")
        if options["--no-open"] == nil, Self.mayOpenBrowser(environment: ProcessInfo.processInfo.environment, outputIsTerminal: isatty(STDOUT_FILENO) == 1) {
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
