import Foundation
import SiteGen

/// Shell completion scripts, made from the command table so they offer exactly what the parser accepts.
enum CompletionScript {
    enum Shell: String, CaseIterable, Sendable { case bash, zsh, fish }

    static func script(for shell: Shell, commands: [CommandSpec], globalOptions: [CommandOption]) -> String {
        // `.commands` becomes the list of names here, where the whole table is at hand.
        let commands = commands.map { command in
            var command = command
            if command.argumentCompletion == .commands { command.argumentCompletion = .words(commands.map(\.name)) }
            return command
        }
        switch shell {
        case .bash: return bash(commands, globalOptions)
        case .zsh: return zsh(commands, globalOptions)
        case .fish: return fish(commands, globalOptions)
        }
    }

    /// The help up to its first parenthesis or semicolon, with no character that a shell's quoting or zsh's
    /// `[...]` and `name:description` syntax would read: descriptions are shown, never run.
    static func description(_ help: String) -> String {
        var short = Substring(help)
        for end in ["(", ";", ": "] { if let range = short.range(of: end) { short = short[..<range.lowerBound] } }
        short = Substring(short.trimmingCharacters(in: .whitespaces))
        return String(short.map { "'[]:\\\"$`".contains($0) ? ($0 == "'" ? "\u{2019}" : " ") : $0 })
    }

    private static func names(_ option: CommandOption) -> [String] {
        (option.short.map { ["-\($0)"] } ?? []) + [option.long]
    }

    // MARK: bash

    private static func bash(_ commands: [CommandSpec], _ globalOptions: [CommandOption]) -> String {
        func reply(_ completion: CommandOption.Completion) -> String {
            switch completion {
            case .none, .commands: "COMPREPLY=()"
            case .directory: "COMPREPLY=($(compgen -d -- \"$cur\"))"
            case .file: "COMPREPLY=($(compgen -f -- \"$cur\"))"
            case .words(let words): "COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\"))"
            }
        }
        var lines = [
            "# bash completion for sitegen (made by: sitegen completions bash)",
            "_sitegen() {",
            "    local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\"",
            "    if [[ $COMP_CWORD -eq 1 ]]; then",
            "        COMPREPLY=($(compgen -W \"\((commands.map(\.name) + globalOptions.flatMap(names)).joined(separator: " "))\" -- \"$cur\"))",
            "        return",
            "    fi",
            "    case \"${COMP_WORDS[1]}\" in",
        ]
        for command in commands {
            lines.append("        \(command.name))")
            let valued = command.allOptions.filter { $0.value != nil && !$0.valueIsOptional }
            if !valued.isEmpty {
                lines.append("            case \"$prev\" in")
                for option in valued {
                    lines.append("                \(names(option).joined(separator: "|"))) \(reply(option.completion)); return ;;")
                }
                lines.append("            esac")
            }
            lines.append("            if [[ $cur == -* ]]; then")
            lines.append("                COMPREPLY=($(compgen -W \"\(command.allOptions.flatMap(names).joined(separator: " "))\" -- \"$cur\"))")
            lines.append("            else")
            lines.append("                \(reply(command.argumentCompletion))")
            lines.append("            fi")
            lines.append("            ;;")
        }
        lines += ["    esac", "}", "complete -F _sitegen sitegen"]
        return lines.joined(separator: "\n")
    }

    // MARK: zsh

    private static func zsh(_ commands: [CommandSpec], _ globalOptions: [CommandOption]) -> String {
        func action(_ completion: CommandOption.Completion) -> String {
            switch completion {
            case .none, .commands: " "
            case .directory: "_files -/"
            case .file: "_files"
            case .words(let words): "(\(words.joined(separator: " ")))"
            }
        }
        func spec(_ option: CommandOption) -> String {
            // `::` in zsh's _arguments: a value that may be left out.
            let value = option.value.map { (option.valueIsOptional ? "::" : ":") + "\($0):\(action(option.completion))" } ?? ""
            let explanation = "[\(description(option.help))]\(value)'"
            guard let short = option.short else { return "'\(option.long)\(explanation)" }
            return "'(-\(short) \(option.long))'{-\(short),\(option.long)}'\(explanation)"
        }
        var lines = [
            "#compdef sitegen",
            "# zsh completion for sitegen (made by: sitegen completions zsh)",
            "_sitegen() {",
            "    local -a commands",
            "    commands=(",
        ]
        lines += commands.map { "        '\($0.name):\(description($0.summary))'" }
        lines += [
            "    )",
            "    if (( CURRENT == 2 )); then",
            "        _describe -t commands 'sitegen command' commands",
            "        _arguments \(globalOptions.map(spec).joined(separator: " "))",
            "        return",
            "    fi",
            "    local command=$words[2]",
            "    shift words",
            "    (( CURRENT-- ))",
            "    case $command in",
        ]
        for command in commands {
            var specs = command.allOptions.map(spec)
            if command.argumentCompletion != .none {
                let placeholder = command.arguments.isEmpty ? "ARG" : description(command.arguments)
                specs.append("'1:\(placeholder):\(action(command.argumentCompletion))'")
            }
            lines.append("        \(command.name))")
            lines.append("            _arguments \(specs.joined(separator: " \\\n                "))")
            lines.append("            ;;")
        }
        lines += ["    esac", "}", "_sitegen \"$@\""]
        return lines.joined(separator: "\n")
    }

    // MARK: fish

    private static func fish(_ commands: [CommandSpec], _ globalOptions: [CommandOption]) -> String {
        func option(_ option: CommandOption, condition: String) -> String {
            var line = "complete -c sitegen -n '\(condition)'"
            if let short = option.short { line += " -s \(short)" }
            line += " -l \(option.long.dropFirst(2))"
            if option.value != nil, !option.valueIsOptional {
                line += " -x"
                switch option.completion {
                case .none, .commands: break
                case .directory: line += " -a '(__fish_complete_directories)'"
                case .file: line += " -a '(__fish_complete_path)'"
                case .words(let words): line += " -a '\(words.joined(separator: " "))'"
                }
            }
            return line + " -d '\(description(option.help))'"
        }
        var lines = ["# fish completion for sitegen (made by: sitegen completions fish)", "complete -c sitegen -f"]
        for command in commands {
            lines.append("complete -c sitegen -n '__fish_use_subcommand' -a \(command.name) -d '\(description(command.summary))'")
        }
        lines += globalOptions.map { option($0, condition: "__fish_use_subcommand") }
        for command in commands {
            let condition = "__fish_seen_subcommand_from \(command.name)"
            lines += command.allOptions.map { option($0, condition: condition) }
            switch command.argumentCompletion {
            case .none, .commands: break
            case .directory: lines.append("complete -c sitegen -n '\(condition)' -a '(__fish_complete_directories)'")
            case .file: lines.append("complete -c sitegen -n '\(condition)' -a '(__fish_complete_path)'")
            case .words(let words): lines.append("complete -c sitegen -n '\(condition)' -a '\(words.joined(separator: " "))'")
            }
        }
        return lines.joined(separator: "\n")
    }
}
