import Foundation
import LinkChain
import OnlineCheck
import Preview
import SiteBasics
import SiteGen
import WebServer

/// The authoring loop's commands: `new`, `serve` and `check`.
extension CommandLineTool {
    static let newCommand = CommandSpec(
        name: "new", arguments: "DIR", summary: "Create a site in a new folder: sitegen new mysite --title 'Ada Lovelace'",
        details: """
            Creates a site in DIR, a new or empty folder: site.yml with the settings every page shares and
            the buttons, content/index.md with the page's own, an avatar of the title's initials
            (content/avatar.svg), and a copy of the default templates. Every front matter field is there,
            most commented out. It builds at once: cd DIR && sitegen serve.
            DIR may not be a symbolic link; a name that starts with - goes after --: sitegen new -- -site.
            With --ci it also writes build-site.sh, which builds the site with a pinned sitegen, and the files
            that run it on every push to main: a GitHub Actions workflow deploying to GitHub Pages (github),
            netlify.toml and a workflow deploying to Netlify (netlify), or a workflow uploading to Cloudflare
            Pages (cloudflare).
            """,
        options: [CommandOption(long: "--title", short: nil, value: "TEXT", help: "The page's title, and the avatar's initials (default: Your Name)"),
                  CommandOption(long: "--link", short: nil, value: "SHORTHAND",
                                help: "A button, such as mastodon:@you@mastodon.social or mailto:you@example.org; repeat for more (default: examples)",
                                repeatable: true),
                  CommandOption(long: "--url", short: nil, value: "URL",
                                help: "The page's public https address, for the QR code and contact card (default: a placeholder)"),
                  CommandOption(long: "--ci", short: nil, value: "HOST",
                                help: "Also publish from every push to main: github (GitHub Pages), netlify or cloudflare (Pages); writes build-site.sh and the host's workflow",
                                completion: .words(DeployRecipe.allCases.map(\.rawValue)))],
        argumentCompletion: .directory, run: { $0.new($1) })

    static let serveCommand = CommandSpec(
        name: "serve", arguments: "", summary: "Serve the site locally and reload the browser on every save",
        details: """
            Renders the site in memory (nothing is written), serves it, prints its address, and rebuilds
            on every save under content/ and templates/ and of site.yml: open pages reload, or show the
            errors while the last good build stays served. With --open it also opens the address in the
            browser (with no browser to open, serving goes on). Ctrl-C stops.
            """,
        options: [.source,
                  CommandOption(long: "--port", short: "p", value: "N",
                                help: "The port (default: \(defaultServePort), or the next free one; a port given here must be free)"),
                  CommandOption(long: "--host", short: nil, value: "ADDR",
                                help: "The address to listen on (default: 127.0.0.1; 0.0.0.0 lets other devices in)"),
                  CommandOption(long: "--open", short: nil, value: nil,
                                help: "Open the site in the browser ($BROWSER, else xdg-open or open)"),
                  CommandOption(long: "--lan", short: nil, value: nil,
                                help: "Preview on a phone: listen on every interface, print each network address and a QR code of the first"),
                  CommandOption(long: "--poll", short: nil, value: nil,
                                help: "Look for saves every 250 ms instead of being told by the kernel (inotify): for a network file system"),
                  CommandOption(long: "--no-open", short: nil, value: nil,
                                help: "Do not open the browser: the default, kept for scripts that pass it"),
                  nowOption],
        run: { $0.serve($1) })

    static let checkCommand = CommandSpec(
        name: "check", arguments: "", summary: "Report every problem in content/ and templates/ without writing anything",
        details: """
            Reads and renders the whole site as build does, writes nothing, and reports every problem.
            Exits 1 when there are errors; warnings alone exit 0, or 1 with --strict.
            With --online, it then fetches the profile of each identity link (Mastodon through its API,
            GitHub, others through their page) and reports whether it links back to the page's url, and
            whether the page links to it with rel="me", with what to do where not. What the network
            answers there never changes the exit status.
            With --links, it asks every external https address of the site (buttons, Markdown links and
            images; HEAD, then GET where HEAD is refused), 8 at a time, 10 s each and 60 s in all: a 4xx or
            5xx answer or a host that cannot be reached is an error at each place the address is written
            (exit 1), a redirect a warning with the final address. Redirects are followed only to public https
            addresses (never http, this machine or a private network), else a warning. Addresses found fine are
            remembered for a day in .sitegen-link-cache in the site's folder, so a re-run asks only the others.
            """,
        options: [.source,
                  CommandOption(long: "--online", short: nil, value: nil,
                                help: "Also ask each identity link's profile whether it links back (rel=\"me\")"),
                  CommandOption(long: "--links", short: nil, value: nil,
                                help: "Also ask every external https link whether it still works (cached for a day)"),
                  nowOption, strictOption],
        run: { $0.check($1) })

    static let defaultServePort = 8080
    /// How many ports after the default one `serve` tries when it is taken.
    static let extraServePorts = 20

    func new(_ options: ParsedArguments) -> ExitCode {
        guard options.positional.count == 1 else {
            return usageError(options.positional.isEmpty ? "new needs a folder, e.g. sitegen new mysite" : "new takes one folder", command: Self.newCommand)
        }
        let folder = options.positional[0]
        // Only `-` itself gets here before `--`: any longer word is an unknown option.
        if folder.hasPrefix("-"), !options.isAfterOptions(0) {
            return usageError(ArgumentParser.folderAfterOptions(folder, command: Self.newCommand), command: Self.newCommand)
        }
        var details = NewSite.Details()
        if let title = options["--title"] {
            guard !title.trimmingCharacters(in: .whitespaces).isEmpty else { return usageError("--title needs some text", command: Self.newCommand) }
            details.title = title
        }
        details.links = options.all("--link")
        if let url = options["--url"] { details.url = url }
        if let host = options["--ci"] {
            guard let recipe = DeployRecipe(rawValue: host) else {
                let hint = Spelling.hint(for: host, among: DeployRecipe.allCases.map(\.rawValue), count: 1)
                return usageError("--ci takes \(DeployRecipe.names), not '\(host)'\(hint)", command: Self.newCommand)
            }
            details.deploy = recipe
        }
        do {
            _ = try NewSite.create(at: folder, details: details, fileSystem: fileSystem)
            standardOutput(Self.created(folder, then: details.deploy.map { " " + $0.advice } ?? ""))
            return .success
        } catch {
            if let path = error.path { report([Diagnostic(path: path, message: error.message)]) } else { reportError(error.message) }
            return .failure
        }
    }

    /// What `new` and `import` print once the site is made, with a sentence of their own before the next command.
    static func created(_ folder: String, then advice: String = "") -> String {
        // The next command is meant to be pasted: a folder named "My page" must arrive as one argument, one
        // named "-site" as a folder, not an option of cd.
        let shown = folder.hasSuffix("/") ? folder : folder + "/"
        let cdPath = folder.hasPrefix("-") ? "./" + folder : folder
        // `new .` made the site where the shell is: nothing to change to.
        let isHere = !folder.hasPrefix("/") && folder.split(separator: "/").allSatisfy { $0 == "." }
        let next = isHere ? "sitegen serve" : "cd \(shellQuoted(cdPath)) && sitegen serve"
        return "Created \(Diagnostic.printable(shown)) with site.yml, content/index.md and \(NewSite.templates.count) templates.\(advice)\nNext: \(next)"
    }

    func check(_ options: ParsedArguments) -> ExitCode {
        guard options.positional.isEmpty else { return usageError("unexpected argument '\(options.positional[0])'", command: Self.checkCommand) }
        var now: Date?
        if let code = readClock(options, command: Self.checkCommand, into: &now) { return code }
        var builder = SiteBuilder(options: BuildOptions(sourceDirectory: options["--source"] ?? ".", now: now, failsOnWarnings: options.has("--strict")),
                                  fileSystem: fileSystem)
        builder.keepsPageFiles = options.has("--online")
        do {
            let result = try builder.render()
            report(result.warnings)
            let pages = result.renderedPages.count, warnings = result.warnings.count
            standardOutput("Checked \(pages) page\(pages == 1 ? "" : "s"): no errors" + (warnings == 0 ? "." : ", \(warnings) warning\(warnings == 1 ? "" : "s")."))
            guard options.has("--online") || options.has("--links") else { return .success }
            guard let fetcher = networkFetcher() else { return .failure }
            let resolved = builder.pages().pages
            if options.has("--online") { checkOnline(resolved, files: result.files, fetcher: fetcher, catalog: builder.catalog) }
            if options.has("--links") { return checkLinks(resolved, source: options["--source"] ?? ".", fetcher: fetcher) }
            return .success
        } catch {
            report(error.diagnostics)
            standardError("Found \(error.summary).")
            for (option, name) in [("--online", "online check"), ("--links", "link check")] where options.has(option) {
                standardError("The \(name) did not run: fix the errors first.")
            }
            return .failure
        }
    }

    /// Where `check --online`, `--links` and `import https://…` send their requests: the test's fetcher, the loopback servers of
    /// `SITEGEN_TEST_LOOPBACK_HOSTS`, or the network; nil (the problem reported) when that variable is malformed.
    func networkFetcher() -> (any ProfileFetcher)? {
        if let fixed = profileFetcher { return fixed }
        guard let seam = ProcessInfo.processInfo.environment[CurlProfileFetcher.environmentVariable] else { return CurlProfileFetcher() }
        switch CurlProfileFetcher.parseLoopbackHosts(seam) {
        case .success(let hosts): return CurlProfileFetcher(loopbackHosts: hosts)
        case .failure(let problem):
            reportError(problem.message)
            return nil
        }
    }

    /// `check --online` after a check without errors: the report on standard output, whatever the network did.
    private func checkOnline(_ resolved: [ResolvedPage], files: [OutputFile], fetcher: any ProfileFetcher, catalog: ServiceCatalog) {
        let check = OnlineCheck(fetcher: fetcher, limits: onlineLimits, catalog: catalog)
        standardOutput(OnlineCheck.format(check.run(OnlineCheck.pages(resolved, files: files))))
    }

    /// `check --links` after a check without errors: each problem at its places, then a summary; a failure when an
    /// address is broken or unreachable. The cache in the site's folder is read and written only as sitegen's own
    /// regular file (never through a link, never over a file of the same name that sitegen did not write).
    private func checkLinks(_ resolved: [ResolvedPage], source: String, fetcher: any ProfileFetcher) -> ExitCode {
        let cachePath = joinPath(source, LinkCache.fileName)
        var cache = LinkCache(), keepsCache = true
        switch fileSystem.kind(at: cachePath) {
        case .missing: break
        case .file:
            if let read = (try? fileSystem.readFile(cachePath)).flatMap({ LinkCache(text: String(decoding: $0, as: UTF8.self)) }) {
                cache = read
            } else {
                keepsCache = false
                report([Diagnostic(.warning, path: cachePath, message: "not a cache sitegen wrote: left as it is, and nothing is remembered for the next run")])
            }
        default:
            keepsCache = false
            report([Diagnostic(.warning, path: cachePath, message: "not a regular file: left as it is, and nothing is remembered for the next run")])
        }
        let links = LinkCheck.links(resolved)
        let (outcomes, updated, fromCache) = LinkCheck(fetcher: fetcher, limits: linkLimits).run(links, cache: cache)
        let diagnostics = LinkCheck.diagnostics(links, outcomes)
        report(diagnostics)
        standardOutput(LinkCheck.summary(outcomes, fromCache: fromCache))
        if keepsCache && updated != cache {
            let staged = cachePath + ".\(ProcessInfo.processInfo.processIdentifier).new"
            do {
                try fileSystem.writeNewFile(staged, Data(updated.text.utf8))
                try fileSystem.replaceFile(cachePath, with: staged)
            } catch {
                try? fileSystem.removeFile(staged)
                report([Diagnostic(.warning, path: cachePath, message: "the results could not be kept: \((error as? FileSystemError)?.reason ?? "\(error)")")])
            }
        }
        return diagnostics.contains { $0.severity == .error } ? .failure : .success
    }

    func serve(_ options: ParsedArguments) -> ExitCode {
        guard options.positional.isEmpty else { return usageError("unexpected argument '\(options.positional[0])'", command: Self.serveCommand) }
        guard !(options.has("--open") && options.has("--no-open")) else {
            return usageError("--open and --no-open contradict each other: give one", command: Self.serveCommand)
        }
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
        guard fileSystem.resolvedKind(at: source) == .folder else {
            reportError("the source folder \(source) does not exist: expected a folder holding content/ and templates/")
            return .failure
        }
        let lan = options.has("--lan")
        if lan, options["--host"] != nil { return usageError("--lan listens on every interface: leave out --host", command: Self.serveCommand) }
        var host = "127.0.0.1"
        if let written = options["--host"] {
            switch ServeHost.parse(written) {
            case .success(let parsed): host = parsed
            case .failure(let problem): return usageError(Diagnostic.printable(problem.description), command: Self.serveCommand)
            }
        }
        let stopSignal = TerminationSignal()
        let output = SendableOutput(standardOutput), errors = SendableOutput(standardError)
        // --lan: IPv6's any-address, which Linux and macOS also answer IPv4 on; 0.0.0.0 where IPv6 is off.
        var server: DevServer?, url = "", lastError: HTTPServerError?
        for host in lan ? ["::", "0.0.0.0"] : [host] {
            let candidate = DevServer(options: DevServer.Options(build: BuildOptions(sourceDirectory: source, now: now), host: host,
                                                                 port: port, extraPorts: options["--port"] == nil ? Self.extraServePorts : 0,
                                                                 polls: options.has("--poll")),
                                      output: output.write, errors: errors.write, errorStyle: errorStyle)
            do {
                url = try candidate.start()
                server = candidate
                break
            } catch { lastError = error }
        }
        guard let server else {
            let portAdvice = options["--port"] != nil && lastError?.isAboutThePort == true
            errors.write("\(errorStyle.label(.error)): \(Diagnostic.printable(lastError.map { "\($0)" } ?? "cannot listen"))" + (portAdvice ? "; choose another --port, or leave it out to take a free one" : ""))
            return .failure
        }
        let folder = source == "." ? "this folder" : source
        // Bound to every interface, the addresses worth opening are the interfaces' (which the Host check
        // accepts), never 0.0.0.0 or [::], which a browser cannot open and the check would answer with 421.
        if lan || ServeHost.isEveryInterface(server.options.host) {
            let port = server.port ?? 0, ipv6 = server.options.host == "::"
            url = "http://localhost:\(port)/"
            output.write(LANPreview.announcement(folder: folder, port: port, addresses: LANPreview.addresses(LocalAddresses.all(), ipv6: ipv6),
                                                 colors: TerminalStyle.forStream(STDOUT_FILENO).colors))
        } else {
            output.write("Serving \(folder) at \(url) (Ctrl-C stops)")
        }
        // Only when asked, as Hugo and Zola do: a browser window at every start is in the way of a second one.
        if options.has("--open") {
            if !BrowserOpener.open(url, environment: ProcessInfo.processInfo.environment) {
                output.write("No browser found to open (set BROWSER, or install xdg-utils): open \(url) yourself.")
            }
        }
        stopSignal.wait()
        server.stop()
        output.write("Stopped.")
        return .success
    }

    /// SIGINT (Ctrl-C) and SIGTERM, caught from when it is made: made before the server starts, so a Ctrl-C
    /// pressed as soon as the address shows is never lost between the two.
    final class TerminationSignal {
        private let received = DispatchSemaphore(value: 0)
        private var sources: [(Int32, any DispatchSourceSignal)] = []

        init() {
            sources = [SIGINT, SIGTERM].map { number in
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler { [received] in received.signal() }
                source.resume()
                return (number, source)
            }
        }

        /// Blocks until a signal came.
        func wait() { received.wait() }

        /// Their default handling back, however `serve` ends.
        deinit {
            for (number, source) in sources {
                source.cancel()
                signal(number, SIG_DFL)
            }
        }
    }
}

/// Opens an address in the user's browser: the program named by `BROWSER` (the variable xdg-open and
/// Python's webbrowser read too), else `xdg-open` (or `open` on macOS) found on `PATH`.
enum BrowserOpener {
    #if os(macOS)
    static let systemOpener = "open"
    #else
    static let systemOpener = "xdg-open"
    #endif

    /// The program that would open the browser, or nil when there is none.
    static func program(environment: [String: String]) -> String? {
        // BROWSER may list several, separated by ':'; the first is the user's choice.
        let chosen = environment["BROWSER"]?.split(separator: ":").first.map(String.init)
        let name = chosen.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 } ?? systemOpener
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        return (environment["PATH"] ?? "").split(separator: ":").map { "\($0)/\(name)" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Starts the opener without waiting for it; false when there is none or it cannot be started.
    static func open(_ url: String, environment: [String: String]) -> Bool {
        guard let program = program(environment: environment) else { return false }
        let opener = Process()
        opener.executableURL = URL(fileURLWithPath: program)
        opener.arguments = [url]
        opener.standardOutput = FileHandle.nullDevice
        opener.standardError = FileHandle.nullDevice
        do { try opener.run() } catch { return false }
        return true
    }
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

extension CommandLineTool {
    /// `text` as one word for a POSIX shell: as it is when it holds only characters no shell treats specially,
    /// else in single quotes (a quote inside written as '\'').
    static func shellQuoted(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "._/-+,:@%".unicodeScalars.contains($0)
        }
        return plain ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
