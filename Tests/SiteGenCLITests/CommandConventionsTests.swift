import Foundation
import LinkChain
import SiteBasics
import Testing
@testable import SiteGen
@testable import SiteGenCLI
import SiteGenTestSupport

/// The command line as users of other tools expect it: help per command, short flags, -V, completion
/// scripts, one-line usage errors, colour on a terminal only. Most of it through the real binary.
@Suite struct CommandConventionsTests {
    static let commandNames = CommandLineTool.commands.map(\.name)

    static func sitegen(_ arguments: [String], in folder: URL = FileManager.default.temporaryDirectory,
                        environment: [String: String]? = nil) throws -> (code: Int32, output: String, errors: String) {
        try SitegenBinary.run(arguments, in: folder, environment: environment)
    }

    /// Runs a program found on PATH with `input` on its standard input; nil when it is not installed.
    static func program(_ name: String, _ arguments: [String], input: String = "") throws -> (code: Int32, output: String, errors: String)? {
        guard let path = ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":")
            .map({ "\($0)/\(name)" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let standardInput = Pipe(), output = Pipe(), errors = Pipe()
        (process.standardInput, process.standardOutput, process.standardError) = (standardInput, output, errors)
        try process.run()
        standardInput.fileHandleForWriting.write(Data(input.utf8))
        try standardInput.fileHandleForWriting.close()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outputData, as: UTF8.self), String(decoding: errorData, as: UTF8.self))
    }

    static func installed(_ name: String) -> Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(name)") }
    }

    // MARK: help

    @Test(arguments: commandNames)
    func everyCommandsHelpFromHelpAndFromTheCommand(_ name: String) throws {
        let fromHelp = try Self.sitegen(["help", name])
        let fromFlag = try Self.sitegen([name, "--help"])
        let fromShortFlag = try Self.sitegen([name, "-h"])
        #expect(fromHelp.code == 0 && fromFlag.code == 0 && fromShortFlag.code == 0)
        #expect(fromHelp.output == fromFlag.output && fromFlag.output == fromShortFlag.output)
        #expect(fromHelp.output.hasPrefix("Usage: sitegen \(name)"), "\(fromHelp.output)")
        #expect(fromHelp.errors.isEmpty)
        // Its own help, not the overview (whose headings are Commands: and Options:), and every option of the table in it.
        let lines = DocumentText.lines(fromHelp.output)
        #expect(lines.filter { $0.last == ":" && $0.first != " " && $0.first?.isUppercase == true } == ["Options:"])
        let command = try #require(CommandLineTool.command(named: name))
        #expect(Self.optionLabels(lines) == command.allOptions.map(\.label), "\(name)")
    }

    /// The labels of a help text's options (`-s, --source DIR`, `    --force`): the first column of the lines under
    /// "Options:".
    static func optionLabels(_ lines: [String]) -> [String] {
        guard let start = lines.firstIndex(of: "Options:") else { return [] }
        return lines[(start + 1)...].prefix { !$0.isEmpty }.map { line in
            let body = line.dropFirst(2)
            let label = body.drop { $0 == " " }.firstRange(of: "  ").map { body[..<$0.lowerBound] } ?? body
            return String(label)
        }
    }

    /// The first column of the lines under "Commands:".
    static func commandColumn(_ lines: [String]) -> [String] {
        guard let start = lines.firstIndex(of: "Commands:") else { return [] }
        return lines[(start + 1)...].prefix { !$0.isEmpty }.map { String($0.dropFirst(2).prefix { $0 != " " }) }
    }

    @Test func helpAloneIsTheOverviewAndAnUnknownTopicIsAUsageError() throws {
        let overview = try Self.sitegen(["help"])
        #expect(overview.code == 0)
        #expect(overview.output == (try Self.sitegen(["--help"])).output)
        #expect(Self.commandColumn(DocumentText.lines(overview.output)) == Self.commandNames)
        #expect(try Self.sitegen(["help", "biuld"]) == (64, "", "error: unknown command 'biuld' (did you mean 'build'?)\nsee 'sitegen help'\n"))
    }

    // MARK: flags

    @Test func versionShortAndLong() throws {
        let expected: (Int32, String, String) = (0, "sitegen \(SiteGenVersion.current)\n", "")
        #expect(try Self.sitegen(["-V"]) == expected)
        #expect(try Self.sitegen(["--version"]) == expected)
        #expect(try Self.sitegen(["version"]) == expected)
    }

    @Test func shortFlagsMeanTheirLongForms() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Fixtures.copyExample(to: folder.appendingPathComponent("site"))
        let quiet = try Self.sitegen(["build", "-s", "site", "-o", "public", "-q"], in: folder)
        #expect(quiet.code == 0, "\(quiet.errors)")
        #expect(quiet.output.isEmpty)  // -q leaves out "Built N pages"
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("public/index.html").path))
        let loud = try Self.sitegen(["build", "--source", "site", "--output", "public"], in: folder)
        #expect(loud.output.hasPrefix("Built "))
        #expect(try Self.sitegen(["check", "-s", "site"], in: folder).code == 0)
        #expect(try Self.sitegen(["schemes", "-s", "site"], in: folder).code == 0)
        #expect(try Self.sitegen(["serve", "-p", "http"]) == (64, "", "error: --port must be a number from 0 to 65535, not 'http'\nsee 'sitegen help serve'\n"))
    }

    @Test func quietStillPrintsWarningsAndErrors() {
        let captured = Captured()
        let fileSystem = Fixtures.site("---\ntitle: A\n---\n")
        #expect(captured.tool(fileSystem).run(["build", "-q", "-s", "site"]) == .success)
        #expect(captured.output.isEmpty && captured.errors.isEmpty)
        #expect(captured.tool(Fixtures.site("---\ntitle: [\n---\n")).run(["build", "-q", "-s", "site"]) == .failure)
        #expect(captured.errors.last == "Build failed with 1 error; site/Output/ was left as it was.")
    }

    @Test(arguments: [
        (["build", "--sauce", "x"], "error: unknown option '--sauce' (did you mean '--source'?)\nsee 'sitegen help build'"),
        (["build", "-x"], "error: unknown option '-x'\nsee 'sitegen help build'"),
        (["build", "-s"], "error: -s needs a value\nsee 'sitegen help build'"),
        (["build", "--force=yes"], "error: --force takes no value\nsee 'sitegen help build'"),
        (["build", "extra"], "error: unexpected argument 'extra'\nsee 'sitegen help build'"),
        (["links"], "error: links needs a shorthand such as mastodon:@eb@social.coop\nsee 'sitegen help links'"),
        (["new", "a", "b"], "error: new takes one folder\nsee 'sitegen help new'"),
        (["frobnicate"], "error: unknown command 'frobnicate'\nsee 'sitegen help'"),
        (["--verison"], "error: unknown option '--verison' (did you mean '--version'?)\nsee 'sitegen help'"),
        (["completions", "tcsh"], "error: completions needs one shell: bash, zsh or fish, not 'tcsh'\nsee 'sitegen help completions'"),
        (["completions", "bsh"], "error: completions needs one shell: bash, zsh or fish, not 'bsh' (did you mean 'bash'?)\nsee 'sitegen help completions'"),
        (["links", "--platform", "andriod", "github:a"],
         "error: --platform must be one of ios, android, desktop, not 'andriod' (did you mean 'android'?)\nsee 'sitegen help links'"),
    ])
    func usageErrorsAreOneLineAndWhereTheHelpIs(_ arguments: [String], _ expected: String) {
        let captured = Captured()
        #expect(captured.tool().run(arguments) == .usage)
        #expect(captured.errors.joined(separator: "\n") == expected)
        #expect(captured.output.isEmpty)
    }

    /// What a command repeats of its arguments cannot act on the terminal: ESC, BEL, line breaks and bidirectional
    /// overrides are shown as visible characters.
    @Test(arguments: [(["--bogus\u{1B}[2J\u{07}"], "error: unknown option '--bogus\u{241B}[2J\u{2407}'\nsee 'sitegen help'\n"),
                      (["services", "mast\u{1B}]0;owned\u{07}"], "error: unknown service 'mast\u{241B}]0;owned\u{2407}'\nsee 'sitegen help services'\n"),
                      (["build", "--source", "\u{202E}nowhere\n"], """
                        \u{FFFD}nowhere\u{240A}: error: the source folder does not exist: expected a folder holding content/ and templates/
                        Build failed with 1 error; \u{FFFD}nowhere\u{240A}/Output/ was left as it was.

                        """)])
    func argumentsInMessagesCannotActOnTheTerminal(arguments: [String], errors: String) throws {
        let result = try Self.sitegen(arguments)
        #expect(result.code != 0)
        #expect(!result.errors.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" || $0 == "\u{202E}" }, "\(result.errors.debugDescription)")
        #expect(result.errors == errors)
    }

    /// An option given twice is an error (which one would win is a guess), but for --link, which adds a button each time.
    @Test func anOptionGivenTwiceIsAUsageError() throws {
        let twice = try Self.sitegen(["build", "--now", "2026-01-01", "--now", "2027-01-01"])
        #expect(twice.code == 64)
        #expect(twice.errors.hasPrefix("error: --now is given twice ('2026-01-01', then '2027-01-01'): give it once\n"))
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Self.sitegen(["new", "s", "--link", "mailto:a@b.example", "--link", "mailto:c@d.example"], in: folder).code == 0)
    }

    @Test(arguments: ["https://x.example/?q=1", "https://x.example/a#f"])
    func aBaseURLWithAQueryOrFragmentIsRefused(base: String) throws {
        let result = try Self.sitegen(["build", "--base-url", base])
        #expect(result.code == 64)
        let part = base.hasSuffix("#f") ? "a fragment (#…)" : "a query (?…)"
        #expect(result.errors == "error: --base-url must be the site's public address, like https://example.org/: '\(base)' has \(part), which would land inside every page's address: expected the site's root, ending in its path\nsee 'sitegen help build'\n")
    }

    @Test func doubleDashEndsTheOptions() {
        let captured = Captured()
        let fileSystem = InMemoryFileSystem()
        #expect(captured.tool(fileSystem).run(["new", "--", "-site"]) == .success, "\(captured.errors)")
        #expect(fileSystem.resolvedKind(at: "-site/content/index.md") == .file)
    }

    // MARK: services

    @Test func servicesIsOneLinePerService() {
        let captured = Captured()
        #expect(captured.tool().run(["services"]) == .success)
        let lines = captured.output.joined(separator: "\n").split(separator: "\n", omittingEmptySubsequences: false)
        let services = ServiceCatalog.standard.services
        #expect(lines.count == services.count)
        for (line, service) in zip(lines, services) {
            #expect(line.hasPrefix(([service.id] + service.aliases).joined(separator: ", ") + " "), "\(line)")
            // Columns are two spaces or more apart: the names, then the display name.
            #expect(line.split(separator: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.dropFirst().first == service.displayName)
        }
        #expect(lines.first { $0.hasPrefix("mastodon ") }?.split(separator: " ", omittingEmptySubsequences: true).prefix(4).joined(separator: " ")
                == "mastodon Mastodon @eb@social.coop opener,")
    }

    @Test func servicesNameShowsThatServiceInFull() throws {
        let catalog = ServiceCatalog.standard
        for service in catalog.services {
            let captured = Captured()
            #expect(captured.tool().run(["services", service.id]) == .success)
            #expect(captured.output == [CommandLineTool.describe(service)])
        }
        let alias = Captured()
        #expect(alias.tool().run(["services", "TEL"]) == .success)
        #expect(alias.output.first?.hasPrefix("phone, tel: Phone") == true)
        let json = Captured()
        #expect(json.tool().run(["services", "mastodon", "--json"]) == .success)
        let decoded = try JSONDecoder().decode(ServiceDescription.self, from: Data(json.output.joined().utf8))
        #expect(decoded == ServiceDescription(try #require(catalog.service(named: "mastodon"))))
        let unknown = Captured()
        #expect(unknown.tool().run(["services", "mastodn"]) == .usage)
        #expect(unknown.errors == ["error: unknown service 'mastodn' (did you mean 'mastodon'?)", "see 'sitegen help services'"])
    }

    // MARK: completions

    @Test(arguments: CompletionScript.Shell.allCases)
    func completionScriptsNameEveryCommandAndOption(_ shell: CompletionScript.Shell) {
        let captured = Captured()
        #expect(captured.tool().run(["completions", shell.rawValue]) == .success)
        let script = captured.output.joined()
        // The script's words, and for fish each word with the one before it (fish names options as -l online, -s q).
        let words = script.split { character in
            switch character { case " ", "\n", "\t", "'", "\"", "(", ")", "[", "]", "|", ";", "=", "{", "}": true; default: false }
        }.map(String.init)
        let found = Set(words + zip(words, words.dropFirst()).map { "\($0) \($1)" })
        var expected = Set(CommandLineTool.commands.map(\.name))
        for option in CommandLineTool.commands.flatMap(\.allOptions) {
            // fish names long options without their dashes.
            expected.insert(shell == .fish ? "-l \(option.long.dropFirst(2))" : option.long)
            if let short = option.short { expected.insert(shell == .fish ? "-s \(short)" : "-\(short)") }
        }
        #expect(expected.subtracting(found).sorted() == [], "\(shell)")
    }

    // MARK: the manual page

    /// sitegen(1) comes from the same table: every command's usage and every option, as roff writes them.
    @Test func theManPageNamesEveryCommandAndOption() throws {
        let page = try Self.sitegen(["--help-man"])
        #expect(page.code == 0 && page.errors.isEmpty)
        let escaped = { (text: String) in text.replacingOccurrences(of: "-", with: "\\-") }
        let lines = DocumentText.lines(page.output)
        #expect(lines.filter { $0.hasPrefix(".SS ") } == CommandLineTool.commands.map { ".SS \"" + escaped($0.usage.dropFirst("Usage: ".count).description) + "\"" })
        let bold = Set(page.output.matches(of: #/\\fB(.*?)\\fR/#).map { String($0.output.1) })
        let options = Set((CommandLineTool.commands.flatMap(\.allOptions) + CommandLineTool.globalOptions).map { escaped($0.long) })
        #expect(options.subtracting(bold).sorted() == [])
        #expect(!page.output.contains("\n "), "a line starting with a space breaks the paragraph")
        if let groff = try Self.program("groff", ["-man", "-ww", "-z"], input: page.output) {
            #expect(groff.code == 0 && groff.errors.isEmpty, "\(groff.errors)")
        }
    }

    @Test func theBashScriptParsesAndCompletes() throws {
        let script = try Self.sitegen(["completions", "bash"])
        #expect(script.code == 0)
        let syntax = try #require(try Self.program("bash", ["-n"], input: script.output))
        #expect(syntax.code == 0, "\(syntax.errors)")
        // Completion as bash runs it: the script's function on the words typed so far.
        let session = script.output + """

            complete_words() { COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMPREPLY=(); _sitegen; echo "${COMPREPLY[*]}"; }
            complete_words sitegen bu
            complete_words sitegen build --so
            complete_words sitegen links --platform an
            complete_words sitegen serve -
            complete_words sitegen completions f
            complete_words sitegen help se
            complete_words sitegen services masto
            """
        let completed = try #require(try Self.program("bash", [], input: session))
        #expect(completed.errors.isEmpty, "\(completed.errors)")
        #expect(completed.output.split(separator: "\n", omittingEmptySubsequences: false) == [
            "build", "--source", "android", "-s --source -p --port --host --open --lan --poll --no-open --now -h --help", "fish", "serve services", "mastodon", "",
        ])
    }

    @Test(.enabled(if: installed("zsh"))) func theZshScriptParses() throws {
        let script = try Self.sitegen(["completions", "zsh"]).output
        let result = try #require(try Self.program("zsh", ["-n"], input: script))
        #expect(result.code == 0, "\(result.errors)")
    }

    @Test(.enabled(if: installed("fish"))) func theFishScriptParses() throws {
        let script = try Self.sitegen(["completions", "fish"]).output
        let result = try #require(try Self.program("fish", ["-n"], input: script))
        #expect(result.code == 0, "\(result.errors)")
    }

    // MARK: colour

    @Test func colourOnlyForATerminalThatAllowsIt() {
        #expect(TerminalStyle.allowsColors(environment: [:], isTerminal: true))
        #expect(TerminalStyle.allowsColors(environment: ["NO_COLOR": ""], isTerminal: true))  // no-color.org: empty means unset
        #expect(!TerminalStyle.allowsColors(environment: ["NO_COLOR": "1"], isTerminal: true))
        #expect(!TerminalStyle.allowsColors(environment: ["TERM": "dumb"], isTerminal: true))
        #expect(!TerminalStyle.allowsColors(environment: [:], isTerminal: false))
    }

    @Test func diagnosticsAreColouredBySeverity() {
        let colored = Captured()
        var tool = colored.tool(Fixtures.site("---\ntitle: [\n---\n"))
        tool.errorStyle = TerminalStyle(colors: true)
        #expect(tool.run(["build", "-s", "site"]) == .failure)
        #expect(colored.errors.first?.hasPrefix("site/content/index.md:3:1: \u{1B}[1;31merror\u{1B}[0m: ") == true, "\(colored.errors)")
        #expect(TerminalStyle(colors: true).label(.warning) == "\u{1B}[1;33mwarning\u{1B}[0m")
    }

    /// Failures of every kind through a pipe (how tests, scripts and CI read sitegen) carry no escape codes.
    @Test func noEscapeCodesWhenNotATerminal() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("content"), withIntermediateDirectories: true)
        try "---\ntitle: [\n---\n".write(to: folder.appendingPathComponent("content/index.md"), atomically: true, encoding: .utf8)
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = nil
        environment["TERM"] = "xterm-256color"
        for arguments in [["build"], ["check"], ["build", "--sauce"], ["links", "nope:x"], ["services"], ["help", "build"]] {
            let result = try Self.sitegen(arguments, in: folder, environment: environment)
            #expect(!(result.output + result.errors).contains("\u{1B}"), "\(arguments)")
        }
    }

    /// On a real terminal (a pseudo-terminal made by script(1)) errors are red, unless NO_COLOR is set.
    @Test(.enabled(if: installed("script"))) func colourOnATerminalUnlessNoColor() throws {
        let command = "'\(SitegenBinary.url.path)' build --sauce"
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        environment["NO_COLOR"] = nil
        func onTerminal(_ environment: [String: String]) throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["script", "-qec", command, "/dev/null"]
            process.environment = environment
            let output = Pipe()
            (process.standardOutput, process.standardInput) = (output, FileHandle.nullDevice)
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: data, as: UTF8.self)
        }
        #expect(try onTerminal(environment).hasPrefix("\u{1B}[1;31merror\u{1B}[0m: unknown option '--sauce'"))
        environment["NO_COLOR"] = "1"
        let plain = try onTerminal(environment)
        #expect(plain.hasPrefix("error: unknown option '--sauce'"))
        #expect(!plain.contains("\u{1B}"))
    }
}
