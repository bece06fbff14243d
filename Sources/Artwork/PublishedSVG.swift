import Foundation
import SiteBasics

/// SVG files published as they are (an avatar, a logo): kept byte for byte, so only when everything in them is known
/// to draw and nothing else, since a browser opening one directly runs what it holds with the site's origin. An
/// allow-list read after the parser has resolved prefixes to namespaces and decoded character references, and after CSS
/// escapes are decoded: SVG's drawing elements and attributes, Inkscape's metadata, references within the file (`#id`,
/// `url(#id)`); no processing instruction, DOCTYPE, script, event handler, foreign content or link elsewhere.
/// The second wall is the policy the file is served with (`SecurityPolicy.svgDirectives`).
package enum PublishedSVG {
    static let svgNamespace = "http://www.w3.org/2000/svg"
    static let xlinkNamespace = "http://www.w3.org/1999/xlink"
    static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"

    /// Namespaces whose elements and attributes browsers give no meaning (drawing editors' notes and RDF metadata):
    /// inert wherever they are. Their children are checked like any other element.
    static let inertNamespaces: Set<String> = [
        "http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd", "http://www.inkscape.org/namespaces/inkscape",
        "http://www.w3.org/1999/02/22-rdf-syntax-ns#", "http://creativecommons.org/ns#", "http://web.resource.org/cc/",
        "http://purl.org/dc/elements/1.1/", "http://purl.org/dc/terms/",
    ]

    /// SVG elements that draw, group, paint, filter, clip, describe or animate drawing; `<script>`, `<foreignObject>`,
    /// `<iframe>`, `<handler>`, `<cursor>`, `<tref>`, `<color-profile>`, `<font>` and the rest are not among them.
    static let elements: Set<String> = [
        "svg", "g", "defs", "symbol", "use", "switch", "view", "a", "title", "desc", "metadata", "style",
        "path", "rect", "circle", "ellipse", "line", "polyline", "polygon", "image",
        "text", "tspan", "textPath",
        "linearGradient", "radialGradient", "stop", "pattern", "clipPath", "mask", "marker",
        "filter", "feBlend", "feColorMatrix", "feComponentTransfer", "feComposite", "feConvolveMatrix", "feDiffuseLighting",
        "feDisplacementMap", "feDistantLight", "feDropShadow", "feFlood", "feFuncA", "feFuncB", "feFuncG", "feFuncR",
        "feGaussianBlur", "feImage", "feMerge", "feMergeNode", "feMorphology", "feOffset", "fePointLight",
        "feSpecularLighting", "feSpotLight", "feTile", "feTurbulence",
        "animate", "animateMotion", "animateTransform", "set", "mpath",
    ]

    static let animationElements: Set<String> = ["animate", "animateMotion", "animateTransform", "set"]

    /// Attributes without a namespace that SVG gives a drawing meaning (geometry, presentation, filters, animation
    /// timing): none runs or loads anything but through a URL, and every value is read as CSS below.
    static let attributes: Set<String> = [
        "id", "class", "style", "lang", "tabindex", "focusable", "role", "version", "baseProfile", "x", "y", "width", "height",
        "viewBox", "preserveAspectRatio", "zoomAndPan", "transform", "d", "pathLength", "points", "cx", "cy", "r", "rx", "ry",
        "fx", "fy", "fr", "x1", "y1", "x2", "y2", "dx", "dy", "rotate", "textLength", "lengthAdjust", "startOffset", "method",
        "spacing", "side", "path", "href", "systemLanguage",
        "gradientUnits", "gradientTransform", "spreadMethod", "offset", "patternUnits", "patternContentUnits",
        "patternTransform", "clipPathUnits", "maskUnits", "maskContentUnits", "markerUnits", "markerWidth", "markerHeight",
        "refX", "refY", "orient", "filterUnits", "primitiveUnits", "in", "in2", "result", "mode", "operator", "k1", "k2",
        "k3", "k4", "type", "values", "tableValues", "slope", "intercept", "amplitude", "exponent", "stdDeviation",
        "edgeMode", "scale", "xChannelSelector", "yChannelSelector", "baseFrequency", "numOctaves", "seed", "stitchTiles",
        "radius", "order", "kernelMatrix", "divisor", "bias", "targetX", "targetY", "kernelUnitLength", "preserveAlpha",
        "surfaceScale", "diffuseConstant", "specularConstant", "specularExponent", "azimuth", "elevation", "z",
        "pointsAtX", "pointsAtY", "pointsAtZ", "limitingConeAngle", "media",
        "attributeName", "attributeType", "begin", "dur", "end", "min", "max", "restart", "repeatCount", "repeatDur",
        "calcMode", "keyTimes", "keySplines", "keyPoints", "from", "to", "by", "additive", "accumulate",
        // Presentation attributes (CSS properties as attributes).
        "alignment-baseline", "baseline-shift", "clip", "clip-path", "clip-rule", "color", "color-interpolation",
        "color-interpolation-filters", "color-rendering", "cursor", "direction", "display", "dominant-baseline",
        "enable-background", "fill", "fill-opacity", "fill-rule", "filter", "flood-color", "flood-opacity", "font",
        "font-family", "font-size", "font-size-adjust", "font-stretch", "font-style", "font-variant", "font-weight",
        "font-feature-settings", "font-variation-settings", "glyph-orientation-horizontal", "glyph-orientation-vertical",
        "image-rendering", "inline-size", "isolation", "kerning", "letter-spacing", "lighting-color", "marker",
        "marker-end", "marker-mid", "marker-start", "mask", "mask-type", "mix-blend-mode", "opacity", "overflow",
        "paint-order", "pointer-events", "shape-inside", "shape-padding", "shape-rendering", "stop-color",
        "stop-opacity", "stroke", "stroke-dasharray", "stroke-dashoffset", "stroke-linecap", "stroke-linejoin",
        "stroke-miterlimit", "stroke-opacity", "stroke-width", "text-anchor", "text-decoration", "text-rendering",
        "transform-origin", "transform-box", "unicode-bidi", "vector-effect", "visibility", "white-space",
        "word-spacing", "writing-mode",
    ]

    /// Attributes whose values are words for people or timing, never read as CSS.
    static let textAttributes: Set<String> = ["id", "lang", "role", "begin", "end", "systemLanguage"]

    /// How the messages of this check end, saying which check refused the file.
    private static let messageMark = "in a published SVG"
    /// Larger SVG files are refused before parsing: an avatar or logo is far smaller.
    static let maximumBytes = 1024 * 1024

    /// `tree` gives the file parsed (`CheckedSVG` parses once for this rule and the icon's).
    static func check(_ data: Data, tree: () throws(SVGProblem) -> XMLDocumentTree) throws(SVGProblem) {
        guard data.count <= maximumBytes else {
            throw SVGProblem(position: SourcePosition(line: 0, column: 0),
                             message: "the SVG is \(data.count / 1024) KiB; at most \(maximumBytes / 1024) KiB is allowed \(messageMark)")
        }
        let document = try tree()
        if let instruction = document.instructions.first {
            throw SVGProblem(position: instruction.position,
                             message: "the processing instruction <?\(instruction.target) …?> is not allowed \(messageMark): only the XML declaration <?xml …?> is")
        }
        let root = document.root
        guard isSVG(root), root.localName == "svg" else {
            throw SVGProblem(position: root.position, message: "the file's root element is <\(root.name)>\(root.namespace.map { " in the namespace \($0)" } ?? ""), not the SVG <svg> expected \(messageMark)")
        }
        try check(root)
    }

    /// Elements of SVG's namespace, and those of none (a browser gives them no meaning at all, but icons are often
    /// written without `xmlns`): both are held to SVG's allow-list.
    private static func isSVG(_ element: XMLElementNode) -> Bool { element.namespace == svgNamespace || element.namespace == nil }

    private static func check(_ element: XMLElementNode) throws(SVGProblem) {
        func refuse(_ message: String) -> SVGProblem { SVGProblem(position: element.position, message: message) }
        let local = element.localName
        if isSVG(element) {
            guard elements.contains(local) else {
                throw refuse("<\(element.name)> is not allowed \(messageMark): only SVG's drawing, text, paint, filter and animation elements are")
            }
        } else if !(element.namespace.map(inertNamespaces.contains) ?? false) {
            throw refuse("<\(element.name)> is in the namespace \(element.namespace ?? ""): only SVG elements (and Inkscape's metadata) are allowed \(messageMark)")
        }
        for attribute in element.attributes {
            try check(attribute, of: element, svg: isSVG(element))
        }
        if isSVG(element), local == "style", let finding = CSSText.firstFinding(in: element.text) {
            // The finding's line: the sheet starts where the start tag ends.
            let before = element.text.unicodeScalars.prefix(finding.offset)
            let lines = before.filter { $0 == "\n" }.count
            let position = lines == 0 ? SourcePosition(line: element.position.line, column: element.position.column + 1 + before.count)
                : SourcePosition(line: element.position.line + lines, column: 0)
            throw SVGProblem(position: position, message: refusal(of: finding, in: "<style>"))
        }
        for child in element.children { try check(child) }
    }

    private static func check(_ attribute: XMLAttribute, of element: XMLElementNode, svg: Bool) throws(SVGProblem) {
        func refuse(_ message: String) -> SVGProblem { SVGProblem(position: element.position, message: message) }
        let name = attribute.name, local = attribute.localName
        switch attribute.namespace {
        case nil where !svg:
            return  // an inert element's own attributes
        case nil:
            if local.prefix(2).lowercased() == "on" {
                throw refuse("the event handler \(name)=\"…\" on <\(element.name)> is not allowed \(messageMark)")
            }
            guard attributes.contains(local) || local.hasPrefix("data-") || local.hasPrefix("aria-") else {
                throw refuse("the attribute \(name)=\"…\" on <\(element.name)> is not one SVG draws with: it is not allowed \(messageMark)")
            }
        case xlinkNamespace? where local == "href" || local == "title":
            break
        case xmlNamespace? where local == "space" || local == "lang":
            return
        case let namespace? where inertNamespaces.contains(namespace):
            return
        case let namespace?:
            throw refuse("the attribute \(name)=\"…\" on <\(element.name)> is in the namespace \(namespace): only SVG's attributes, xlink:href, xml:space, xml:lang and Inkscape's are allowed \(messageMark)")
        }
        if local == "href" {
            let address = attribute.value.trimmingCharacters(in: .whitespacesAndNewlines.union(.controlCharacters))
            guard address.hasPrefix("#") else {
                throw refuse("\(name)=\"\(attribute.value)\" on <\(element.name)> leads outside the file: only references within it (#id) are allowed \(messageMark)")
            }
            return
        }
        if animationElements.contains(element.localName), local == "attributeName" {
            let target = attribute.value.trimmingCharacters(in: .whitespacesAndNewlines)
            guard attributes.contains(target), target != "href", !target.hasPrefix("on") else {
                throw refuse("<\(element.name)> may not change \(target): animations may change only SVG's drawing attributes \(messageMark)")
            }
        }
        if local.hasPrefix("aria-") || local.hasPrefix("data-") || textAttributes.contains(local) || attribute.namespace == xlinkNamespace { return }
        if let finding = CSSText.firstFinding(in: attribute.value) {
            throw refuse(refusal(of: finding, in: "\(name)=\"…\" on <\(element.name)>"))
        }
    }

    /// The message for what CSS text holds.
    private static func refusal(of finding: CSSText.Finding, in place: String) -> String {
        if finding.what.lowercased().hasPrefix("url(") {
            return "\(finding.what) in \(place) loads from outside the file: url(…) may refer only to the file itself, as url(#id), \(messageMark)"
        }
        if finding.what.hasPrefix("@") {
            return "\(finding.what) in \(place) is not allowed \(messageMark): only @media, @supports, @keyframes, @layer and @container are"
        }
        return "the CSS function \(finding.what)…) in \(place) is not allowed \(messageMark): only colour, maths, transform, gradient, filter and selector functions are"
    }
}
