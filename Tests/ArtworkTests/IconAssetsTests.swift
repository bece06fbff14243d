@testable import Artwork
import Foundation
import LinkChain
import SiteBasics
import SiteGenTestSupport
import Testing

/// The icon stage (`IconAssets.load`) reads the installed icon sets once, before any page renders; showing a page's
/// icons reads nothing and hands back what it found as values.
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

    @Test func theStageReadsEachBrandFileOnceAndShowingReadsNothing() {
        let (sets, disk) = Self.sets()
        let icons = IconAssets.load(sets: sets, brands: [Self.mastodon, Self.mastodon, Self.signal], sourceDirectory: "site", files: [:])
        #expect(disk.readCount(of: "fa/brands/mastodon.svg") == 1)
        #expect(disk.readCount(of: "fa/brands/signal-messenger.svg") == 1)
        #expect(disk.readCount(of: "fk/font.svg") == 1)
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
        #expect(disk.readCount(of: "fa/brands/mastodon.svg") == 1)
        #expect(disk.readCount(of: "fk/font.svg") == 1)
    }

    /// Brands that Font Awesome draws need no glyph of the font, which is then not read.
    @Test func theFontIsReadOnlyForBrandsFontAwesomeDoesNotDraw() {
        let (sets, disk) = Self.sets()
        _ = IconAssets.load(sets: sets, brands: [Self.mastodon], sourceDirectory: "site", files: [:])
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
