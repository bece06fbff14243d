import Foundation
import LinkChain

/// The `sitegen` command: parses arguments, runs a command, and returns the exit code.
/// Output goes through the two closures so tests can read it.
public struct CommandLineTool {
    public enum ExitCode: Int32, Sendable { case success = 0, failure = 1, usage = 64 }

    public var fileSystem: any FileSystem
    public var standardOutput: (String) -> Void
    public var standardError: (String) -> Void

    public init(fileSystem: any FileSystem = LocalFileSystem(),
                standardOutput: @escaping (String) -> Void = { print($0) },
                standardError: @escaping (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }) {
        self.fileSystem = fileSystem
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    static let overview = """
        sitegen \(SiteGenVersion.current): contact pages whose buttons open the visitor's own apps.

        Usage: sitegen <command> [options]

        Commands:
          build    Render content/ through templates/ into Output/
          links    Print the ordered app chain for a link, e.g. mastodon:@eb@social.coop
          services List the services a link can use, with their apps and sources
          schemes  Print the app URL schemes a site uses, for an iOS app's Info.plist
          new      Create a site in a new folder: sitegen new mysite
          serve    Serve the site locally and reload the browser on every save
          check    Report every problem in content/ and templates/ without writing anything

        Options:
          -h, --help     Show help (also after a command: sitegen build --help)
          --version      Print the version

        Exit codes: 0 success, 1 content or template error, 64 usage error.
        """

    static let buildHelp = """
        Usage: sitegen build [--source DIR] [--output DIR] [--base-url URL] [--force]

        Reads content/ and templates/ in the source folder and writes the site to the output folder.
        The output folder is replaced only when the whole build succeeds. Files there that sitegen did
        not write (.git, CNAME, ...) are kept; a build that would replace one stops instead.

        Options:
          --source DIR     The site's folder (default: the current folder)
          --output DIR     Where to write the site (default: Output inside the source folder)
          --base-url URL   The site's public address, for pages that do not set url
          --force          Replace files in the output folder that sitegen did not write (never .git)
          -h, --help       Show this help
        """

    static let linksHelp = """
        Usage: sitegen links SHORTHAND [--platform ios|android|desktop] [--json]

        Prints the chain of app URLs a button tries, in order, then the fallback link.
        SHORTHAND is a service and handle: mastodon:@user@host, mailto:you@example.org?subject=Hi,
        github:octocat, tel:+4930123456, or an https:// URL (sitegen services lists them all).

        Options:
          --platform P   Only the apps tried on P: ios, android or desktop
          --json         Print the chain as JSON
          -h, --help     Show this help
        """

    static let servicesHelp = """
        Usage: sitegen services [--json]

        Lists every service a link can use: its handle form, and its apps per platform with the source
        of each app's URL format and whether the app opens the target natively or in a web view.
        Unverified formats (no primary source) are not tried by default (Opener, first in the seed
        chain, is the one exception, with its reason); a link can still choose them with apps: [...].

        Options:
          --json       Print the catalog as JSON
          -h, --help   Show this help
        """

    static let schemesHelp = """
        Usage: sitegen schemes [--plist] [--source DIR]

        Prints the URL schemes of the iOS app candidates a site's links use, sorted, once each: what an
        iOS app that calls UIApplication.canOpenURL must list under LSApplicationQueriesSchemes.
        (SwiftUI's openURL with a completion needs no list.) iOS reads at most 50.

        Options:
          --plist        Print the Info.plist key and array instead of one scheme a line
          --source DIR   The site's folder (default: the current folder)
          -h, --help     Show this help
        """

    public func run(_ arguments: [String]) -> ExitCode {
        guard let command = arguments.first else {
            standardError(Self.overview)
            return .usage
        }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "-h", "--help", "help":
            standardOutput(Self.overview)
            return .success
        case "--version":
            standardOutput("sitegen \(SiteGenVersion.current)")
            return .success
        case "build": return build(rest)
        case "links": return links(rest)
        case "services": return services(rest)
        case "schemes": return schemes(rest)
        case "new": return new(rest)
        case "serve": return serve(rest)
        case "check": return check(rest)
        default:
            let commands = ["build", "links", "services", "schemes", "new", "serve", "check"]
            let hint = EditDistance.nearest(to: command, among: commands).map { " (did you mean '\($0)'?)" } ?? ""
            return usageError("unknown command '\(command)'\(hint)", help: Self.overview)
        }
    }

    func usageError(_ message: String, help: String) -> ExitCode {
        standardError("error: \(message)\n\n\(help)")
        return .usage
    }

    /// Splits `--name value` options and positional arguments; nil (after reporting) on a usage error.
    func parse(_ arguments: [String], valued: Set<String>, flags: Set<String>, help: String)
        -> (options: [String: String], positional: [String])? {
        var options: [String: String] = [:], positional: [String] = []
        var index = 0
        while index < arguments.count {
            var argument = arguments[index]
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                inlineValue = String(argument[argument.index(after: equals)...])
                argument = String(argument[..<equals])
            }
            if valued.contains(argument) {
                if let inlineValue { options[argument] = inlineValue }
                else if index + 1 < arguments.count { index += 1; options[argument] = arguments[index] }
                else { _ = usageError("\(argument) needs a value", help: help); return nil }
            } else if flags.contains(argument) {
                options[argument] = ""
            } else if argument.hasPrefix("-") && argument.count > 1 {
                let hint = EditDistance.nearest(to: argument, among: Array(valued) + Array(flags)).map { " (did you mean '\($0)'?)" } ?? ""
                _ = usageError("unknown option '\(argument)'\(hint)", help: help)
                return nil
            } else {
                positional.append(argument)
            }
            index += 1
        }
        return (options, positional)
    }

    private func build(_ arguments: [String]) -> ExitCode {
        guard let (options, positional) = parse(arguments, valued: ["--source", "--output", "--base-url"],
                                                 flags: ["--help", "-h", "--force"], help: Self.buildHelp) else { return .usage }
        if options["--help"] != nil || options["-h"] != nil { standardOutput(Self.buildHelp); return .success }
        guard positional.isEmpty else { return usageError("unexpected argument '\(positional[0])'", help: Self.buildHelp) }
        for name in ["--source", "--output"] where options[name] == "" {
            return usageError("\(name) needs a folder, not an empty path", help: Self.buildHelp)
        }
        var baseURL: String?
        if let base = options["--base-url"] {
            switch PageAddress.parse(base) {
            case .success(let address): baseURL = address
            case .failure(let problem): return usageError("--base-url must be the site's public address, like https://example.org/: \(problem.reason)", help: Self.buildHelp)
            }
        }
        let buildOptions = BuildOptions(sourceDirectory: options["--source"] ?? ".", outputDirectory: options["--output"],
                                        baseURL: baseURL, replacesForeignFiles: options["--force"] != nil)
        let builder = SiteBuilder(options: buildOptions, fileSystem: fileSystem)
        // `Output/`, and `out/` rather than `out//` when the path already ends with a slash.
        let folder = buildOptions.outputDirectory.hasSuffix("/") ? buildOptions.outputDirectory : buildOptions.outputDirectory + "/"
        do {
            let result = try builder.build()
            for warning in result.warnings { standardError(warning.description) }
            let pages = result.paths.filter { $0.hasSuffix(".html") }.count
            standardOutput("Built \(pages) page\(pages == 1 ? "" : "s") (\(result.paths.count) files) into \(folder)")
            return .success
        } catch {
            for diagnostic in error.diagnostics { standardError(diagnostic.description) }
            let errors = error.diagnostics.filter { $0.severity == .error }.count
            standardError("Build failed with \(errors) error\(errors == 1 ? "" : "s"); \(folder) was left as it was.")
            return .failure
        }
    }

    private func links(_ arguments: [String]) -> ExitCode {
        guard let (options, positional) = parse(arguments, valued: ["--platform"], flags: ["--json", "--help", "-h"], help: Self.linksHelp) else { return .usage }
        if options["--help"] != nil || options["-h"] != nil { standardOutput(Self.linksHelp); return .success }
        guard positional.count == 1 else {
            return usageError(positional.isEmpty ? "links needs a shorthand such as mastodon:@eb@social.coop" : "links takes one shorthand", help: Self.linksHelp)
        }
        var platform: Platform?
        if let name = options["--platform"] {
            guard let known = Platform(rawValue: name) else {
                return usageError("--platform must be one of \(Platform.allCases.map(\.rawValue).joined(separator: ", ")), not '\(name)'", help: Self.linksHelp)
            }
            platform = known
        }
        var chain: Chain
        do { chain = try ServiceCatalog.standard.chain(shorthand: positional[0]) } catch {
            standardError("error: \(error.message)")
            return .failure
        }
        if let platform { chain.candidates = chain.candidates(for: platform) }
        if options["--json"] != nil {
            standardOutput(Self.json(chain))
            return .success
        }
        standardOutput(Self.table(chain))
        return .success
    }

    private func services(_ arguments: [String]) -> ExitCode {
        guard let (options, positional) = parse(arguments, valued: [], flags: ["--json", "--help", "-h"], help: Self.servicesHelp) else { return .usage }
        if options["--help"] != nil || options["-h"] != nil { standardOutput(Self.servicesHelp); return .success }
        guard positional.isEmpty else { return usageError("unexpected argument '\(positional[0])'", help: Self.servicesHelp) }
        let catalog = ServiceCatalog.standard
        if options["--json"] != nil {
            standardOutput(Self.json(catalog.descriptions))
            return .success
        }
        standardOutput(catalog.services.map(Self.describe).joined(separator: "\n\n"))
        return .success
    }

    /// A service in words: name and handle form, then its apps by platform.
    static func describe(_ service: any Service) -> String {
        let names = ([service.id] + service.aliases).joined(separator: ", ")
        var lines = ["\(names): \(service.displayName), \(service.handleForm)"]
        if !service.optionNames.isEmpty { lines.append("  options: " + service.optionNames.joined(separator: ", ")) }
        if service.provesIdentity { lines.append("  proves identity: its links carry rel=\"me\"") }
        if service.apps.isEmpty { lines.append("  apps: none: the button opens its link") }
        for platform in Platform.allCases {
            let apps = service.apps.filter { $0.platforms.contains(platform) || (platform == .android && $0.androidPackage != nil) }
            guard !apps.isEmpty else { continue }
            lines.append("  \(platform.rawValue):")
            for app in apps {
                let status = (app.verified ? "" : "unverified, ") + (app.inDefaultChain ? "default" : "on request") + ", " + app.opensIn.phrase
                let url = platform == .android && !app.platforms.contains(.android) ? "intent: \(app.url) in \(app.androidPackage!)" : app.url.text
                lines.append("    \(app.id) (\(app.name), \(status)): \(url)")
                lines.append("      source: \(app.source)")
            }
        }
        return lines.joined(separator: "\n")
    }

    private func schemes(_ arguments: [String]) -> ExitCode {
        guard let (options, positional) = parse(arguments, valued: ["--source"], flags: ["--plist", "--help", "-h"], help: Self.schemesHelp) else { return .usage }
        if options["--help"] != nil || options["-h"] != nil { standardOutput(Self.schemesHelp); return .success }
        guard positional.isEmpty else { return usageError("unexpected argument '\(positional[0])'", help: Self.schemesHelp) }
        let builder = SiteBuilder(options: BuildOptions(sourceDirectory: options["--source"] ?? "."), fileSystem: fileSystem, iconSets: .none)
        let chains: [Chain]
        do { chains = try builder.chains() } catch {
            for diagnostic in error.diagnostics { standardError(diagnostic.description) }
            return .failure
        }
        let schemes = Self.querySchemes(chains)
        if schemes.count > 50 {
            standardError("warning: \(schemes.count) schemes: iOS reads only the first 50 of LSApplicationQueriesSchemes; choose fewer apps with apps: [...]")
        }
        if options["--plist"] != nil {
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
        return rows.enumerated().map { index, row in
            "\(index + 1). \(pad(row.0, nameWidth))  \(pad(row.1, platformWidth))  \(row.2)"
        }.joined(separator: "\n")
    }
}
