/// Makes a JSON template (a partial such as `runtime-text.json`, which a `<script type="application/json">`
/// includes) smaller without changing what it means, once when templates compile: whitespace outside strings goes,
/// since JSON never needs it. Strings and Mustache tags are copied as they are.
package enum JSONMinifier {
    package static func minify(_ text: String) -> String {
        let bytes = Array(text.utf8)
        // A text whose tags do not compile is left as written: compiling it reports where.
        guard let tags = TemplateTags(bytes) else { return text }
        var kept: [UInt8] = [], index = 0
        while index < bytes.count {
            var end = index + 1
            if let tagEnd = tags.end(at: index) {
                end = tagEnd
                // `{` and a `{{` tag apart, or they would read as `{{{`.
                if kept.last == bytes[index] { kept.append(0x20) }
            } else if bytes[index] == 0x22 {  // a string, with its escapes
                while end < bytes.count, bytes[end] != 0x22 { end = tags.end(at: end) ?? end + (bytes[end] == 0x5C ? 2 : 1) }
                end = min(end + 1, bytes.count)
            } else if [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) {
                index = end
                continue
            }
            kept += bytes[index..<end]
            index = end
        }
        if text.hasSuffix("\n") { kept.append(0x0A) }  // the page's next line starts on a line of its own
        return String(decoding: kept, as: UTF8.self)
    }
}
