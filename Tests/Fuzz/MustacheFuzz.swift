// libFuzzer harness for the Mustache engine: compiles arbitrary template text and renders it against a fixed
// context. Syntax and render errors are expected results; a crash, a hang or unbounded memory is a finding.
//
// Built by bench/fuzz.sh together with Sources/Mustache/*.swift into one module, so it sees what the library
// sees. The input is the template "main"; a NUL byte starts a second template, "extra", so the fuzzer can
// also write a partial or parent that "main" includes (and that includes "main"); a second NUL starts a value,
// which a fixed template writes as text, inside its own <script> and inside its own <style>: each must come out
// escaped for its context (`checkValueContexts`).

/// Partials the fuzzed template can include by name: a plain one, one that iterates, and a parent with blocks.
let fixedPartials: [String: String] = [
    "item": "<li>{{name}} ({{&url}})</li>\n",
    "row": "  {{#.}}[{{.}}]{{/.}}\n  {{> item}}\n",
    "layout": "<main>\n  {{$title}}Untitled{{/title}}\n  {{$body}}\n  {{/body}}\n</main>\n",
]

/// A context with every kind of value: text needing escapes, numbers, booleans, null, lists of dictionaries
/// and of plain values, an empty list, and nested dictionaries.
let fixedContext: MustacheValue = [
    "title": "Tom & Jerry's <b>\"page\"</b>",
    "name": "Ann",
    "url": "https://example.org/?a=1&b=2",
    "empty": "",
    "count": 3,
    "zero": 0,
    "ratio": 0.5,
    "huge": 1e300,
    "yes": true,
    "no": false,
    "nothing": .null,
    "none": [],
    "tags": ["a", "<b>", 1, 2.5, true, .null],
    "people": [
        ["name": "Ann", "url": "https://a.example", "tags": ["x"]],
        ["name": "Bo<b>", "url": "javascript:alert(1)", "friend": ["name": "Cy"]],
        ["name": .null, "yes": false],
    ],
    "site": ["name": "Site", "owner": ["name": "Ann", "contact": ["email": "ann@example.org"]], "links": [["url": "/a"], ["url": "/b"]]],
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let parts = bytes.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false)
    var sources = fixedPartials
    sources["main"] = String(decoding: parts[0], as: UTF8.self)
    if parts.count > 1 { sources["extra"] = String(decoding: parts[1], as: UTF8.self) }
    if parts.count > 2 { checkValueContexts(String(decoding: parts[2], as: UTF8.self)) }

    // Missing partials both ways: the build's (.fail) and the spec's (.renderEmpty, which renders further).
    for missing in [MustacheTemplates.MissingPartial.fail, .renderEmpty] {
        let templates: MustacheTemplates
        do { templates = try MustacheTemplates(sources: sources, missingPartials: missing) } catch {
            _ = error.description  // the messages quote the input: build them too
            return 0
        }
        for name in ["main", "extra"] where templates.contains(name) {
            do { _ = try templates.render(name, fixedContext) } catch { _ = error.description }
        }
    }
    // As HTML, where a value's escaping follows the template's own <script> and <style> (JavaScript, CSS) and a
    // raw value in a running script is refused: the marks, the contexts and the escapers under arbitrary text.
    if let templates = try? MustacheTemplates(sources: sources.merging(["js": "<script>var t=`{{title}}`;/{{url}}/</script><style>/*{{title}}*/</style>"]) { $1 }, html: true) {
        for name in ["main", "extra", "js"] where templates.contains(name) {
            do {
                let page = try templates.renderHTML(name, fixedContext)
                for range in page.scriptBodies + page.styleBodies { precondition(range.upperBound <= page.bytes.count) }
            } catch { _ = error.description }
        }
    }
    return 0
}

/// A template that writes one value in each context, between markers that no escaped value can hold.
let contextTemplate = #"<p>{{v}}</p><script>var a="[{{v}}]";</script><style>/*[{{v}}]*/</style>"#

/// Renders `value` in text, script and style, and checks each: only plain characters and the context's own escapes
/// (so nothing in it can end a string, a comment, a template literal, a regular expression or the element), and
/// read back through those escapes it is the value itself.
func checkValueContexts(_ value: String) {
    // Compiled for each input, as the rest of the harness does (a global would be reported as a leak at exit).
    guard let templates = try? MustacheTemplates(sources: ["ctx": contextTemplate], html: true),
          let page = try? templates.renderHTML("ctx", ["v": .string(value)]) else { preconditionFailure("a plain value must render") }
    let text = String(decoding: page.bytes, as: UTF8.self)
    // Searched as scalars, as a browser reads: as Characters, a value that starts with a combining mark joins the
    // marker's `>` into one and hides it.
    func between(_ open: String, _ close: String) -> Substring {
        let scalars = text.unicodeScalars
        guard let start = scalars.firstRange(of: open.unicodeScalars),
              let end = scalars[start.upperBound...].firstRange(of: close.unicodeScalars) else {
            preconditionFailure("marker \(open) lost in \(text)")
        }
        return text[start.upperBound..<end.lowerBound]
    }
    let html = between("<p>", "</p>")
    precondition(!html.unicodeScalars.contains { "<>\"".unicodeScalars.contains($0) }, "text not escaped: \(html)")

    // Script: plain characters, and \uXXXX (four lowercase hex digits) for every UTF-16 unit else.
    let script = Array(between(#"var a="["#, #"]";</script>"#).utf8)
    var units: [UInt16] = []
    var index = 0
    while index < script.count {
        let byte = script[index]
        if isPlain(byte) { units.append(UInt16(byte)); index += 1; continue }
        precondition(byte == 0x5C && index + 5 < script.count && script[index + 1] == UInt8(ascii: "u"), "script: a bare byte \(byte)")
        let hex = String(decoding: script[index + 2..<index + 6], as: UTF8.self)
        precondition(hex.allSatisfy { $0.isHexDigit && !$0.isUppercase }, "script: bad escape \\u\(hex)")
        units.append(UInt16(hex, radix: 16)!)
        index += 6
    }
    precondition(String(decoding: units, as: UTF16.self) == String(decoding: value.utf16, as: UTF16.self), "script: the value did not read back")

    // Style: plain characters, # and %, and \HEX followed by one space for every scalar else.
    // From the element's own tag: a value holding `/*[` writes it, unescaped and harmless, in the text before it.
    let style = Array(between("<style>/*[", "]*/</style>").utf8)
    var scalars = String.UnicodeScalarView()
    index = 0
    while index < style.count {
        let byte = style[index]
        if isPlain(byte) || byte == UInt8(ascii: "#") || byte == UInt8(ascii: "%") {
            scalars.append(Unicode.Scalar(byte)); index += 1; continue
        }
        precondition(byte == 0x5C, "style: a bare byte \(byte)")
        var end = index + 1
        while end < style.count, style[end] != 0x20 { end += 1 }
        precondition(end < style.count && end > index + 1, "style: an escape without its space")
        let hex = String(decoding: style[index + 1..<end], as: UTF8.self)
        guard let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) else { preconditionFailure("style: bad escape \\\(hex)") }
        scalars.append(scalar)
        index = end + 1
    }
    precondition(String(scalars) == value, "style: the value did not read back")
}

/// Letters, digits, space and `_ . , -`: what the script and style escapers leave as they are.
func isPlain(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x20 || byte == 0x5F || byte == 0x2E || byte == 0x2C || byte == 0x2D
}
