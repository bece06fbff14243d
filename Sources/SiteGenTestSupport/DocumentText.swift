/// The parts of a Markdown document that tests compare whole with what a command prints.
package enum DocumentText {
    /// The document's lines, without their line breaks.
    package static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// A vCard's lines, which end in CRLF, as written (folded lines stay apart).
    package static func vCardLines(_ text: String) -> [String] {
        text.components(separatedBy: "\r\n")
    }

    /// Each table of the document: a run of lines that start with "|", in order.
    package static func tables(in text: String) -> [[String]] {
        var tables: [[String]] = []
        var current: [String] = []
        for line in lines(text) {
            if line.first == "|" {
                current.append(line)
            } else if !current.isEmpty {
                tables.append(current)
                current = []
            }
        }
        if !current.isEmpty { tables.append(current) }
        return tables
    }

    /// The tables whose header row is `header`.
    package static func tables(in text: String, header: String) -> [[String]] {
        tables(in: text).filter { $0.first == header }
    }
}
