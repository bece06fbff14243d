import Foundation
import SiteBasics
import SiteGen

/// The manual page sitegen(1), in roff, made from the command table as the help and the completions are, so it
/// names every command and option the parser takes. `sitegen --help-man` prints it; scripts/package-deb.sh
/// installs it.
enum ManPage {
    static func roff(commands: [CommandSpec], globalOptions: [CommandOption], overview: String) -> String {
        var lines = [
            ".TH SITEGEN 1 \"\" \"sitegen \(SiteGenVersion.current)\" \"User Commands\"",
            ".SH NAME",
            "sitegen \\- contact pages whose buttons open the visitor's own apps",
            ".SH SYNOPSIS",
            ".B sitegen",
            ".I command",
            ".RI [ options ]",
            ".SH DESCRIPTION",
            text("sitegen builds a static site from Markdown in content/ and Mustache templates in templates/. "
                 + "Each command below has its own options; sitegen help COMMAND shows them too."),
            ".SH OPTIONS",
        ]
        lines += globalOptions.flatMap(item)
        lines.append(".SH COMMANDS")
        for command in commands {
            lines.append(".SS \"" + text(command.usage.replacingOccurrences(of: "Usage: ", with: "")) + "\"")
            lines.append(text(command.details))
            lines += command.allOptions.flatMap(item)
        }
        // The overview's last lines say what the exit codes are: one source for both.
        lines += [".SH EXIT STATUS", text(overview.components(separatedBy: "\n").last { $0.hasPrefix("Exit codes:") } ?? ""),
                  ".SH SEE ALSO", "git(1)"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// An option as a tagged paragraph: its names and value, then its help.
    static func item(_ option: CommandOption) -> [String] {
        let names = (option.short.map { "\\fB\\-\($0)\\fR, " } ?? "") + "\\fB" + text(option.long) + "\\fR"
        let value = option.value.map { option.valueIsOptional ? " [\\fI\($0)\\fR]" : " \\fI\($0)\\fR" } ?? ""
        return [".TP", names + value, text(option.help)]
    }

    /// Text as roff reads it literally: backslashes and hyphens escaped, and no line starting with a control
    /// character (. or ') or a space, which roff would take as a request or a break.
    static func text(_ plain: String) -> String {
        plain.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
            .components(separatedBy: "\n").map { line in
                let trimmed = line.drop { $0 == " " }
                if trimmed.count != line.count { return ".br\n\\&" + line }
                return line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : line
            }.joined(separator: "\n")
    }
}
