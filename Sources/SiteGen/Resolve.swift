import Artwork
import Foundation
import LinkChain
import Markup
import Paint
import SiteBasics
import SiteSource

/// A front matter link turned into a button: its chain from LinkChain and how it looks.
public struct ResolvedLink: Sendable {
    /// What the button says: `label:` as written, else the service's name ("Mastodon", "Email").
    public var label: String
    /// The handle or address shown under a service's name, quieter, where no `label:` replaces both; nil without
    /// one (a sealed address, or a handle that is an identifier no one reads, such as Spotify's `artist:0OdU…`).
    public var detail: String?
    public var service: any Service
    /// The apps tried on a tap, then the fallback.
    public var chain: Chain
    /// The apps a visitor may pick in the chooser: the chain's, and without an `apps:` list every other app
    /// the catalog knows for the service, verified or not.
    public var choices: [Candidate]
    public var icon: ButtonIcon
    public var color: HexColor
    /// The button's fill, text and edge colours for the page's theme.
    public var paint: ButtonPaint
    /// Where the link was written, for warnings about it.
    public var position: SourcePosition
    /// When its `until` ends the link (seconds since 1970, UTC): the page's runtime hides it from then on.
    public var closesAt: Int64? = nil
}

/// A page whose links are resolved and whose Markdown links are rewritten into chain links.
public struct ResolvedPage {
    public var parsed: ParsedPage
    public var links: [ResolvedLink]
    /// The avatar as an `src`: relative to the page's output folder, or an https URL.
    public var avatarSource: String?
    /// The page's public URL, from `url` or the build's base URL.
    public var url: String?
    public var templateName: String
    /// The hrefs of the page's links that prove identity (buttons and Markdown links), in order, once each:
    /// each gets a `<link rel="me">` in the head.
    public var identityLinks: [String]
    /// The `fediverse:creator` meta's content, `@user@host`, or nil for none.
    public var fediverseCreator: String?
    /// The Markdown body's shorthand links, in order, as data: rendering writes their markup.
    public var markdownLinks: [MarkdownChainLink]
    /// The chains of the Markdown body's shorthand links, in order.
    public var markdownChains: [Chain] { markdownLinks.map(\.chain) }
    /// The site's own stylesheet for this page, as a path below `content/`.
    public var stylesheetPath: String?
    /// The `background` image as a URL relative to the page's output folder.
    public var backgroundImageSource: String?
    /// The pictures of content/ that the Markdown text shows or links to: published made, never copied.
    package var textPictures: [TextPicture] = []

    /// Whether the content sits on a card: on a card theme, or over a `background`.
    public var onCard: Bool { parsed.frontMatter.theme.onCard || parsed.frontMatter.background != nil }

    /// Email addresses the page links to, which rendering hides from harvesters; found once, here.
    public var emailAddresses: [String]
    /// The files under `content/` (paths below it) that the body links to or shows, in order, once each: the build
    /// publishes them because this page names them.
    public var linkedFiles: [String] = []
}

/// A shorthand link of a page's Markdown body (`[follow me](mastodon:@eb@social.coop)`), resolved.
public struct MarkdownChainLink: Sendable {
    /// Where the link starts: which link of the body it is.
    public var position: SourcePosition
    public var chain: Chain
    /// What the chooser offers: the chain's candidates, then every other app the service knows.
    public var choices: [Candidate]
    public var provesIdentity: Bool
}

/// Stage 3: every link through LinkChain; link schemes allow-listed.
public struct LinkResolver: Sendable {
    public var catalog: ServiceCatalog
    /// Files under `content/` other than pages, for checking the avatar path.
    public var assets: Set<String>
    /// Files under `static/`, published as they are at the same paths: a relative link may lead to one.
    public var staticFiles: Set<String> = []
    public var baseURL: String?
    /// The site's templates, so that a page naming a missing one fails here, before rendering, in every command.
    public var templateNames: Set<String>?
    /// The build's clock, which decides the links whose `from`/`until` window leaves them out.
    public var now: Date
    /// Where the site's pages are written (`about/index.html`), so that a relative link in a page's body is checked
    /// against what the site publishes; nil leaves relative links unchecked.
    public var pageOutputPaths: Set<String>?

    public init(catalog: ServiceCatalog = .standard, assets: Set<String>, baseURL: String?, templateNames: Set<String>? = nil,
                pageOutputPaths: Set<String>? = nil, now: Date) {
        self.catalog = catalog
        self.assets = assets
        self.baseURL = baseURL
        self.templateNames = templateNames
        self.pageOutputPaths = pageOutputPaths
        self.now = now
    }

    /// Schemes a Markdown link may use besides service shorthands; everything else is refused.
    public static let allowedLinkSchemes: Set<String> = ["https", "http", "mailto", "tel"]
    public static let allowedImageSchemes: Set<String> = ["https", "http"]

    /// `parseFailed`: whether reading the page found errors already, which silence the warnings about publishing it.
    public func resolve(_ parsed: ParsedPage, parseFailed: Bool = false) -> (ResolvedPage, [Diagnostic]) {
        var sink = DiagnosticSink(path: parsed.page.displayPath, text: parsed.page.text, siteSettings: parsed.siteSettings)
        var parsed = parsed
        let matter = parsed.frontMatter
        var links: [ResolvedLink] = []
        let seconds = Int64(now.timeIntervalSince1970.rounded(.down))
        // Links outside their window are checked like the others, then left out; the sections after them move up.
        var leftOut: [Int] = []  // their indices, last first
        for (index, entry) in matter.links.enumerated().reversed() {
            guard var link = resolve(entry, page: parsed, sink: &sink) else { continue }
            switch entry.window.state(at: seconds) {
            case .open:
                link.closesAt = entry.window.until?.value.endExclusive
                links.append(link)  // last first: reversed below
                continue
            case .closed:
                let until = entry.window.until!  // only an until closes a window
                sink.report(.warning, at: entry.position,
                            "this link's until has passed (it closed at \(ScheduleTime.utcText(until.value.endExclusive))), so the page leaves it out: remove the link, or change its until")
            case .notYetOpen: break
            }
            leftOut.append(index)
        }
        links.reverse()
        // Each section moves up by the links left out before it: counted by a binary search in the sorted indices,
        // not by a pass over the sections for every link left out (quadratic for pages with many of both).
        let leftOutInOrder = Array(leftOut.reversed())
        for section in parsed.frontMatter.sections.indices {
            let beforeLink = parsed.frontMatter.sections[section].beforeLink
            var (low, high) = (0, leftOutInOrder.count)
            while low < high {
                let middle = (low + high) / 2
                if leftOutInOrder[middle] < beforeLink { low = middle + 1 } else { high = middle }
            }
            parsed.frontMatter.sections[section].beforeLink -= low
        }
        let (markdownLinks, linkedFiles, textPictures) = resolveMarkdownLinks(parsed.markdown, page: parsed, sink: &sink)
        let identities = links.filter(\.service.provesIdentity).map { ($0.chain, $0.position) }
            + markdownLinks.filter(\.provesIdentity).map { ($0.chain, $0.position) }
        var identityLinks: [String] = []
        var seenIdentityLinks: Set<String> = []  // a list's contains would make many identity links quadratic
        for (chain, _) in identities where seenIdentityLinks.insert(chain.fallback).inserted { identityLinks.append(chain.fallback) }
        let templateName = matter.template?.value ?? "page"
        if let templateNames, !templateNames.contains(templateName) {
            let at = matter.template?.position ?? SourcePosition(line: 0, column: 0)
            sink.report(at: at, "template '\(templateName)' not found\(Spelling.hint(for: templateName, among: templateNames.sorted())): expected templates/\(templateName).html")
        }
        let url = pageURL(parsed, sink: &sink)
        var resolved = ResolvedPage(
            parsed: parsed, links: links,
            avatarSource: matter.avatar.flatMap { avatarSource($0, page: parsed, sink: &sink) },
            url: url,
            templateName: templateName,
            identityLinks: identityLinks,
            fediverseCreator: fediverseCreator(matter.fediverseCreator, accounts: identities.map(\.0), sink: &sink),
            markdownLinks: markdownLinks,
            stylesheetPath: matter.stylesheet.flatMap {
                assetPath($0, page: parsed, field: "stylesheet", kind: "a CSS file path", example: "style.css", noun: "stylesheet", sink: &sink)
            },
            backgroundImageSource: backgroundImageSource(matter.background, page: parsed, sink: &sink),
            emailAddresses: (links.map(\.chain) + markdownLinks.map(\.chain)).flatMap(EmailForms.addresses),
            linkedFiles: linkedFiles)
        resolved.textPictures = textPictures
        if let (_, firstAt) = identities.first, !parseFailed { warnOfUnverifiableIdentity(parsed, url: url, firstLinkAt: firstAt, sink: &sink) }
        return (resolved, sink.diagnostics)
    }

    /// rel="me" links on a page Mastodon cannot verify them from. Only for a page that builds: after an error (a
    /// refused url among them) the warning would be about a page that is not published. Written at a line of
    /// site.yml, which every page shares, it names the page it is about.
    private func warnOfUnverifiableIdentity(_ page: ParsedPage, url: String?, firstLinkAt: SourcePosition, sink: inout DiagnosticSink) {
        guard !sink.hasErrors, !(url.map { URLScheme.asBrowsersRead($0) == "https" } ?? false) else { return }
        let at = page.frontMatter.url?.position ?? firstLinkAt
        let subject = at.file == .siteSettings ? "the page \(page.page.displayPath)" : "this page"
        sink.report(.warning, at: at, url == nil
            ? "\(subject) has rel=\"me\" links but no 'url': Mastodon verifies them only from the page's https address; set url: https://… or pass --base-url"
            : "\(subject) has rel=\"me\" links but its url is not https: Mastodon verifies them only from an https address")
    }

    /// The `fediverse:creator` for the page: as set, or the first fediverse account it links to.
    private func fediverseCreator(_ setting: FrontMatter.FediverseCreator, accounts: [Chain], sink: inout DiagnosticSink) -> String? {
        switch setting {
        case .none: return nil
        case .firstAccount: return accounts.lazy.compactMap(\.fediverseAddress).first
        case .account(let written):
            do throws(LinkChainError) {
                return "@" + (try FediverseAccount.parse(written.value, serviceName: "fediverse")).address
            } catch {
                sink.report(at: written.position, "fediverse_creator: " + error.message)
                return nil
            }
        }
    }

    private func resolve(_ entry: LinkEntry, page: ParsedPage, sink: inout DiagnosticSink) -> ResolvedLink? {
        let at = entry.service.position
        guard let service = catalog.service(named: entry.service.value) else {
            // `- secton: Listen` is a heading misspelt, not a service.
            let hint = Spelling.hint(naming: catalog.nearestNames(to: entry.service.value, also: [FrontMatter.sectionKey]))
            sink.report(at: at, "unknown service '\(entry.service.value)'\(hint): expected \(catalog.unknownServiceExpectation)")
            return nil
        }
        var valid = true
        func report(_ position: SourcePosition, _ message: String) {
            valid = false
            sink.report(at: position, message)
        }
        var options: [String: String] = [:]
        for (name, value) in entry.options {
            if service.optionNames.contains(name.value) {
                options[name.value] = value
            } else {
                let keys = service.optionNames + LinkEntry.commonKeys.sorted()
                let accepted = service.optionNames.isEmpty ? "it takes none besides \(LinkEntry.commonKeys.sorted().joined(separator: ", "))"
                    : "expected \(keys.joined(separator: ", "))"
                let hint = Spelling.hint(for: name.value, among: keys, count: 1)
                valid = false
                // `- bluesky: …` then `github: …` a line below: the second link's '- ' was left out.
                let startsALink = catalog.service(named: name.value) != nil
                sink.report(at: name.position, "unknown option '\(name.value)' for \(service.displayName) links\(hint): \(accepted)",
                            hint: startsALink ? "'\(name.value)' is a service: if it starts another link, begin its line with '- '" : nil)
            }
        }
        var apps: [AppEntry] = []
        if let custom = entry.customApp {
            do throws(LinkChainError) {
                apps.append(try AppEntry.custom(name: custom.name.value, url: custom.url.value, placeholders: service.placeholders))
            } catch {
                report(error.value == custom.name.value ? custom.name.position : custom.url.position, error.message)
            }
        }
        if let names = entry.apps {
            for name in names {
                if let app = service.app(named: name.value) { apps.append(app) } else { report(name.position, service.unknownApp(name.value).message) }
            }
        } else {
            apps += service.defaultApps
        }
        let target: LinkTarget
        do { target = try service.target(handle: entry.handle.value, options: options) } catch {
            report(entry.handle.position, error.message)
            return nil
        }
        let chain = service.chain(target: target, apps: apps)
        let choices = chain.candidates + (entry.apps == nil ? service.otherChoices(target: target, besides: apps) : [])
        var icon = ButtonIcon.brand(service.icon)
        if let written = entry.icon {
            if let known = Glyph(rawValue: written.value) {
                icon = .glyph(known)
            } else if written.value.lowercased().hasSuffix(".svg") {
                if let path = assetPath(written, page: page, field: "icon", kind: "an .svg path", example: "icons/logo.svg", noun: "icon", sink: &sink) { icon = .file(path) } else { valid = false }
            } else {
                let names = Glyph.allCases.map(\.rawValue)
                report(written.position, "unknown icon '\(written.value)'\(Spelling.hint(for: written.value, among: names)): expected one of \(names.joined(separator: ", ")), or an .svg file under content/ such as icons/logo.svg")
            }
        }
        var color = HexColor(service.brandColor) ?? HexColor("#1f4e8c")!
        let matter = page.frontMatter
        if let written = entry.color {
            if let parsed = HexColor(written.value) { color = parsed } else {
                report(written.position, "'\(written.value)' is not a colour: expected #rgb or #rrggbb, like #563acc")
            }
        }
        guard valid else { return nil }
        // A sealed address must not come back as the button's text.
        let sealed = page.frontMatter.emailProtection == .sealed && chain.kind == .email
        let paint = ButtonPaint.make(brand: color,
                                     surfaces: matter.theme.surfaces(onCard: matter.theme.onCard || matter.background != nil))
        // A button names its service; the handle comes second, isolated from the page's direction where it is shown.
        let detail = entry.label != nil || sealed || !Self.readsAsName(chain.handle) ? nil : Self.shownDetail(chain.handle)
        return ResolvedLink(label: entry.label ?? service.displayName, detail: detail, service: service, chain: chain,
                            choices: choices, icon: icon, color: color, paint: paint, position: at)
    }

    /// A handle as the button's second line shows it: a web address without `https://`, and without the slash of a
    /// site's root (`https://mira.example/` reads `mira.example`), as people write addresses on cards; the link keeps
    /// the whole address.
    static func shownDetail(_ handle: String) -> String {
        let scheme = "https://"
        guard handle.lowercased().hasPrefix(scheme) else { return handle }
        let rest = handle.dropFirst(scheme.count)
        guard rest.hasSuffix("/"), !rest.dropLast().contains(where: { "/?#".contains($0) }) else { return String(rest) }
        return String(rest.dropLast())
    }

    /// Whether a handle is something people read (`@eb@social.coop`, `octocat`, `+49 30 1234567`, an address) rather
    /// than an identifier that means nothing to them: an all-digit number of under 7 digits (an app id), or a
    /// `kind:identifier` of a service's own (Spotify's `artist:0OdUWJ0sBjDrqHygGUXeCF`).
    static func readsAsName(_ handle: String) -> Bool {
        guard !handle.isEmpty else { return false }
        if handle.allSatisfy(\.isNumber) { return handle.count >= 7 }
        if let colon = handle.firstIndex(of: ":"), !handle.hasPrefix("http"), !handle[..<colon].contains("@") { return false }
        return true
    }

    /// Checks the Markdown links' schemes and resolves the service shorthands among them; also gives the files under
    /// content/ that relative links and images lead to.
    private func resolveMarkdownLinks(_ markdown: MarkdownBody, page: ParsedPage, sink: inout DiagnosticSink)
        -> ([MarkdownChainLink], [String], [TextPicture]) {
        var linkedFiles: [String] = []
        var seenFiles: Set<String> = []
        var pictures: [TextPicture] = []
        for link in markdown.links {
            if let pageOutputPaths, URLScheme.asBrowsersRead(link.destination) == nil {
                guard let file = checkRelative(link, page: page, pageOutputPaths: pageOutputPaths, sink: &sink) else { continue }
                if seenFiles.insert(file).inserted { linkedFiles.append(file) }
                // Each picture where it is written: an image's size goes on its own `<img>`.
                if PictureFormat(fileName: file) != nil {
                    pictures.append(TextPicture(path: file, isImage: link.isImage, written: Located(link.destination, at: link.position)))
                }
                continue
            }
            guard let scheme = URLScheme.asBrowsersRead(link.destination), !isShorthand(link) else { continue }  // relative or fragment
            let allowed = link.isImage ? Self.allowedImageSchemes : Self.allowedLinkSchemes
            if scheme == "https" || scheme == "http", case .failure(let problem) = HTTPSAddress.read(link.destination) {
                // Read as every web address sitegen takes: https://bank.example@evil.example/ (one host shown,
                // another opened) is refused here as in a button, url: or avatar:.
                sink.report(at: link.position, "\(link.isImage ? "an image" : "a link") must have a valid web address: \(problem.reason)")
                continue
            }
            guard !allowed.contains(scheme) else { continue }
            let schemes = allowed.sorted().joined(separator: ", ")
            sink.report(at: link.position, link.isImage
                ? "'\(scheme):' is not allowed in an image: expected \(schemes) or a relative path"
                : "'\(scheme):' is not allowed in a link: expected \(schemes), a relative path, or a service such as mastodon:@user@host")
        }
        var resolved: [MarkdownChainLink] = []
        for link in markdown.links where isShorthand(link) {
            do throws(LinkChainError) {
                let (service, request) = try catalog.parse(shorthand: link.destination)
                let target = try service.target(handle: request.handle, options: request.options)
                let chain = service.chain(target: target, apps: service.defaultApps)
                if StarterPlaceholder.handles.contains(chain.handle) {
                    sink.report(.warning, at: link.position, StarterPlaceholder.linkMessage(chain.handle), kind: .starterPlaceholder)
                }
                let choices = chain.candidates + service.otherChoices(target: target, besides: service.defaultApps)
                resolved.append(MarkdownChainLink(position: link.position, chain: chain, choices: choices, provesIdentity: service.provesIdentity))
            } catch {
                sink.report(at: link.position, error.message)
            }
        }
        return (resolved, linkedFiles, pictures)
    }

    /// A relative link or image of the body (`cv.pdf`, `../about/`, `photos/me.jpg`) must lead to a file the site
    /// publishes: an asset, a page, or a file made beside a page. The browser reads it from the page's address
    /// (`about.md` is `about/`), not from the Markdown file's folder, so a path that only works from there gets
    /// a hint with the path that works. Gives the file under content/ it leads to, if it leads to one.
    private func checkRelative(_ link: MarkdownDocument.Link, page: ParsedPage, pageOutputPaths: Set<String>, sink: inout DiagnosticSink) -> String? {
        let path = String(link.destination.prefix { $0 != "?" && $0 != "#" })
        guard !path.isEmpty, !path.hasPrefix("//") else { return nil }  // a fragment or query of this page; // is another host
        let decoded = path.contains("%") ? (PercentEncoding.decode(path) ?? path) : path
        let outputFolder = page.outputPath.split(separator: "/").dropLast().joined(separator: "/")
        let fromRoot = decoded.hasPrefix("/")
        let what = link.isImage ? "image" : "link"
        guard let target = RelativePath.resolve(fromRoot ? String(decoded.drop { $0 == "/" }) : decoded, from: fromRoot ? "" : outputFolder) else {
            sink.report(at: link.position, "\(what) '\(link.destination)' leads above the site's top folder: expected a path to a file under content/ or to a page")
            return nil
        }
        if assets.contains(target) { return target }
        if publishes(target, pageOutputPaths: pageOutputPaths) { return nil }
        let contentFolder = page.page.path.split(separator: "/").dropLast().joined(separator: "/")
        var hint: String?
        if !fromRoot, let meant = RelativePath.resolve(decoded, from: contentFolder), meant != target,
           publishes(meant, pageOutputPaths: pageOutputPaths) {
            hint = "links are read from the page's address (\(outputFolder.isEmpty ? "the site's top" : outputFolder + "/")), not from its file's folder: write '\(RelativePath.relative(to: meant, from: outputFolder))'"
        } else if let pageName = PagePath.pageExtension(of: target).map({ _ in PagePath.outputPath(for: target) }),
                  pageOutputPaths.contains(pageName) {
            let folder = String(pageName.dropLast("index.html".count))
            hint = "a page is published as a folder: write '\(folder.isEmpty ? "./" : RelativePath.relative(to: folder + "index.html", from: outputFolder).dropLast("index.html".count))'"
        }
        if hint == nil, let near = RelativePath.nearest(to: target, among: assets.union(staticFiles)) {
            hint = Self.nearHint(written: path, found: near)
        }
        sink.report(at: link.position, "\(what) '\(link.destination)' not found: expected content/\(target)" + (link.isImage ? "" : ", or a page there"), hint: hint)
        return nil
    }

    /// Whether the build writes `path` (below the output folder): an asset, a page (`about/index.html`, or its folder
    /// `about/` or `about`), or a file made beside a page.
    private func publishes(_ path: String, pageOutputPaths: Set<String>) -> Bool {
        if assets.contains(path) || staticFiles.contains(path) || pageOutputPaths.contains(path) { return true }
        let folder = path.isEmpty ? "" : path + "/"
        if pageOutputPaths.contains(folder + "index.html") { return true }
        let parts = path.split(separator: "/")
        guard let name = parts.last, PageRenderer.companionNames.contains(String(name)) else { return false }
        return pageOutputPaths.contains((parts.dropLast().map { $0 + "/" }.joined()) + "index.html")
    }

    /// A link written as a service shorthand (`mastodon:@eb@social.coop`, `mailto:…`); plain https links stay plain.
    private func isShorthand(_ link: MarkdownDocument.Link) -> Bool {
        guard !link.isImage, let scheme = URLScheme.asBrowsersRead(link.destination), scheme != "https" else { return false }
        return catalog.service(named: scheme) != nil
    }

    /// A `background` image as the page's output folder sees it; gradients need no file.
    private func backgroundImageSource(_ background: FrontMatter.Background?, page: ParsedPage, sink: inout DiagnosticSink) -> String? {
        guard case .image(let written) = background else { return nil }
        guard let path = assetPath(written, page: page, field: "background", kind: "an image path", example: "backdrop.jpg",
                                   noun: "background image", sink: &sink) else { return nil }
        return RelativePath.relative(to: path, from: page.outputPath.split(separator: "/").dropLast().joined(separator: "/"))
    }

    private func avatarSource(_ avatar: Located<String>, page: ParsedPage, sink: inout DiagnosticSink) -> String? {
        if URLScheme.asBrowsersRead(avatar.value) == "https" {
            // Published in img, og:image, JSON-LD and the vCard: read as every https address sitegen publishes is
            // (no user name or password, no spaces, the host in Punycode), and written normalised.
            switch PageAddress.parse(avatar.value) {
            case .success(let address): return address
            case .failure(let problem):
                sink.report(at: avatar.position, "'avatar' must be an image path relative to this page, like avatar.jpg, or an https URL: \(problem.reason)")
                return nil
            }
        }
        guard let assetPath = assetPath(avatar, page: page, field: "avatar", kind: "an image path", example: "avatar.jpg, or an https URL",
                                        noun: "avatar image", sink: &sink) else { return nil }
        let outputFolder = page.outputPath.split(separator: "/").dropLast().joined(separator: "/")
        return RelativePath.relative(to: assetPath, from: outputFolder)
    }

    /// A file named relative to the page (relative to `content/` when written in site.yml, which every page
    /// shares), as a path below `content/`; nil (after reporting) when it is absolute, climbs out of `content/`
    /// or does not exist.
    private func assetPath(_ written: Located<String>, page: ParsedPage, field: String, kind: String, example: String, noun: String,
                           sink: inout DiagnosticSink) -> String? {
        let at = written.position
        let inSiteSettings = at.file == .siteSettings
        let relativeTo = inSiteSettings ? "content/ (in \(SiteSettings.fileName))" : "this page"
        if URLScheme.asBrowsersRead(written.value) != nil || written.value.hasPrefix("/") {
            sink.report(at: at, "'\(field)' must be \(kind) relative to \(relativeTo), like \(example)")
            return nil
        }
        let folder = inSiteSettings ? "" : page.page.path.split(separator: "/").dropLast().joined(separator: "/")
        guard let path = RelativePath.resolve(written.value, from: folder), assets.contains(path) else {
            let near = RelativePath.resolve(written.value, from: folder).flatMap { RelativePath.nearest(to: $0, among: assets) }
            sink.report(at: at, "\(noun) '\(written.value)' not found: expected a file under content/" + (inSiteSettings ? "" : " relative to this page"),
                        hint: near.map { Self.nearHint(written: written.value, found: $0) })
            return nil
        }
        return path
    }

    /// The hint for a file named almost as one the site has: the same path as written, with the name it has.
    private static func nearHint(written: String, found: String) -> String {
        let name = found.split(separator: "/").last.map(String.init) ?? found
        let folder = written.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let meant = folder.isEmpty && !written.hasPrefix("/") ? name : folder + "/" + name
        let writtenName = written.split(separator: "/").last.map(String.init) ?? written
        // A disk that ignores capitals finds Sam.JPG as sam.jpg; a web server does not.
        let why = writtenName.lowercased() == name.lowercased() ? " (web addresses tell capitals apart)" : ""
        return "the folder has '\(name)': write '\(meant)'" + why
    }

    private func pageURL(_ page: ParsedPage, sink: inout DiagnosticSink) -> String? {
        if let url = page.frontMatter.url {
            switch PageAddress.parse(url.value) {
            case .success(let address): return address
            case .failure(let problem):
                sink.report(at: url.position, "'url' must be \(PageAddress.expected): \(problem.reason)")
                return nil
            }
        }
        guard let base = baseURL else { return nil }
        let folder = page.outputPath.hasSuffix("index.html") ? String(page.outputPath.dropLast("index.html".count)) : page.outputPath
        return (base.hasSuffix("/") ? base : base + "/") + PageAddress.encodePath(folder)
    }
}

/// Paths below the site's folders, joined without touching the disk.
enum RelativePath {
    /// `img/a.png` from folder `about` -> `about/img/a.png`; nil if it climbs out of the root.
    static func resolve(_ path: String, from folder: String) -> String? {
        var parts = folder.split(separator: "/").map(String.init)
        for part in path.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": if parts.popLast() == nil { return nil }
            default: parts.append(String(part))
            }
        }
        return parts.joined(separator: "/")
    }

    /// The file of `files` in the same folder as `path` that was most likely meant: the same name in other capitals
    /// (`Sam.JPG` for `sam.jpg`), else the same name with another extension (`sam.jpeg` for `sam.jpg`), else a name
    /// one or two edits away; nil when none is close.
    static func nearest(to path: String, among files: Set<String>) -> String? {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        func stem(_ name: String) -> String { String(name.lowercased().prefix { $0 != "." }) }
        let siblings = files.filter { $0.hasPrefix(folder) && !$0.dropFirst(folder.count).contains("/") }.map { String($0.dropFirst(folder.count)) }.sorted()
        let meant = siblings.first { $0.lowercased() == name.lowercased() }
            ?? siblings.first { stem($0) == stem(name) && !stem(name).isEmpty }
            ?? siblings.filter { Spelling.distance($0, name) <= 2 && name.count > 4 }.min { Spelling.distance($0, name) < Spelling.distance($1, name) }
        return meant.map { folder + $0 }
    }

    /// The relative path from `folder` to `target` (both below the same root).
    static func relative(to target: String, from folder: String) -> String {
        let from = folder.split(separator: "/"), to = target.split(separator: "/")
        var common = 0
        while common < from.count, common < to.count - 1, from[common] == to[common] { common += 1 }
        return (Array(repeating: "..", count: from.count - common) + to[common...].map(String.init)).joined(separator: "/")
    }
}
