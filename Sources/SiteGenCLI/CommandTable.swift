import Foundation
import LinkChain
import SiteGen

/// One option of a command. The same entry parses the arguments, writes the help and feeds the completion
/// scripts, so the three cannot disagree.
struct CommandOption: Sendable {
    /// What a shell offers after the option (or as a command's positional argument).
    enum Completion: Sendable, Equatable {
        /// `file`: any path (`import`'s saved page), folders included.
        case none, directory, file, words([String])
        /// The names of the commands (for `help`).
        case commands
    }

    /// `--source`
    let long: String
    /// `s` for `-s`
    let short: Character?
    /// The value's placeholder (`DIR`); nil for a flag.
    let value: String?
    let help: String
    var completion: Completion = .none
    /// Whether the value may be left out (`--push [REMOTE]`): then the next argument is the value only when it
    /// does not start with -, and `has` is true either way.
    var valueIsOptional = false
    /// Whether the option may be given more than once (`--link`), each value kept; any other given twice is an
    /// error, since which one would win is a guess.
    var repeatable = false

    static let help = CommandOption(long: "--help", short: "h", value: nil, help: "Show this help")
    static let source = CommandOption(long: "--source", short: "s", value: "DIR", help: "The site's folder (default: the current folder)",
                                      completion: .directory)

    /// `-s, --source DIR`, or `    --base-url URL` when there is no short form.
    var label: String {
        (short.map { "-\($0), " } ?? "    ") + long + valueLabel
    }

    /// `[-s DIR]` in a usage line.
    var synopsis: String {
        "[" + (short.map { "-\($0)" } ?? long) + valueLabel + "]"
    }

    /// ` DIR`, ` [REMOTE]` for a value that may be left out, or "" for a flag.
    var valueLabel: String {
        value.map { valueIsOptional ? " [\($0)]" : " \($0)" } ?? ""
    }
}

/// One command: its name, arguments, options and help, and what runs it.
struct CommandSpec: Sendable {
    let name: String
    /// Positional arguments as the usage line shows them: `DIR`, `[NAME]`, or "".
    let arguments: String
    /// One line for the overview.
    let summary: String
    /// The help's paragraph(s) between the usage line and the options.
    let details: String
    /// Without --help, which every command takes.
    let options: [CommandOption]
    var argumentCompletion: CommandOption.Completion = .none
    let run: @Sendable (CommandLineTool, ParsedArguments) -> CommandLineTool.ExitCode

    var allOptions: [CommandOption] { options + [.help] }

    var usage: String {
        (["Usage: sitegen \(name)"] + (arguments.isEmpty ? [] : [arguments]) + options.map(\.synopsis)).joined(separator: " ")
    }

    var help: String {
        let width = allOptions.map(\.label.count).max() ?? 0
        let rows = allOptions.map { "  " + $0.label + String(repeating: " ", count: width - $0.label.count + 3) + $0.help }
        return ([usage, "", details, "", "Options:"] + rows).joined(separator: "\n")
    }
}

/// A command's arguments after parsing: option values by long name, flags given, and the rest in order.
struct ParsedArguments: Sendable {
    /// Every value of each option, in the order given (`--link a --link b`).
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    var positional: [String] = []
    /// Where in `positional` the arguments after `--` begin; nil without `--`.
    var optionsEnd: Int?

    /// Whether a positional argument came after `--`, so that a leading `-` is meant as part of its text.
    func isAfterOptions(_ index: Int) -> Bool { optionsEnd.map { index >= $0 } ?? false }

    /// The option's value; the last one when it was given more than once.
    subscript(_ long: String) -> String? { values[long]?.last }
    func all(_ long: String) -> [String] { values[long] ?? [] }
    func has(_ long: String) -> Bool { flags.contains(long) }
}

enum ArgumentParser {
    /// Splits arguments by the command's options: `--name value`, `--name=value`, `-n value`, flags, and
    /// positional arguments (all of them after `--`). The error is one line, for a usage error.
    static func parse(_ arguments: [String], for command: CommandSpec) -> Result<ParsedArguments, UsageProblem> {
        var parsed = ParsedArguments()
        let options = command.allOptions
        var index = 0
        while index < arguments.count {
            defer { index += 1 }
            var argument = arguments[index]
            if argument == "--" {
                parsed.optionsEnd = parsed.positional.count
                parsed.positional += arguments[(index + 1)...]
                break
            }
            guard argument.hasPrefix("-"), argument.count > 1 else {
                parsed.positional.append(argument)
                continue
            }
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                inlineValue = String(argument[argument.index(after: equals)...])
                argument = String(argument[..<equals])
            }
            let option = options.first { $0.long == argument || $0.short.map { "-\($0)" } == argument }
            guard let option else {
                // Long names only: any one letter is one edit from every other, so '-x' has no nearest option.
                var hint = Spelling.hint(for: argument, among: options.map(\.long), count: 1)
                if hint.isEmpty, [.directory, .file].contains(command.argumentCompletion) { hint = " (\(folderAfterOptions(argument, command: command)))" }
                return .failure(UsageProblem("unknown option '\(argument)'\(hint)"))
            }
            if let earlier = parsed.values[option.long]?.last, !option.repeatable {
                let now = inlineValue ?? (index + 1 < arguments.count ? arguments[index + 1] : "")
                return .failure(UsageProblem("\(option.long) is given twice ('\(earlier)', then '\(now)'): give it once"))
            }
            if option.valueIsOptional {
                parsed.flags.insert(option.long)
                if let inlineValue { parsed.values[option.long, default: []].append(inlineValue) }
                else if index + 1 < arguments.count, !arguments[index + 1].hasPrefix("-") { index += 1; parsed.values[option.long, default: []].append(arguments[index]) }
            } else if option.value != nil {
                if let inlineValue { parsed.values[option.long, default: []].append(inlineValue) }
                else if index + 1 < arguments.count { index += 1; parsed.values[option.long, default: []].append(arguments[index]) }
                else { return .failure(UsageProblem("\(argument) needs a value")) }
            } else if inlineValue != nil {
                return .failure(UsageProblem("\(argument) takes no value"))
            } else {
                parsed.flags.insert(option.long)
            }
        }
        return .success(parsed)
    }

    /// How to give a folder whose name looks like an option.
    static func folderAfterOptions(_ name: String, command: CommandSpec) -> String {
        "a folder whose name starts with - goes after --: sitegen \(command.name) -- \(name)"
    }
}

struct UsageProblem: Error, Sendable {
    let message: String
    init(_ message: String) { self.message = message }
}
