import Foundation

/// A file of the built site.
public struct OutputFile: Equatable, Sendable {
    public enum Contents: Equatable, Sendable {
        case data(Data)
        /// A file copied as it is, by its path on the file system.
        case copy(from: String)
    }
    /// Path below the output folder.
    public var path: String
    public var contents: Contents

    package init(path: String, contents: Contents) {
        self.path = path
        self.contents = contents
    }
}
