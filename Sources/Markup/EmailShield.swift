import Foundation
import LinkChain
import Mustache

/// A page's email addresses written as character references wherever they stand as text, so no harvester reads
/// them: in each value of the HTML sitegen makes (`protected`) and in plain-text values as the template writes them
/// (`escaper`), never by reading the page afterwards. Made once per page; both read a value once, however many
/// addresses the page has.
package struct EmailShield {
    private let references: [[UInt8]]
    private let finder: LongestMatchFinder

    /// Nil when there is nothing to hide.
    package init?(_ addresses: [String]) {
        // In any order: what is found does not depend on it.
        let needles = Array(Set(addresses.filter { !$0.isEmpty }))
        guard !needles.isEmpty else { return nil }
        references = needles.map(ChainMarkup.characterReferenceBytes)
        finder = LongestMatchFinder(needles.map { Array($0.utf8) })
    }

    package var escaper: MustacheTemplates.Escaper {
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
    /// (`ShieldedMarkup`), the Markdown body's nodes (`MarkdownDocument.protectAddresses`).
    func protected(_ html: [UInt8]) -> [UInt8]? {
        html.withUnsafeBufferPointer(protected)
    }

    func protected(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        let matches = finder.matches(in: bytes)
        guard !matches.isEmpty else { return nil }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count * 2)
        write(bytes, replacing: matches, to: &result)
        return result
    }

    /// Protects what `bytes` holds from `start` on: the value just written there. Read where it stands, and
    /// rewritten there when it holds an address: most values hold none, and a copy of each would cost more than
    /// reading it.
    func protect(_ bytes: inout [UInt8], from start: Int) {
        guard start < bytes.count else { return }
        let count = bytes.count
        let matches = bytes.withUnsafeBufferPointer { finder.matches(in: UnsafeBufferPointer(rebasing: $0[start..<count])) }
        guard !matches.isEmpty else { return }
        // Made longer where it stands, then filled from its end: each byte moves once, and nothing is copied out.
        var growth = 0
        for match in matches { growth += references[match.string].count - finder.lengths[match.string] }
        bytes.append(contentsOf: repeatElement(0, count: growth))
        bytes.withUnsafeMutableBufferPointer { buffer in
            var source = count, target = buffer.count
            for match in matches.reversed() {
                let end = match.start + start + finder.lengths[match.string]
                let tail = source - end
                target -= tail
                if tail > 0 { memmove(buffer.baseAddress! + target, buffer.baseAddress! + end, tail) }
                let reference = references[match.string]
                target -= reference.count
                reference.withUnsafeBufferPointer { _ = memcpy(buffer.baseAddress! + target, $0.baseAddress!, $0.count) }
                source = match.start + start
            }
        }
    }

    /// `bytes` with each match written as its address's references.
    private func write(_ bytes: UnsafeBufferPointer<UInt8>, replacing matches: [(start: Int, string: Int)], to output: inout [UInt8]) {
        var position = 0
        for match in matches {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[position..<match.start]))
            output.append(contentsOf: references[match.string])
            position = match.start + finder.lengths[match.string]
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[position...]))
    }
}
