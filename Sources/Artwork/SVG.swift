import Foundation
import LinkChain
import SiteBasics

/// An attribute of an icon's element, its value as read (escaped when written).
package struct SVGAttribute: Equatable, Sendable {
    package var name: String
    package var value: String

    package init(name: String, value: String) { self.name = name; self.value = value }
}

/// A shape element an icon keeps, as a tree until the page is written: what changes it (rounding its path data)
/// changes its attributes, never its markup.
package struct SVGShape: Equatable, Sendable {
    var name: String
    /// In the order they are written.
    var attributes: [SVGAttribute]
    var children: [SVGShape] = []

    /// `<path d="…"/>`.
    static func path(_ d: String) -> SVGShape { SVGShape(name: "path", attributes: [SVGAttribute(name: "d", value: d)]) }

    func write(to markup: inout String) {
        markup += "<" + name
        SVGAttribute.write(attributes, to: &markup)
        guard !children.isEmpty else { markup += "/>"; return }
        markup += ">"
        for child in children { child.write(to: &markup) }
        markup += "</" + name + ">"
    }

    /// The shape with each path's data (`d`, at any depth) given by `change`, or nil where `change` gives nil for one.
    func changingPaths(_ change: (String) -> String?) -> SVGShape? {
        var shape = self
        for index in shape.attributes.indices where shape.attributes[index].name == "d" {
            guard let d = change(shape.attributes[index].value) else { return nil }
            shape.attributes[index].value = d
        }
        for index in shape.children.indices {
            guard let child = shape.children[index].changingPaths(change) else { return nil }
            shape.children[index] = child
        }
        return shape
    }
}

extension SVGAttribute {
    /// ` name="value"` each, escaped.
    static func write(_ attributes: [SVGAttribute], to markup: inout String) {
        for attribute in attributes { markup += " " + attribute.name + "=\"" + HTML.escape(attribute.value) + "\"" }
    }
}

/// An icon ready to become a `<symbol>`: its view box, its root's presentation attributes and its shapes, kept as a
/// tree until the page is written.
package struct SVGIcon: Equatable, Sendable {
    package var viewBox: String
    /// The root's presentation attributes (fill, stroke, ...).
    package var rootAttributes: [SVGAttribute]
    package var shapes: [SVGShape]

    package init(viewBox: String, rootAttributes: [SVGAttribute], shapes: [SVGShape]) {
        self.viewBox = viewBox; self.rootAttributes = rootAttributes; self.shapes = shapes
    }

    /// The icon with whole-unit path coordinates where a unit is at most 1/128 of its view box, in fewer bytes. An icon
    /// of paths alone is first drawn on a grid whose longer side is 128 to 255 units, halved or doubled until it is
    /// (Font Awesome's 512-unit grid at a quarter, Simple Icons' 24-unit one at eight times): at button size (24 px) a
    /// unit is then at most a fifth of a pixel, and no point moves by a tenth of one. Other icons are rounded only
    /// where a unit is at most 1/256 of their view box.
    package func roundingPaths() -> SVGIcon {
        let sizes = viewBox.split(separator: " ").compactMap { Double($0) }
        guard sizes.count == 4, min(sizes[2], sizes[3]) > 0 else { return self }
        var icon = self
        if isPathsAlone {
            var scale = 1.0
            while max(sizes[2], sizes[3]) * scale >= 256 { scale /= 2 }
            while max(sizes[2], sizes[3]) * scale < 128 { scale *= 2 }
            if let shapes = changingPaths({ SVGPathData.rounded($0, scale: scale) }) {
                icon.viewBox = sizes.map { SVGSanitizer.number($0 * scale) }.joined(separator: " ")
                icon.shapes = shapes
                return icon
            }
        }
        guard min(sizes[2], sizes[3]) >= 256 else { return self }
        icon.shapes = changingPaths({ SVGPathData.rounded($0) ?? $0 }) ?? shapes
        return icon
    }

    /// Whether the icon is `<path d="…"/>` elements and nothing else, so that scaling their data scales the icon.
    var isPathsAlone: Bool {
        !shapes.isEmpty && shapes.allSatisfy { $0.name == "path" && $0.children.isEmpty && $0.attributes.map(\.name) == ["d"] }
    }

    private func changingPaths(_ change: (String) -> String?) -> [SVGShape]? {
        var changed: [SVGShape] = []
        for shape in shapes {
            guard let shape = shape.changingPaths(change) else { return nil }
            changed.append(shape)
        }
        return changed
    }

    /// The shapes' markup.
    var body: String {
        var markup = ""
        for shape in shapes { shape.write(to: &markup) }
        return markup
    }

    /// `<symbol id="icon-NAME" viewBox="…" …>BODY</symbol>`, with the name the icon has on its page.
    package func symbol(named name: String) -> String {
        var markup = #"<symbol id="icon-\#(HTML.escape(name))" viewBox="\#(HTML.escape(viewBox))""#
        SVGAttribute.write(rootAttributes, to: &markup)
        markup += ">"
        for shape in shapes { shape.write(to: &markup) }
        return markup + "</symbol>"
    }
}

/// An SVG file of the site as both of its rules see it, from one parse: whether it may be published as it is
/// (`PublishedSVG`), and the icon it makes (`SVGSanitizer`), since any SVG under content/ is published and may be a
/// button's icon. Each rule refuses a file too large for it before asking for the parse.
package struct CheckedSVG: Equatable, Sendable {
    /// Why the file cannot be published as it is; nil when it can.
    package var publishingProblem: SVGProblem?
    /// The file as an icon, or why it cannot be one.
    package var icon: Result<SVGIcon, SVGProblem>

    package init(_ data: Data) {
        var parsed: Result<XMLDocumentTree, SVGProblem>?
        func tree() throws(SVGProblem) -> XMLDocumentTree {
            if parsed == nil {
                do { parsed = .success(try XMLTree.parse(data, allowDoctype: false)) } catch { parsed = .failure(error) }
            }
            return try parsed!.get()
        }
        do { try PublishedSVG.check(data, tree: tree); publishingProblem = nil } catch { publishingProblem = error }
        do { icon = .success(try SVGSanitizer.sanitize(data, tree: tree)) } catch { icon = .failure(error) }
    }
}

/// Keeps the shapes of an SVG and nothing that could run, load or style anything: a small set of
/// shape elements and presentation attributes. Scripts, event handlers, links, foreign content,
/// styles and paint servers are refused with an error at their place; titles, descriptions,
/// metadata and editor elements (`sodipodi:…`, `inkscape:…`) are dropped.
package enum SVGSanitizer {
    static let shapeElements: Set<String> = ["g", "path", "circle", "ellipse", "rect", "line", "polyline", "polygon"]
    static let droppedElements: Set<String> = ["title", "desc", "metadata", "defs"]
    static let shapeAttributes: Set<String> = [
        "d", "cx", "cy", "r", "rx", "ry", "x", "y", "width", "height", "x1", "y1", "x2", "y2", "points", "transform",
    ]
    static let presentationAttributes: Set<String> = [
        "fill", "fill-rule", "fill-opacity", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin",
        "stroke-miterlimit", "stroke-dasharray", "stroke-dashoffset", "stroke-opacity", "clip-rule", "opacity",
    ]
    /// Icons are small; a larger file is refused before it is parsed.
    static let maximumBytes = 256 * 1024

    package static func sanitize(_ data: Data) throws(SVGProblem) -> SVGIcon {
        try sanitize(data) { () throws(SVGProblem) in try XMLTree.parse(data, allowDoctype: false) }
    }

    /// `tree` gives the file parsed (`CheckedSVG` parses once for this rule and the published file's).
    static func sanitize(_ data: Data, tree: () throws(SVGProblem) -> XMLDocumentTree) throws(SVGProblem) -> SVGIcon {
        guard data.count <= maximumBytes else {
            throw SVGProblem(position: SourcePosition(line: 0, column: 0),
                             message: "the SVG is \(data.count / 1024) KiB; icons are read up to \(maximumBytes / 1024) KiB")
        }
        let root = try tree().root
        guard root.name == "svg" else {
            throw SVGProblem(position: root.position, message: "the file's root element is <\(root.name)>, not <svg>")
        }
        let viewBox: String
        if let box = root.attribute("viewBox"), isNumberList(box, count: 4) {
            viewBox = box
        } else if let width = root.attribute("width").flatMap(Double.init), let height = root.attribute("height").flatMap(Double.init) {
            viewBox = "0 0 \(number(width)) \(number(height))"
        } else {
            throw SVGProblem(position: root.position, message: "the <svg> needs a viewBox such as viewBox=\"0 0 24 24\" (or plain numeric width and height)")
        }
        let rootAttributes = try attributes(of: root, allowed: presentationAttributes)
        let shapes = try kept(root.children)
        guard !shapes.isEmpty else {
            throw SVGProblem(position: root.position, message: "the SVG has no shapes (path, circle, rect, ...)")
        }
        return SVGIcon(viewBox: viewBox, rootAttributes: rootAttributes, shapes: shapes)
    }

    /// The element as a shape the icon keeps; nil for one that is dropped.
    private static func shape(_ element: XMLElementNode) throws(SVGProblem) -> SVGShape? {
        // Editors' elements, and any outside SVG's namespace, are not drawn.
        if droppedElements.contains(element.name) || element.name.contains(":")
            || (element.namespace != nil && element.namespace != PublishedSVG.svgNamespace) { return nil }
        guard shapeElements.contains(element.name) else {
            throw SVGProblem(position: element.position,
                             message: "<\(element.name)> is not allowed in an icon: only \(shapeElements.sorted().map { "<\($0)>" }.joined(separator: ", ")) are")
        }
        return SVGShape(name: element.name, attributes: try attributes(of: element, allowed: shapeAttributes.union(presentationAttributes)),
                        children: try kept(element.children))
    }

    private static func kept(_ elements: [XMLElementNode]) throws(SVGProblem) -> [SVGShape] {
        var shapes: [SVGShape] = []
        for element in elements { if let shape = try shape(element) { shapes.append(shape) } }
        return shapes
    }

    /// The allowed attributes, sorted by name so output is deterministic; refuses handlers, links and paint servers.
    private static func attributes(of element: XMLElementNode, allowed: Set<String>) throws(SVGProblem) -> [SVGAttribute] {
        var kept: [SVGAttribute] = []
        for (name, value) in element.attributes.map({ ($0.name, $0.value) }).sorted(by: { $0.0 < $1.0 }) {
            let lower = name.lowercased()
            if lower.hasPrefix("on") {
                throw SVGProblem(position: element.position, message: "the event handler \(name)=\"…\" on <\(element.name)> is not allowed in an icon")
            }
            if lower == "href" || lower.hasSuffix(":href") {
                throw SVGProblem(position: element.position, message: "the link \(name)=\"…\" on <\(element.name)> is not allowed in an icon")
            }
            guard allowed.contains(name) else { continue }  // id, class, style, data-*, editor attributes
            if ASCII.contains("url(", inAnyCase: value) || ASCII.contains("javascript:", inAnyCase: value) {
                throw SVGProblem(position: element.position, message: "\(name)=\"\(value)\" on <\(element.name)> refers to another resource; icons may use only plain colours")
            }
            kept.append(SVGAttribute(name: name, value: value))
        }
        return kept
    }

    static func isNumberList(_ text: String, count: Int) -> Bool {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "," || $0.isNewline || $0 == "\t" })
        return parts.count == count && parts.allSatisfy { Double($0) != nil }
    }

    /// `24` rather than `24.0`.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

/// Glyphs of an SVG font (the format of Fork Awesome's `forkawesome-webfont.svg`): outlines in font units
/// with the y axis pointing up from the baseline.
package struct SVGFont {
    var unitsPerEm: Double
    var ascent: Double
    /// Advance widths and outlines by `glyph-name`.
    var glyphs: [String: (advance: Double, path: String)]

    /// Reads the font's metrics and the glyphs named in `names` (all of them when nil).
    package static func read(_ data: Data, names: Set<String>? = nil) throws(SVGProblem) -> SVGFont {
        let root = try XMLTree.parse(data, allowDoctype: true).root
        guard let font = find("font", in: root) else {
            throw SVGProblem(position: root.position, message: "the file has no <font> element: it is not an SVG font")
        }
        let face = font.children.first { $0.name == "font-face" }
        let unitsPerEm = face?.attribute("units-per-em").flatMap(Double.init) ?? 1000
        let ascent = face?.attribute("ascent").flatMap(Double.init) ?? unitsPerEm
        let defaultAdvance = font.attribute("horiz-adv-x").flatMap(Double.init) ?? unitsPerEm
        var glyphs: [String: (Double, String)] = [:]
        for glyph in font.children where glyph.name == "glyph" {
            guard let name = glyph.attribute("glyph-name"), names?.contains(name) ?? true,
                  let path = glyph.attribute("d"), !path.isEmpty else { continue }
            glyphs[name] = (glyph.attribute("horiz-adv-x").flatMap(Double.init) ?? defaultAdvance, path)
        }
        return SVGFont(unitsPerEm: unitsPerEm, ascent: ascent, glyphs: glyphs)
    }

    private static func find(_ name: String, in element: XMLElementNode) -> XMLElementNode? {
        if element.name == name { return element }
        for child in element.children { if let found = find(name, in: child) { return found } }
        return nil
    }

    /// The glyph the right way up: font units have y pointing up, SVG has it pointing down, so the
    /// outline is mirrored with `scale(1 -1)` and the view box spans from -ascent (the top) over one em.
    package func icon(_ name: String) -> SVGIcon? {
        guard let glyph = glyphs[name] else { return nil }
        let outline = glyph.path.split(whereSeparator: { $0 == " " || $0.isNewline || $0 == "\t" }).joined(separator: " ")
        return SVGIcon(
            viewBox: "0 \(SVGSanitizer.number(-ascent)) \(SVGSanitizer.number(glyph.advance)) \(SVGSanitizer.number(unitsPerEm))",
            rootAttributes: [SVGAttribute(name: "fill", value: "currentColor")],
            shapes: [SVGShape(name: "path", attributes: [SVGAttribute(name: "transform", value: "scale(1 -1)"), SVGAttribute(name: "d", value: outline)])])
    }
}

/// SVG path data (`d`) with every coordinate rounded to a whole unit, for icons drawn on a large grid (Font Awesome's
/// is 512 units high: a unit is a twentieth of a pixel at button size). Relative coordinates are rounded where they
/// land, not one by one, so rounding never adds up along a path: each point stays within half a unit of where it was.
enum SVGPathData {
    /// How many numbers each command takes.
    private static let arity: [UInt8: Int] = [
        UInt8(ascii: "m"): 2, UInt8(ascii: "l"): 2, UInt8(ascii: "h"): 1, UInt8(ascii: "v"): 1, UInt8(ascii: "c"): 6,
        UInt8(ascii: "s"): 4, UInt8(ascii: "q"): 4, UInt8(ascii: "t"): 2, UInt8(ascii: "a"): 7, UInt8(ascii: "z"): 0,
    ]

    private enum Token { case command(UInt8), number(Double) }

    /// The path with whole-unit coordinates, or nil when `d` is not path data this reads (then keep it as it is).
    /// With a scale, coordinates and arc radii are multiplied by it first (an arc's rotation and flags are not).
    static func rounded(_ d: String, scale: Double = 1) -> String? {
        guard let tokens = tokens(d) else { return nil }
        // Written as bytes, made a string once: a string appended to number by number was most of an icon set's cost.
        var out: [UInt8] = []
        out.reserveCapacity(d.utf8.count)
        var exact = (x: 0.0, y: 0.0), whole = (x: 0.0, y: 0.0)  // the current point, and where it was written
        var start = (exact: exact, whole: whole)  // the current subpath's first point
        var index = 0, followsNumber = false
        func write(_ value: Double) {
            let number = Int(value)
            if followsNumber, number >= 0 { out.append(UInt8(ascii: " ")) }
            out.append(contentsOf: String(number).utf8)
            followsNumber = true
        }
        while index < tokens.count {
            guard case .command(let letter) = tokens[index] else { return nil }
            index += 1
            out.append(letter)
            followsNumber = false
            let lower = letter | 0x20, relative = letter == lower
            guard let count = arity[lower] else { return nil }
            if count == 0 { (exact, whole) = start; continue }
            var firstSet = true
            func atNumber() -> Bool {
                if index < tokens.count, case .number = tokens[index] { return true }
                return false
            }
            repeat {
                var numbers: [Double] = []
                while numbers.count < count, index < tokens.count, case .number(let value) = tokens[index] {
                    numbers.append(lower == UInt8(ascii: "a") && (2...4).contains(numbers.count) ? value : value * scale)
                    index += 1
                }
                guard numbers.count == count else { return nil }
                // A point: rounded where it lands, written relative to the last written point for relative commands.
                func point(_ x: Double?, _ y: Double?, moves: Bool) {
                    let landX = x.map { $0 + (relative ? exact.x : 0) }, landY = y.map { $0 + (relative ? exact.y : 0) }
                    if let landX { write(landX.rounded() - (relative ? whole.x : 0)) }
                    if let landY { write(landY.rounded() - (relative ? whole.y : 0)) }
                    if moves {
                        if let landX { (exact.x, whole.x) = (landX, landX.rounded()) }
                        if let landY { (exact.y, whole.y) = (landY, landY.rounded()) }
                    }
                }
                switch lower {
                case UInt8(ascii: "h"): point(numbers[0], nil, moves: true)
                case UInt8(ascii: "v"): point(nil, numbers[0], moves: true)
                case UInt8(ascii: "a"):
                    // Radii and rotation are lengths and an angle, rounded as they are; the flags are 0 or 1.
                    for value in numbers[0..<5] { write(value.rounded()) }
                    point(numbers[5], numbers[6], moves: true)
                default:
                    for pair in stride(from: 0, to: count, by: 2) { point(numbers[pair], numbers[pair + 1], moves: pair == count - 2) }
                }
                if lower == UInt8(ascii: "m"), firstSet { start = (exact, whole) }
                firstSet = false
            } while atNumber()
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Commands and numbers; an arc's two flags are single digits that may touch what follows (`a1 1 0 01-1 1`).
    private static func tokens(_ d: String) -> [Token]? {
        let bytes = Array(d.utf8)
        var tokens: [Token] = [], index = 0, command: UInt8 = 0, argument = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x2C || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1; continue }
            if arity[byte | 0x20] != nil {
                tokens.append(.command(byte)); command = byte | 0x20; argument = 0; index += 1; continue
            }
            if command == UInt8(ascii: "a"), argument % 7 == 3 || argument % 7 == 4 {
                guard byte == UInt8(ascii: "0") || byte == UInt8(ascii: "1") else { return nil }
                tokens.append(.number(byte == UInt8(ascii: "1") ? 1 : 0)); argument += 1; index += 1; continue
            }
            var end = index
            if end < bytes.count, bytes[end] == UInt8(ascii: "-") || bytes[end] == UInt8(ascii: "+") { end += 1 }
            var seenDot = false, seenDigit = false
            while end < bytes.count {
                let b = bytes[end]
                if b >= 0x30 && b <= 0x39 { seenDigit = true; end += 1 }
                else if b == UInt8(ascii: "."), !seenDot { seenDot = true; end += 1 }
                else { break }
            }
            if seenDigit, end < bytes.count, bytes[end] | 0x20 == UInt8(ascii: "e") {
                var exponent = end + 1
                if exponent < bytes.count, bytes[exponent] == UInt8(ascii: "-") || bytes[exponent] == UInt8(ascii: "+") { exponent += 1 }
                if exponent < bytes.count, bytes[exponent] >= 0x30 && bytes[exponent] <= 0x39 {
                    end = exponent
                    while end < bytes.count, bytes[end] >= 0x30 && bytes[end] <= 0x39 { end += 1 }
                }
            }
            guard seenDigit, let value = number(bytes[index..<end]), abs(value) < 1e9 else { return nil }
            tokens.append(.number(value)); argument += 1; index = end
        }
        return tokens
    }

    /// The powers of ten a Double holds exactly.
    private static let exactPowersOfTen: [Double] = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15]

    /// The number `tokens` found in `bytes`. Up to 15 digits and no exponent, as path data mostly is, it is read at
    /// once: a whole number below 2^53 over a power of ten up to 10^15, both exact, divided is the correctly rounded
    /// value, strtod's. Otherwise by Double's parser, through a String: the icon sets' 19,000 numbers went that way.
    static func number(_ bytes: ArraySlice<UInt8>) -> Double? {
        var digits: UInt64 = 0, count = 0, fractionDigits = 0, seenDot = false
        var index = bytes.startIndex
        let negative = index < bytes.endIndex && bytes[index] == UInt8(ascii: "-")
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
        while index < bytes.endIndex, count <= 15 {
            let byte = bytes[index]
            if byte == UInt8(ascii: "."), !seenDot {
                seenDot = true
            } else if byte >= 0x30 && byte <= 0x39 {
                digits = digits * 10 + UInt64(byte - 0x30)
                count += 1
                if seenDot { fractionDigits += 1 }
            } else {
                break
            }
            index += 1
        }
        guard index == bytes.endIndex, count > 0, count <= 15 else { return Double(String(decoding: bytes, as: UTF8.self)) }
        let value = Double(digits) / exactPowersOfTen[fractionDigits]
        return negative ? -value : value
    }
}
