import Foundation
import LinkChain
import SiteBasics

/// What a button shows.
public enum ButtonIcon: Hashable, Sendable {
    /// One of sitegen's own line glyphs.
    case glyph(Glyph)
    /// The service's brand icon from an installed icon set; the service's glyph when no set has it.
    case brand(ServiceIcon)
    /// An SVG file under `content/`, by its path below `content/`.
    case file(String)
}

/// An installed icon set sitegen can take brand icons from, in the order it asks them. None is copied into a site's
/// sources: they are read at build time, and only the icons a page uses are inlined, with the set's credit.
public enum IconSet: String, CaseIterable, Sendable {
    /// Simple Icons' SVGs (PyPI `simple-icons-pack`, written into a folder by `scripts/simple-icons.py`): CC0 1.0,
    /// one solid style, a logo for nearly every brand.
    case simpleIcons
    /// Font Awesome Free's brand SVGs (PyPI `fontawesomefree`): icons under CC BY 4.0.
    case fontAwesome
    /// Fork Awesome's SVG font (Debian `fonts-fork-awesome`): SIL OFL 1.1.
    case forkAwesome

    /// The HTML comment a page carries when it uses an icon of the set.
    var credit: String {
        switch self {
        case .simpleIcons:
            return "<!-- Brand icons: Simple Icons (https://simpleicons.org), CC0 1.0; the brands are their owners' trademarks -->"
        case .fontAwesome:
            return "<!-- Brand icons: Font Awesome Free by Fonticons, Inc. (https://fontawesome.com), licensed under CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/) -->"
        case .forkAwesome:
            return "<!-- Brand icons: Fork Awesome (https://forkawesome.github.io), based on Font Awesome 4.7 by Dave Gandy, licensed under the SIL Open Font License 1.1 (https://openfontlicense.org) -->"
        }
    }

    /// How to get the set, for the warning when it is missing.
    var installHint: String {
        switch self {
        case .simpleIcons: return "Simple Icons (pip install simple-icons-pack, then python3 scripts/simple-icons.py ~/.local/share/sitegen/simple-icons)"
        case .fontAwesome: return "Font Awesome Free (pip install fontawesomefree)"
        case .forkAwesome: return "Fork Awesome (apt-get install fonts-fork-awesome)"
        }
    }
}

/// Where the installed icon sets are, and what reads them: the disk, or a file system a test fills.
public struct IconSets: Equatable, Sendable {
    /// The folder `scripts/simple-icons.py` wrote: `SLUG.svg` files and `simple-icons.txt`, which marks it.
    public var simpleIcons: String?
    /// Font Awesome Free's `svgs/brands` folder, holding `NAME.svg` files.
    public var fontAwesomeBrands: String?
    /// Fork Awesome's SVG font, `forkawesome-webfont.svg`.
    public var forkAwesomeFont: String?
    /// Reads the sets' files (they live outside the site, so not through the site's file system).
    public var files: any FileReading

    public init(simpleIcons: String? = nil, fontAwesomeBrands: String? = nil, forkAwesomeFont: String? = nil,
                files: any FileReading = LocalFileSystem()) {
        self.simpleIcons = simpleIcons
        self.fontAwesomeBrands = fontAwesomeBrands
        self.forkAwesomeFont = forkAwesomeFont
        self.files = files
    }

    /// The same sets: the same places (what reads them is not compared).
    public static func == (a: IconSets, b: IconSets) -> Bool {
        a.simpleIcons == b.simpleIcons && a.fontAwesomeBrands == b.fontAwesomeBrands && a.forkAwesomeFont == b.forkAwesomeFont
    }

    /// No icon set: every button shows a generic glyph.
    public static let none = IconSets()

    /// Looks in `SITEGEN_ICON_PATH` (folders or files separated by `:`; when set, nowhere else), or else where the
    /// sets are installed: Simple Icons in `sitegen/simple-icons` under `$XDG_DATA_HOME` (or `~/.local/share`), beside
    /// the binary (`PREFIX/share`, where scripts/install.sh writes it), `/usr/local/share` and `/usr/share` (the
    /// Debian package's); Fork Awesome in `/usr/share/fonts-fork-awesome`; Font Awesome in the `site-packages` or
    /// `dist-packages` folders of the system Python, `~/.local`, pyenv and `$VIRTUAL_ENV`. Looks through `files`, which
    /// then reads the sets.
    public static func discover(environment: [String: String] = ProcessInfo.processInfo.environment,
                                executable: URL? = Bundle.main.executableURL, files: any FileReading = LocalFileSystem()) -> IconSets {
        let places: [String]
        if let override = environment["SITEGEN_ICON_PATH"] {
            places = override.split(separator: ":").map(String.init)
        } else {
            places = dataFolders(environment, executable: executable, files: files).map { $0 + "/sitegen/simple-icons" }
                + ["/usr/share/fonts-fork-awesome/fonts", "/usr/share/fonts/svg/fork-awesome"] + pythonPackageFolders(environment, files: files)
        }
        var sets = IconSets(files: files)
        func isFile(_ path: String) -> Bool { files.resolvedKind(at: path) == .file }
        for place in places {
            if sets.simpleIcons == nil {
                for folder in [place, place + "/simple-icons", place + "/sitegen/simple-icons"] where isFile(folder + "/" + simpleIconsMark) {
                    sets.simpleIcons = folder
                    break
                }
            }
            if sets.forkAwesomeFont == nil {
                if place.hasSuffix(".svg"), isFile(place) { sets.forkAwesomeFont = place }
                else if isFile(place + "/forkawesome-webfont.svg") { sets.forkAwesomeFont = place + "/forkawesome-webfont.svg" }
            }
            if sets.fontAwesomeBrands == nil {
                for brands in [place, place + "/brands", place + "/svgs/brands", place + "/fontawesomefree/static/fontawesomefree/svgs/brands",
                               place + "/static/fontawesomefree/svgs/brands"] where isFile(brands + "/font-awesome.svg") {
                    sets.fontAwesomeBrands = brands
                    break
                }
            }
        }
        return sets
    }

    /// The file `scripts/simple-icons.py` writes beside the icons, naming their release and licence.
    package static let simpleIconsMark = "simple-icons.txt"

    /// Where installed data lives, the user's own first: `$XDG_DATA_HOME` (or `~/.local/share`), the `share` folder
    /// beside the binary's `bin`, `/usr/local/share`, `/usr/share`.
    private static func dataFolders(_ environment: [String: String], executable: URL?, files: any FileReading) -> [String] {
        let home = environment["HOME"] ?? NSHomeDirectory()
        var folders = [environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.local/share"]
        if let executable, case let binary = URL(fileURLWithPath: files.realPath(executable.path) ?? executable.path),
           binary.deletingLastPathComponent().lastPathComponent == "bin" {
            folders.append(binary.deletingLastPathComponent().deletingLastPathComponent().path + "/share")
        }
        for folder in ["/usr/local/share", "/usr/share"] where !folders.contains(folder) { folders.append(folder) }
        return folders
    }

    /// `…/lib/python3.X/{site,dist}-packages` folders, newest Python first within each root.
    private static func pythonPackageFolders(_ environment: [String: String], files: any FileReading) -> [String] {
        let home = environment["HOME"] ?? NSHomeDirectory()
        var libraries = ["/usr/local/lib", "/usr/lib", home + "/.local/lib"]
        if let virtualEnvironment = environment["VIRTUAL_ENV"] { libraries.insert(virtualEnvironment + "/lib", at: 0) }
        let pyenv = (environment["PYENV_ROOT"] ?? home + "/.pyenv") + "/versions"
        let versions = (try? files.names(in: pyenv)) ?? []
        libraries += versions.sorted(by: >).map { pyenv + "/" + $0 + "/lib" }
        var folders = ["/usr/lib/python3/dist-packages"]
        for library in libraries {
            let pythons = ((try? files.names(in: library)) ?? []).filter { $0.hasPrefix("python3") }
            for python in pythons.sorted(by: >) {
                folders += [library + "/" + python + "/site-packages", library + "/" + python + "/dist-packages"]
            }
        }
        return folders
    }
}

/// The `<symbol>`s of one page's icons, with names unique on the page.
package struct IconSymbols: Sendable {
    struct Symbol: Sendable {
        /// The id suffix: `icon-NAME`.
        var name: String
        var art: Art
        var set: IconSet?
        /// The HTML comment crediting this icon's own licence, for an icon of a set that has one unlike the set's.
        var credit: String? = nil

        /// What a symbol draws, kept as a value until the page is written with the symbol's name on that page.
        enum Art: Equatable, Sendable {
            case glyph(Glyph)
            case svg(SVGIcon)
        }

        var markup: String {
            switch art {
            case .glyph(let glyph): return glyph.symbol(named: name)
            case .svg(let icon): return icon.symbol(named: name)
            }
        }

        static func glyph(_ glyph: Glyph) -> Symbol { Symbol(name: glyph.rawValue, art: .glyph(glyph), set: nil) }
    }

    fileprivate var symbols: [ButtonIcon: Symbol] = [:]

    /// `icons/My Logo` -> `icons-my-logo`
    static func slug(_ text: String) -> String {
        text.lowercased().unicodeScalars
            .map { ("a"..."z").contains($0) || ("0"..."9").contains($0) ? String($0) : "-" }
            .joined().split(separator: "-").joined(separator: "-")
    }

    /// The symbol name for `icon` (`icon-NAME` in the page); a file that could not be read gets the link glyph.
    package func name(for icon: ButtonIcon) -> String {
        symbols[icon]?.name ?? Glyph.link.rawValue
    }

    /// The `<symbol>`s of the page's icons, one per name, sorted by name, after the credits of the icon sets they
    /// come from; made once per list of icons.
    package fileprivate(set) var html = ""

    fileprivate static func html(_ symbols: [ButtonIcon: Symbol], for icons: [ButtonIcon]) -> String {
        var byName: [String: Symbol] = [:]
        for icon in icons {
            let symbol = symbols[icon] ?? .glyph(.link)
            byName[symbol.name] = symbol
        }
        let credits = IconSet.allCases.filter { set in byName.values.contains { $0.set == set } }.map(\.credit)
            + Set(byName.values.compactMap(\.credit)).sorted()
        return (credits + byName.keys.sorted().map { byName[$0]!.markup }).joined()
    }
}

/// An SVG file under `content/` as the load stage read it, once for the whole build: its bytes and the icon they
/// make (parsed once with the published-file check, `CheckedSVG`), or why it could not be read.
package enum LoadedSVGFile: Equatable, Sendable {
    case read(Data, icon: Result<SVGIcon, SVGProblem>)
    /// The file system's reason, e.g. "cannot be read (Permission denied)".
    case unreadable(reason: String)
}

/// What showing some icons has to say: the icon sets their brands would come from that are not installed, and the
/// icons that could not be made (a file refused or unreadable, a font that cannot be read). Values, handed from each
/// page to the build, which gathers them (`IconReport`).
package struct IconFindings: Equatable, Sendable {
    package var missingSets: Set<IconSet> = []
    /// Brands (by their first icon name) that no installed set draws, though every set they name is installed.
    package var uncovered: Set<String> = []
    package var problems: [Diagnostic] = []

    package init(missingSets: Set<IconSet> = [], uncovered: Set<String> = [], problems: [Diagnostic] = []) {
        self.missingSets = missingSets
        self.uncovered = uncovered
        self.problems = problems
    }

    package var isEmpty: Bool { missingSets.isEmpty && uncovered.isEmpty && problems.isEmpty }

    /// Both, each problem once.
    mutating func add(_ other: IconFindings) {
        missingSets.formUnion(other.missingSets)
        uncovered.formUnion(other.uncovered)
        for problem in other.problems where !problems.contains(problem) { problems.append(problem) }
    }
}

/// A page's icons as it shows them: their symbols, and what making them found.
package struct ShownIcons: Sendable {
    package var symbols = IconSymbols()
    package var findings = IconFindings()
}

/// What the icons of a build's pages have to say, gathered from each page's findings in any order: each problem once,
/// one warning for the missing icon sets, naming the first page (by path) that shows a brand from one, and one for
/// the brands no installed set draws, naming the first page that shows one.
package struct IconReport: Sendable {
    private var findings = IconFindings()
    private var firstPageMissingSets: String?
    private var firstPageUncovered: String?

    package init() {}

    package mutating func add(_ page: IconFindings, shownBy path: String) {
        guard !page.isEmpty else { return }
        findings.add(page)
        if !page.missingSets.isEmpty { firstPageMissingSets = min(firstPageMissingSets ?? path, path) }
        if !page.uncovered.isEmpty { firstPageUncovered = min(firstPageUncovered ?? path, path) }
    }

    package var diagnostics: [Diagnostic] {
        var diagnostics = findings.problems
        if let page = firstPageMissingSets {
            let missing = findings.missingSets
            let hints = IconSet.allCases.filter(missing.contains).map(\.installHint)
            let names = hints.count == 1 ? hints[0] : hints.dropLast().joined(separator: ", ") + " and " + hints.last!
            diagnostics.append(Diagnostic(.warning, path: page, message:
                "brand icons not found: \(names) \(missing.count == 1 ? "is" : "are") not installed, so some buttons show sitegen's generic glyphs; install \(missing.count == 1 ? "it with the command" : "them with the commands") shown, or set SITEGEN_ICON_PATH to where the icon sets are"))
        }
        if let page = firstPageUncovered {
            let names = findings.uncovered.sorted()
            let list = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names.last!
            diagnostics.append(Diagnostic(.warning, path: page, message:
                "no installed icon set has a logo for \(list), so \(names.count == 1 ? "its button shows" : "their buttons show") sitegen's generic glyph; a newer Simple Icons may have \(names.count == 1 ? "it" : "them")"))
        }
        return diagnostics
    }
}

/// Every icon a build's pages can show: the brand icon of each service the catalog knows, from the installed sets
/// (Simple Icons first, then Font Awesome, then Fork Awesome, then the service's glyph), and the SVG files under
/// `content/` as the load stage read and parsed them. A brand is made the first time a page shows it (`SetReader`):
/// a build that makes one page reads the few files of that page's brands, not the sets' files of the whole catalog,
/// and no set file is read twice however many pages show it. A value the page jobs of every core read at once.
package struct IconAssets: Sendable {
    /// What an icon becomes, and what showing it has to say.
    struct Made: Sendable {
        /// nil for a file that cannot be used: pages show the link glyph instead.
        var symbol: IconSymbols.Symbol?
        var findings = IconFindings()
    }

    /// The catalog's brands, each made from the sets when first shown.
    private let brands: Set<ServiceIcon>
    private let sets: SetReader
    /// The SVG files under `content/`, by path below it; every icon file a page can name is one of them.
    private let files: [String: LoadedSVGFile]
    /// The site's folder, holding `content/`, for where an icon file's problem is.
    private let sourceDirectory: String
    /// Pages of a site mostly show the same few lists of icons: each list is made into symbols once.
    private let lists = BuildMemo<[ButtonIcon], ShownIcons>()

    /// Font Awesome icons that fill in at button size (24 px): Signal's dashed ring merges with its bubble into a
    /// disc. Where Fork Awesome is installed its glyph, which keeps the bubble apart, is used instead.
    static let fontAwesomeBlursAtButtonSize: Set<String> = ["signal-messenger"]
    /// Simple Icons' icons that fill in at button size (a browser test measures each icon's solid core): Signal's, as
    /// Font Awesome's, and Kickstarter's rounded square. Where another set draws the brand, its icon is used instead.
    static let simpleIconsBlurAtButtonSize: Set<String> = ["signal", "kickstarter"]

    /// The icon stage: `brands` (the catalog's services' icons), each made from `sets` when a page first shows it;
    /// `files` as the load stage made them. Reads nothing itself.
    package static func load(sets: IconSets, brands: some Sequence<ServiceIcon>, sourceDirectory: String,
                             files: [String: LoadedSVGFile]) -> IconAssets {
        let brands = Set(brands)
        return IconAssets(brands: brands, sets: SetReader(sets, fontNames: Set(brands.compactMap(\.forkAwesome))), files: files,
                          sourceDirectory: sourceDirectory)
    }

    private init(brands: Set<ServiceIcon>, sets: SetReader, files: [String: LoadedSVGFile], sourceDirectory: String) {
        self.brands = brands
        self.sets = sets
        self.files = files
        self.sourceDirectory = sourceDirectory
    }

    /// The installed sets' files, each read at most once per build and only when a brand shown needs it, and each
    /// brand made once: under one lock, so two pages showing a brand at once do not both read its files.
    private final class SetReader: @unchecked Sendable {
        let sets: IconSets
        /// The Fork Awesome glyphs any brand of the catalog may take: the font is read (and parsed) once for all of them.
        private let fontNames: Set<String>
        private let lock = NSLock()
        private var made: [ServiceIcon: Made] = [:]
        private var simpleIcons: [String: SVGIcon?] = [:]
        private var licences: [String: String]?
        private var fontAwesome: [String: SVGIcon?] = [:]
        private var font: Result<SVGFont, Diagnostic>?

        init(_ sets: IconSets, fontNames: Set<String>) {
            self.sets = sets
            self.fontNames = fontNames
        }

        func brand(_ brand: ServiceIcon) -> Made {
            lock.withLock {
                if let known = made[brand] { return known }
                let entry = IconAssets.brandIcon(brand, from: self)
                made[brand] = entry
                return entry
            }
        }

        // Under the lock (from `brand`).

        /// Simple Icons' icon `name`, nil where the set lacks it or its licence forbids commercial use (a page may sell,
        /// and a folder written before scripts/simple-icons.py left such icons out may still hold one), with its licence.
        func simpleIcon(_ name: String) -> (icon: SVGIcon, licence: String?)? {
            guard let folder = sets.simpleIcons else { return nil }
            let icon: SVGIcon?
            if let known = simpleIcons[name] { icon = known } else {
                icon = IconAssets.setIcon(folder + "/" + name + ".svg", in: sets.files)?.roundingPaths()
                simpleIcons[name] = .some(icon)  // a file the set lacks is remembered too, and not looked for again
            }
            guard let icon else { return nil }
            if licences == nil {
                licences = (try? sets.files.readFile(folder + "/" + IconSets.simpleIconsMark)).map(IconAssets.simpleIconsLicences) ?? [:]
            }
            let licence = licences![name]
            if let licence, IconAssets.forbidsCommercialUse(licence) { return nil }
            return (icon, licence)
        }

        func fontAwesomeIcon(_ name: String) -> SVGIcon? {
            guard let folder = sets.fontAwesomeBrands else { return nil }
            if let known = fontAwesome[name] { return known }
            let icon = IconAssets.setIcon(folder + "/" + name + ".svg", in: sets.files)?.roundingPaths()
            fontAwesome[name] = .some(icon)
            return icon
        }

        /// The Fork Awesome font, or the warning why its icons are left out; nil when it is not installed.
        func forkAwesome() -> Result<SVGFont, Diagnostic>? {
            guard let path = sets.forkAwesomeFont else { return nil }
            if let font { return font }
            do { font = .success(try SVGFont.read(try sets.files.readFile(path), names: fontNames)) } catch {
                let reason = (error as? SVGProblem)?.message ?? ((error as? FileSystemError)?.reason ?? "\(error)")
                font = .failure(Diagnostic(.warning, path: path, message: "cannot read the Fork Awesome font (\(reason)); its icons are left out"))
            }
            return font
        }
    }

    /// One brand's icon: Simple Icons' unless it blurs at button size; else Font Awesome's unless it blurs where Fork
    /// Awesome has the glyph; else Fork Awesome's glyph; else Font Awesome's after all, or Simple Icons'; else the
    /// service's glyph, with what that says (a set missing, or every set installed and none drawing it).
    private static func brandIcon(_ brand: ServiceIcon, from sets: SetReader) -> Made {
        let simpleIcon = brand.simpleIcons.flatMap { name in sets.simpleIcon(name).map { (name, $0) } }
        let simple = simpleIcon.map { name, found in
            IconSymbols.Symbol(name: "brand-" + name, art: .svg(found.icon), set: .simpleIcons,
                               credit: found.licence.map { "<!-- The \(name) icon (Simple Icons) is licensed \($0) -->" })
        }
        let blurs = brand.simpleIcons.map(simpleIconsBlurAtButtonSize.contains) ?? false
        var entry = Made(symbol: blurs ? nil : simple)
        if entry.symbol == nil {
            // Simple Icons does not draw it (or blurs): the fallback sets.
            let fontAwesome = brand.fontAwesome.flatMap { name in sets.fontAwesomeIcon(name).map { (name, $0) } }
            let fromFontAwesome = fontAwesome.map { name, icon in IconSymbols.Symbol(name: "brand-" + name, art: .svg(icon), set: .fontAwesome) }
            let fontAwesomeIsPreferred = fontAwesome != nil
                && !(fontAwesomeBlursAtButtonSize.contains(brand.fontAwesome!) && brand.forkAwesome != nil && sets.sets.forkAwesomeFont != nil)
            if fontAwesomeIsPreferred {
                entry.symbol = fromFontAwesome
            } else {
                if let name = brand.forkAwesome, let font = sets.forkAwesome() {
                    switch font {
                    case .success(let font):
                        if let icon = font.icon(name) { entry.symbol = IconSymbols.Symbol(name: "brand-" + name, art: .svg(icon), set: .forkAwesome) }
                    case .failure(let warning):
                        entry.findings.problems.append(warning)
                    }
                }
                // Fork Awesome lacks it (or its font cannot be read): Font Awesome's, even where it blurs, beats the glyph.
                entry.symbol = entry.symbol ?? fromFontAwesome
            }
        }
        // Where Simple Icons' blurs and no other set has a sharper one: Simple Icons', the first set, after all.
        if let simple, entry.symbol == nil || (entry.symbol?.set == .fontAwesome && fontAwesomeBlursAtButtonSize.contains(brand.fontAwesome ?? "")) {
            entry.symbol = simple
        }
        if entry.symbol == nil {
            entry.symbol = .glyph(Glyph(rawValue: brand.glyph) ?? .link)
            let named = [brand.simpleIcons.map { _ in IconSet.simpleIcons }, brand.fontAwesome.map { _ in IconSet.fontAwesome },
                         brand.forkAwesome.map { _ in IconSet.forkAwesome }].compactMap { $0 }
            entry.findings.missingSets = Set(named.filter { sets.sets.path(for: $0) == nil })
            // Every set it names is installed and none draws it: said once by the build, by the brand's name.
            if !named.isEmpty, entry.findings.missingSets.isEmpty, entry.findings.problems.isEmpty,
               let name = brand.simpleIcons ?? brand.fontAwesome ?? brand.forkAwesome {
                entry.findings.uncovered = [name]
            }
        }
        return entry
    }

    /// Whether a licence forbids commercial use: Creative Commons' NC licences (`CC-BY-NC-SA-4.0`).
    package static func forbidsCommercialUse(_ licence: String) -> Bool {
        licence.uppercased().split(separator: "-").contains("NC")
    }

    /// The icons `simple-icons.txt` names with a licence of their own (`  SLUG.svg: LICENCE` lines), by slug. A licence
    /// is a name or an address: a line with anything else (which could end the HTML comment it is shown in) is skipped.
    static func simpleIconsLicences(_ mark: Data) -> [String: String] {
        var licences: [String: String] = [:]
        for line in String(decoding: mark, as: UTF8.self).split(separator: "\n") where line.hasPrefix("  ") {
            let parts = line.dropFirst(2).split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[0].hasSuffix(".svg:") else { continue }
            let slug = String(parts[0].dropLast(".svg:".count)), licence = String(parts[1])
            func plain(_ text: String, extra: String) -> Bool {
                !text.isEmpty && text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || extra.unicodeScalars.contains($0)) }
            }
            guard plain(slug, extra: "_"), plain(licence, extra: ".:/_-#?="), !licence.contains("--") else { continue }
            licences[slug] = licence
        }
        return licences
    }

    /// An icon of an installed set: its file read and put through the icon allow-list (`SVGSanitizer`), like any
    /// SVG a site brings, drawn in the button's colour. Nil for a file the set lacks or that is not an icon, which
    /// leaves the brand to the next source.
    fileprivate static func setIcon(_ path: String, in files: any FileReading) -> SVGIcon? {
        guard let data = try? files.readFile(path), let svg = try? SVGSanitizer.sanitize(data) else { return nil }
        return SVGIcon(viewBox: svg.viewBox, rootAttributes: [SVGAttribute(name: "fill", value: "currentColor")], shapes: svg.shapes)
    }

    /// The symbols of a page's icons and what making them found, made once per list of icons; a brand's set files are
    /// read the first time any page shows it. Two different files whose names would clash on one page get distinct names, in the
    /// order the page shows them, so output is deterministic.
    package func shown(_ icons: [ButtonIcon]) -> ShownIcons {
        lists.value(for: icons) {
            var shown = ShownIcons()
            var taken: [String: IconSymbols.Symbol.Art] = [:]
            var seen: Set<ButtonIcon> = []
            for icon in icons where seen.insert(icon).inserted {
                let made = made(icon)
                shown.findings.add(made.findings)
                guard var symbol = made.symbol else { continue }
                // Two brands sharing an icon share its symbol; different art under one name (a file, or two sets'
                // icons of one name) gets the next free name.
                let base = symbol.name
                var number = 2
                while let art = taken[symbol.name], art != symbol.art { symbol.name = "\(base)-\(number)"; number += 1 }
                taken[symbol.name] = symbol.art
                shown.symbols.symbols[icon] = symbol
            }
            shown.symbols.html = IconSymbols.html(shown.symbols.symbols, for: icons)
            return shown
        }
    }

    private func made(_ icon: ButtonIcon) -> Made {
        switch icon {
        case .glyph(let glyph):
            return Made(symbol: .glyph(glyph))
        case .brand(let brand):
            // Pages name only the catalog's brands; any other shows its glyph.
            return brands.contains(brand) ? sets.brand(brand) : Made(symbol: .glyph(Glyph(rawValue: brand.glyph) ?? .link))
        case .file(let path):
            let displayPath = joinPath(sourceDirectory, "content/" + path)
            switch files[path] {
            case .read(_, .success(let svg)):
                return Made(symbol: IconSymbols.Symbol(name: "file-" + IconSymbols.slug(String(path.dropLast(".svg".count))), art: .svg(svg), set: nil))
            case .read(let data, .failure(let problem)):
                // With the offending line under the message, like every other diagnostic.
                var sink = DiagnosticSink(path: displayPath, text: String(decoding: data, as: UTF8.self))
                sink.report(line: problem.position.line, column: problem.position.column, problem.message)
                return Made(findings: IconFindings(problems: sink.diagnostics))
            case .unreadable(let reason):
                return Made(findings: IconFindings(problems: [Diagnostic(path: displayPath, message: "cannot read the icon: \(reason)")]))
            case nil:
                // Resolving admits only .svg files the load found, so this is a caller's mistake, not the site's.
                return Made(findings: IconFindings(problems: [Diagnostic(path: displayPath, message: "cannot read the icon: it was not loaded")]))
            }
        }
    }
}

extension IconSets {
    func path(for set: IconSet) -> String? {
        switch set {
        case .simpleIcons: return simpleIcons
        case .fontAwesome: return fontAwesomeBrands
        case .forkAwesome: return forkAwesomeFont
        }
    }
}
