import Foundation
import Synchronization

/// The colours of one button: its fill, its text, and its edge on the page in light and dark mode.
///
/// Exact fills first: a button keeps its colour (the brand's, or the one a page wrote) as the fill whenever white or
/// near-black text reaches WCAG text contrast (4.5:1) on it, by choosing the text colour. Only where neither does is
/// the fill's lightness moved (OKLab L, hue and chroma kept as far as sRGB allows), towards whichever text colour
/// needs the smaller move from the colour itself. The fill is the same in light and dark mode; its edge (a 2 px
/// border) is the fill where the fill already stands out from the surface behind it (3:1, WCAG 1.4.11), and
/// otherwise the fill moved in lightness until it does, for each mode's surface.
public struct ButtonPaint: Equatable, Sendable {
    public var fill: HexColor
    public var text: HexColor
    public var edgeLight: HexColor
    public var edgeDark: HexColor

    public static let textContrast = 4.5
    public static let edgeContrast = 3.0
    /// How far (OKLab distance from the brand's own colour; 0.02 is just noticeable) a catalog fill may move. Only
    /// colours that neither text colour reads on move at all, and those sit near the middle of the lightness range.
    public static let brandDistanceLimit = 0.05

    /// A service's button in `brand`, the catalog's colour or one the page set with `color:`.
    public static func make(brand: HexColor, surfaces: (light: HexColor, dark: HexColor)) -> ButtonPaint {
        // Every page of a site asks for the same few paints, and each costs up to four bisections of OKLab lightness.
        let key = PaintKey(brand: brand, light: surfaces.light, dark: surfaces.dark)
        if let known = paints.withLock({ $0[key] }) { return known }
        let (fill, text) = brand.readableFill
        let paint = ButtonPaint(fill: fill, text: text,
                                edgeLight: fill.adjustingLightness(toContrast: edgeContrast, with: surfaces.light),
                                edgeDark: fill.adjustingLightness(toContrast: edgeContrast, with: surfaces.dark))
        paints.withLock { $0[key] = paint }
        return paint
    }

    private struct PaintKey: Hashable {
        var brand: HexColor, light: HexColor, dark: HexColor
    }

    private static let paints = Mutex<[PaintKey: ButtonPaint]>([:])
}

extension HexColor {
    /// The fill and text colour of a button in this colour: this colour with white or near-black text when either
    /// reaches `ButtonPaint.textContrast`, else this colour moved in lightness for the text colour that needs the
    /// smaller move (white on a tie).
    public var readableFill: (fill: HexColor, text: HexColor) {
        let ratio = ButtonPaint.textContrast
        if contrast(with: .white) >= ratio { return (self, .white) }
        if contrast(with: .nearBlack) >= ratio { return (self, .nearBlack) }
        let forWhite = adjustingLightness(toContrast: ratio, with: .white)
        let forDark = adjustingLightness(toContrast: ratio, with: .nearBlack)
        return forDark.distance(to: self) < forWhite.distance(to: self) ? (forDark, .nearBlack) : (forWhite, .white)
    }

    /// OKLab coordinates (Björn Ottosson's transform of linear sRGB).
    public var oklab: (l: Double, a: Double, b: Double) {
        let (r, g, b) = (Self.linear(red), Self.linear(green), Self.linear(blue))
        let l = cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
        let m = cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
        let s = cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
        return (0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
                1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
                0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s)
    }

    /// Euclidean distance in OKLab: about 0.02 is just noticeable.
    public func distance(to other: HexColor) -> Double {
        let (x, y) = (oklab, other.oklab)
        return ((x.l - y.l) * (x.l - y.l) + (x.a - y.a) * (x.a - y.a) + (x.b - y.b) * (x.b - y.b)).squareRoot()
    }

    /// Hue angle in OKLCH, in degrees; nil for greys, whose hue means nothing.
    public var hue: Double? {
        let lab = oklab
        guard (lab.a * lab.a + lab.b * lab.b).squareRoot() > 0.02 else { return nil }
        return atan2(lab.b, lab.a) * 180 / .pi
    }

    /// This colour at OKLab lightness `lightness`, hue kept; chroma shrinks just enough to stay inside sRGB.
    func withLightness(_ lightness: Double) -> HexColor {
        let lab = oklab
        func rgb(_ scale: Double) -> (Double, Double, Double)? {
            let (a, b) = (lab.a * scale, lab.b * scale)
            let l = Foundation.pow(lightness + 0.3963377774 * a + 0.2158037573 * b, 3)
            let m = Foundation.pow(lightness - 0.1055613458 * a - 0.0638541728 * b, 3)
            let s = Foundation.pow(lightness - 0.0894841775 * a - 1.2914855480 * b, 3)
            let channels = (4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
                            -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
                            -0.0041960863 * l - 0.7034186147 * m + 1.7076147010 * s)
            let inside = [channels.0, channels.1, channels.2].allSatisfy { $0 >= -1e-7 && $0 <= 1 + 1e-7 }
            return inside ? channels : nil
        }
        var channels = rgb(1)
        if channels == nil {
            var (low, high) = (0.0, 1.0)
            for _ in 0..<30 { let middle = (low + high) / 2; if rgb(middle) != nil { low = middle } else { high = middle } }
            channels = rgb(low)
        }
        func encode(_ c: Double) -> Double {
            let c = min(max(c, 0), 1)
            return ((c <= 0.0031308 ? 12.92 * c : 1.055 * Foundation.pow(c, 1 / 2.4) - 0.055) * 255).rounded() / 255
        }
        let (r, g, b) = channels ?? (0, 0, 0)
        var color = self
        (color.red, color.green, color.blue) = (encode(r), encode(g), encode(b))
        return color
    }

    /// The nearest colour in lightness (this one if it already does) with at least `ratio` contrast against
    /// `other`: darker when `other` is the lighter of the two, lighter otherwise.
    func adjustingLightness(toContrast ratio: Double, with other: HexColor) -> HexColor {
        guard contrast(with: other) < ratio else { return self }
        // Towards black when that side has room for the ratio, else past `other` towards white (a black
        // button's edge on a dark page is grey), and the same the other way round.
        let black = HexColor("#000000")!
        let darken = other.luminance > luminance ? black.contrast(with: other) >= ratio : HexColor.white.contrast(with: other) < ratio
        let start = oklab.l
        // Lightness moves monotonically with luminance, so the boundary can be bisected; then rounding to
        // whole sRGB bytes is checked and nudged.
        var (near, far) = (start, darken ? 0.0 : 1.0)
        for _ in 0..<40 {
            let middle = (near + far) / 2
            if withLightness(middle).contrast(with: other) >= ratio { far = middle } else { near = middle }
        }
        var lightness = far, candidate = withLightness(far)
        while candidate.contrast(with: other) < ratio, lightness > 0, lightness < 1 {
            lightness += darken ? -0.001 : 0.001
            candidate = withLightness(lightness)
        }
        return candidate
    }
}
