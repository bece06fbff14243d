@testable import Artwork
import Testing

/// Font Awesome's brand icons are drawn on a 512-unit grid: pages carry them with whole-unit coordinates.
@Suite struct SVGPathDataTests {
    /// Relative steps are rounded where they land, so three steps of 0.4 end at 1 (1.2 rounded), not at 0.
    @Test func roundingDoesNotAddUpAlongAPath() {
        #expect(SVGPathData.rounded("M0 0l.4.4l.4.4l.4.4z") == "M0 0l0 0l1 1l0 0z")
        #expect(SVGPathData.rounded("m10.4 0h.4.4.4v-.6 1.2z") == "m10 0h1 0 1v-1 2z")  // lands at 11, 11, 12 (10.8, 11.2, 11.6), then -1, 1
    }

    @Test func everyCommandKeepsItsArgumentsAndArcFlagsMayTouch() {
        #expect(SVGPathData.rounded("M10.2 10a5.4 5.4 0 01-1.2 1.2") == "M10 10a5 5 0 0 1-1 1")
        #expect(SVGPathData.rounded("M1 2C3.3 4 5 6 7 8S9 10 11 12Q13 14 15 16T17 18L1e1 2.6") == "M1 2C3 4 5 6 7 8S9 10 11 12Q13 14 15 16T17 18L10 3")
        #expect(SVGPathData.rounded("M0 0c.2.2.4.4.6.6s.6.6.6.6") == "M0 0c0 0 0 0 1 1s0 0 0 0")
    }

    @Test func pathDataItCannotReadIsKept() {
        #expect(SVGPathData.rounded("M0 0 L x") == nil)
        #expect(SVGPathData.rounded("0 0") == nil)
        #expect(SVGPathData.rounded("M0 0a1 1 0 2 1 2 2") == nil)
        // A small icon of more than paths keeps its grid: its other shapes' numbers would not scale with it.
        let small = SVGIcon(viewBox: "0 0 24 24", rootAttributes: [], shapes: [.path("M1.5 1.5h2.25"), SVGShape(name: "circle", attributes: [SVGAttribute(name: "r", value: "1.5")])])
        #expect(small.roundingPaths() == small)
    }

    /// Simple Icons' 24-unit grid, drawn with three decimals, is doubled until its side is 128 units or more (192):
    /// whole units are then an eighth of a pixel at button size.
    @Test func aSmallIconOfPathsAloneIsDrawnOnAFinerGrid() {
        let small = SVGIcon(viewBox: "0 0 24 24", rootAttributes: [], shapes: [.path("M1.5 1.5h2.25a.5.5 0 0 1 1 1")])
        #expect(small.roundingPaths() == SVGIcon(viewBox: "0 0 192 192", rootAttributes: [], shapes: [.path("M12 12h18a4 4 0 0 1 8 8")]))
    }

    /// An icon of paths alone is drawn on a grid halved until its longer side is under 256 units: Font Awesome's
    /// 512-unit grid at a quarter. Arc radii scale with it; an arc's rotation and flags do not.
    @Test func anIconOfPathsAloneIsDrawnOnACoarserGrid() {
        #expect(SVGPathData.rounded("M10 21l4 4a8 8 30 0 1 8 8", scale: 0.25) == "M3 5l1 1a2 2 30 0 1 2 2")
        let icon = SVGIcon(viewBox: "0 0 448 512", rootAttributes: [SVGAttribute(name: "fill", value: "currentColor")],
                           shapes: [.path("M433 179c0-97-64-126-64-126z"), .path("M2 3h400")])
        let coarse = icon.roundingPaths()
        #expect(coarse.viewBox == "0 0 112 128" && coarse.rootAttributes == icon.rootAttributes)
        #expect(coarse.shapes == [.path("M108 45c0-24-16-32-16-32z"), .path("M1 1h100")])
        let wide = SVGIcon(viewBox: "0 -32 640 512", rootAttributes: [], shapes: [.path("M640 480H0z")])
        #expect(wide.roundingPaths() == SVGIcon(viewBox: "0 -8 160 128", rootAttributes: [], shapes: [.path("M160 120H0z")]))
        // Path data it cannot read stays as it is, on the icon's own grid.
        let unread = SVGIcon(viewBox: "0 0 512 512", rootAttributes: [], shapes: [.path("M0 0 L x"), .path("M1.5 2.5")])
        #expect(unread.roundingPaths() == SVGIcon(viewBox: "0 0 512 512", rootAttributes: [], shapes: [.path("M0 0 L x"), .path("M2 3")]))
    }

    @Test func aFontAwesomeSizedIconHasWholeUnitPaths() {
        let circle = SVGShape(name: "circle", attributes: [SVGAttribute(name: "r", value: "1.5")])
        let icon = SVGIcon(viewBox: "0 0 448 512", rootAttributes: [], shapes: [.path("M433 179.11c0-97.2-63.71-125.7-63.71-125.7z"), circle, .path("M1.5 2.5")])
        #expect(icon.roundingPaths().shapes == [.path("M433 179c0-97-64-126-64-126z"), circle, .path("M2 3")])
        #expect(icon.roundingPaths().symbol(named: "x") == #"<symbol id="icon-x" viewBox="0 0 448 512"><path d="M433 179c0-97-64-126-64-126z"/><circle r="1.5"/><path d="M2 3"/></symbol>"#)
    }

    /// A path's numbers are read to the same Double as Double's own parser reads them, by its quick way (up to 15
    /// digits, no exponent) or, past that, by the parser; and what is not a number is not one.
    @Test func aPathNumberIsReadAsDoublesParserReadsIt() {
        for text in ["0", "-0", "+7", "0.1", ".5", "-.5", "1.", "2.675", "123456789012345", "1.23456789012345", "0.000000000000001",
                     "179.11", "-63.71", "1234567890123456", "9007199254740993", "1e3", "2.5E-2", "0.30000000000000004"] {
            let read = SVGPathData.number(Array(text.utf8)[...])
            #expect(read == Double(text) && read?.sign == Double(text)?.sign, "\(text)")
        }
        #expect(SVGPathData.number(Array("1.2.3".utf8)[...]) == nil)
        #expect(SVGPathData.number(Array("-".utf8)[...]) == nil)
    }
}

