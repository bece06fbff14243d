/// Makes a JSON template (a partial such as `runtime-text.json`, which a `<script type="application/json">`
/// includes) smaller without changing what it means, once when templates compile: whitespace outside strings goes,
/// since JSON never needs it. Strings and Mustache tags are copied as they are.
enum JSONMinifier {
    static func minify(_ text: String) -> String {
        let bytes = Array(text.utf8)
        // A template that changes its delimiters is left as written: its tags are not found by `{{`.
        guard !text.contains("{{=") else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            var end = index + 1
            if [0x20, 0x09, 0x0A, 0x0D].contains(byte) {
                index = end
                continue
            } else if byte == 0x22 {  // a string, with its escapes
                while end < bytes.count, bytes[end] != 0x22 {
                    end += bytes[end] == 0x5C ? 2 : 1
                }
                end = min(end + 1, bytes.count)
            } else if byte == 0x7B, end < bytes.count, bytes[end] == 0x7B {  // a Mustache tag
                let close: [UInt8] = index + 2 < bytes.count && bytes[index + 2] == 0x7B ? [0x7D, 0x7D, 0x7D] : [0x7D, 0x7D]
                end = (index + 2..<bytes.count).first { bytes[$0...].starts(with: close) }.map { $0 + close.count } ?? bytes.count
            }
            out.append(contentsOf: bytes[index..<end])
            index = end
        }
        if text.hasSuffix("\n") { out.append(0x0A) }  // the page's next line starts on a line of its own
        return String(decoding: out, as: UTF8.self)
    }
}
