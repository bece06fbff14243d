import Foundation

/// Colour for what the command prints on standard error: "error:" in red, "warning:" in yellow, and only
/// for a person at a terminal. Never in a pipe, a file or CI logs read as text, nor when NO_COLOR is set
/// (https://no-color.org: any non-empty value), nor on a terminal that says it is dumb.
public struct TerminalStyle: Sendable, Equatable {
    public var colors: Bool

    public init(colors: Bool) { self.colors = colors }

    public static let plain = TerminalStyle(colors: false)

    /// For a stream: colour when it is a terminal and the environment allows it.
    public static func forStream(_ descriptor: Int32, environment: [String: String] = ProcessInfo.processInfo.environment) -> TerminalStyle {
        TerminalStyle(colors: allowsColors(environment: environment, isTerminal: isatty(descriptor) == 1))
    }

    package static func allowsColors(environment: [String: String], isTerminal: Bool) -> Bool {
        isTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }

    /// `error` or `warning`, coloured and bold when colours are on.
    public func label(_ severity: Diagnostic.Severity) -> String {
        guard colors else { return severity.rawValue }
        let code = severity == .error ? "1;31" : "1;33"
        return "\u{1B}[\(code)m\(severity.rawValue)\u{1B}[0m"
    }
}
