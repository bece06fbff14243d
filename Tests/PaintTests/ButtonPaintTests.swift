@testable import Paint
import Testing

/// Button colours: what issue 12's page design reads and writes.
@Suite struct ButtonPaintTests {
    @Test func coloursWriteAsSixHexDigitsEvenPastTheirRange() {
        #expect(HexColor("#0A7fE3")!.css == "#0a7fe3" && HexColor("#abc")!.css == "#aabbcc")
        #expect(HexColor(red: 1.2, green: -0.1, blue: 0.5).css == "#ff0080")
    }

    @Test func oklabMatchesReferenceValues() {
        // White is L 1 with no chroma; sRGB red is (0.628, 0.225, 0.126) (Ottosson's published values).
        let white = HexColor.white.oklab, red = HexColor("#ff0000")!.oklab
        #expect(abs(white.l - 1) < 1e-4 && abs(white.a) < 1e-4 && abs(white.b) < 1e-4)
        #expect(abs(red.l - 0.628) < 1e-3 && abs(red.a - 0.2249) < 1e-3 && abs(red.b - 0.1258) < 1e-3)
        #expect(HexColor("#123456")!.distance(to: HexColor("#123456")!) == 0)
    }

    @Test func aFillThatAlreadyReadsIsKept() {
        let paint = ButtonPaint.make(brand: HexColor("#563acc")!, surfaces: (.white, HexColor("#000000")!))
        #expect(paint.fill == HexColor("#563acc")! && paint.text == .white)
        #expect(paint.edgeLight == paint.fill, "7:1 against white needs no other edge")
        #expect(paint.edgeDark != paint.fill && paint.edgeDark.contrast(with: HexColor("#000000")!) >= 3)
    }

    @Test func aBrandThatReadsWithDarkTextKeepsItsExactFill() {
        // Telegram's blue: white reads at 2.8:1, near-black at 6.8:1; the text changes, not the fill.
        let paint = ButtonPaint.make(brand: HexColor("#26a5e4")!, surfaces: (.white, .nearBlack))
        #expect(paint.fill == HexColor("#26a5e4")! && paint.text == .nearBlack)
        let red = ButtonPaint.make(brand: HexColor("#ff0000")!, surfaces: (.white, .nearBlack))
        #expect(red.fill == HexColor("#ff0000")! && red.text == .nearBlack, "4.7:1 with near-black text")
    }

    @Test func aColourNeitherTextReadsOnMovesTheLeastItCan() {
        // #6364ff: white 4.38:1, near-black 4.31:1. Darkening for white is the smaller move here.
        let brand = HexColor("#6364ff")!
        let paint = ButtonPaint.make(brand: brand, surfaces: (.white, .nearBlack))
        #expect(paint.text == .white && paint.fill.contrast(with: .white) >= 4.5)
        #expect(paint.fill.contrast(with: .white) < 4.65, "no darker than needed")
        let lighter = brand.adjustingLightness(toContrast: 4.5, with: .nearBlack)
        #expect(paint.fill.distance(to: brand) <= lighter.distance(to: brand))
        #expect(paint.fill.distance(to: brand) < 0.02)
    }

    @Test func blackButtonsGetAGreyEdgeOnADarkPage() {
        let page = HexColor("#141312")!
        let paint = ButtonPaint.make(brand: HexColor("#000000")!, surfaces: (.white, page))
        #expect(paint.fill.contrast(with: page) < 3)
        #expect(paint.edgeDark.contrast(with: page) >= 3 && paint.edgeDark.luminance > page.luminance)
    }

    @Test func aWrittenColourKeepsTheTextThatReadsBestAndIsAdjustedWhenNeitherDoes() {
        let yellow = ButtonPaint.make(brand: HexColor("#ffd400")!, surfaces: (.white, .nearBlack))
        #expect(yellow.text == .nearBlack && yellow.fill == HexColor("#ffd400")!)
        let grey = ButtonPaint.make(brand: HexColor("#777777")!, surfaces: (.white, .nearBlack))
        #expect(grey.fill.contrast(with: grey.text) >= 4.5)
    }
}
