// libFuzzer harness for the SVG checks a site's files go through: libxml2's namespace-aware parse (XMLTree), the
// published-SVG allow-list (PublishedSVG) with its CSS reader (CSSText), and the icon sanitizer, all from one parse
// (CheckedSVG). A crash, a hang or unbounded memory is a finding; so is a broken promise:
// - a document the published check accepts, and which ends with its root's end tag, is refused once a script, an
//   @import or a url() from elsewhere is put before that end tag (nothing it holds can hide what follows);
// - any text, followed by what closes every CSS token and an @import, is refused by the CSS reader.
//
// Built by bench/fuzz.sh with Sources/Artwork's SVG files into one module, over SiteBasics (and what it imports) and
// CSSSyntax, whose tokenizer the CSS reader reads with.

import Foundation

let svgNamespace = "http://www.w3.org/2000/svg"
let probes = [
    "<script xmlns=\"\(svgNamespace)\">alert(1)</script>",
    "<style xmlns=\"\(svgNamespace)\">@import 'https://probe.example/s.css';</style>",
    "<rect xmlns=\"\(svgNamespace)\" style=\"fill:url(https://probe.example/p)\"/>",
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    let checked = CheckedSVG(bytes)
    if checked.publishingProblem == nil, let text = String(data: bytes, encoding: .utf8) {
        // The last "</" is the root's end tag when the text ends with one (a comment ends "-->", an instruction "?>").
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasSuffix(">"), let close = trimmed.range(of: "</", options: .backwards),
           trimmed[close.upperBound...].dropLast().allSatisfy({ $0.isLetter || $0.isNumber || $0 == ":" || $0 == "-" || $0 == "_" || $0 == "." }) {
            for probe in probes {
                let probed = trimmed[..<close.lowerBound] + probe + trimmed[close.lowerBound...]
                precondition(CheckedSVG(Data(probed.utf8)).publishingProblem != nil, "accepted with \(probe): \(probed)")
            }
        }
    }
    let css = String(decoding: bytes, as: UTF8.self)
    precondition(CSSText.firstFinding(in: css + CSSText.closers + "@import 'y';") != nil, "@import not found after \(css)")
    return 0
}
