/// A position in a source file, 1-based.
public struct SourcePosition: Hashable, Sendable, Comparable {
    /// Which file of a page's settings the position is in: the page itself, or the site's `site.yml`, whose
    /// fields are every page's defaults and whose errors are reported there.
    public enum File: Sendable { case page, siteSettings }

    public var line: Int
    public var column: Int
    public var file: File
    public init(line: Int, column: Int, file: File = .page) { self.line = line; self.column = column; self.file = file }
    public static func < (a: Self, b: Self) -> Bool { (a.line, a.column) < (b.line, b.column) }
}
