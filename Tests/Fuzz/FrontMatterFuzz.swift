// libFuzzer harness for reading a content file the way a build does: the bytes are decoded as UTF-8
// (`SourceText.decode`), split into front matter and Markdown, the YAML read by libyaml into fields, the
// Markdown parsed by libcmark, the links resolved through LinkChain (which rewrites the Markdown's
// shorthand links) and the body rendered to HTML. Diagnostics are expected results; a crash, a hang or
// unbounded memory is a finding.
//
// Built by bench/fuzz.sh together with Sources/SiteGen/*.swift into one module, against SiteSource (front matter,
// SourceText), Markup (the Markdown body), LinkChain and the others built as modules of their own, as SwiftPM builds them.

import Foundation
import LinkChain
import Markup
import SiteBasics
import SiteSource

/// Files the page may name as its avatar, stylesheet or icons, so those paths resolve as in a real site.
let resolver = LinkResolver(catalog: .standard, assets: ["avatar.svg", "style.css", "icons/logo.svg", "about/photo.png"],
                            baseURL: "https://example.org/", now: Date(timeIntervalSince1970: 1_780_000_000))

func read(_ text: String, path: String) {
    let page = ContentPage(path: path, displayPath: "content/" + path, text: text)
    let (parsed, parseDiagnostics) = PageParser.parse(page)
    let (resolved, resolveDiagnostics) = resolver.resolve(parsed)
    for diagnostic in parseDiagnostics + resolveDiagnostics { _ = diagnostic.description }
    _ = resolved.emailAddresses
    _ = parsed.markdown.renderHTML()
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    let text: String
    switch SourceText.decode(bytes) {
    case .success(let decoded): text = decoded
    case .failure(let error):
        _ = Diagnostic(path: "content/index.md", line: error.position.line, column: error.position.column, message: error.message).description
        return 0
    }
    read(text, path: "about/index.md")

    // Most inputs do not start with a fence line; read those as front matter too, so the fuzzer spends its
    // time in the YAML reader rather than rediscovering `---`.
    var sink = DiagnosticSink(path: "content/index.md", text: text)
    if FrontMatterReader.split(text, sink: &sink).yaml == nil {
        let split = FrontMatterReader.Split(yaml: text, yamlFirstLine: 1, body: "", bodyFirstLine: 1)
        _ = FrontMatterReader.read(split, sink: &sink)
        for diagnostic in sink.diagnostics { _ = diagnostic.description }
    }
    return 0
}
