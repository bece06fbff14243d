// libFuzzer harness for LinkChain's handle parsers: every service of the standard catalog, shorthands,
// Punycode, IDNA and percent-encoding. Refusing an input is an expected result; a crash is a finding, and
// so is a broken invariant (checked with `require`, which stops the run like a crash).
//
// Built by bench/fuzz.sh together with Sources/LinkChain/*.swift into one module.
//
// Input: the first line is the handle (and the shorthand); each further line `name=value` is an option.

/// Stops the fuzzer with the input that broke `what` (libFuzzer saves it as a crash-* artifact).
func require(_ condition: Bool, _ what: @autoclosure () -> String) {
    if !condition { fatalError("invariant broken: " + what()) }
}

/// Compares the scalars, not Characters: String's == treats canonically equivalent strings as equal.
func sameScalars(_ a: String, _ b: String) -> Bool {
    a.unicodeScalars.elementsEqual(b.unicodeScalars)
}

/// What every URL a chain hands to a browser or an app must be: printable ASCII, with nothing that would need
/// escaping in a URL (spaces, quotes, angle brackets, backslashes), so that no handle can change the link's
/// structure or leak raw text into an attribute.
func isEncodedURL(_ url: String) -> Bool {
    !url.isEmpty && url.utf8.allSatisfy { byte in
        byte > 0x20 && byte < 0x7F && !"\"<>\\^`{|}".utf8.contains(byte)
    }
}

func checkChain(_ chain: Chain, from what: String) {
    let fallbackSchemes = ["https:", "mailto:", "tel:", "sms:"]
    require(fallbackSchemes.contains { chain.fallback.hasPrefix($0) }, "\(what): fallback \(chain.fallback) has an unexpected scheme")
    require(isEncodedURL(chain.fallback), "\(what): fallback \(chain.fallback) is not an encoded URL")
    for candidate in chain.candidates {
        require(isEncodedURL(candidate.url), "\(what): candidate \(candidate.url) is not an encoded URL")
    }
}

let catalog = ServiceCatalog.standard
/// The services with every app they know, so that unverified apps' templates are filled too.
let services = catalog.services.map { ($0, $0.apps) }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let handle = String(lines[0])
    var options: [String: String] = [:]
    for line in lines.dropFirst() {
        let pair = line.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        options[String(pair[0])] = pair.count > 1 ? String(pair[1]) : ""
    }

    if let chain = try? catalog.chain(shorthand: handle) { checkChain(chain, from: "shorthand") }
    if let chain = try? catalog.chain(shorthand: handle, apps: .all) { checkChain(chain, from: "shorthand, all apps") }

    for (service, apps) in services {
        _ = try? service.chain(handle: handle, options: options, apps: apps)
        guard let chain = try? service.chain(handle: handle, options: [:], apps: apps) else { continue }
        checkChain(chain, from: service.id)
        // The handle as shown is a handle too, and names the same thing (an email handle written as a whole
        // mailto: URI loses its fields when shown, so only the address is compared).
        let again = try? service.chain(handle: chain.handle, options: [:], apps: apps)
        require(again != nil, "\(service.id): the shown handle \(chain.handle) of \(handle) is refused")
        if let again, !handle.lowercased().contains("mailto:") {
            require(again.fallback == chain.fallback, "\(service.id): \(chain.handle) links to \(again.fallback), \(handle) to \(chain.fallback)")
        }
    }

    // Punycode: any text encodes (or is too long) and decodes back to exactly itself; any text may be decoded.
    if let encoded = Punycode.encode(text) {
        require(encoded.utf8.allSatisfy { $0 < 0x80 }, "Punycode of \(text) is not ASCII: \(encoded)")
        let decoded = Punycode.decode(encoded)
        require(decoded.map { sameScalars($0, text) } ?? false, "Punycode \(encoded) of \(text) decodes to \(decoded ?? "nil")")
    }
    _ = Punycode.decode(text)

    // IDNA: the ASCII form is ASCII, a fixed point, and names the same labels as the input.
    if let ascii = try? IDNA.toASCII(handle) {
        require(ascii.utf8.allSatisfy { $0 < 0x80 }, "IDNA form of \(handle) is not ASCII: \(ascii)")
        let again = try? IDNA.toASCII(ascii)
        require(again == ascii, "IDNA form \(ascii) of \(handle) gives \(again ?? "an error")")
        require(sameScalars(IDNA.toUnicode(ascii), IDNA.toUnicode(handle)),
                "IDNA: \(ascii) reads as \(IDNA.toUnicode(ascii)), \(handle) as \(IDNA.toUnicode(handle))")
    }
    _ = IDNA.displayForm(handle)

    // Percent-encoding: every encoder's output decodes back to the input.
    for encoding in [PercentEncoding.queryValue, .mailtoLocalPart, .mailtoHeaderValue] {
        let encoded = encoding.encode(text)
        require(PercentEncoding.decode(encoded).map { sameScalars($0, text) } ?? false, "percent-encoding of \(text) does not decode back")
        _ = encoding.encodePreservingEscapes(text)
    }
    _ = PercentEncoding.decode(text)
    return 0
}
