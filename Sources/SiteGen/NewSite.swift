import Foundation

/// `sitegen new DIR`: a site that builds at once, from files embedded in the binary.
public enum NewSite {
    /// The files of the repository's top-level `templates/`, embedded through the symbolic link
    /// `Sources/SiteGen/Resources/templates`, so there is no second copy to drift. SwiftPM names embedded
    /// files but does not list them: a test fails when this list and `templates/` differ.
    static let templates: [(name: String, bytes: [UInt8])] = [
        ("button.html", PackageResources.button_html),
        ("layout.html", PackageResources.layout_html),
        ("page.html", PackageResources.page_html),
        ("runtime-text.json", PackageResources.runtime_text_json),
        ("style.css", PackageResources.style_css),
    ]

    /// Path in the new site -> contents.
    static var files: [(path: String, bytes: [UInt8])] {
        [("content/index.md", PackageResources.new_site_index_md), (".gitignore", Array("Output/\n".utf8))]
            + templates.map { ("templates/" + $0.name, $0.bytes) }
    }

    /// Writes the site into `folder`, which may be missing or empty (hidden files such as `.git` are
    /// fine); returns the paths written, or why nothing was.
    public static func create(at folder: String, fileSystem: any FileSystem) throws(FileSystemError) -> [String] {
        switch fileSystem.itemKind(at: folder) {
        case .file:
            throw FileSystemError(path: folder, reason: "is a file; sitegen new makes a site in a new or empty folder")
        case .directory:
            let present = (try? fileSystem.listFiles(under: folder)) ?? []
            let clashing = files.map(\.path).filter { fileSystem.itemKind(at: joinPath(folder, $0)) != .missing }
            if !present.isEmpty || !clashing.isEmpty {
                throw FileSystemError(path: folder, reason: "is not empty (it holds \((present + clashing)[0])); sitegen new makes a site in a new or empty folder")
            }
        case .missing:
            break
        }
        do {
            for file in files.sorted(by: { $0.path < $1.path }) {
                let path = joinPath(folder, file.path)
                let parent = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
                if !parent.isEmpty { try fileSystem.createDirectory(parent) }
                try fileSystem.writeFile(path, Data(file.bytes))
            }
        } catch let error as FileSystemError {
            throw error
        } catch {
            throw FileSystemError(path: folder, reason: "\(error)")
        }
        return files.map(\.path).sorted()
    }
}
