import Foundation
import HTMLReading
import LinkChain
import SiteBasics
import SiteGen
import SiteSource

/// A link page made elsewhere, read from one saved or fetched file: who it is and its links in order, before any is
/// matched to a service. `sitegen import` reads six kinds.
struct ImportedPage: Equatable {
    enum Format: String, Equatable {
        case littleLink = "a LittleLink page"
        case linkStack = "a LinkStack page"
        case linkStackExport = "a LinkStack export"
        case linktree = "a Linktree page"
        case bioDrop = "a BioDrop profile"
        case html = "an HTML page"
    }

    var format: Format
    var name: String?
    var bio: String?
    /// The avatar as the source gives it: an https address, or a path next to the source file (not read).
    var avatar: String?
    var items: [Item] = []

    /// One entry of the page, in order.
    enum Item: Equatable {
        /// A link: its address, the text it shows (empty for an icon alone), and what the source says it is
        /// (LittleLink's `button-mastodon`, Linktree's `MASTODON`), which `ServiceCatalog.recognize` may use.
        case link(url: String, label: String, brand: String)
        /// A heading between links (Linktree's header, BioDrop's group).
        case section(String)
        /// A link the source has that no page of sitegen's can use (LinkStack's own contact card), and why.
        case unusable(url: String, reason: String)
    }

    var links: [(url: String, label: String, brand: String)] {
        items.compactMap { if case .link(let url, let label, let brand) = $0 { (url, label, brand) } else { nil } }
    }

    /// Reads `data` as whichever kind it is: JSON is LinkStack's export (links with a `button_id`) or a BioDrop
    /// profile; HTML with Linktree's embedded `__NEXT_DATA__` is a Linktree page; HTML with LinkStack's `button-click`
    /// buttons a LinkStack page; HTML with LittleLink's `button-…` classes a LittleLink page; any other HTML gives
    /// each link to another site.
    static func read(_ data: Data) throws(ImportProblem) -> ImportedPage {
        let start = data.first { !(Character(UnicodeScalar($0)).isWhitespace) }
        if start == UInt8(ascii: "{") {
            if let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any], isLinkStackExport(object) {
                return linkStackExport(object)
            }
            return try bioDrop(data)
        }
        guard let document = HTMLElement.parse(data) else {
            throw ImportProblem("it holds no HTML or JSON: expected a saved link page (index.html) or a BioDrop profile (.json)")
        }
        if let script = document.all("script").first(where: { $0.attributes["id"] == "__NEXT_DATA__" }) {
            return try linktree(Data(script.ownText.utf8))
        }
        if isLinkStackPage(document) { return linkStack(document) }
        if document.all("a").contains(where: { $0.classes.contains { $0.hasPrefix("button-") } }) {
            return littleLink(document)
        }
        return html(document)
    }

    // MARK: LittleLink

    /// LittleLink's `index.html`: `<img class="avatar">`, the name in `<h1>`, the bio in the `<p>` after it, and
    /// each button an `<a class="button button-BRAND">` whose text is its label.
    static func littleLink(_ document: HTMLElement) -> ImportedPage {
        let body = document.first("body") ?? document
        var page = ImportedPage(format: .littleLink)
        page.avatar = body.all("img").first { $0.classes.contains { $0.hasPrefix("avatar") } }?.attributes["src"]
        let heading = body.first("h1")
        page.name = heading?.text.nonEmpty
        let paragraphs = body.all("p")
        page.bio = (paragraphs.first { $0.line >= (heading?.line ?? 0) } ?? paragraphs.first)?.text.nonEmpty
        for anchor in body.all("a") {
            guard let brand = anchor.classes.first(where: { $0.hasPrefix("button-") }) else { continue }
            page.items.append(.link(url: anchor.attributes["href"] ?? "", label: anchor.text, brand: String(brand.dropFirst("button-".count))))
        }
        return page
    }

    // MARK: Linktree

    /// A page saved from Linktree: its embedded Next.js data holds `props.pageProps` with the `account`
    /// (`pageTitle` or `displayName`, `username`, `description`, `profilePictureUrl`, `socialLinks` of `type` and `url`) and the
    /// `links` (`title`, `url`, `type`; a `HEADER` is a heading).
    static func linktree(_ json: Data) throws(ImportProblem) -> ImportedPage {
        guard let root = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
              let props = (root["props"] as? [String: Any])?["pageProps"] as? [String: Any] else {
            throw ImportProblem("its __NEXT_DATA__ script is not Linktree's page data: expected JSON with props.pageProps")
        }
        let account = props["account"] as? [String: Any] ?? [:]
        var page = ImportedPage(format: .linktree)
        page.name = (account["pageTitle"] as? String)?.nonEmpty ?? (account["displayName"] as? String)?.nonEmpty
            ?? (account["username"] as? String).map { "@" + $0 }
        page.bio = (account["description"] as? String).map(HTMLElement.collapsed)?.nonEmpty
        page.avatar = (account["profilePictureUrl"] as? String)?.nonEmpty
        let links = props["links"] as? [[String: Any]] ?? account["links"] as? [[String: Any]] ?? []
        for link in links {
            let title = HTMLElement.collapsed(link["title"] as? String ?? "")
            if (link["type"] as? String)?.uppercased() == "HEADER" {
                if !title.isEmpty { page.items.append(.section(title)) }
                continue
            }
            page.items.append(.link(url: link["url"] as? String ?? "", label: title, brand: (link["type"] as? String ?? "").lowercased()))
        }
        for social in account["socialLinks"] as? [[String: Any]] ?? [] {
            page.items.append(.link(url: social["url"] as? String ?? "", label: "", brand: (social["type"] as? String ?? "").lowercased()))
        }
        return page
    }

    // MARK: BioDrop

    /// A BioDrop profile (`data/NAME.json`): `name`, `bio`, `links` of `name`, `url`, `icon` and an optional
    /// `group` (a heading where it changes), and `socials` of `icon` and `url`.
    static func bioDrop(_ data: Data) throws(ImportProblem) -> ImportedPage {
        guard let profile = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw ImportProblem("it starts with { but is not a JSON object: expected a BioDrop profile with name, bio and links")
        }
        guard profile["links"] is [Any] || profile["socials"] is [Any] else {
            throw ImportProblem("a JSON object without links or socials: expected a BioDrop profile with name, bio and links")
        }
        var page = ImportedPage(format: .bioDrop)
        page.name = (profile["name"] as? String)?.nonEmpty
        page.bio = (profile["bio"] as? String).map(HTMLElement.collapsed)?.nonEmpty
        page.avatar = (profile["avatar"] as? String)?.nonEmpty
        var group: String?
        for link in profile["links"] as? [[String: Any]] ?? [] {
            if let linkGroup = (link["group"] as? String)?.nonEmpty, linkGroup != group {
                page.items.append(.section(linkGroup))
                group = linkGroup
            }
            page.items.append(.link(url: link["url"] as? String ?? "", label: HTMLElement.collapsed(link["name"] as? String ?? ""),
                                    brand: brandOfIcon(link["icon"] as? String)))
        }
        for social in profile["socials"] as? [[String: Any]] ?? [] {
            page.items.append(.link(url: social["url"] as? String ?? "", label: "", brand: brandOfIcon(social["icon"] as? String)))
        }
        return page
    }

    /// BioDrop names icons after react-icons: `FaMastodon`, `SiSignal` → "mastodon", "signal".
    static func brandOfIcon(_ icon: String?) -> String {
        guard var name = icon else { return "" }
        for prefix in ["Fa6", "Fa", "Si", "Bs", "Ai", "Io5", "Io", "Md", "Ri", "Tb", "Bi", "Gr"] where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            if let first = rest.first, first.isUppercase { name = String(rest); break }
        }
        return name.lowercased()
    }

    // MARK: Any other HTML page

    /// Any page: its `<title>` (or first heading) and description, and every link, in order (`ImportSite` leaves
    /// out those within the page's own site, and an address given again).
    static func html(_ document: HTMLElement) -> ImportedPage {
        var page = ImportedPage(format: .html)
        page.name = document.first("title")?.text.nonEmpty ?? document.first("h1")?.text.nonEmpty
        page.bio = document.all("meta").first { $0.attributes["name"]?.lowercased() == "description" }?.attributes["content"].map(HTMLElement.collapsed)?.nonEmpty
        page.avatar = document.all("meta").first { $0.attributes["property"]?.lowercased() == "og:image" }?.attributes["content"]?.nonEmpty
        for anchor in document.all("a") {
            guard let href = anchor.attributes["href"] else { continue }
            let label = anchor.text.isEmpty ? (anchor.attributes["aria-label"] ?? anchor.attributes["title"] ?? "") : anchor.text
            page.items.append(.link(url: href, label: HTMLElement.collapsed(label), brand: ""))
        }
        return page
    }
}

extension ImportedPage {
    /// The page without the characters no value of a site may hold (`YAMLReader.isRefused`: control characters, line
    /// separators, bidirectional overrides such as U+202E), and a note for each text they were dropped from, naming
    /// them and where they were: the new site must build. A link's address keeps them, so that `ImportSite` leaves
    /// the link out, saying why, rather than send its button somewhere the page did not.
    func droppingRefusedCharacters() -> (page: ImportedPage, notes: [String]) {
        var page = self, notes: [String] = []
        func clean(_ text: String, _ place: @autoclosure () -> String) -> String {
            let refused = text.unicodeScalars.filter(YAMLReader.isRefused)
            guard !refused.isEmpty else { return text }
            var names: [String] = []
            for scalar in refused where !names.contains(UnicodeName.describe(scalar)) { names.append(UnicodeName.describe(scalar)) }
            notes.append("dropped \(names.joined(separator: ", ")) from \(place()): control and bidirectional characters would break the page or reorder what visitors read")
            var kept = String.UnicodeScalarView()
            kept.append(contentsOf: text.unicodeScalars.lazy.filter { !YAMLReader.isRefused($0) })
            return String(kept)
        }
        page.name = name.map { clean($0, "the name") }
        page.bio = bio.map { clean($0, "the bio") }
        if let avatar, avatar.unicodeScalars.contains(where: YAMLReader.isRefused) {
            page.avatar = nil
            notes.append("left out the avatar \(Diagnostic.printable(avatar)): its address holds a control or bidirectional character")
        }
        page.items = items.map { item in
            switch item {
            case .section(let title):
                return .section(clean(title, "the heading \"\(Diagnostic.printable(title))\""))
            case .link(let url, let label, let brand):
                return .link(url: url, label: clean(label, "the label of \(Diagnostic.printable(url))"), brand: brand)
            case .unusable:
                return item
            }
        }
        return (page, notes)
    }
}

/// Why a source could not be read, in one line.
struct ImportProblem: Error, Equatable {
    let message: String
    init(_ message: String) { self.message = message }
}

extension String {
    /// The text, or nil when it is empty or only white space.
    var nonEmpty: String? { trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : self }
}
