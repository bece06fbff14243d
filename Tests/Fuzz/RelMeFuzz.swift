// libFuzzer harness for the rel="me" scanner that `check --online` runs over profile pages from the internet,
// and its character-reference decoder. A crash, a hang or unbounded memory is a finding; so is a broken promise:
// links are `a` or `link` elements, and a link written after the input has been closed (its quote, tag, comment
// and raw-text element) is found, whatever the input was.
//
// Built by bench/fuzz.sh together with Sources/OnlineCheck/RelMeLinks.swift and Sources/HTMLReading/CharacterReferences.swift
// (plain Swift) into one module.

/// `x` first: after `name=` a quote would open a value rather than close one, while `x"'>` ends any tag state.
let closers = "x\"'>--></script></style></textarea></title></xmp></iframe></noembed></noframes>"
let probe = #"<a rel="me" href="https://probe.example/">"#

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let html = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    for link in RelMeLinks.scan(html) {
        precondition(link.element == "a" || link.element == "link", "element \(link.element)")
    }
    // <plaintext> has no end: nothing after it is markup.
    if !html.lowercased().contains("plaintext") {
        let last = RelMeLinks.scan(html + closers + probe).last
        precondition(last == RelMeLinks.Link(element: "a", href: "https://probe.example/"), "probe not found: \(String(describing: last))")
    }
    _ = CharacterReferences.decode(html)
    return 0
}
