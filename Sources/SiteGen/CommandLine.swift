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
          new      Create a site in a new folder: sitegen new mysite
          serve    Serve the site locally and reload the browser on every save
          check    Report every problem in content/ and templates/ without writing anything

        Options:
          -h, --help     Show help (also after a command: sitegen build --help)
          --version      Print the version

        Exit codes: 0 success, 1 content or template error, 64 usage error.
        """

    static let buildHelp = """
        Usage: sitegen build [--source DIR] [--output DIR] [--base-url URL]

        Reads content/ and templates/ in the source folder and writes the site to the output folder.
        The output folder is replaced only when the whole build succeeds.

        Options:
          --source DIR     The site's folder (default: the current folder)
          --output DIR     Where to write the site (default: Output inside the source folder)
          --base-url URL   The site's public address, for pages that do not set url
          -h, --help       Show this help
        """

    static let linksHelp = """
        Usage: sitegen links SHORTHAND [--json]

        Prints the chain of app URLs a button tries, in order, then the fallback link.
        SHORTHAND is a service and handle: mastodon:@user@host, mailto:you@example.org?subject=Hi,
        email:you@example.org, or an https:// URL.

        Options:
          --json       Print the chain as JSON
          -h, --help   Show this help
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
        case "new": return new(rest)
        case "serve": return serve(rest)
        case "check": return check(rest)
        default:
            let hint = EditDistance.nearest(to: command, among: ["build", "links", "new", "serve", "check"]).map { " (did you mean '\($0)'?)" } ?? ""
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
                                                 flags: ["--help", "-h"], help: Self.buildHelp) else { return .usage }
        if options["--help"] != nil || options["-h"] != nil { standardOutput(Self.buildHelp); return .success }
        guard positional.isEmpty else { return usageError("unexpected argument '\(positional[0])'", help: Self.buildHelp) }
        if let base = options["--base-url"], LinkResolver.scheme(of: base) != "https" && LinkResolver.scheme(of: base) != "http" {
            return usageError("--base-url must be an absolute URL like https://example.org/, not '\(base)'", help: Self.buildHelp)
        }
        let buildOptions = BuildOptions(sourceDirectory: options["--source"] ?? ".", outputDirectory: options["--output"],
                                        baseURL: options["--base-url"])
        let builder = SiteBuilder(options: buildOptions, fileSystem: fileSystem)
        do {
            let result = try builder.build()
            for warning in result.warnings { standardError(warning.description) }
            let pages = result.files.filter { $0.path.hasSuffix(".html") }.count
            standardOutput("Built \(pages) page\(pages == 1 ? "" : "s") (\(result.files.count) files) into \(buildOptions.outputDirectory)/")
            return .success
        } catch {
            for diagnostic in error.diagnostics { standardError(diagnostic.description) }
            let errors = error.diagnostics.filter { $0.severity == .error }.count
            standardError("Build failed with \(errors) error\(errors == 1 ? "" : "s"); \(buildOptions.outputDirectory)/ was left as it was.")
            return .failure
        }
    }

    private func links(_ arguments: [String]) -> ExitCode {
        guard let (options, positional) = parse(arguments, valued: [], flags: ["--json", "--help", "-h"], help: Self.linksHelp) else { return .usage }
        if options["--help"] != nil || options["-h"] != nil { standardOutput(Self.linksHelp); return .success }
        guard positional.count == 1 else {
            return usageError(positional.isEmpty ? "links needs a shorthand such as mastodon:@eb@social.coop" : "links takes one shorthand", help: Self.linksHelp)
        }
        let chain: Chain
        do { chain = try ServiceCatalog.standard.chain(shorthand: positional[0]) } catch {
            standardError("error: \(error.message)")
            return .failure
        }
        if options["--json"] != nil {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            standardOutput(String(decoding: (try? encoder.encode(chain)) ?? Data(), as: UTF8.self))
            return .success
        }
        standardOutput(Self.table(chain))
        return .success
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
