@testable import Artwork
import Foundation
import LinkChain
import SiteBasics
import SiteGenTestSupport
import Testing

/// The icon stage (`IconAssets.load`) reads nothing itself: a brand's files of the installed sets are read the first
/// time a page shows it, once however many pages show it, and a brand no page shows is never read; what showing
/// found comes back as values.
@Suite struct IconAssetsTests {
    static let square = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 448 512"><path d="M0 0h448v512H0z"/></svg>"#
    /// A tiny SVG font written by this test: one glyph, a unit square.
    static let font = """
        <svg xmlns="http://www.w3.org/2000/svg"><defs><font horiz-adv-x="1000"><font-face units-per-em="1000" ascent="800"/>
        <glyph glyph-name="signal" d="M0 0h1000v1000h-1000z"/></font></defs></svg>
        """
    static let mastodon = ServiceIcon(fontAwesome: "mastodon", forkAwesome: "mastodon", glyph: "chat")
    /// Font Awesome's Signal fills in at button size, so Fork Awesome's is preferred where it is installed.
    static let signal = ServiceIcon(fontAwesome: "signal-messenger", forkAwesome: "signal", glyph: "chat")
    static let forkAwesomeOnly = ServiceIcon(forkAwesome: "signal", glyph: "chat")

    static func sets(font: String? = Self.font) -> (IconSets, InMemoryFileSystem) {
        var files = ["fa/brands/mastodon.svg": square, "fa/brands/signal-messenger.svg": square]
        if let font { files["fk/font.svg"] = font }
        let disk = InMemoryFileSystem(files)
        return (IconSets(fontAwesomeBrands: "fa/brands", forkAwesomeFont: "fk/font.svg", files: disk), disk)
    }

    @Test func eachBrandFileIsReadOnceWhenFirstShown() {
        let (sets, disk) = Self.sets()
        let icons = IconAssets.load(sets: sets, brands: [Self.mastodon, Self.mastodon, Self.signal], sourceDirectory: "site", files: [:])
        #expect(["fa/brands/mastodon.svg", "fa/brands/signal-messenger.svg", "fk/font.svg"].map(disk.readCount(of:)) == [0, 0, 0])
        for _ in 0..<3 {
            let shown = icons.shown([.brand(Self.mastodon), .brand(Self.signal), .glyph(.heart)])
            #expect(shown.symbols.name(for: .brand(Self.mastodon)) == "brand-mastodon")
            #expect(shown.symbols.name(for: .brand(Self.signal)) == "brand-signal")
            #expect(shown.symbols.html == IconSet.fontAwesome.credit + IconSet.forkAwesome.credit
                + #"<symbol id="icon-brand-mastodon" viewBox="0 0 112 128" fill="currentColor"><path d="M0 0h112v128H0z"/></symbol>"#
                + #"<symbol id="icon-brand-signal" viewBox="0 -800 1000 1000" fill="currentColor"><path transform="scale(1 -1)" d="M0 0h1000v1000h-1000z"/></symbol>"#
                + Glyph.heart.symbol)
            #expect(shown.findings.isEmpty)
        }
        #expect(["fa/brands/mastodon.svg", "fa/brands/signal-messenger.svg", "fk/font.svg"].map(disk.readCount(of:)) == [1, 1, 1])
    }

    /// A brand no page shows is never read, whatever the catalog holds: a build that makes one page reads that page's
    /// brands alone.
    @Test func aBrandNoPageShowsIsNotRead() {
        let (sets, disk) = Self.sets()
        let icons = IconAssets.load(sets: sets, brands: [Self.mastodon, Self.signal], sourceDirectory: "site", files: [:])
        #expect(icons.shown([.brand(Self.mastodon)]).symbols.name(for: .brand(Self.mastodon)) == "brand-mastodon")
        #expect(["fa/brands/mastodon.svg", "fa/brands/signal-messenger.svg", "fk/font.svg"].map(disk.readCount(of:)) == [1, 0, 0])
    }

    /// Brands that Font Awesome draws need no glyph of the font, which is then not read.
    @Test func theFontIsReadOnlyForBrandsFontAwesomeDoesNotDraw() {
        let (sets, disk) = Self.sets()
        _ = IconAssets.load(sets: sets, brands: [Self.mastodon], sourceDirectory: "site", files: [:]).shown([.brand(Self.mastodon)])
        #expect(disk.readCount(of: "fa/brands/mastodon.svg") == 1)
        #expect(disk.readCount(of: "fk/font.svg") == 0)
    }

    /// A font that cannot be read is told by the pages showing a brand that needed it, and by no other; the brand falls
    /// back to Font Awesome's icon, or to its glyph.
    @Test func anUnreadableFontIsFoundOnlyWhereABrandNeededIt() {
        let (sets, _) = Self.sets(font: nil)
        let icons = IconAssets.load(sets: sets, brands: [Self.mastodon, Self.signal, Self.forkAwesomeOnly], sourceDirectory: "site", files: [:])
        let warning = Diagnostic(.warning, path: "fk/font.svg", message: "cannot read the Fork Awesome font (cannot be read (no such file)); its icons are left out")
        #expect(icons.shown([.brand(Self.mastodon)]).findings.isEmpty)
        let signal = icons.shown([.brand(Self.signal)])
        #expect(signal.symbols.name(for: .brand(Self.signal)) == "brand-signal-messenger")
        #expect(signal.findings == IconFindings(problems: [warning]))
        let only = icons.shown([.brand(Self.forkAwesomeOnly), .brand(Self.signal)])
        #expect(only.symbols.name(for: .brand(Self.forkAwesomeOnly)) == "chat")
        // Installed, though unreadable: no set is missing, and the warning is told once.
        #expect(only.findings == IconFindings(problems: [warning]))
    }

    @Test func aBrandFromSetsNotInstalledIsItsGlyphWithTheSetsMissing() {
        let icons = IconAssets.load(sets: .none, brands: [Self.mastodon, Self.forkAwesomeOnly], sourceDirectory: "site", files: [:])
        let shown = icons.shown([.brand(Self.mastodon), .brand(Self.forkAwesomeOnly)])
        #expect(shown.symbols.name(for: .brand(Self.mastodon)) == "chat")
        #expect(shown.symbols.html == Glyph.chat.symbol)
        #expect(shown.findings == IconFindings(missingSets: [.fontAwesome, .forkAwesome]))
    }

    /// Simple Icons first: its file (a 24-unit icon, drawn on a finer whole-unit grid) is read and the fallback sets
    /// are not; a brand it lacks keeps Font Awesome's; an icon with a licence of its own is credited on the page showing it.
    @Test func simpleIconsComeFirstAndOtherSetsFillIn() {
        let mastodon = ServiceIcon(simpleIcons: "mastodon", fontAwesome: "mastodon", forkAwesome: "mastodon", glyph: "chat")
        let peertube = ServiceIcon(simpleIcons: "peertube", forkAwesome: "signal", glyph: "chat")
        let linkedin = ServiceIcon(fontAwesome: "mastodon", glyph: "link")
        let mark = "Simple Icons 16.36.0 (https://simpleicons.org)\nIcons under a licence of their own:\n  peertube.svg: CC-BY-SA-4.0\n  evil.svg: x --> <script>\n"
        let disk = InMemoryFileSystem([
            "si/simple-icons.txt": mark,
            "si/mastodon.svg": #"<svg role="img" viewBox="0 0 24 24" xmlns="http://www.w3.org/2000/svg"><title>Mastodon</title><path d="M1.5 1.5h21v21z"/></svg>"#,
            "si/peertube.svg": #"<svg viewBox="0 0 24 24" xmlns="http://www.w3.org/2000/svg"><path d="M0 0h24v24z"/></svg>"#,
            "fa/brands/mastodon.svg": Self.square, "fk/font.svg": Self.font,
        ])
        let sets = IconSets(simpleIcons: "si", fontAwesomeBrands: "fa/brands", forkAwesomeFont: "fk/font.svg", files: disk)
        let icons = IconAssets.load(sets: sets, brands: [mastodon, peertube, linkedin], sourceDirectory: "site", files: [:])
        let shown = icons.shown([.brand(mastodon), .brand(peertube), .brand(linkedin)])
        #expect(disk.readCount(of: "si/mastodon.svg") == 1)
        #expect(disk.readCount(of: "fk/font.svg") == 0)
        #expect(shown.findings.isEmpty)
        #expect(shown.symbols.name(for: .brand(mastodon)) == "brand-mastodon")
        // LinkedIn's Font Awesome icon is named as Simple Icons' Mastodon is, with other art: it gets the next name.
        #expect(shown.symbols.name(for: .brand(linkedin)) == "brand-mastodon-2")
        #expect(shown.symbols.html == IconSet.simpleIcons.credit + IconSet.fontAwesome.credit
            + "<!-- The peertube icon (Simple Icons) is licensed CC-BY-SA-4.0 -->"
            + #"<symbol id="icon-brand-mastodon" viewBox="0 0 192 192" fill="currentColor"><path d="M12 12h168v168z"/></symbol>"#
            + #"<symbol id="icon-brand-mastodon-2" viewBox="0 0 112 128" fill="currentColor"><path d="M0 0h112v128H0z"/></symbol>"#
            + #"<symbol id="icon-brand-peertube" viewBox="0 0 192 192" fill="currentColor"><path d="M0 0h192v192z"/></symbol>"#)
    }

    /// Simple Icons' Signal fills in at button size: Fork Awesome's is used where it is installed, else Simple Icons'.
    @Test func simpleIconsThatBlurGiveWayToAnotherSet() {
        let signal = ServiceIcon(simpleIcons: "signal", fontAwesome: "signal-messenger", forkAwesome: "signal", glyph: "chat")
        let files = ["si/simple-icons.txt": "Simple Icons 16.36.0\n", "fk/font.svg": Self.font, "fa/brands/signal-messenger.svg": Self.square,
                     "si/signal.svg": #"<svg viewBox="0 0 24 24" xmlns="http://www.w3.org/2000/svg"><path d="M0 0h24v24z"/></svg>"#]
        let withFont = IconAssets.load(sets: IconSets(simpleIcons: "si", fontAwesomeBrands: "fa/brands", forkAwesomeFont: "fk/font.svg", files: InMemoryFileSystem(files)),
                                       brands: [signal], sourceDirectory: "site", files: [:])
        #expect(withFont.shown([.brand(signal)]).symbols.html.hasPrefix(IconSet.forkAwesome.credit))
        let without = IconAssets.load(sets: IconSets(simpleIcons: "si", fontAwesomeBrands: "fa/brands", files: InMemoryFileSystem(files)),
                                      brands: [signal], sourceDirectory: "site", files: [:])
        #expect(without.shown([.brand(signal)]).symbols.html == IconSet.simpleIcons.credit
            + #"<symbol id="icon-brand-signal" viewBox="0 0 192 192" fill="currentColor"><path d="M0 0h192v192z"/></symbol>"#)
    }

    /// A set's icon is untrusted like a site's: one that is not a plain drawing is not used, and the brand falls back; a
    /// brand that no installed set draws is said once, by name.
    @Test func aHostileSetIconFallsBackAndAnUncoveredBrandIsSaid() {
        let mastodon = ServiceIcon(simpleIcons: "mastodon", fontAwesome: "mastodon", glyph: "chat")
        let gotosocial = ServiceIcon(simpleIcons: "gotosocial", glyph: "chat")
        let disk = InMemoryFileSystem([
            "si/simple-icons.txt": "Simple Icons 16.36.0\n",
            "si/mastodon.svg": #"<svg viewBox="0 0 24 24" xmlns="http://www.w3.org/2000/svg"><path d="M0 0h1" onload="alert(1)"/></svg>"#,
            "fa/brands/mastodon.svg": Self.square,
        ])
        let icons = IconAssets.load(sets: IconSets(simpleIcons: "si", fontAwesomeBrands: "fa/brands", files: disk),
                                    brands: [mastodon, gotosocial], sourceDirectory: "site", files: [:])
        let shown = icons.shown([.brand(mastodon), .brand(gotosocial)])
        #expect(shown.symbols.html == IconSet.fontAwesome.credit
            + #"<symbol id="icon-brand-mastodon" viewBox="0 0 112 128" fill="currentColor"><path d="M0 0h112v128H0z"/></symbol>"# + Glyph.chat.symbol)
        #expect(shown.findings == IconFindings(uncovered: ["gotosocial"]))
        var report = IconReport()
        report.add(shown.findings, shownBy: "site/content/b.md")
        report.add(shown.findings, shownBy: "site/content/a.md")
        #expect(report.diagnostics.map(\.description) == [
            "site/content/a.md: warning: no installed icon set has a logo for gotosocial, so its button shows sitegen's generic glyph; a newer Simple Icons may have it",
        ])
    }

    /// An icon whose licence forbids commercial use is not shown, even where an older folder holds it: the brand falls
    /// back as one the set lacks, and is said as such.
    @Test func anIconUnderANonCommercialLicenceIsNotShown() {
        let misskey = ServiceIcon(simpleIcons: "misskey", glyph: "chat")
        let peertube = ServiceIcon(simpleIcons: "peertube", glyph: "chat")
        let disk = InMemoryFileSystem([
            "si/simple-icons.txt": "Simple Icons 16.36.0\nIcons under a licence of their own:\n  misskey.svg: CC-BY-NC-SA-4.0\n  peertube.svg: CC-BY-SA-4.0\n",
            "si/misskey.svg": #"<svg viewBox="0 0 24 24" xmlns="http://www.w3.org/2000/svg"><path d="M0 0h24v24z"/></svg>"#,
            "si/peertube.svg": #"<svg viewBox="0 0 24 24" xmlns="http://www.w3.org/2000/svg"><path d="M0 0h24z"/></svg>"#,
        ])
        let icons = IconAssets.load(sets: IconSets(simpleIcons: "si", files: disk), brands: [misskey, peertube], sourceDirectory: "site", files: [:])
        let shown = icons.shown([.brand(misskey), .brand(peertube)])
        #expect(shown.symbols.name(for: .brand(misskey)) == Glyph.chat.rawValue)
        #expect(shown.symbols.name(for: .brand(peertube)) == "brand-peertube")
        #expect(shown.findings == IconFindings(uncovered: ["misskey"]))
        #expect(IconAssets.forbidsCommercialUse("CC-BY-NC-SA-4.0") && IconAssets.forbidsCommercialUse("cc-by-nc-4.0"))
        #expect(!IconAssets.forbidsCommercialUse("CC-BY-SA-4.0") && !IconAssets.forbidsCommercialUse("https://github.com/LemmyNet/lemmy/blob/main/LICENSE"))
    }

    /// Simple Icons is found where scripts/simple-icons.py wrote it: the user's data folder, or beside the binary.
    @Test func simpleIconsAreFoundInTheDataFolders() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let icons = folder.appendingPathComponent("data/sitegen/simple-icons")
        try FileManager.default.createDirectory(at: icons, withIntermediateDirectories: true)
        try Data().write(to: icons.appendingPathComponent("simple-icons.txt"))
        #expect(IconSets.discover(environment: ["HOME": "/nonexistent", "XDG_DATA_HOME": folder.path + "/data"], executable: nil).simpleIcons == icons.path)
        let prefix = folder.appendingPathComponent("prefix")
        try FileManager.default.createDirectory(at: prefix.appendingPathComponent("bin"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: prefix.appendingPathComponent("share"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: prefix.appendingPathComponent("share/sitegen"), withDestinationURL: folder.appendingPathComponent("data/sitegen"))
        #expect(IconSets.discover(environment: ["HOME": "/nonexistent"], executable: prefix.appendingPathComponent("bin/sitegen")).simpleIcons
                == prefix.path + "/share/sitegen/simple-icons")
        #expect(IconSets.discover(environment: ["SITEGEN_ICON_PATH": icons.path]).simpleIcons == icons.path)
    }

    /// The probe looks only through the file system it is given, which then reads the sets: a set in memory is found,
    /// pyenv's Pythons are listed there, and a folder named like the mark is no set.
    @Test func theProbeLooksThroughTheFileSystemItIsGiven() throws {
        let memory = InMemoryFileSystem(["icons/simple-icons.txt": "", "home/.pyenv/versions/3.12/lib/python3.12/site-packages/fontawesomefree/static/fontawesomefree/svgs/brands/font-awesome.svg": Self.square])
        let sets = IconSets.discover(environment: ["HOME": "home"], executable: nil, files: memory)
        #expect(sets.simpleIcons == nil)
        #expect(sets.fontAwesomeBrands == "home/.pyenv/versions/3.12/lib/python3.12/site-packages/fontawesomefree/static/fontawesomefree/svgs/brands")
        #expect(try sets.files.readFile("icons/simple-icons.txt") == Data())
        #expect(IconSets.discover(environment: ["SITEGEN_ICON_PATH": "icons"], files: memory).simpleIcons == "icons")
        try memory.makeFolderAndParents("folder/simple-icons.txt")
        #expect(IconSets.discover(environment: ["SITEGEN_ICON_PATH": "folder"], files: memory).simpleIcons == nil)
    }

    /// Icon files come as the load made them: bytes and icon, or why they are none. Two files whose names clash on one
    /// page get distinct names in the order the page shows them.
    @Test func iconFilesAreTheLoadsBytesAndTheirProblemsValues() {
        func loaded(_ text: String) -> LoadedSVGFile {
            let data = Data(text.utf8)
            return .read(data, icon: CheckedSVG(data).icon)
        }
        let icons = IconAssets.load(sets: .none, brands: [], sourceDirectory: "site", files: [
            "a-b.svg": loaded(#"<svg viewBox="0 0 24 24"><path d="M1 1h2"/></svg>"#),
            "a/b.svg": loaded(#"<svg viewBox="0 0 24 24"><circle r="2"/></svg>"#),
            "bad.svg": loaded("<svg viewBox=\"0 0 24 24\">\n<script/></svg>"),
        ])
        let shown = icons.shown([.file("a/b.svg"), .file("a-b.svg"), .file("bad.svg"), .file("bad.svg")])
        #expect(shown.symbols.name(for: .file("a/b.svg")) == "file-a-b")
        #expect(shown.symbols.name(for: .file("a-b.svg")) == "file-a-b-2")
        #expect(shown.symbols.name(for: .file("bad.svg")) == "link")
        #expect(shown.findings.problems.map(\.description) == [
            "site/content/bad.svg:2:8: error: <script> is not allowed in an icon: only <circle>, <ellipse>, <g>, <line>, <path>, <polygon>, <polyline>, <rect> are\n<script/></svg>\n       ^",
        ])
    }

    /// The build's report: each problem once, and the missing sets told once, at the first page by path, whatever the
    /// order pages are gathered in.
    @Test func theReportNamesTheFirstPageMissingASet() {
        let problem = Diagnostic(path: "site/content/x.svg", message: "cannot read the icon: it was not loaded")
        var report = IconReport()
        report.add(IconFindings(missingSets: [.forkAwesome], problems: [problem]), shownBy: "site/content/b.md")
        report.add(IconFindings(), shownBy: "site/content/0.md")
        report.add(IconFindings(missingSets: [.fontAwesome], problems: [problem]), shownBy: "site/content/a.md")
        #expect(report.diagnostics.map(\.description) == [
            "site/content/x.svg: error: cannot read the icon: it was not loaded",
            "site/content/a.md: warning: brand icons not found: Font Awesome Free (pip install fontawesomefree) and Fork Awesome (apt-get install fonts-fork-awesome) are not installed, so some buttons show sitegen's generic glyphs; install them with the commands shown, or set SITEGEN_ICON_PATH to where the icon sets are",
        ])
        #expect(IconReport().diagnostics.isEmpty)
    }

    /// One parse gives both rules' verdicts: a file may be fine to publish and not an icon, or neither.
    @Test func oneParseGivesThePublishedFileRuleAndTheIcon() throws {
        let text = CheckedSVG(Data(#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9"><text>Hi</text></svg>"#.utf8))
        #expect(text.publishingProblem == nil)
        #expect(throws: SVGProblem.self) { try text.icon.get() }
        let script = CheckedSVG(Data(#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9"><script>alert(1)</script></svg>"#.utf8))
        #expect(script.publishingProblem?.message == "<script> is not allowed in a published SVG: only SVG's drawing, text, paint, filter and animation elements are")
        #expect(throws: SVGProblem.self) { try script.icon.get() }
        // Not XML: both rules say what the one parse found.
        let broken = CheckedSVG(Data("<svg><path></svg>".utf8))
        #expect(broken.icon == .failure(try #require(broken.publishingProblem)))
        let icon = CheckedSVG(Data(#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><title>x</title><path d="M1 1h2"/></svg>"#.utf8))
        #expect(icon.publishingProblem == nil)
        #expect(try icon.icon.get() == SVGIcon(viewBox: "0 0 24 24", rootAttributes: [], shapes: [.path("M1 1h2")]))
        // Larger than an icon may be, small enough to publish: the icon is refused before the parse is asked for.
        let large = CheckedSVG(Data((#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9">"# + String(repeating: "<g/>", count: 70_000) + "</svg>").utf8))
        #expect(large.publishingProblem == nil)
        #expect(throws: SVGProblem(position: SourcePosition(line: 0, column: 0), message: "the SVG is 273 KiB; icons are read up to 256 KiB")) { try large.icon.get() }
        // Icons are often written without SVG's namespace: both rules read such a file as SVG.
        let bare = CheckedSVG(Data(#"<svg viewBox="0 0 24 24"><path d="M1 1h2"/></svg>"#.utf8))
        #expect(bare.publishingProblem == nil)
        #expect(try bare.icon.get() == SVGIcon(viewBox: "0 0 24 24", rootAttributes: [], shapes: [.path("M1 1h2")]))
    }
}
