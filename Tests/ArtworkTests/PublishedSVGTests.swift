@testable import Artwork
import Foundation
import SiteBasics
import SiteGenTestSupport
import Testing

/// The published-SVG check is an allow-list read after the parser has resolved namespaces and decoded character
/// references, and after CSS escapes are decoded: each way past the old byte-matching check is refused here, and
/// drawings as editors and sitegen write them pass.
@Suite struct PublishedSVGTests {
    static let open = #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">"#

    /// Why `svg` may not be published; nil when it may.
    static func problem(_ svg: String) -> SVGProblem? { CheckedSVG(Data(svg.utf8)).publishingProblem }

    /// `body` inside the usual root, refused with a message that holds `says`.
    static func expectRefused(_ body: String, says: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let found = problem(open + body + "</svg>")
        #expect(found?.message.contains(says) == true, "\(body): \(found?.message ?? "accepted")", sourceLocation: sourceLocation)
    }

    // The issue's two examples: XHTML elements under a prefix, a character reference hiding `javascript:`.
    @Test func xhtmlFramesAndMetaUnderAPrefixAreRefused() {
        let frame = #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:h="http://www.w3.org/1999/xhtml" viewBox="0 0 10 10">"#
            + #"<h:frame src="&#106;avascript:alert(document.domain)"/></svg>"#
        #expect(Self.problem(frame) == SVGProblem(position: SourcePosition(line: 1, column: 153),
                                                  message: "<h:frame> is in the namespace http://www.w3.org/1999/xhtml: only SVG elements (and Inkscape's metadata) are allowed in a published SVG"))
        let meta = #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:h="http://www.w3.org/1999/xhtml"><h:meta http-equiv="refresh" content="0;url=https://evil.example/"/></svg>"#
        #expect(Self.problem(meta)?.message.hasPrefix("<h:meta> is in the namespace http://www.w3.org/1999/xhtml") == true)
    }

    @Test func elementsOutsideSVGAreRefusedWhateverTheirPrefix() {
        Self.expectRefused(#"<div xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://evil.example/"/></div>"#, says: "<div> is in the namespace http://www.w3.org/1999/xhtml")
        Self.expectRefused(#"<m:math xmlns:m="http://www.w3.org/1998/Math/MathML"/>"#, says: "<m:math> is in the namespace")
        Self.expectRefused(#"<thing xmlns=""/>"#, says: "<thing> is not allowed in a published SVG")
        // SVG's own namespace under any prefix is SVG: its <script> is refused by name, not by prefix.
        Self.expectRefused(#"<q:script xmlns:q="http://www.w3.org/2000/svg">alert(1)</q:script>"#, says: "<q:script> is not allowed in a published SVG: only SVG")
        Self.expectRefused(#"<script>alert(1)</script>"#, says: "<script> is not allowed")
        Self.expectRefused(#"<foreignObject width="9" height="9"/>"#, says: "<foreignObject> is not allowed")
        Self.expectRefused(#"<handler/>"#, says: "<handler> is not allowed")
        Self.expectRefused(##"<cursor xlink:href="#c"/>"##, says: "<cursor> is not allowed")
        // A prefix nobody declared is not XML a browser reads (it stops with an error): refused, not guessed.
        #expect(Self.problem(#"<svg xmlns="http://www.w3.org/2000/svg"><h:frame src="javascript:alert(1)"/></svg>"#)?.message
            == "the file is not valid XML: a prefix is used without its xmlns: declaration")
    }

    /// The root is SVG's <svg>, under any prefix; one in no namespace is no SVG to a browser (it shows the source), and
    /// is held to the same allow-list, since icons are often written so.
    @Test func theRootIsSVGs() {
        #expect(Self.problem(#"<html xmlns="http://www.w3.org/1999/xhtml"><body/></html>"#)?.message
            == "the file's root element is <html> in the namespace http://www.w3.org/1999/xhtml, not the SVG <svg> expected in a published SVG")
        #expect(Self.problem(#"<s:svg xmlns:s="http://www.w3.org/2000/svg" viewBox="0 0 9 9"><s:path d="M0 0h9"/></s:svg>"#) == nil)
        #expect(Self.problem(#"<svg viewBox="0 0 9 9"><path d="M0 0h9"/></svg>"#) == nil)
        #expect(Self.problem(#"<svg viewBox="0 0 9 9"><script>alert(1)</script></svg>"#)?.message.hasPrefix("<script> is not allowed") == true)
        #expect(Self.problem(#"<svg viewBox="0 0 9 9"><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg></svg>"#) != nil)
    }

    @Test func eventHandlersAndUnknownAttributesAreRefused() {
        Self.expectRefused(#"<rect width="9" height="9" onclick="alert(1)"/>"#, says: #"the event handler onclick="…" on <rect>"#)
        Self.expectRefused(#"<rect width="9" height="9" ONCLICK="alert(1)"/>"#, says: "the event handler ONCLICK")
        Self.expectRefused(#"<rect width="9" height="9" formaction="https://evil.example/"/>"#, says: #"the attribute formaction="…" on <rect> is not one SVG draws with"#)
        Self.expectRefused(##"<g xml:base="https://evil.example/"><use href="#a"/></g>"##, says: "xml:base=\"…\" on <g> is in the namespace http://www.w3.org/XML/1998/namespace")
        Self.expectRefused(#"<g h:onclick="alert(1)" xmlns:h="http://www.w3.org/1999/xhtml"/>"#, says: "h:onclick=\"…\" on <g> is in the namespace http://www.w3.org/1999/xhtml")
    }

    @Test func linksLeadOnlyWithinTheFile() {
        Self.expectRefused(#"<a href="javascript:alert(1)"><rect width="9" height="9"/></a>"#, says: #"href="javascript:alert(1)" on <a> leads outside the file"#)
        Self.expectRefused(#"<a href="&#106;avascript:alert(1)"><rect width="9" height="9"/></a>"#, says: #"href="javascript:alert(1)" on <a>"#)
        Self.expectRefused(#"<image href="https://tracker.example/p.png" width="9" height="9"/>"#, says: "leads outside the file")
        Self.expectRefused(#"<image href="data:image/svg+xml,&lt;svg/>" width="9" height="9"/>"#, says: "leads outside the file")
        Self.expectRefused(#"<use href="https://evil.example/s.svg#a"/>"#, says: "on <use> leads outside the file")
        Self.expectRefused(#"<filter id="f"><feImage href="https://evil.example/p.png"/></filter>"#, says: "on <feImage> leads outside the file")
        // xlink's href under a prefix the old check did not look for.
        Self.expectRefused(#"<image q:href="file:///etc/passwd" xmlns:q="http://www.w3.org/1999/xlink"/>"#, says: #"q:href="file:///etc/passwd" on <image> leads outside the file"#)
        Self.expectRefused(#"<linearGradient id="g" xlink:href="https://evil.example/g.svg#g"/>"#, says: "on <linearGradient> leads outside the file")
    }

    @Test func animationsMayNotChangeLinksOrHandlers() {
        Self.expectRefused(##"<a href="#x"><set attributeName="href" to="javascript:alert(1)"/><rect width="9" height="9"/></a>"##, says: "<set> may not change href")
        Self.expectRefused(##"<a xlink:href="#x"><animate attributeName="q:href" values="javascript:alert(1)" xmlns:q="http://www.w3.org/1999/xlink"/></a>"##, says: "<animate> may not change q:href")
        Self.expectRefused(#"<set attributeName="onclick" to="alert(1)"/>"#, says: "<set> may not change onclick")
        Self.expectRefused(#"<set attributeName=" onbegin " to="alert(1)"/>"#, says: "may not change onbegin")
        // A drawing attribute animated to a paint from elsewhere loads it.
        Self.expectRefused(#"<rect width="9" height="9"><animate attributeName="fill" values="red;url(https://evil.example/p.svg#p)" dur="1s"/></rect>"#, says: "url(https://evil.example/p.svg#p) in values=\"…\" on <animate>")
        Self.expectRefused(#"<rect width="9" height="9"><set attributeName="fill" to="URL(https://evil.example/p)"/></rect>"#, says: "url(https://evil.example/p) in to=")
    }

    @Test func cssInAttributesIsReadAfterItsEscapes() {
        Self.expectRefused(#"<rect width="9" height="9" style="fill: u\72l(https://evil.example/p)"/>"#, says: #"url(https://evil.example/p) in style="…" on <rect> loads from outside the file"#)
        Self.expectRefused(#"<rect width="9" height="9" fill="\75 \72 \6c (https://evil.example/p)"/>"#, says: "url(https://evil.example/p) in fill=")
        Self.expectRefused(#"<rect width="9" height="9" style="fill:url( 'https://evil.example/p' )"/>"#, says: "url(https://evil.example/p) in style=")
        Self.expectRefused(#"<rect width="9" height="9" style="fill:url(&quot;https:\2f\2f evil.example/p&quot;)"/>"#, says: "url(https://evil.example/p) in style=")
        Self.expectRefused(#"<rect width="9" height="9" style="background:image-set('https://evil.example/p.png' 1x)"/>"#, says: "the CSS function image-set(…) in style=")
        Self.expectRefused(#"<rect width="9" height="9" style="mask:image('https://evil.example/p.png')"/>"#, says: "the CSS function image(…)")
        Self.expectRefused(#"<rect width="9" height="9" style="fill:src('https://evil.example/p')"/>"#, says: "the CSS function src(…)")
        Self.expectRefused(#"<rect width="9" height="9" cursor="url(https://evil.example/c.png), auto"/>"#, says: "url(https://evil.example/c.png) in cursor=")
        Self.expectRefused(#"<rect width="9" height="9" filter="url(https://evil.example/f.svg#f)"/>"#, says: "in filter=")
        Self.expectRefused(#"<rect width="9" height="9" style="width: expression(alert(1))"/>"#, says: "the CSS function expression(…)")
    }

    @Test func styleSheetsAreReadAsTheBrowserReadsThem() {
        Self.expectRefused("<style>@import 'https://evil.example/s.css';</style>", says: "@import in <style> is not allowed")
        Self.expectRefused("<style>@IMPORT url(s.css);</style>", says: "@IMPORT in <style>")
        Self.expectRefused(#"<style>@\69mport 'https://evil.example/s.css';</style>"#, says: "@import in <style>")
        Self.expectRefused("<style>@font-face { font-family: x; src: local(x) }</style>", says: "@font-face in <style>")
        Self.expectRefused("<style>rect { fill: url(https://evil.example/p) }</style>", says: "url(https://evil.example/p) in <style>")
        // Text the parser joins is one sheet: a comment, a CDATA section or a character reference in the middle of `url(`.
        Self.expectRefused("<style>rect { fill: u<!-- x -->rl(https://evil.example/p) }</style>", says: "url(https://evil.example/p) in <style>")
        Self.expectRefused("<style>rect { fill: u<![CDATA[rl(https://evil.]]>example/p) }</style>", says: "url(https://evil.example/p) in <style>")
        Self.expectRefused("<style>rect { fill: &#x75;rl(https://evil.example/p) }</style>", says: "url(https://evil.example/p) in <style>")
        Self.expectRefused("<style><![CDATA[rect { background: -webkit-image-set('https://evil.example/p.png' 1x) }]]></style>", says: "-webkit-image-set(")
        // A CSS comment hides nothing the browser reads, and a string ends where the browser ends it.
        Self.expectRefused("<style>/* } */ rect { fill: url(https://evil.example/p) }</style>", says: "url(https://evil.example/p)")
        Self.expectRefused("<style>rect { content: 'a\n} rect { fill: url(https://evil.example/p) }</style>", says: "url(https://evil.example/p)")
        // The line of the finding, counted from the <style>.
        let svg = Self.open + "\n<style>\nrect {\n  fill: url(https://evil.example/p)\n}</style></svg>"
        #expect(Self.problem(svg)?.position == SourcePosition(line: 4, column: 0))
    }

    @Test func processingInstructionsDoctypesAndOtherEncodingsAreRefused() {
        let stylesheet = #"<?xml version="1.0"?><?xml-stylesheet href="https://evil.example/s.css"?>"# + Self.open + "</svg>"
        #expect(Self.problem(stylesheet)?.message == "the processing instruction <?xml-stylesheet …?> is not allowed in a published SVG: only the XML declaration <?xml …?> is")
        Self.expectRefused("<?php echo 1 ?>", says: "the processing instruction <?php …?>")
        let entity = #"<!DOCTYPE svg [<!ENTITY js "javascript:">]>"# + Self.open + #"<a href="&js;alert(1)"/></svg>"#
        #expect(Self.problem(entity)?.message == "the SVG has a DOCTYPE, which an SVG drawing does not need: remove it")
        let utf16 = Data([0xFF, 0xFE]) + (Self.open + "<script>alert(1)</script></svg>").data(using: .utf16LittleEndian)!
        #expect(CheckedSVG(utf16).publishingProblem?.message == "the file is not UTF-8 text: save it as UTF-8")
        let latin = #"<?xml version="1.0" encoding="UTF-7"?>"# + Self.open + "+ADw-script+AD4-alert(1)+ADw-/script+AD4-</svg>"
        #expect(Self.problem(latin)?.message == #"the file declares encoding="UTF-7": save it as UTF-8 and declare encoding="UTF-8" (or nothing)"#)
        #expect(Self.problem(#"<?xml version="1.0" encoding="utf-8"?>"# + Self.open + "</svg>") == nil)
        // Valid UTF-8 that libxml2 would read as UCS-4 from its first bytes.
        #expect(CheckedSVG(Data([0x3C, 0, 0, 0]) + Data((Self.open + "</svg>").utf8)).publishingProblem?.message
            == "the file holds a NUL byte, which XML text cannot: save it as UTF-8 text")
    }

    /// Drawings as people and tools make them pass: gradients, masks, clips, patterns, filters, text, styles with
    /// `url(#id)`, animation of drawing attributes, references within the file.
    @Test func drawingsPass() throws {
        let drawing = Self.open + """
            <title>A drawing</title><desc>Everything a drawing uses</desc>
            <style>
              .a { fill: url(#g); stroke: url("#g") } /* a comment */
              @media (prefers-color-scheme: dark) { .a { fill: rgb(10 20 30 / 50%) } }
              @keyframes spin { to { transform: rotate(1turn) } }
              circle:nth-child(2n+1) { opacity: calc(1 - 0.5) }
            </style>
            <defs>
              <linearGradient id="g" gradientTransform="rotate(45)"><stop offset="0" stop-color="#f00"/><stop offset="1" stop-color="hsl(200 50% 50%)"/></linearGradient>
              <radialGradient id="r" xlink:href="#g" cx=".5" cy=".5" r=".5"/>
              <pattern id="p" width="2" height="2" patternUnits="userSpaceOnUse"><rect width="1" height="1"/></pattern>
              <clipPath id="c"><circle cx="5" cy="5" r="4"/></clipPath>
              <mask id="m"><rect width="10" height="10" fill="#fff"/></mask>
              <filter id="f"><feGaussianBlur stdDeviation="1" in="SourceGraphic" result="b"/><feImage href="#p"/><feMerge><feMergeNode in="b"/></feMerge></filter>
              <path id="curve" d="M0 5c2-3 8-3 10 0"/>
            </defs>
            <g class="a" clip-path="url(#c)" mask="url(#m)" filter="url(#f)" transform="translate(1, 1) scale(0.9)" data-name="Layer 1">
              <rect width="10" height="10" fill="url(#p)" style="stroke: var(--line, #000); stroke-width: .5px"/>
              <circle cx="5" cy="5" r="3" fill="url(#r)"><animate attributeName="r" values="3;4;3" dur="2s" begin="0s;click" repeatCount="indefinite"/></circle>
              <text x="5" y="5" font-family="'Open Sans', sans-serif" aria-label="Hi (there)"><tspan>Hi</tspan><textPath href="#curve">round</textPath></text>
              <use href="#curve" xlink:href="#curve"/>
              <a href="#curve"><rect width="1" height="1"/></a>
            </g>
            </svg>
            """
        #expect(Self.problem(drawing) == nil)
        // The example site's avatar, and the avatar `sitegen new` draws.
        let avatar = try Data(contentsOf: Fixtures.packageRoot.appendingPathComponent("content/avatar.svg"))
        #expect(CheckedSVG(avatar).publishingProblem == nil)
        #expect(Self.problem(Initials.svg("Ada Lovelace", fill: "#3b5bdb", text: "#ffffff", named: true)) == nil)
    }

    /// Inkscape's own namespaces (its view settings, the RDF metadata block) mean nothing to browsers: kept.
    @Test func inkscapeOutputPasses() {
        let inkscape = """
            <?xml version="1.0" encoding="UTF-8" standalone="no"?>
            <!-- Created with Inkscape (http://www.inkscape.org/) -->
            <svg width="64" height="64" viewBox="0 0 64 64" version="1.1" id="svg5" inkscape:version="1.2.2 (b0a8486541, 2022-12-01)"
               sodipodi:docname="avatar.svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
               xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" xmlns="http://www.w3.org/2000/svg"
               xmlns:svg="http://www.w3.org/2000/svg" xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"
               xmlns:cc="http://creativecommons.org/ns#" xmlns:dc="http://purl.org/dc/elements/1.1/">
              <sodipodi:namedview id="namedview7" pagecolor="#ffffff" inkscape:zoom="4.0" inkscape:current-layer="layer1"><inkscape:page x="0" y="0" width="64" height="64" id="page9"/></sodipodi:namedview>
              <defs id="defs2"/>
              <metadata><rdf:RDF><cc:Work rdf:about=""><dc:format>image/svg+xml</dc:format><dc:title>Avatar</dc:title></cc:Work></rdf:RDF></metadata>
              <g inkscape:label="Layer 1" inkscape:groupmode="layer" id="layer1">
                <path style="fill:#ff7a59;stroke:none;stroke-width:0.264583" d="M 0,0 H 64 V 64 H 0 Z" id="rect1" sodipodi:nodetypes="ccccc"/>
                <text xml:space="preserve" style="font-size:10.5833px;line-height:1.25;font-family:sans-serif" x="8" y="40" id="text1"><tspan sodipodi:role="line" id="tspan1" x="8" y="40">AL</tspan></text>
              </g>
            </svg>
            """
        #expect(Self.problem(inkscape) == nil)
        // Their elements are inert, not a hiding place: what is inside them is checked like the rest.
        Self.expectRefused(#"<metadata><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><script>alert(1)</script></rdf:RDF></metadata>"#, says: "<script> is not allowed")
    }

    /// The icon rule reads the same parse, namespaces resolved: a foreign element is not drawn, whatever its prefix.
    @Test func theIconRuleDropsWhatIsNotSVG() throws {
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9"><path d="M0 0h9"/><path xmlns="http://www.w3.org/1999/xhtml" d="M1 1h2"/></svg>"#
        #expect(try CheckedSVG(Data(svg.utf8)).icon.get() == SVGIcon(viewBox: "0 0 9 9", rootAttributes: [], shapes: [.path("M0 0h9")]))
    }
}

/// The CSS reader finds what a browser's tokenizer would, whatever escapes and comments surround it.
@Suite struct CSSTextTests {
    @Test func findsLoadsAfterDecodingEscapes() {
        #expect(CSSText.firstFinding(in: #"fill:u\72l(x.png)"#) == CSSText.Finding(offset: 5, what: "url(x.png)"))
        #expect(CSSText.firstFinding(in: #"fill:u\000072 l(x.png)"#)?.what == "url(x.png)")
        #expect(CSSText.firstFinding(in: #"@\69 mport 'x.css';"#)?.what == "@import")
        #expect(CSSText.firstFinding(in: #"a{b:url(\68ttp://x)}"#)?.what == "url(http://x)")
        #expect(CSSText.firstFinding(in: "a{b:url(\"#x\")}") == nil)
        #expect(CSSText.firstFinding(in: "a{b:url( #x )}") == nil)
        #expect(CSSText.firstFinding(in: #"a{b:url(\23 x)}"#) == nil)
        // An escaped parenthesis or at-sign is part of a name, as browsers read it: neither a function nor an at-rule.
        #expect(CSSText.firstFinding(in: #"a{b:url\28 x)}"#) == nil)
        #expect(CSSText.firstFinding(in: #"\40 import 'x';"#) == nil)
    }

    @Test func commentsAndStringsHideNothing() {
        #expect(CSSText.firstFinding(in: "/* url(x) */ a{}") == nil)
        #expect(CSSText.firstFinding(in: "a{content:'url(x)'}") == nil)
        #expect(CSSText.firstFinding(in: "a{content:'x\\'url(y)'}") == nil)
        #expect(CSSText.firstFinding(in: "a{content:'x\nurl(y)'}")?.what == "url(y)")
        #expect(CSSText.firstFinding(in: "a{content:'x\\\nurl(y)'}") == nil)
        #expect(CSSText.firstFinding(in: "/* unterminated url(x)") == nil)
        #expect(CSSText.firstFinding(in: "a{b:c} /* x */ @import 'y';")?.what == "@import")
    }

    /// A bad url (a space, quote or parenthesis inside `url(` unquoted) loads nothing in a browser, and hides what it
    /// holds up to its `)`: it is refused, since what it holds is unsure. Before the one tokenizer, the reader stopped
    /// the address at the space and read on, so `url(#a b)` passed and `url(#a @import 'y')` was refused as an @import.
    @Test func aBadURLIsRefused() {
        #expect(CSSText.firstFinding(in: "a{b:url(#a b)}") == CSSText.Finding(offset: 4, what: "url(#a)"))
        #expect(CSSText.firstFinding(in: "a{b:url(#a @import 'y')}")?.what == "url(#a)")
        #expect(CSSText.firstFinding(in: "a{b:url(x'y)}")?.what == "url(x)")
        #expect(CSSText.firstFinding(in: "a{b:url(#a)} c{d:url( #b )}") == nil)
    }

    /// Whatever a sheet leaves open (a comment, a string, a url), what follows its closers is read.
    @Test func whatFollowsAnyOpenTokenIsRead() {
        for opening in ["/* x", "'x", "\"x", "url(x", "a{b:c", "\\"] {
            #expect(CSSText.firstFinding(in: opening + CSSText.closers + "@import 'y';") != nil, "\(opening)")
        }
    }
}
