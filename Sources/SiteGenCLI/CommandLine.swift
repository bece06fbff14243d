import Foundation
import LinkChain
import OnlineCheck
import SiteBasics
import SiteGen
import SiteSource

/// The `sitegen` command: parses arguments, runs a command, and returns the exit code.
/// Output goes through the two closures so tests can read it.
public struct CommandLineTool {
    public enum ExitCode: Int32, Sendable { case success = 0, failure = 1, usage = 64 }

    public var fileSystem: any FileSystem
    public var standardOutput: (String) -> Void
    public var standardError: (String) -> Void
    /// Colours for standard error; `main` passes `.standardError`, which is plain unless that is a terminal.
    public var errorStyle: TerminalStyle
    /// Where `check --online` fetches profiles from; nil: the network, through libcurl.
    public var profileFetcher: (any ProfileFetcher)?
    public var onlineLimits = OnlineCheck.Limits()
    public var linkLimits = LinkCheck.defaultLimits
    public var importLimits = WebPage.limits(maxBytes: ImportSite.maximumSourceBytes)

    public init(fileSystem: any FileSystem = LocalFileSystem(),
                standardOutput: @escaping (String) -> Void = { print($0) },
                standardError: @escaping (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) },
                errorStyle: TerminalStyle = .plain) {
        self.fileSystem = fileSystem
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.errorStyle = errorStyle
    }

    /// Every command, in the order the overview lists them. Parsing, help and completions all read this.
    static let commands: [CommandSpec] = [buildCommand, checkCommand, newCommand, importCommand, serveCommand, publishCommand, linksCommand, servicesCommand,
                                          schemesCommand, completionsCommand, helpCommand, versionCommand]

    static func command(named name: String) -> CommandSpec? { commands.first { $0.name == name } }

    /// What other site generators call some commands (Hugo, Zola, Jekyll), and sitegen's name for each.
    static let otherToolsCommands = ["init": "new", "create": "new", "deploy": "publish", "watch": "serve", "server": "serve", "validate": "check"]

    /// The options taken before any command.
    static let globalOptions = [
        CommandOption(long: "--help", short: "h", value: nil, help: "Show help (also after a command: sitegen build --help)"),
        CommandOption(long: "--version", short: "V", value: nil, help: "Print the version"),
    ]

    static var overview: String {
        let width = commands.map(\.name.count).max()! + 2
        let optionWidth = globalOptions.map(\.label.count).max()! + 2
        return (["sitegen \(SiteGenVersion.current): contact pages whose buttons open the visitor's own apps.", "",
                 "Usage: sitegen <command> [options]", "", "Commands:"]
                + commands.map { "  " + $0.name + String(repeating: " ", count: width - $0.name.count) + $0.summary }
                + ["", "Options:"]
                + globalOptions.map { "  " + $0.label + String(repeating: " ", count: optionWidth - $0.label.count) + $0.help }
                + ["", "Run 'sitegen help COMMAND' for a command's options.",
                   "Exit codes: 0 success, 1 content or template error, 64 usage error."]).joined(separator: "\n")
    }

    static let outputOption = CommandOption(long: "--output", short: "o", value: "DIR",
                                            help: "Where to write the site (default: Output inside the source folder)", completion: .directory)

    static let nowOption = CommandOption(long: "--now", short: nil, value: "DATETIME",
                                         help: "Build as if it were then, for scheduled links: 2026-12-24 (UTC) or 2026-12-24T18:00:00+01:00")

    /// Reads `--now` into `now` (left nil without it); the usage error's exit code when its value is not a moment.
    func readClock(_ options: ParsedArguments, command: CommandSpec, into now: inout Date?) -> ExitCode? {
        guard let text = options["--now"] else { return nil }
        switch ScheduleTime.parse(text) {
        case .success(let time): now = time.date; return nil
        case .failure(let problem): return usageError("--now: \(problem.reason)", command: command)
        }
    }

    static let baseURLOption = CommandOption(long: "--base-url", short: nil, value: "URL", help: "The site's public address, for pages that do not set url")
    /// `build`'s and `publish`'s: it means this one thing in both.
    static let forceOption = CommandOption(long: "--force", short: nil, value: nil, help: "Replace files in the output folder that sitegen did not write (never .git)")
    static let quietOption = CommandOption(long: "--quiet", short: "q", value: nil, help: "Print nothing when the build succeeds without warnings")
    static let strictOption = CommandOption(long: "--strict", short: nil, value: nil,
                                            help: "Fail (exit 1) on warnings too, such as sitegen new's placeholders or an unknown field: for CI")

    static let buildCommand = CommandSpec(
        name: "build", arguments: "", summary: "Render content/ through templates/ into Output/",
        details: """
            Reads content/ and templates/ in the source folder and writes the site to the output folder.
            Nothing there changes unless the whole build succeeds; then each new or changed file takes its
            old one's place in one step, and unchanged files are left alone. Files that sitegen did not write
            (.git, CNAME, ...) or that changed since are kept; a build that would replace one stops instead.
            Exits 1 on errors; warnings alone exit 0, or 1 with --strict.
            """,
        options: [.source, outputOption, baseURLOption, forceOption, nowOption, quietOption, strictOption],
        run: { $0.build($1) })

    static let linksCommand = CommandSpec(
        name: "links", arguments: "SHORTHAND", summary: "Print the ordered app chain for a link, e.g. mastodon:@eb@social.coop",
        details: """
            Prints the chain of app URLs a button tries, in order, then the fallback link.
            SHORTHAND is a service and handle: mastodon:@user@host, mailto:you@example.org?subject=Hi,
            github:octocat, tel:+4930123456, or an https:// URL (sitegen services lists them all).
            """,
        options: [CommandOption(long: "--platform", short: nil, value: "PLATFORM", help: "Only the apps tried on PLATFORM: ios, android or desktop",
                                completion: .words(Platform.allCases.map(\.rawValue))),
                  CommandOption(long: "--json", short: nil, value: nil, help: "Print the chain as JSON")],
        run: { $0.links($1) })

    static let servicesCommand = CommandSpec(
        name: "services", arguments: "[NAME]", summary: "List the services a link can use; sitegen services NAME shows one in full",
        details: """
            Without NAME, lists every service on one line each: its name, what it is, its handle form and
            its apps. With NAME (or one of its aliases), shows that service in full: its options, and its
            apps per platform with the source of each app's URL format and whether the app opens the
            target natively or in a web view, and the platforms where the service's app claims its https
            links (there no app is tried by default). Unverified formats (no primary source) are not tried by
            default (Opener, first in the seed chain, is the one exception, with its reason); a link can
            still choose them with apps: [...]. --markdown prints the catalog as the README's table, --taps
            what a tap does on each platform (docs/how-it-works.md's table).
            """,
        options: [CommandOption(long: "--json", short: nil, value: nil, help: "Print the catalog (or the one service) as JSON"),
                  CommandOption(long: "--markdown", short: nil, value: nil, help: "Print the catalog as the README's Markdown table"),
                  CommandOption(long: "--taps", short: nil, value: nil,
                                help: "Print what a tap does on each platform, per service with apps, with sources (docs/how-it-works.md's table)")],
        argumentCompletion: .words(ServiceCatalog.standard.services.map(\.id)),
        run: { $0.services($1) })

    static let schemesCommand = CommandSpec(
        name: "schemes", arguments: "", summary: "Print the app URL schemes a site uses, for an iOS app's Info.plist",
        details: """
            Prints the URL schemes of the iOS app candidates a site's links use, sorted, once each: what an
            iOS app that calls UIApplication.canOpenURL must list under LSApplicationQueriesSchemes.
            (SwiftUI's openURL with a completion needs no list.) iOS reads at most 50.
            """,
        options: [CommandOption(long: "--plist", short: nil, value: nil, help: "Print the Info.plist key and array instead of one scheme a line"),
                  .source],
        run: { $0.schemes($1) })

    static let completionsCommand = CommandSpec(
        name: "completions", arguments: "bash|zsh|fish", summary: "Print a shell completion script: sitegen completions bash",
        details: """
            Prints a completion script for the shell, made from the same list of commands and options as
            this help. For example:
              bash: sitegen completions bash > ~/.local/share/bash-completion/completions/sitegen
              zsh:  sitegen completions zsh > ~/.zfunc/_sitegen   (with fpath+=(~/.zfunc) before compinit)
              fish: sitegen completions fish > ~/.config/fish/completions/sitegen.fish
            """,
        options: [], argumentCompletion: .words(CompletionScript.Shell.allCases.map(\.rawValue)),
        run: { $0.completions($1) })

    static let helpCommand = CommandSpec(
        name: "help", arguments: "[COMMAND]", summary: "Show a command's help: sitegen help build",
        details: "Shows the help of COMMAND, or without one, the list of commands.",
        options: [], argumentCompletion: .commands,
        run: { $0.help($1) })

    static let versionCommand = CommandSpec(
        name: "version", arguments: "", summary: "Print the version (the same as --version)",
        details: "Prints sitegen's version, as sitegen --version and -V do.",
        options: [], run: { $0.version($1) })

    public func run(_ arguments: [String]) -> ExitCode {
        guard let name = arguments.first else {
            standardError(Self.overview)
            return .usage
        }
        switch name {
        case "-h", "--help":
            standardOutput(Self.overview)
            return .success
        case "-V", "--version":
            return version(ParsedArguments())
        case "--help-man":
            // Not listed: it is for scripts/package-deb.sh, which installs the page as sitegen(1).
            standardOutput(ManPage.roff(commands: Self.commands, globalOptions: Self.globalOptions, overview: Self.overview))
            return .success
        default: break
        }
        guard let command = Self.command(named: name) else {
            let candidates = name.hasPrefix("-") ? Self.globalOptions.map(\.long) : Self.commands.map(\.name)
            let hint = Self.otherToolsCommands[name].map { " (sitegen calls it '\($0)')" } ?? Spelling.hint(for: name, among: candidates, count: 1)
            return usageError("unknown \(name.hasPrefix("-") ? "option" : "command") '\(name)'\(hint)", command: nil)
        }
        switch ArgumentParser.parse(Array(arguments.dropFirst()), for: command) {
        case .failure(let problem):
            return usageError(problem.message, command: command)
        case .success(let parsed):
            if parsed.has("--help") {
                standardOutput(command.help)
                return .success
            }
            return command.run(self, parsed)
        }
    }

    /// One line saying what is wrong, then where the help is: the whole help would bury the line.
    func usageError(_ message: String, command: CommandSpec?) -> ExitCode {
        reportError(message)
        standardError("see 'sitegen help\(command.map { " \($0.name)" } ?? "")'")
        return .usage
    }

    func reportError(_ message: String) {
        standardError("\(errorStyle.label(.error)): \(Diagnostic.printable(message))")
    }

    func report(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics { standardError(diagnostic.formatted(style: errorStyle)) }
    }

    func help(_ arguments: ParsedArguments) -> ExitCode {
        guard let name = arguments.positional.first else {
            standardOutput(Self.overview)
            return .success
        }
        guard arguments.positional.count == 1 else { return usageError("help takes one command", command: Self.helpCommand) }
        guard let command = Self.command(named: name) else {
            let hint = Spelling.hint(for: name, among: Self.commands.map(\.name), count: 1)
            return usageError("unknown command '\(name)'\(hint)", command: nil)
        }
        standardOutput(command.help)
        return .success
    }

    func version(_ arguments: ParsedArguments) -> ExitCode {
        guard arguments.positional.isEmpty else { return usageError("unexpected argument '\(arguments.positional[0])'", command: Self.versionCommand) }
        standardOutput("sitegen \(SiteGenVersion.current)")
        return .success
    }

    func completions(_ arguments: ParsedArguments) -> ExitCode {
        guard arguments.positional.count == 1, let shell = CompletionScript.Shell(rawValue: arguments.positional[0]) else {
            let given = arguments.positional.first.map {
                ", not '\($0)'" + Spelling.hint(for: $0, among: CompletionScript.Shell.allCases.map(\.rawValue), count: 1)
            } ?? ""
            return usageError("completions needs one shell: bash, zsh or fish\(given)", command: Self.completionsCommand)
        }
        standardOutput(CompletionScript.script(for: shell, commands: Self.commands, globalOptions: Self.globalOptions))
        return .success
    }

    func build(_ options: ParsedArguments) -> ExitCode {
        let command = Self.buildCommand
        guard options.positional.isEmpty else { return usageError("unexpected argument '\(options.positional[0])'", command: command) }
        switch readBuildOptions(options, command: command) {
        case .failure(let code): return code.exitCode
        case .success(let buildOptions): return runBuild(buildOptions, quiet: options.has("--quiet")) == nil ? .failure : .success
        }
    }

    /// A usage error's exit code, as a failure `Result` can carry.
    struct Stopped: Error { let exitCode: ExitCode }

    /// The options `build` and `publish` share, read and checked.
    func readBuildOptions(_ options: ParsedArguments, command: CommandSpec) -> Result<BuildOptions, Stopped> {
        for name in ["--source", "--output"] where options[name] == "" {
            return .failure(Stopped(exitCode: usageError("\(name) needs a folder, not an empty path", command: command)))
        }
        var baseURL: String?
        if let base = options["--base-url"] {
            switch PageAddress.parseSiteRoot(base) {
            case .success(let address): baseURL = address
            case .failure(let problem):
                return .failure(Stopped(exitCode: usageError("--base-url must be the site's public address, like https://example.org/: \(problem.reason)", command: command)))
            }
        }
        var now: Date?
        if let code = readClock(options, command: command, into: &now) { return .failure(Stopped(exitCode: code)) }
        return .success(BuildOptions(sourceDirectory: options["--source"] ?? ".", outputDirectory: options["--output"],
                                     baseURL: baseURL, replacesForeignFiles: options.has("--force"), now: now,
                                     failsOnWarnings: options.has("--strict")))
    }

    /// Builds and writes the site, reporting as `build` does; nil when it failed (its errors are reported).
    func runBuild(_ buildOptions: BuildOptions, quiet: Bool) -> BuildResult? {
        let builder = SiteBuilder(options: buildOptions, fileSystem: fileSystem)
        // `Output/`, and `out/` rather than `out//` when the path already ends with a slash.
        let folder = buildOptions.outputDirectory.hasSuffix("/") ? buildOptions.outputDirectory : buildOptions.outputDirectory + "/"
        do {
            let result = try builder.build()
            report(result.warnings)
            if let note = Self.leftOutNote(result.leftOut) { standardError(note) }
            let pages = result.paths.filter { $0.hasSuffix(".html") }.count
            if !quiet {
                standardOutput("Built \(pages) page\(pages == 1 ? "" : "s") (\(result.paths.count) files) into \(Diagnostic.printable(folder))")
            }
            return result
        } catch {
            report(error.diagnostics)
            let changed = error.diagnostics.contains { $0.kind == .outputChanged }
            standardError("Build failed with \(error.summary); \(Diagnostic.printable(folder)) \(changed ? "was changed in part, as listed" : "was left as it was").")
            return nil
        }
    }

    /// One line naming the files of content/ a build did not publish, since no page uses them (the first few, then
    /// how many more); nil when there are none.
    static func leftOutNote(_ leftOut: [String]) -> String? {
        guard let first = leftOut.first else { return nil }
        if leftOut.count == 1 {
            return "note: \(Diagnostic.printable("content/" + first)) is not published, since no page uses it: link to it from a page, or move it to static/ to publish it as it is"
        }
        let shown = leftOut.prefix(5).map { Diagnostic.printable("content/" + $0) }.joined(separator: ", ")
        let more = leftOut.count > 5 ? " and \(leftOut.count - 5) more" : ""
        return "note: \(leftOut.count) files of content/ are not published, since no page uses them (\(shown)\(more)): link to them from a page, or move them to static/ to publish them as they are"
    }

    func links(_ options: ParsedArguments) -> ExitCode {
        let command = Self.linksCommand
        guard options.positional.count == 1 else {
            return usageError(options.positional.isEmpty ? "links needs a shorthand such as mastodon:@eb@social.coop" : "links takes one shorthand", command: command)
        }
        var platform: Platform?
        if let name = options["--platform"] {
            guard let known = Platform(rawValue: name) else {
                let names = Platform.allCases.map(\.rawValue)
                return usageError("--platform must be one of \(names.joined(separator: ", ")), not '\(name)'\(Spelling.hint(for: name, among: names, count: 1))", command: command)
            }
            platform = known
        }
        var chain: Chain
        do { chain = try ServiceCatalog.standard.chain(shorthand: options.positional[0]) } catch {
            reportError(error.message)
            return .failure
        }
        if let platform { chain.candidates = chain.candidates(for: platform) }
        if options.has("--json") {
            standardOutput(Self.json(chain))
            return .success
        }
        standardOutput(Self.table(chain))
        return .success
    }

    func services(_ options: ParsedArguments) -> ExitCode {
        let catalog = ServiceCatalog.standard
        guard options.positional.count <= 1 else { return usageError("services takes one service name", command: Self.servicesCommand) }
        guard let name = options.positional.first else {
            standardOutput(options.has("--json") ? Self.json(catalog.descriptions)
                           : options.has("--markdown") ? Self.markdownTable(catalog.services)
                           : options.has("--taps") ? Self.tapTable(catalog.services) : Self.compactTable(catalog.services))
            return .success
        }
        guard let service = catalog.service(named: name) else {
            return usageError("unknown service '\(name)'\(Spelling.hint(naming: catalog.nearestNames(to: name)))", command: Self.servicesCommand)
        }
        standardOutput(options.has("--json") ? Self.json(ServiceDescription(service)) : Self.describe(service))
        return .success
    }

    /// One line per service: its names, what it is, an example handle, and its apps (default ones first).
    static func compactTable(_ services: [any Service]) -> String {
        let rows = services.map { service -> [String] in
            let apps = service.apps.filter(\.inDefaultChain) + service.apps.filter { !$0.inDefaultChain }
            return [([service.id] + service.aliases).joined(separator: ", "), service.displayName, service.exampleHandle,
                    apps.isEmpty ? "no apps: the button opens its link" : apps.map(\.id).joined(separator: ", ")]
        }
        let widths = (0..<3).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            (0..<3).map { row[$0] + String(repeating: " ", count: widths[$0] - row[$0].count + 2) }.joined() + row[3]
        }.joined(separator: "\n")
    }

    /// The README's service table: one row a service with its names, handle, where the button links for the
    /// example handle, the apps tried by default per platform, and its icon. Written from the catalog, so the
    /// README cannot drift from it (a test compares them).
    static func markdownTable(_ services: [any Service]) -> String {
        func code(_ text: String) -> String { "`" + text.replacingOccurrences(of: "|", with: "\\|") + "`" }
        let rows = services.map { service -> String in
            let names = code(service.id) + (service.aliases.isEmpty ? "" : " (" + service.aliases.map(code).joined(separator: ", ") + ")")
            let example = service.exampleHandle
            let link = (try? service.chain(handle: example).fallback).map(code) ?? "see below"
            var tried: [String] = []
            for platform in Platform.allCases {
                let apps = service.defaultApps.filter { $0.platforms.contains(platform) || (platform == .android && $0.androidPackage != nil) }
                let claimed = service.appClaimedLinks.contains { $0.platform == platform }
                if !apps.isEmpty {
                    tried.append(platformName(platform) + ": " + apps.map { $0.name + ($0.verified ? "" : " (unverified)") }.joined(separator: ", "))
                } else if claimed {
                    tried.append(platformName(platform) + ": none, the link opens the app")
                }
            }
            let icon = service.icon
            let fallback = (icon.fontAwesome.map { "Font Awesome " + code($0) } ?? icon.forkAwesome.map { "Fork Awesome " + code($0) }).map {
                $0 + (icon.standsIn ? " (stands in)" : "")
            }
            let iconText = [icon.simpleIcons.map { "Simple Icons " + code($0) }, fallback].compactMap { $0 }.joined(separator: ", else ")
                .nonEmpty ?? "sitegen's glyph " + code(icon.glyph)
            let options = service.optionNames.isEmpty ? "" : "; options " + service.optionNames.map(code).joined(separator: ", ")
            let handle = service.handleForm.replacingOccurrences(of: "|", with: "\\|") + options
            return "| \(names) | \(service.displayName) | \(handle) | \(link) | \(tried.isEmpty ? "none" : tried.joined(separator: "; ")) | \(iconText) |"
        }
        return (["| service (aliases) | name | handle | the button links to (for the example) | apps tried by default | icon |",
                 "|---|---|---|---|---|---|"] + rows).joined(separator: "\n")
    }

    /// docs/how-it-works.md's platform table: for each service with an app, what a tap does on iOS, Android and a
    /// desktop, as the page's script decides it (one app at most per tap; desktops follow the link and offer the
    /// apps in the chooser), with the sources. Written from the catalog, so the guide cannot drift (a test compares).
    static func tapTable(_ services: [any Service]) -> String {
        func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }
        func names(_ apps: [AppEntry]) -> String { apps.map { $0.name + ($0.verified ? "" : " (unverified)") }.joined(separator: ", ") }
        let rows = services.compactMap { service -> String? in
            let apps = service.defaultApps, claims = service.appClaimedLinks
            guard !service.apps.isEmpty || !claims.isEmpty else { return nil }
            func claimed(_ platform: Platform) -> Bool { claims.contains { $0.platform == platform } }
            let ios = apps.filter { $0.platforms.contains(.ios) }, android = apps.filter { $0.androidPackage != nil }
            let desktop = apps.filter { $0.platforms.contains(.desktop) }
            let iosTap = ios.count > 1 ? "tries " + names(ios) + " (one a tap, in this order), then the link"
                : !ios.isEmpty ? "tries " + names(ios) + ", then the link"
                : claimed(.ios) ? "the link, which opens the app (it claims the link)" : "the link"
            let androidTap = !android.isEmpty ? "`intent:` for " + names(android) + ": the app, or the link without it"
                : claimed(.android) ? "the link, which opens the app (a verified App Link)" : "the link"
            let desktopTap = "the link" + (desktop.isEmpty ? "" : "; the chooser offers " + names(desktop))
            var sources: [String] = []
            for source in (ios + android + desktop).map(\.source) + claims.map(\.source) where !sources.contains(source) { sources.append(source) }
            if sources.isEmpty { sources = ["no app is tried by default: " + names(service.apps) + " only in the chooser"] }
            return "| \(service.displayName) | \(cell(iosTap)) | \(cell(androidTap)) | \(cell(desktopTap)) | \(cell(sources.joined(separator: "; "))) |"
        }
        return (["| service | iOS | Android | desktop | source |", "|---|---|---|---|---|"] + rows).joined(separator: "\n")
    }

    static func platformName(_ platform: Platform) -> String {
        switch platform { case .ios: "iOS"; case .android: "Android"; case .desktop: "desktop" }
    }

    /// A service in words: name and handle form, then its apps by platform.
    static func describe(_ service: any Service) -> String {
        let names = ([service.id] + service.aliases).joined(separator: ", ")
        var lines = ["\(names): \(service.displayName), \(service.handleForm)"]
        if !service.optionNames.isEmpty { lines.append("  options: " + service.optionNames.joined(separator: ", ")) }
        if service.provesIdentity { lines.append("  proves identity: its links carry rel=\"me\"") }
        if service.apps.isEmpty { lines.append("  apps: none: the button opens its link") }
        for claim in service.appClaimedLinks {
            lines.append("  \(claim.platform.rawValue): the app opens the https link itself, so no app is tried by default (source: \(claim.source))")
        }
        for platform in Platform.allCases {
            let apps = service.apps.filter { $0.platforms.contains(platform) || (platform == .android && $0.androidPackage != nil) }
            guard !apps.isEmpty else { continue }
            lines.append("  \(platform.rawValue):")
            for app in apps {
                let claimed = service.appClaimedLinks.contains { $0.platform == platform }
                let tried = app.inDefaultChain ? (claimed ? "in the chooser, since the link opens the app" : "default") : "on request"
                let status = (app.verified ? "" : "unverified, ") + tried + ", " + app.opensIn.phrase
                let url = platform == .android && !app.platforms.contains(.android) ? "intent: \(app.url) in \(app.androidPackage!)" : app.url.text
                lines.append("    \(app.id) (\(app.name), \(status)): \(url)")
                lines.append("      source: \(app.source)")
            }
        }
        return lines.joined(separator: "\n")
    }

    func schemes(_ options: ParsedArguments) -> ExitCode {
        guard options.positional.isEmpty else { return usageError("unexpected argument '\(options.positional[0])'", command: Self.schemesCommand) }
        let builder = SiteBuilder(options: BuildOptions(sourceDirectory: options["--source"] ?? "."), fileSystem: fileSystem, iconSets: .none)
        let chains: [Chain]
        do { chains = try builder.chains() } catch {
            report(error.diagnostics)
            return .failure
        }
        let schemes = Self.querySchemes(chains)
        if schemes.count > 50 {
            standardError("\(errorStyle.label(.warning)): \(schemes.count) schemes: iOS reads only the first 50 of LSApplicationQueriesSchemes; choose fewer apps with apps: [...]")
        }
        if options.has("--plist") {
            standardOutput((["<key>LSApplicationQueriesSchemes</key>", "<array>"] + schemes.map { "\t<string>\(HTML.escape($0))</string>" } + ["</array>"]).joined(separator: "\n"))
        } else if !schemes.isEmpty {
            standardOutput(schemes.joined(separator: "\n"))
        }
        return .success
    }

    /// The schemes of the chains' iOS candidates other than http and https, sorted and once each.
    static func querySchemes(_ chains: [Chain]) -> [String] {
        let schemes = chains.flatMap { $0.candidates(for: .ios) }.compactMap { candidate in
            candidate.url.split(separator: ":", maxSplits: 1).first.map { $0.lowercased() }
        }
        return Set(schemes).subtracting(["http", "https"]).sorted()
    }

    /// Pretty, sorted JSON without escaped slashes, as `links --json` and `services --json` print it.
    static func json(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(value)) ?? Data(), as: UTF8.self)
    }

    /// One line per step: app, platforms, URL; the fallback last.
    static func table(_ chain: Chain) -> String {
        var rows = chain.candidates.map { ($0.appName + ($0.verified ? "" : " (unverified)"), $0.platforms.map(\.rawValue).joined(separator: ","), $0.url) }
        rows.append(("Fallback", "all", chain.fallback))
        let nameWidth = rows.map(\.0.count).max() ?? 0
        let platformWidth = rows.map(\.1.count).max() ?? 0
        func pad(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: width - text.count) }
        let lines = rows.enumerated().map { index, row in
            "\(index + 1). \(pad(row.0, nameWidth))  \(pad(row.1, platformWidth))  \(row.2)"
        }
        // Where each app's address format comes from, once an app: what makes the chain more than a guess.
        var seen = Set<String>()
        let sources = chain.candidates.filter { seen.insert($0.appID).inserted }.map { "  \($0.appName): \($0.source)" }
        return (lines + (sources.isEmpty ? [] : ["", "Sources:"] + sources)).joined(separator: "\n")
    }
}
