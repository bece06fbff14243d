import Artwork
import Foundation
import LinkChain
import Paint
import SiteBasics
import SiteGen
import SiteSource

/// `sitegen new DIR`: a site that builds at once, from files embedded in the binary.
public enum NewSite {
    /// The files of the repository's top-level `templates/`, embedded through the symbolic link
    /// `Sources/SiteGenCLI/Resources/templates`, so there is no second copy to drift. SwiftPM names embedded
    /// files but does not list them: a test fails when this list and `templates/` differ.
    static let templates: [(name: String, bytes: [UInt8])] = [
        ("button.html", PackageResources.button_html),
        ("layout.html", PackageResources.layout_html),
        ("page.html", PackageResources.page_html),
        ("runtime-text.json", PackageResources.runtime_text_json),
        ("style.css", PackageResources.style_css),
    ]

    /// What `new` puts in the site besides the templates: the name, buttons and address, checked.
    public struct Details: Sendable {
        public var title = StarterPlaceholder.title
        /// Shorthands as given to `--link` (`mastodon:@you@host`); empty for the examples.
        public var links: [String] = []
        public var url = StarterPlaceholder.url
        /// The page's description, instead of the template's example.
        public var description: String?
        /// An https avatar, instead of the initials drawn in content/avatar.svg.
        public var avatar: String?
        /// The files that publish the site from a push (`--ci`), if any.
        var deploy: DeployRecipe?
        /// Buttons already checked (`import` gives these), instead of `links`.
        var items: [LinkItem]?
        /// The page's Markdown after its front matter, instead of the starter's example text (`import` has none to give).
        var body: String?
        public init() {}
    }

    /// One item of the new site's `links:`: a button, or a heading between buttons.
    enum LinkItem: Equatable {
        case button(service: String, handle: String, options: [String: String], label: String?)
        case section(String)

        var yaml: String {
            switch self {
            case .section(let title):
                return "  - section: \(YAMLText.quoted(title))\n"
            case .button(let service, let handle, let options, let label):
                var item = "  - \(service): \(YAMLText.quoted(handle))\n"
                if let label { item += "    label: \(YAMLText.quoted(label))\n" }
                for name in options.keys.sorted() { item += "    \(name): \(YAMLText.quoted(options[name]!))\n" }
                return item
            }
        }
    }

    /// Buttons shown until the author gives their own: services drawn with sitegen's own glyphs, so the first
    /// build needs no icon set and warns of nothing.
    static let exampleLinks = ["mailto:\(StarterPlaceholder.email)?subject=Hello from your page", StarterPlaceholder.url]

    /// Path in the new site -> contents.
    static func files(_ details: Details) throws(NewSiteError) -> [(path: String, bytes: [UInt8])] {
        var page = String(decoding: PackageResources.new_site_index_md, as: UTF8.self)
        page = replacingValue(of: "title", with: YAMLText.quoted(details.title), in: page)
        page = replacingValue(of: "url", with: YAMLText.quoted(try checkedURL(details.url)), in: page)
        if let description = details.description { page = replacingValue(of: "description", with: YAMLText.quoted(description), in: page) }
        if let avatar = details.avatar { page = replacingValue(of: "avatar", with: YAMLText.quoted(avatar), in: page) }
        if let body = details.body, let end = page.range(of: "\n---\n") { page = String(page[..<end.upperBound]) + body }
        var settings = String(decoding: PackageResources.new_site_site_yml, as: UTF8.self)
        var items = details.items ?? []
        if details.items == nil {
            for shorthand in details.links.isEmpty ? exampleLinks : details.links { items.append(try linkItem(shorthand)) }
        }
        settings += items.map(\.yaml).joined()
        let avatar: [(path: String, bytes: [UInt8])] = details.avatar == nil ? [("content/avatar.svg", Array(InitialsAvatar.svg(for: details.title).utf8))] : []
        return [("content/index.md", Array(page.utf8))] + avatar + [("site.yml", Array(settings.utf8)), (".gitignore", PackageResources.new_site_gitignore)]
            + templates.map { ("templates/" + $0.name, $0.bytes) } + (details.deploy?.files ?? [])
    }

    /// The template's line `field: value   # comment` with another value, the comment kept in its column.
    static func replacingValue(of field: String, with value: String, in text: String) -> String {
        var lines = text.components(separatedBy: "\n")
        guard let index = lines.firstIndex(where: { $0.hasPrefix(field + ": ") }) else { return text }
        let line = lines[index]
        let comment = line.range(of: "  # ").map { line[line.index(after: $0.lowerBound)...] } ?? ""
        let column = line.count - comment.count
        let written = field + ": " + value
        lines[index] = comment.isEmpty ? written : written + String(repeating: " ", count: max(1, column - written.count)) + comment
        return lines.joined(separator: "\n")
    }

    static func checkedURL(_ url: String) throws(NewSiteError) -> String {
        switch PageAddress.parse(url) {
        case .success(let address): return address
        case .failure(let problem): throw NewSiteError(message: "--url must be \(PageAddress.expected): \(problem.reason)")
        }
    }

    /// `mastodon:@you@host` as a `links:` item, after the checks a page's link gets.
    static func linkItem(_ shorthand: String) throws(NewSiteError) -> LinkItem {
        let catalog = ServiceCatalog.standard
        let service: any Service, request: ServiceRequest
        do {
            (service, request) = try catalog.parse(shorthand: shorthand)
            _ = try service.chain(handle: request.handle, options: request.options)
        } catch {
            throw NewSiteError(message: "--link \(shorthand): \(error.message)")
        }
        return .button(service: service.id, handle: request.handle, options: request.options, label: nil)
    }

    /// Writes the site into `folder`, which may be missing or empty (hidden files such as `.git` are
    /// fine); returns the paths written, or why nothing was. Every check comes before the first write.
    /// `command` names the command in refusals: `new`, or `import`, which makes its site the same way.
    public static func create(at folder: String, details: Details = Details(), command: String = "new", fileSystem: any FileSystem) throws(NewSiteError) -> [String] {
        let files = try files(details)
        try checkReadable(files, in: folder, command: command)
        try checkFolder(folder, for: files.map(\.path), command: command, fileSystem: fileSystem)
        do {
            for file in files.sorted(by: { $0.path < $1.path }) {
                let path = joinPath(folder, file.path)
                let parent = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
                if !parent.isEmpty { try fileSystem.makeFolderAndParents(parent) }
                // Never through a link or over a file that appeared since the folder was checked.
                try fileSystem.writeNewFile(path, Data(file.bytes))
            }
        } catch let error as FileSystemError {
            throw NewSiteError(error)
        } catch {
            throw NewSiteError(FileSystemError(path: folder, reason: "\(error)"))
        }
        return files.map(\.path).sorted()
    }

    /// Refuses to write a site sitegen could not read back: a text file over the size sitegen reads (`import` of a
    /// 4 MiB page of 60,000 links once wrote a 4.4 MB site.yml), or a site.yml its reader refuses.
    static func checkReadable(_ files: [(path: String, bytes: [UInt8])], in folder: String, command: String) throws(NewSiteError) {
        let limit = SiteLoader.maximumPageBytes
        for file in files where file.bytes.count > limit && (file.path.hasSuffix(".md") || file.path == SiteSettings.fileName) {
            let advice = command == "import" ? "save a page with fewer links, or import part of it" : "give fewer links"
            throw NewSiteError(path: joinPath(folder, file.path),
                               message: "it would have \(file.bytes.count) bytes, more than the \(limit / 1_048_576) MiB (\(limit) bytes) sitegen reads, so the site would not build: nothing was made; \(advice)")
        }
        guard let settings = files.first(where: { $0.path == SiteSettings.fileName }) else { return }
        let (_, diagnostics) = SiteSettings.read(String(decoding: settings.bytes, as: UTF8.self), displayPath: joinPath(folder, settings.path))
        if let error = diagnostics.first(where: { $0.severity == .error }) {
            throw NewSiteError(path: joinPath(folder, settings.path), message: "sitegen would not read the file it was about to write (\(error.message)): nothing was made; please report this as a bug of sitegen \(command)")
        }
    }

    /// How many of a non-empty folder's entries the refusal names.
    static let entriesNamed = 5

    /// Refuses a folder `new` may not write `paths` into, so that it writes only inside the folder its name
    /// says: a name that is empty (which would mean the current folder), holds a control character, or steps
    /// back with `..` after a folder (through a link that would be the link's parent); a folder that is a
    /// symbolic link (folders above it may be); a file; or a folder holding anything but hidden files that
    /// `new` does not write. Entries are read without following links, so nothing written can go through one.
    static func checkFolder(_ folder: String, for paths: [String], command: String, fileSystem: any FileSystem) throws(NewSiteError) {
        let expected = "sitegen \(command) makes a site in a new or empty folder"
        guard !folder.isEmpty else {
            throw NewSiteError(message: "the folder's name is empty: \(expected), named as in sitegen \(command == "new" ? "new" : "import links.html") mysite (. is the current folder)")
        }
        if let scalar = folder.unicodeScalars.first(where: ControlCharacters.isControlOrLineSeparator) {
            throw NewSiteError(path: folder, message: "the name holds the control character \(UnicodeName.describe(scalar)): choose a name without one")
        }
        // A leading ../ is the current folder's parent; a .. after a folder is that folder's real parent.
        if folder.split(separator: "/").filter({ $0 != "." }).drop(while: { $0 == ".." }).contains("..") {
            throw NewSiteError(path: folder, message: "the name steps back with .. after a folder, which leads to that folder's real parent if it is a symbolic link: name the folder without it")
        }
        // lstat of `site/` would follow a link named `site`.
        var named = folder
        while named.count > 1, named.hasSuffix("/") { named.removeLast() }
        switch fileSystem.kind(at: named) {
        case .missing:
            return
        case .symbolicLink:
            let destination = fileSystem.linkDestination(named) ?? "?"
            throw NewSiteError(path: folder, message: "a symbolic link to \(destination): sitegen \(command) writes only into the folder it names, never through a link; name the folder itself")
        case .file, .special:
            throw NewSiteError(path: folder, message: "a file: \(expected)")
        case .folder:
            let written = Set(paths.map { String($0.prefix { $0 != "/" }) })
            let present: [String]
            do { present = try fileSystem.names(in: named).filter { !$0.hasPrefix(".") || written.contains($0) }.sorted() } catch {
                throw NewSiteError((error as? FileSystemError) ?? FileSystemError(path: folder, reason: "cannot be listed (\(error))"))
            }
            guard !present.isEmpty else { return }
            let more = present.count > entriesNamed ? " and \(present.count - entriesNamed) more" : ""
            throw NewSiteError(path: folder, message: "a folder that is not empty: it holds \(present.prefix(entriesNamed).joined(separator: ", "))\(more); \(expected)")
        }
    }
}

/// Why `new` made nothing, in one line: about the folder (printed `folder: error: message`) or an option.
public struct NewSiteError: Error, Sendable, CustomStringConvertible {
    /// The folder as given, when the error is about it.
    public var path: String?
    public var message: String
    init(path: String? = nil, message: String) { self.path = path; self.message = message }
    init(_ error: FileSystemError) { self.init(path: error.path, message: error.reason) }
    public var description: String { path.map { "\($0): \(message)" } ?? message }
}

/// The avatar of a new site: the title's initials as the favicon of a page without an avatar draws them, in the colours
/// of the theme the new site starts with (its focus ring, and the text that reads on it), so the avatar, the favicon
/// and the share card agree; plain shapes and text, so it passes the published-SVG check.
enum InitialsAvatar {
    static func svg(for title: String) -> String {
        let colours = Theme.standard.light.ring
        return Initials.svg(title, fill: colours.css, text: colours.readableText.css, named: true) + "\n"
    }
}
