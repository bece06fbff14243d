import Artwork
import Companions
import Foundation
import LinkChain
import Markup
import Minify
import Mustache
import Paint
import Runtime
import SiteBasics
import SiteSource

/// What rendering one page produces: its HTML, the files beside it, and its security policy.
public struct RenderedPage: Sendable {
    /// UTF-8.
    public var html: Data
    /// `contact.vcf` and `qr.svg` in the page's folder; paths below the output folder.
    public var companions: [OutputFile]
    public var policy: SecurityPolicy?
    /// Files of the page an earlier build wrote that stay as they are (its share card), below the output folder.
    public var kept: [String] = []
}

/// The data of one button in a page template's `links`; the README documents each.
enum LinkKey: String, CaseIterable {
    case number, label, detail, service, serviceName = "service_name", handle, href, icon, color, textColor = "text_color"
    case edgeLight = "edge_light", edgeDark = "edge_dark", hCardClass = "h_card_class", attributesHTML = "attributes_html"
    case until, afterLinkHTML = "after_link_html", accountURI = "account_uri"
}

/// The data of a page in a page template, and of a group in its `link_groups`; the README documents each.
enum PageKey: String, CaseIterable {
    case links, linkGroups = "link_groups", hasHeadings = "has_headings", heading, title, lang, theme, colorScheme = "color_scheme"
    case themeCSS = "theme_css", themeColorLight = "theme_color_light", themeColorDark = "theme_color_dark", bodyHTML = "body_html"
    case iconSymbolsHTML = "icon_symbols_html", identityLinksHTML = "identity_links_html", runtimeJS = "runtime_js"
    case personJSON = "person_json", faviconHref = "favicon_href", generator, description, url, qrHref = "qr_href"
    case vcardHref = "vcard_href", avatar, imageURL = "image_url", imageAlt = "image_alt", imageWidth = "image_width"
    case imageHeight = "image_height", twitterCard = "twitter_card", stylesheetCSS = "stylesheet_css"
    case fediverseCreator = "fediverse_creator", surface, onCard = "on_card", hasSealedAddresses = "has_sealed_addresses"
    case hasFediverseAccounts = "has_fediverse_accounts", backdropCSS = "backdrop_css", words, dir, rightToLeft = "right_to_left"
    case calmButtons = "calm_buttons", icons, hasIconRows = "has_icon_rows"
}

/// Where one template's data goes: the slot (`MustacheTemplates.slot(of:)`) of each key it reads, found once per
/// build, so a page's data is stored by index and no key it does not read is computed.
struct TemplateSlots: Sendable {
    /// The page keys the template reads, with their slots.
    private let page: [PageKey: Int]
    /// The keys of a button the template reads, with their slots.
    let link: [(key: LinkKey, slot: Int)]

    init(_ templates: MustacheTemplates, reads: Set<String>) {
        func slot(_ name: String) -> Int? { reads.contains(name) ? templates.slot(of: name) : nil }
        page = Dictionary(uniqueKeysWithValues: PageKey.allCases.compactMap { key in slot(key.rawValue).map { (key, $0) } })
        link = LinkKey.allCases.compactMap { key in slot(key.rawValue).map { (key, $0) } }
    }

    subscript(key: PageKey) -> Int? { page[key] }
}

/// Stage 4: pages through the Mustache templates.
///
/// Template data follows one rule: keys ending in `_html`, `_css`, `_js` or `_json` hold code that sitegen
/// produced and escaped itself, meant for triple mustaches; every other key is plain text for `{{ }}`,
/// which escapes it.
public struct PageRenderer: Sendable {
    public let templates: MustacheTemplates
    public let version: String
    /// The runtime the pages inline.
    public let runtime: PageRuntime
    /// The text of `.css` files under `content/`, for pages that name one as `stylesheet`.
    public let stylesheets: [String: String]
    /// The page colours each of those sets, for `theme-color`: read once, however many pages name one.
    private let stylesheetColours: [String: StylesheetColours]
    /// What the server of the pages adds to each (`sitegen serve`); nil for built pages.
    public var injection: PageInjection?
    /// The names each template reads, through its partials and parents: data no template reads is not
    /// computed, and companion files no template links to are not written.
    private let referencedNames: [String: Set<String>]
    /// Each template's slots for the data it reads.
    private let slotsByTemplate: [String: TemplateSlots]
    private let bodyHashes = BodyHashes()
    private let policyTags = PolicyTags()
    /// Each theme's rules for each colour scheme, minified once per build rather than once per page.
    private let themeCSS = Dictionary(uniqueKeysWithValues: Theme.all.flatMap { theme in
        FrontMatter.ColorScheme.allCases.map { (theme.name + "/" + $0.rawValue, CSSMinifier.minify(theme.css(for: $0))) }
    })
    /// The name a template writes the page's `<meta>` Content-Security-Policy with, filled once the page is written.
    static let policyName = "content_security_policy_html"

    /// Compiles every template, reporting each syntax error at its line and column. A `.css` template (a partial
    /// that a `<style>` includes) and a `.json` one (the runtime's words) compile minified, so pages carry them small
    /// while the files stay readable.
    public static func compile(_ files: [TemplateFile]) -> (MustacheTemplates?, [Diagnostic]) {
        let shipped = Dictionary(uniqueKeysWithValues: files.map { file in
            let path = file.displayPath.lowercased()
            return (file.name, path.hasSuffix(".css") ? CSSMinifier.minify(file.text) : path.hasSuffix(".json") ? JSONMinifier.minify(file.text) : file.text)
        })
        do {
            return (try MustacheTemplates(sources: shipped, missingPartials: .fail, html: true), [])
        } catch {
            // The minifiers copy every tag as it is (and leave a text whose tags do not compile as written), so the
            // same errors are in the files as written, where the lines and columns are: compiled again only to say so.
            let asWritten = Dictionary(uniqueKeysWithValues: files.map { ($0.name, $0.text) })
            let found = Self.errors(compiling: asWritten)
            return (nil, (found.isEmpty ? error.errors : found).map { diagnostic($0, files: files) })
        }
    }

    private static func errors(compiling sources: [String: String]) -> [MustacheError] {
        do {
            _ = try MustacheTemplates(sources: sources, missingPartials: .fail, html: true)
            return []
        } catch {
            return error.errors
        }
    }

    static func diagnostic(_ error: MustacheError, files: [TemplateFile]) -> Diagnostic {
        guard let file = files.first(where: { $0.name == error.templateName }) else {
            return Diagnostic(path: "templates/" + error.templateName, message: error.message)
        }
        var sink = DiagnosticSink(path: file.displayPath, text: file.text)
        sink.report(line: error.line, column: error.column, error.message)
        return sink.diagnostics[0]
    }

    public init(templates: MustacheTemplates, version: String, runtime: PageRuntime, stylesheets: [String: String] = [:]) {
        self.templates = templates
        self.version = version
        self.runtime = runtime
        self.stylesheets = stylesheets
        stylesheetColours = stylesheets.mapValues(StylesheetColours.init(css:))
        referencedNames = Dictionary(uniqueKeysWithValues: templates.names.map { ($0, templates.referencedNames($0)) })
        slotsByTemplate = referencedNames.mapValues { [templates] names in TemplateSlots(templates, reads: names) }
    }

    /// `cards` draws the page's share card (none: `share_card: false`, or no template reads `image_url`).
    func render(_ page: ResolvedPage, icons: IconSymbols, photos: PagePhotos = .none, cards: ShareCards? = nil,
                templateFiles: [TemplateFile]) -> Result<RenderedPage, Diagnostic> {
        let rendered: RenderedHTML
        let card = cards == nil ? nil : shareCard(for: page, photos: photos)
        do {
            let shield = EmailShield(page.emailAddresses)
            rendered = try templates.renderHTML(page.templateName, context(for: page, icons: icons, shield: shield, photos: photos, card: card),
                                                hole: Self.policyName, escaper: shield?.escaper)
        } catch {
            // Template names were checked when the page was resolved: what is left is a partial or parent missing.
            return .failure(Self.diagnostic(error, files: templateFiles))
        }
        var policy: SecurityPolicy?
        if !rendered.holes.isEmpty {
            var pagePolicy = SecurityPolicy(rendered, hashes: bodyHashes)
            if let analytics = page.parsed.frontMatter.analytics { pagePolicy.connectOrigins = [analytics.origin] }
            if let injection {
                pagePolicy.scriptHashes += injection.scriptHashes
                pagePolicy.connectsToOwnServer = injection.connectsToOwnServer
            }
            policy = pagePolicy
        }
        // A head script goes right after the policy: it must run before the runtime it watches.
        let fill = policy.map { policyTags.tag($0) + (injection?.headScript?.element ?? []) } ?? []
        let html = rendered.assembled(fill: fill, appendix: injection?.bodyEndScript?.element ?? [])
        var result = RenderedPage(html: html.withUnsafeBytes(Self.data), companions: companions(for: page, reads: reads(page), photos: photos), policy: policy)
        if let card, let cards {
            do throws(PhotoProblem) {
                if let png = try cards.card(card.card, path: card.path) {
                    result.companions.append(OutputFile(path: card.path, contents: .data(png)))
                } else {
                    result.kept.append(card.path)
                }
            } catch {
                return .failure(Diagnostic(path: page.parsed.page.displayPath, message: "the share card cannot be drawn: \(error.reason)"))
            }
        }
        return .success(result)
    }

    /// The page's share card: its SVG, its path below the output folder, and its address. Made where a template
    /// reads `image_url`, the page has an address (a preview needs an absolute one) and `share_card` is not false.
    struct ShareCardPlan {
        var card: ShareCard
        var path: String
        var url: String
        var alt: String
    }

    func shareCard(for page: ResolvedPage, photos: PagePhotos) -> ShareCardPlan? {
        let matter = page.parsed.frontMatter
        guard matter.shareCard, reads(page).contains(PageKey.imageURL.rawValue), let base = page.url.flatMap(URL.init(string:)) else { return nil }
        // An https avatar is not fetched: the card shows the initials then.
        // The site's address (its host) in the footer; the site's own colours where its stylesheet sets them.
        let ownColours = page.stylesheetPath.flatMap { stylesheetColours[$0] } ?? StylesheetColours()
        let card = ShareCard(title: matter.title ?? "", tagline: matter.description, address: base.host ?? "", palette: matter.theme.light,
                             ownColours: ownColours, avatar: photos.avatar?.shareCardPicture)
        let name = card.fileName
        guard let url = URL(string: name, relativeTo: base)?.absoluteString else { return nil }
        let title = ShareCard.plain(matter.title ?? "")
        let alt = [title, matter.description.map(ShareCard.plain)].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ": ")
        return ShareCardPlan(card: card, path: joinPath(Self.folder(of: page), name), url: url, alt: alt)
    }

    /// Bytes as Data in one copy: Data's initializer from a sequence (an array, a string's UTF-8) reads it byte by
    /// byte, and a page writes three files.
    static func data(_ bytes: UnsafeRawBufferPointer) -> Data {
        bytes.baseAddress.map { Data(bytes: $0, count: bytes.count) } ?? Data()
    }

    static func data(_ text: String) -> Data {
        var text = text
        return text.withUTF8 { data(UnsafeRawBufferPointer($0)) }
    }

    /// The folder a page is written to, below the output folder ("" for the root).
    static func folder(of page: ResolvedPage) -> String {
        // Output paths are relative, with single slashes (`outputPath(for:)`): the folder is what the last one ends.
        let path = page.parsed.outputPath
        return path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(path[..<$0]) } ?? ""
    }

    /// What the page's template reads.
    private func reads(_ page: ResolvedPage) -> Set<String> { referencedNames[page.templateName] ?? [] }

    /// A vCard when the page has links to keep, a QR code when its address is known, each when the template
    /// links to it.
    /// The files a page may get beside it, which its body may link to.
    static let companionNames: Set<String> = [vCardName, qrCodeName]
    static let vCardName = "contact.vcf", qrCodeName = "qr.svg"

    private func companions(for page: ResolvedPage, reads: Set<String>, photos: PagePhotos) -> [OutputFile] {
        let folder = Self.folder(of: page)
        var files: [OutputFile] = []
        if !page.links.isEmpty, reads.contains("vcard_href") {
            files.append(OutputFile(path: joinPath(folder, Self.vCardName), contents: .data(Self.data(vCard(for: page, photos: photos).text))))
        }
        if let url = page.url, reads.contains("qr_href"), let code = QRCode(url) {
            files.append(OutputFile(path: joinPath(folder, Self.qrCodeName), contents: .data(Self.data(code.svg(title: url)))))
        }
        return files
    }

    func vCard(for page: ResolvedPage, photos: PagePhotos = .none) -> VCard {
        let matter = page.parsed.frontMatter
        var card = VCard(name: matter.title ?? "")
        if let name = matter.name {
            card.givenName = name.given
            card.familyName = name.family
        } else {
            (card.givenName, card.familyName) = VCard.nameParts(ofTitle: matter.title ?? "")
        }
        card.note = matter.description
        // Carried in the card, small: phones' contact apps do not fetch a photo's address. An avatar at an https
        // address (not made here) is named by it, when it is a JPEG or PNG, the only photos contact apps show.
        if let picture = photos.avatar?.shareCardPicture {
            card.photo = .embedded(type: picture.isPNG ? "PNG" : "JPEG", data: picture.data)
        } else {
            let avatarExtension = page.avatarSource?.split(separator: "?").first?.split(separator: ".").last?.lowercased()
            let type: String? = switch avatarExtension { case "jpg", "jpeg": "JPEG"; case "png": "PNG"; default: nil }
            if let type, let url = avatarURL(for: page) { card.photo = .address(url: url, type: type) }
        }
        if let url = page.url { card.addURL(url) }
        for link in page.links {
            let chain = link.chain
            switch chain.kind {
            case .email: card.addEmail(chain.handle)
            case .phone: card.addPhone(chain.phoneNumber ?? chain.handle, type: "VOICE")
            case .sms: card.addPhone(chain.phoneNumber ?? chain.handle, type: "MSG")
            case .web: card.addURL(chain.fallback)
            case .profile: card.addProfile(service: link.service.displayName, url: chain.fallback)
            }
        }
        return card
    }

    /// The avatar as an absolute URL, for the vCard, the page's JSON-LD and link previews without a share card; nil
    /// when the page's URL is unknown.
    func avatarURL(for page: ResolvedPage) -> String? {
        guard let avatar = page.avatarSource else { return nil }
        if URLScheme.asBrowsersRead(avatar) != nil { return avatar }
        guard let base = page.url.flatMap(URL.init(string:)) else { return nil }
        return URL(string: avatar, relativeTo: base)?.absoluteString
    }

    /// The data a page template sees; the README documents every key. Costly values are computed only
    /// when the page's template reads them.
    /// The email addresses the page links to are written as character references in each value made here
    /// (`EmailShield` does the same for plain-text values as the template writes them).
    func context(for page: ResolvedPage, icons: IconSymbols, shield: EmailShield?, photos: PagePhotos = .none, card: ShareCardPlan? = nil) -> MustacheValue {
        let matter = page.parsed.frontMatter
        guard let slots = slotsByTemplate[page.templateName] else { return .slots(templates.makeSlots()) }
        let features = RuntimeFeature.used(by: page)
        let words = WordTable.standard.values(for: matter.lang, overrides: matter.words)
        let addressAt = Self.addressAt(words)
        var values = templates.makeSlots()
        func add(_ key: PageKey, _ value: @autoclosure () -> MustacheValue?) {
            if let slot = slots[key], let value = value() { values[slot] = value }
        }
        if slots[.links] != nil || slots[.linkGroups] != nil {
            let items: [MustacheValue] = page.links.enumerated().map { index, link in
                var item = templates.makeSlots()
                for (key, slot) in slots.link {
                    let value: String
                    switch key {
                    case .number: item[slot] = .int(index + 1); continue
                    case .label: value = link.label
                    case .detail:
                        guard let detail = link.detail else { continue }
                        value = detail
                    case .service: value = link.chain.serviceID
                    case .serviceName: value = link.service.displayName
                    case .handle: value = link.chain.handle
                    case .href: value = link.chain.fallback
                    case .icon: value = icons.name(for: link.icon)
                    case .color: value = link.paint.fill.css
                    case .textColor: value = link.paint.text.css
                    case .edgeLight: value = link.paint.edgeLight.css
                    case .edgeDark: value = link.paint.edgeDark.css
                    case .hCardClass: value = Self.hCardClass(link.chain.kind)
                    case .attributesHTML:
                        value = ChainMarkup.attributes(link.chain, choices: link.choices, provesIdentity: link.service.provesIdentity,
                                                       protection: matter.emailProtection, firstTap: matter.firstTap, shield: shield)
                            + (link.closesAt.map { #" data-until="\#(ScheduleTime.utcText($0))""# } ?? "")
                    case .until:
                        guard let closesAt = link.closesAt else { continue }
                        value = ScheduleTime.utcText(closesAt)
                    case .afterLinkHTML: value = ChainMarkup.afterLink(link.chain, protection: matter.emailProtection, at: addressAt)
                    case .accountURI:
                        guard let accountURI = link.chain.accountURI else { continue }
                        value = accountURI
                    }
                    item[slot] = .string(value)
                }
                return .slots(item)
            }
            add(.links, .array(items))
            if slots[.linkGroups] != nil {
                let groups = Self.linkGroups(items.count, sections: matter.sections)
                add(.linkGroups, .array(groups.map { group in
                    var values = templates.makeSlots()
                    if let slot = slots[.links] { values[slot] = .array(Array(items[group.links])) }
                    if let heading = group.heading, let slot = slots[.heading] { values[slot] = .string(heading) }
                    if group.icons, let slot = slots[.icons] { values[slot] = .bool(true) }
                    return .slots(values)
                }))
                add(.hasHeadings, groups.contains { $0.heading != nil } ? .bool(true) : nil)
                add(.hasIconRows, groups.contains { $0.icons } ? .bool(true) : nil)
            }
        }
        let theme = matter.theme
        add(.title, .string(matter.title ?? ""))
        add(.lang, .string(matter.lang))
        add(.words, .dictionary(words))
        let rightToLeft = LanguageTag.isRightToLeft(matter.lang)
        add(.dir, .string(rightToLeft ? "rtl" : "ltr"))
        add(.rightToLeft, rightToLeft ? .bool(true) : nil)
        add(.theme, .string(theme.name))
        add(.colorScheme, .string(matter.colorScheme.rawValue))
        add(.themeCSS, .string(themeCSS[theme.name + "/" + matter.colorScheme.rawValue] ?? theme.css(for: matter.colorScheme)))
        let ownColours = page.stylesheetPath.flatMap { stylesheetColours[$0] } ?? StylesheetColours()
        add(.themeColorLight, .string(ownColours.light(or: theme.light.page.css)))
        add(.themeColorDark, .string(ownColours.dark(or: theme.dark.page.css)))
        add(.bodyHTML, .string(bodyHTML(page, shield: shield, addressAt: addressAt, imageSizes: photos.textSizes)))
        add(.iconSymbolsHTML, .string(icons.html))
        add(.identityLinksHTML, .string(page.identityLinks.map { #"<link rel="me" href="\#(HTML.escape($0))">"# }.joined(separator: "\n")))
        add(.runtimeJS, .string(runtimeScript(for: matter, features: features)))
        add(.personJSON, .string(personJSON(for: page)))
        // The avatar's favicon is a small copy inlined as a data: URL: the browser fetches a favicon apart from the
        // <img>, even at the same address, so the page costs two requests (itself and its photo), not three.
        add(.faviconHref, .string(photos.avatar?.faviconURL ?? page.avatarSource ?? Initials.favicon(matter.title ?? "", fill: theme.light.ring.css, text: theme.light.ring.readableText.css)))
        add(.generator, .string("sitegen \(version)"))
        add(.description, matter.description.map { .string($0) })
        add(.url, page.url.map { .string($0) })
        add(.qrHref, page.url.map { _ in .string("qr.svg") })
        add(.vcardHref, page.links.isEmpty ? nil : .string("contact.vcf"))
        add(.avatar, page.avatarSource.map { .string($0) })
        add(.imageURL, (card?.url ?? avatarURL(for: page)).map { .string($0) })
        add(.imageAlt, card.map { .string($0.alt) })
        add(.imageWidth, card.map { _ in .int(ShareCard.width) })
        add(.imageHeight, card.map { _ in .int(ShareCard.height) })
        add(.twitterCard, .string(card == nil ? "summary" : "summary_large_image"))
        add(.stylesheetCSS, page.stylesheetPath.flatMap { stylesheets[$0] }.map { .string(Self.safeInStyleElement($0)) })
        add(.fediverseCreator, page.fediverseCreator.map { .string($0) })
        add(.surface, .string(page.onCard ? "card" : "page"))
        add(.onCard, page.onCard ? .bool(true) : nil)
        add(.calmButtons, matter.buttons == .calm ? .bool(true) : nil)
        add(.hasSealedAddresses, features.contains(.sealed) ? .bool(true) : nil)
        add(.hasFediverseAccounts, features.contains(.follow) ? .bool(true) : nil)
        add(.backdropCSS, .string(Self.backdropCSS(matter.background, imageSource: page.backgroundImageSource)))
        return .slots(values)
    }

    /// The runtime a page carries: the base and the modules of the features it has, followed by the click counter on a
    /// page with `analytics:`, which listens to what the runtime tells.
    func runtimeScript(for matter: FrontMatter, features: Set<RuntimeFeature>) -> String {
        runtime.script(features: features) + (matter.analytics.map { runtime.counterScript(endpoint: $0.endpoint) } ?? "")
    }

    /// What stands for `@` in an address written out for readers without JavaScript, in the page's words.
    static func addressAt(_ words: [String: MustacheValue]) -> String {
        words["address_at"]?.renderedText ?? ""
    }

    /// The Markdown body as HTML, its shorthand links written as chain links, its addresses as `shield` writes them,
    /// `addressAt` standing for the `@` of an address written out for readers without JavaScript, each picture whose
    /// position `imageSizes` names given its `width` and `height`.
    func bodyHTML(_ page: ResolvedPage, shield: EmailShield? = nil, addressAt: String, imageSizes: [SourcePosition: PixelSize] = [:]) -> String {
        let protection = page.parsed.frontMatter.emailProtection
        var rewrites: [SourcePosition: (openingTag: String, afterLink: String)] = [:]
        for link in page.markdownLinks {
            rewrites[link.position] = (ChainMarkup.openingTag(link.chain, choices: link.choices, provesIdentity: link.provesIdentity,
                                                              protection: protection, shield: shield),
                                       ChainMarkup.afterLink(link.chain, protection: protection, at: addressAt))
        }
        return page.parsed.markdown.renderHTML(rewriting: rewrites, shield: shield, imageSizes: imageSizes)
    }

    /// The buttons split at the page's `- section:` headings: each group's buttons (by position) and heading (absent
    /// before the first section). A heading with no buttons under it is left out (the reader warns about it).
    static func linkGroups(_ count: Int, sections: [FrontMatter.LinkSection]) -> [(links: Range<Int>, heading: String?, icons: Bool)] {
        var groups: [(links: Range<Int>, heading: String?, icons: Bool)] = []
        var heading: String?, icons = false, start = 0
        func close(at end: Int) {
            guard end > start else { return }
            groups.append((start..<end, heading, icons))
        }
        for section in sections {
            let at = min(section.beforeLink, count)
            close(at: at)
            (heading, icons, start) = (section.title, section.icons, at)
        }
        close(at: count)
        return groups
    }

    /// The page's `background` as CSS custom properties: the theme's backdrop for both schemes is replaced.
    static func backdropCSS(_ background: FrontMatter.Background?, imageSource: String?) -> String {
        switch background {
        case .gradient(let colors): return ":root:root{--backdrop:\(Theme.gradient(colors))}"
        case .image: return imageSource.map { ":root:root{--backdrop:url(\"\(cssString($0))\")}" } ?? ""
        case nil: return ""
        }
    }

    /// Text inside a double-quoted CSS string, safe in a `<style>` element: escaped as the template engine escapes a
    /// value in a style, the one owner of that rule.
    static func cssString(_ text: String) -> String {
        var bytes: [UInt8] = []
        MustacheTemplates.appendEscapedStyle(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The microformats2 property a button's link is: an email, a phone number, or a URL of the person.
    static func hCardClass(_ kind: LinkKind) -> String {
        switch kind {
        case .email: return "u-email"
        case .phone, .sms: return "p-tel"
        case .profile, .web: return "u-url"
        }
    }

    /// A schema.org `Person` for search engines and link previews. The email address is left out: the page
    /// keeps it from harvesters, and the vCard and the button still offer it.
    func personJSON(for page: ResolvedPage) -> String {
        let matter = page.parsed.frontMatter
        var json = JSONBytes(escaping: .insideScript)
        // Keys in sorted order, as a JSON encoder with sorted keys would write them.
        json.raw(#"{"@context":"https://schema.org","@type":"Person""#)
        if let description = matter.description { json.raw(#","description":"#); json.string(description) }
        if let image = avatarURL(for: page) { json.raw(#","image":"#); json.string(image) }
        json.raw(#","name":"#)
        json.string(matter.title ?? "")
        var profiles = 0
        for link in page.links where link.chain.fallback.hasPrefix("https:") {
            json.raw(profiles == 0 ? #","sameAs":["# : ",")
            json.string(link.chain.fallback)
            profiles += 1
        }
        if profiles > 0 { json.raw("]") }
        if let url = page.url { json.raw(#","url":"#); json.string(url) }
        json.raw("}")
        return json.text
    }

    /// A site's own CSS goes inside `<style>`; a `</style>` tag in it would close the element early and let HTML in,
    /// so each is written `<\/style`, in lower case as it always was (what ends the CSS ends it too: the template's text
    /// follows).
    static func safeInStyleElement(_ css: String) -> String {
        let bytes = Array(css.utf8)
        var written: [UInt8] = []
        var copied = 0
        for index in bytes.indices.dropLast() where bytes[index] == UInt8(ascii: "<") && bytes[index + 1] == UInt8(ascii: "/")
            && RawTextElement.named(in: bytes, at: index + 2, endOpen: true)?.element == .style {
            written += bytes[copied..<index] + Array(#"<\/style"#.utf8)
            copied = index + 7
        }
        guard copied > 0 else { return css }
        return String(decoding: written + bytes[copied...], as: UTF8.self)
    }
}

extension PhotoLibrary {
    /// The page's avatar and background as it publishes them, or the problems, reported where each is named.
    func photos(for page: ResolvedPage, sink: inout DiagnosticSink) -> PagePhotos {
        let matter = page.parsed.frontMatter
        let folder = PageRenderer.folder(of: page)
        var avatar: (path: String, written: Located<String>)?
        if let source = page.avatarSource, let written = matter.avatar, let path = Self.local(source, folder: folder) {
            avatar = (path, written)
        }
        var background: (path: String, written: Located<String>)?
        if case .image(let written) = matter.background, let source = page.backgroundImageSource, let path = Self.local(source, folder: folder) {
            background = (path, written)
        }
        return photos(avatar: avatar, background: background, text: page.textPictures, sink: &sink)
    }

    /// A picture's path below content/ from its `src` on a page in `folder`; nil for an https address.
    static func local(_ source: String, folder: String) -> String? {
        guard URLScheme.asBrowsersRead(source) == nil else { return nil }
        return RelativePath.resolve(source, from: folder)
    }
}

extension RuntimeFeature {
    /// The features a page has, from its buttons' and its Markdown's links.
    static func used(by page: ResolvedPage) -> Set<RuntimeFeature> {
        Set(allCases.filter { $0.isUsed(by: page) })
    }

    func isUsed(by page: ResolvedPage) -> Bool {
        // Asked of the links in place: copying every chain into one array costs more than the questions.
        func any(_ test: (Chain) -> Bool) -> Bool { page.links.contains { test($0.chain) } || page.markdownChains.contains(where: test) }
        let matter = page.parsed.frontMatter
        switch self {
        case .ask: return matter.firstTap == .ask && page.links.contains { !$0.chain.candidates.isEmpty }
        case .follow: return any { $0.fediverseAddress != nil || $0.accountURI != nil }
        case .sealed: return matter.emailProtection == .sealed && any { $0.kind == .email }
        case .until: return page.links.contains { $0.closesAt != nil }
        }
    }
}

extension PageRuntime {
    /// The click counter sending to `endpoint`, the endpoint written as a JSON string.
    func counterScript(endpoint: String) -> String {
        counter.replacingOccurrences(of: "SITEGEN_COUNT_ENDPOINT", with: JSONText.string(endpoint, insideScript: true))
    }
}
