import Foundation
import LinkChain
import Mustache

/// How a page keeps email addresses from harvesters. Either way a visitor without JavaScript can still use or
/// read the address.
public enum EmailProtection: String, Sendable, CaseIterable {
    /// Every character of the address as an HTML character reference: browsers read it, plain-text scrapers do not.
    case entities
    /// The address appears only sealed (reversed and base64-encoded) and is assembled at tap time; without
    /// JavaScript a written-out form ("ann (at) example.org") is shown beside the link.
    case sealed
}

/// A page's email addresses written as character references wherever they stand as text, so no harvester reads
/// them: in each value of the HTML sitegen makes (`protected`) and in plain-text values as the template writes them
/// (`escaper`), never by reading the page afterwards. Made once per page; both read a value once, however many
/// addresses the page has.
struct EmailShield {
    private let references: [[UInt8]]
    private let finder: LongestMatchFinder

    /// Nil when there is nothing to hide.
    init?(_ addresses: [String]) {
        // In any order: what is found does not depend on it.
        let needles = Array(Set(addresses.filter { !$0.isEmpty }))
        guard !needles.isEmpty else { return nil }
        references = needles.map(ChainMarkup.characterReferenceBytes)
        finder = LongestMatchFinder(needles.map { Array($0.utf8) })
    }

    var escaper: MustacheTemplates.Escaper {
        let references = self.references, finder = self.finder
        return { text, output in
            var text = text
            text.withUTF8 { bytes in
                var position = 0
                for match in finder.matches(in: bytes) {
                    MustacheTemplates.appendEscapedHTML(UnsafeBufferPointer(rebasing: bytes[position..<match.start]), to: &output)
                    output.append(contentsOf: references[match.string])
                    position = match.start + finder.lengths[match.string]
                }
                MustacheTemplates.appendEscapedHTML(UnsafeBufferPointer(rebasing: bytes[position...]), to: &output)
            }
        }
    }

    /// `html`, a value already escaped for where it stands, with each address in it as character references; nil
    /// when it holds none. For the HTML sitegen makes, as it makes each value: a button's attributes
    /// (`JSONBytes`), the Markdown body's nodes (`MarkdownDocument.protectAddresses`).
    func protected(_ html: [UInt8]) -> [UInt8]? {
        html.withUnsafeBufferPointer { bytes in
            var result: [UInt8] = []
            var position = 0
            for match in finder.matches(in: bytes) {
                if result.isEmpty { result.reserveCapacity(bytes.count * 2) }
                result.append(contentsOf: bytes[position..<match.start])
                result.append(contentsOf: references[match.string])
                position = match.start + finder.lengths[match.string]
            }
            guard position > 0 else { return nil }
            result.append(contentsOf: bytes[position...])
            return result
        }
    }

    /// Protects what `bytes` holds from `start` on: the value just written there.
    func protect(_ bytes: inout [UInt8], from start: Int) {
        guard start < bytes.count, let value = protected(Array(bytes[start...])) else { return }
        bytes.replaceSubrange(start..., with: value)
    }
}
