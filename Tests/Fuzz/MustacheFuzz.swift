// libFuzzer harness for the Mustache engine: compiles arbitrary template text and renders it against a fixed
// context. Syntax and render errors are expected results; a crash, a hang or unbounded memory is a finding.
//
// Built by bench/fuzz.sh together with Sources/Mustache/*.swift into one module, so it sees what the library
// sees. The input is the template "main"; a NUL byte starts a second template, "extra", so the fuzzer can
// also write a partial or parent that "main" includes (and that includes "main").

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
    let parts = bytes.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
    var sources = fixedPartials
    sources["main"] = String(decoding: parts[0], as: UTF8.self)
    if parts.count > 1 { sources["extra"] = String(decoding: parts[1], as: UTF8.self) }

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
