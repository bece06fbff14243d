import Foundation
import HTMLReading
import LinkChain
import OnlineCheck
import SiteBasics
import SiteGen
import SiteSource

/// `sitegen import SOURCE [FOLDER]`: a new site (as `new` makes it) whose name, bio, avatar and buttons come
/// from a link page made elsewhere, read from one saved file or fetched from its https address (`WebPage`). Only
/// SOURCE is read: nothing it links to (its avatar included) is fetched.
enum ImportSite {
    /// What became of one link of the source.
    enum Outcome: Equatable {
        /// A service recognised it: the button is that service's.
        case mapped(service: String, handle: String)
        /// No service claims it: a plain web button.
        case web
        /// Not a button: why.
        case leftOut(String)
    }

    /// The site's details and one outcome per link of the source, in order.
    struct Plan {
        var details = NewSite.Details()
        var outcomes: [(url: String, outcome: Outcome)] = []
        /// What the author should know besides the links (an avatar that was not copied).
        var notes: [String] = []
    }

    /// Maps each link of `page` to a button: the catalog's service where it recognises the address (the source's
    /// brand name and the label help it tell a Mastodon profile from another site's `/@name` page), else a web
    /// button for an https address; anything else is left out with its reason.
    /// `address` is where a fetched page was read (after redirects): its avatar, when written as a path, is
    /// there too.
    static func plan(_ source: ImportedPage, address: URL? = nil, catalog: ServiceCatalog = .standard) -> Plan {
        var plan = Plan()
        let (page, dropped) = source.droppingRefusedCharacters()
        plan.notes += dropped
        // One line each, as the page shows them: a title or bio with line breaks in the source is still one line.
        if let name = page.name.map(HTMLElement.collapsed)?.nonEmpty { plan.details.title = name }
        plan.details.description = page.bio.map(HTMLElement.collapsed)?.nonEmpty
        // The bio is the description; the starter's example text would be left for the owner to find.
        plan.details.body = ""
        if var avatar = page.avatar {
            if URLScheme.of(avatar) == nil, let address, let absolute = URL(string: avatar, relativeTo: address)?.absoluteString {
                avatar = absolute
            }
            if URLScheme.of(avatar) == "https", let address = try? WebAddress.parse(avatar) {
                plan.details.avatar = address.url
            } else {
                plan.notes.append("the avatar \(avatar) is not copied (import reads only the page): put the picture in content/ and name it in avatar: in content/index.md")
            }
        }
        var items: [NewSite.LinkItem] = []
        var seen: Set<String> = []
        for item in page.items {
            switch item {
            case .section(let title):
                items.append(.section(title))
            case .unusable(let url, let reason):
                plan.outcomes.append((url, .leftOut(reason)))
            case .link(let url, let label, let brand):
                guard seen.insert(trimmed(url)).inserted else {
                    plan.outcomes.append((url, .leftOut("the same address as an earlier link")))
                    continue
                }
                let (outcome, button) = map(url: url, label: label, brand: brand, catalog: catalog)
                plan.outcomes.append((url, outcome))
                if let button { items.append(button) }
            }
        }
        // A heading with no button after it before the next heading (or the end) heads nothing.
        plan.details.items = items.enumerated().filter { index, item in
            guard case .section = item else { return true }
            guard index + 1 < items.count, case .button = items[index + 1] else { return false }
            return true
        }.map(\.element)
        return plan
    }

    static func map(url: String, label: String, brand: String, catalog: ServiceCatalog) -> (Outcome, NewSite.LinkItem?) {
        let text = trimmed(url)
        let shownLabel = label.nonEmpty
        if let scalar = text.unicodeScalars.first(where: YAMLReader.isRefused) {
            return (.leftOut("the address holds \(UnicodeName.describe(scalar)), a control or bidirectional character no link may carry"), nil)
        }
        guard let scheme = URLScheme.of(text) else {
            return (.leftOut(text.isEmpty ? "the link has no address" : "a link within the page's own site, not to another"), nil)
        }
        if let recognized = catalog.recognize(text, hint: brand + " " + label), let service = catalog.service(named: recognized.serviceID),
           (try? service.chain(handle: recognized.handle, options: recognized.options)) != nil {
            return (.mapped(service: recognized.serviceID, handle: recognized.handle),
                    .button(service: recognized.serviceID, handle: recognized.handle, options: recognized.options, label: shownLabel))
        }
        switch scheme {
        case "https":
            do {
                let address = try WebAddress.parse(text)
                return (.web, .button(service: "web", handle: address.url, options: [:], label: shownLabel))
            } catch {
                return (.leftOut(error.message), nil)
            }
        case "http":
            return (.leftOut("only https links can be buttons: use https:\(text.dropFirst(5)) if the site has it"), nil)
        default:
            // A service's own scheme that its service refuses (`tel:` without a number): say why.
            if catalog.service(named: scheme) != nil {
                do { _ = try catalog.chain(shorthand: text) } catch { return (.leftOut(error.message), nil) }
            }
            return (.leftOut("the scheme \(scheme): is not one a button can use (https, mailto, tel, sms, or a service's own)"), nil)
        }
    }

    /// The lines `import` prints: where each link went, then the notes.
    static func report(_ plan: Plan, source: String, format: ImportedPage.Format) -> [String] {
        let mapped = plan.outcomes.filter { if case .mapped = $0.outcome { true } else { false } }.count
        let web = plan.outcomes.filter { $0.outcome == .web }.count
        let leftOut = plan.outcomes.count - mapped - web
        var lines = ["Read \(Diagnostic.printable(source)) as \(format.rawValue): \(plan.outcomes.count) link\(plan.outcomes.count == 1 ? "" : "s"), "
                     + "\(mapped) matched a service, \(web) kept as web link\(web == 1 ? "" : "s"), \(leftOut) left out."]
        for (url, outcome) in plan.outcomes {
            let shown = Diagnostic.printable(url)
            switch outcome {
            case .mapped(let service, let handle): lines.append("  \(shown) -> \(service): \(Diagnostic.printable(handle))")
            case .web: lines.append("  \(shown) -> web: no service matched")
            case .leftOut(let reason): lines.append("  \(shown) -> left out: \(Diagnostic.printable(reason))")
            }
        }
        lines += plan.notes.map { "note: " + Diagnostic.printable($0) }
        return lines
    }

    /// The most of a source `import` reads: the limit of a page.
    static let maximumSourceBytes = SiteLoader.maximumPageBytes

    /// Fetches the page at `address` (https, public, at most `maximumSourceBytes`) and reads it as a saved one;
    /// the page and where it was read after redirects.
    static func fetchSource(_ address: String, fetcher: any ProfileFetcher, limits: OnlineCheck.Limits) throws(NewSiteError) -> (ImportedPage, URL?) {
        switch WebPage.get(address, fetcher: fetcher, limits: limits) {
        case .failure(let problem):
            throw NewSiteError(path: address, message: problem.message)
        case .success(let fetched):
            do throws(ImportProblem) { return (try ImportedPage.read(fetched.body), URL(string: fetched.url)) } catch {
                throw NewSiteError(path: address, message: error.message)
            }
        }
    }

    /// Reads SOURCE, refusing anything but a regular file of at most `maximumSourceBytes` (a FIFO, a device or a
    /// folder is named in the error; reading never blocks on one).
    static func readSource(_ path: String, fileSystem: any FileSystem) throws(NewSiteError) -> ImportedPage {
        let tooBig = { (size: Int) in
            NewSiteError(path: path, message: "the file has \(size) bytes: expected a saved link page of at most \(maximumSourceBytes / 1_048_576) MiB")
        }
        if let size = fileSystem.fileSize(path), size > maximumSourceBytes { throw tooBig(size) }
        let data: Data
        do { data = try fileSystem.readFile(path) } catch {
            throw NewSiteError((error as? FileSystemError) ?? FileSystemError(path: path, reason: "cannot be read (\(error))"))
        }
        guard data.count <= maximumSourceBytes else { throw tooBig(data.count) }
        do { return try ImportedPage.read(data) } catch {
            throw NewSiteError(path: path, message: error.message)
        }
    }
}

extension CommandLineTool {
    static let importCommand = CommandSpec(
        name: "import", arguments: "SOURCE [DIR]", summary: "Create a site from a link page made elsewhere: sitegen import https://linktr.ee/NAME mysite",
        details: """
            Creates a site in DIR (default: the current folder), a new or empty folder, as new does, with the
            name, bio, avatar and links of SOURCE: a LittleLink index.html, a Linktree page, a LinkStack
            page or its export (.json), a BioDrop profile (.json), or any other HTML page (each link to
            another site becomes a button). SOURCE is a saved file or an https address
            (https://linktr.ee/NAME), which is fetched within 20 s, redirects followed only to public https
            addresses. Each address is matched against the services
            (https://social.coop/@eb becomes mastodon: "@eb@social.coop", mailto: an email button); the
            others stay web buttons with their labels. It prints where each link went. Only SOURCE is read,
            at most 4 MiB: nothing it links to is fetched.
            """,
        options: [CommandOption(long: "--url", short: nil, value: "URL",
                                help: "The page's public https address, for the QR code and contact card (default: a placeholder)")],
        argumentCompletion: .file, run: { $0.importSite($1) })

    func importSite(_ options: ParsedArguments) -> ExitCode {
        let command = Self.importCommand
        guard (1...2).contains(options.positional.count) else {
            return usageError(options.positional.isEmpty ? "import needs the link page, its https address or a saved file, e.g. sitegen import https://linktr.ee/NAME mysite" : "import takes a page and one folder", command: command)
        }
        for index in options.positional.indices where options.positional[index].hasPrefix("-") && !options.isAfterOptions(index) {
            return usageError(ArgumentParser.folderAfterOptions(options.positional[index], command: command), command: command)
        }
        let source = options.positional[0], folder = options.positional.count == 2 ? options.positional[1] : "."
        let fetched = WebPage.isAddress(source)
        var fetcher: (any ProfileFetcher)?
        if fetched {
            fetcher = networkFetcher()
            if fetcher == nil { return .failure }
        }
        do throws(NewSiteError) {
            let (page, address) = if let fetcher { try ImportSite.fetchSource(source, fetcher: fetcher, limits: importLimits) }
                else { (try ImportSite.readSource(source, fileSystem: fileSystem), nil) }
            var plan = ImportSite.plan(page, address: address)
            guard plan.details.items?.contains(where: { if case .button = $0 { true } else { false } }) == true else {
                // A page that draws its links with scripts has none in the HTML its server sends.
                let scripted = fetched ? ": if the page shows links in a browser, \(WebPage.saveInstead)" : ": nothing was made"
                throw NewSiteError(path: source, message: "read as \(page.format.rawValue), it has no link that can be a button (\(plan.outcomes.count) found)\(scripted)")
            }
            if let url = options["--url"] { plan.details.url = url }
            _ = try NewSite.create(at: folder, details: plan.details, command: "import", fileSystem: fileSystem)
            ImportSite.report(plan, source: source, format: page.format).forEach(standardOutput)
            standardOutput(Self.created(folder, then: options["--url"] == nil ? " Put your page's address in url: in content/index.md." : ""))
            return .success
        } catch {
            if let path = error.path { report([Diagnostic(path: path, message: error.message)]) } else { reportError(error.message) }
            return .failure
        }
    }
}
