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

/// An installed icon set sitegen can take brand icons from. Neither is copied into a site's sources:
/// they are read at build time, and only the icons a page uses are inlined, with the set's credit.
public enum IconSet: String, CaseIterable, Sendable {
    /// Font Awesome Free's brand SVGs (PyPI `fontawesomefree`): icons under CC BY 4.0.
    case fontAwesome
    /// Fork Awesome's SVG font (Debian `fonts-fork-awesome`): SIL OFL 1.1.
    case forkAwesome

    /// The HTML comment a page carries when it uses an icon of the set.
    var credit: String {
        switch self {
        case .fontAwesome:
            return "<!-- Brand icons: Font Awesome Free by Fonticons, Inc. (https://fontawesome.com), licensed under CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/) -->"
        case .forkAwesome:
            return "<!-- Brand icons: Fork Awesome (https://forkawesome.github.io), based on Font Awesome 4.7 by Dave Gandy, licensed under the SIL Open Font License 1.1 (https://openfontlicense.org) -->"
        }
    }

    /// How to get the set, for the warning when it is missing.
    var installHint: String {
        switch self {
        case .fontAwesome: return "Font Awesome Free (pip install fontawesomefree)"
        case .forkAwesome: return "Fork Awesome (apt-get install fonts-fork-awesome)"
        }
    }
}

/// Where the installed icon sets are, and what reads them: the disk, or a file system a test fills.
public struct IconSets: Equatable, Sendable {
    /// Font Awesome Free's `svgs/brands` folder, holding `NAME.svg` files.
    public var fontAwesomeBrands: String?
    /// Fork Awesome's SVG font, `forkawesome-webfont.svg`.
    public var forkAwesomeFont: String?
    /// Reads the sets' files (they live outside the site, so not through the site's file system).
    public var files: any FileSystem

    public init(fontAwesomeBrands: String? = nil, forkAwesomeFont: String? = nil, files: any FileSystem = LocalFileSystem()) {
        self.fontAwesomeBrands = fontAwesomeBrands
        self.forkAwesomeFont = forkAwesomeFont
        self.files = files
    }

    /// The same sets: the same places (what reads them is not compared).
    public static func == (a: IconSets, b: IconSets) -> Bool {
        a.fontAwesomeBrands == b.fontAwesomeBrands && a.forkAwesomeFont == b.forkAwesomeFont
    }

    /// No icon set: every button shows a generic glyph.
    public static let none = IconSets()

    /// Looks in `SITEGEN_ICON_PATH` (folders or files separated by `:`; when set, nowhere else), or
    /// else where Debian and pip install the sets: `/usr/share/fonts-fork-awesome`, and the
    /// `site-packages` or `dist-packages` folders of the system Python, `~/.local`, pyenv and `$VIRTUAL_ENV`.
    public static func discover(environment: [String: String] = ProcessInfo.processInfo.environment) -> IconSets {
        let places: [String]
        if let override = environment["SITEGEN_ICON_PATH"] {
            places = override.split(separator: ":").map(String.init)
        } else {
            places = ["/usr/share/fonts-fork-awesome/fonts", "/usr/share/fonts/svg/fork-awesome"] + pythonPackageFolders(environment)
        }
        var sets = IconSets.none
        let fileManager = FileManager.default
        func isFile(_ path: String) -> Bool {
            var folder: ObjCBool = false
            return fileManager.fileExists(atPath: path, isDirectory: &folder) && !folder.boolValue
        }
        for place in places {
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

    /// `…/lib/python3.X/{site,dist}-packages` folders, newest Python first within each root.
    private static func pythonPackageFolders(_ environment: [String: String]) -> [String] {
        let home = environment["HOME"] ?? NSHomeDirectory()
        var libraries = ["/usr/local/lib", "/usr/lib", home + "/.local/lib"]
        if let virtualEnvironment = environment["VIRTUAL_ENV"] { libraries.insert(virtualEnvironment + "/lib", at: 0) }
        let pyenv = (environment["PYENV_ROOT"] ?? home + "/.pyenv") + "/versions"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: pyenv)) ?? []
        libraries += versions.sorted(by: >).map { pyenv + "/" + $0 + "/lib" }
        var folders = ["/usr/lib/python3/dist-packages"]
        for library in libraries {
            let pythons = ((try? FileManager.default.contentsOfDirectory(atPath: library)) ?? []).filter { $0.hasPrefix("python3") }
            for python in pythons.sorted(by: >) {
                folders += [library + "/" + python + "/site-packages", library + "/" + python + "/dist-packages"]
            }
        }
        return folders
    }
}

/// The `<symbol>`s of one page's icons, with names unique on the page.
package struct IconSymbols {
    struct Symbol {
        /// The id suffix: `icon-NAME`.
        var name: String
        var art: Art
        var set: IconSet?

        /// What a symbol draws, kept as a value until the page is written with the symbol's name on that page.
        enum Art {
            case glyph(Glyph)
            case svg(SVGIcon)
        }

        var markup: String {
            switch art {
            case .glyph(let glyph): return glyph.symbol(named: name)
            case .svg(let icon): return icon.symbol(named: name)
            }
        }
    }

    fileprivate var symbols: [ButtonIcon: Symbol] = [:]
    /// A brand icon from Font Awesome's files, or from an already read Fork Awesome font.
    /// Font Awesome icons that fill in at button size (24 px): Signal's dashed ring merges with its bubble into a
    /// disc. Where Fork Awesome is installed its glyph, which keeps the bubble apart, is used instead.
    static let fontAwesomeBlursAtButtonSize: Set<String> = ["signal-messenger"]

    static func brandSymbol(_ brand: ServiceIcon, sets: IconSets, font: SVGFont?) -> Symbol? {
        if let name = brand.fontAwesome, let folder = sets.fontAwesomeBrands,
           !(fontAwesomeBlursAtButtonSize.contains(name) && brand.forkAwesome != nil && sets.forkAwesomeFont != nil),
           let data = try? sets.files.readFile(folder + "/" + name + ".svg"), let svg = try? SVGSanitizer.sanitize(data) {
            let icon = SVGIcon(viewBox: svg.viewBox, rootAttributes: [SVGAttribute(name: "fill", value: "currentColor")], shapes: svg.shapes)
            return Symbol(name: "brand-" + name, art: .svg(icon.roundingPaths()), set: .fontAwesome)
        }
        if let name = brand.forkAwesome, let svg = font?.icon(name) {
            return Symbol(name: "brand-" + name, art: .svg(svg), set: .forkAwesome)
        }
        return nil
    }

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
            let symbol = symbols[icon] ?? Symbol(name: Glyph.link.rawValue, art: .glyph(.link), set: nil)
            byName[symbol.name] = symbol
        }
        let credits = IconSet.allCases.filter { set in byName.values.contains { $0.set == set } }.map(\.credit)
        return (credits + byName.keys.sorted().map { byName[$0]!.markup }).joined()
    }
}

/// An SVG file under `content/` as the load stage read it, once for the whole build: its bytes, or why it could not
/// be read.
package enum LoadedSVGFile: Equatable, Sendable {
    case bytes(Data)
    /// The file system's reason, e.g. "cannot be read (Permission denied)".
    case unreadable(reason: String)
}

/// Every icon a build shows, each made into a symbol the first time a page shows it: brand icons from `sets` on
/// the local disk (Font Awesome first, then Fork Awesome, then the glyph), files of the site's `content/` from the
/// bytes the load stage read (`files`), so that rendering reads no file of the site. Shared by the threads that
/// render pages, so loading takes a lock.
package final class IconLibrary: @unchecked Sendable {
    private let sets: IconSets
    /// The site's folder, holding `content/`.
    private let sourceDirectory: String
    /// The SVG files under `content/`, by path below it; every icon file a page can name is one of them.
    private let files: [String: LoadedSVGFile]
    private let lock = NSLock()
    private var loaded: [ButtonIcon: (symbol: IconSymbols.Symbol?, missingSets: [IconSet])] = [:]
    /// Pages of a site mostly show the same few lists of icons: each list is made into symbols once.
    private let lists = BuildMemo<[ButtonIcon], (symbols: IconSymbols, missingSets: [IconSet])>()
    private var font: SVGFont?
    private var fontRead = false
    private var problems: [Diagnostic] = []
    private var missingSets: Set<IconSet> = []
    /// The first page (by path) that shows a brand icon from a set that is not installed, for the warning.
    private var missingFirstUse: String?

    package init(sets: IconSets, sourceDirectory: String, files: [String: LoadedSVGFile]) {
        self.sets = sets
        self.sourceDirectory = sourceDirectory
        self.files = files
    }

    /// The symbols for the icons of the page at `page` (as diagnostics show it). Two different files whose
    /// names would clash on one page get distinct names, in the order the page shows them, so output is
    /// deterministic.
    package func symbols(for icons: [ButtonIcon], page: String) -> IconSymbols {
        let list = lists.value(for: icons) { lock.withLock { makeSymbols(icons) } }
        lock.withLock { noteMissing(list.missingSets, page: page) }
        return list.symbols
    }

    /// The symbols of a list of icons, and the icon sets it lacks. Called with the lock held.
    private func makeSymbols(_ icons: [ButtonIcon]) -> (symbols: IconSymbols, missingSets: [IconSet]) {
        var result = IconSymbols()
        var taken: Set<String> = []
        var missing: [IconSet] = []
        for icon in icons where result.symbols[icon] == nil {
            let entry = load(icon)
            missing += entry.missingSets
            guard var symbol = entry.symbol else { continue }
            if case .file = icon {
                let base = symbol.name
                var number = 2
                while taken.contains(symbol.name) { symbol.name = "\(base)-\(number)"; number += 1 }
            }
            taken.insert(symbol.name)
            result.symbols[icon] = symbol
        }
        result.html = IconSymbols.html(result.symbols, for: icons)
        return (result, missing)
    }

    private func noteMissing(_ sets: [IconSet], page: String) {
        guard !sets.isEmpty else { return }
        missingSets.formUnion(sets)
        missingFirstUse = min(missingFirstUse ?? page, page)
    }

    /// Problems met while loading: unreadable or unsafe icon files, and a warning naming missing icon sets.
    package var diagnostics: [Diagnostic] {
        lock.withLock {
            guard let page = missingFirstUse else { return problems }
            let names = IconSet.allCases.filter(missingSets.contains).map(\.installHint).joined(separator: " and ")
            return problems + [Diagnostic(.warning, path: page, message:
                "brand icons not found: \(names) \(missingSets.count == 1 ? "is" : "are") not installed, so some buttons show sitegen's generic glyphs; install \(missingSets.count == 1 ? "it with the command" : "them with the commands") shown, or set SITEGEN_ICON_PATH to where the icon sets are")]
        }
    }

    /// Loads an icon once (under the lock); a nil symbol for a file that could not be used, which is reported.
    private func load(_ icon: ButtonIcon) -> (symbol: IconSymbols.Symbol?, missingSets: [IconSet]) {
        if let entry = loaded[icon] { return entry }
        let entry = read(icon)
        loaded[icon] = entry
        return entry
    }

    private func read(_ icon: ButtonIcon) -> (symbol: IconSymbols.Symbol?, missingSets: [IconSet]) {
        switch icon {
        case .glyph(let glyph):
            return (.init(name: glyph.rawValue, art: .glyph(glyph), set: nil), [])
        case .brand(let brand):
            if let symbol = IconSymbols.brandSymbol(brand, sets: sets, font: nil) ?? forkAwesomeSymbol(brand)
                ?? IconSymbols.brandSymbol(brand, sets: IconSets(fontAwesomeBrands: sets.fontAwesomeBrands, forkAwesomeFont: nil, files: sets.files), font: nil) {
                return (symbol, [])
            }
            let glyph = Glyph(rawValue: brand.glyph) ?? .link
            let unavailable = [brand.fontAwesome.map { _ in IconSet.fontAwesome }, brand.forkAwesome.map { _ in IconSet.forkAwesome }]
                .compactMap { $0 }.filter { sets.path(for: $0) == nil }
            return (.init(name: glyph.rawValue, art: .glyph(glyph), set: nil), unavailable)
        case .file(let path):
            let displayPath = joinPath(sourceDirectory, "content/" + path)
            let data: Data
            switch files[path] {
            case .bytes(let bytes): data = bytes
            case .unreadable(let reason):
                problems.append(Diagnostic(path: displayPath, message: "cannot read the icon: \(reason)"))
                return (nil, [])
            case nil:
                // Resolving admits only .svg files the load found, so this is a caller's mistake, not the site's.
                problems.append(Diagnostic(path: displayPath, message: "cannot read the icon: it was not loaded"))
                return (nil, [])
            }
            do {
                let svg = try SVGSanitizer.sanitize(data)
                let name = "file-" + IconSymbols.slug(String(path.dropLast(".svg".count)))
                return (.init(name: name, art: .svg(svg), set: nil), [])
            } catch {
                // With the offending line under the message, like every other diagnostic.
                var sink = DiagnosticSink(path: displayPath, text: String(decoding: data, as: UTF8.self))
                sink.report(line: error.position.line, column: error.position.column, error.message)
                problems += sink.diagnostics
                return (nil, [])
            }
        }
    }

    /// The Fork Awesome glyph for a brand, reading the font the first time one is needed.
    private func forkAwesomeSymbol(_ brand: ServiceIcon) -> IconSymbols.Symbol? {
        guard let name = brand.forkAwesome, let path = sets.forkAwesomeFont else { return nil }
        if !fontRead {
            fontRead = true
            do { font = try SVGFont.read(try sets.files.readFile(path)) } catch {
                let reason = (error as? SVGProblem)?.message ?? ((error as? FileSystemError)?.reason ?? "\(error)")
                problems.append(Diagnostic(.warning, path: path, message: "cannot read the Fork Awesome font (\(reason)); its icons are left out"))
            }
        }
        guard let svg = font?.icon(name) else { return nil }
        return .init(name: "brand-" + name, art: .svg(svg), set: .forkAwesome)
    }
}

extension IconSets {
    func path(for set: IconSet) -> String? {
        switch set {
        case .fontAwesome: return fontAwesomeBrands
        case .forkAwesome: return forkAwesomeFont
        }
    }
}
