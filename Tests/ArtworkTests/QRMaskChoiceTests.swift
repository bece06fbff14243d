@testable import Artwork
import CQREncode
import Testing

/// QRCode chooses the mask itself, on rows of bits (MaskChoice); its symbols must stay libqrencode's own.
@Suite struct QRMaskChoiceTests {
    /// The symbol for each text of a corpus of addresses of 1 to about 300 bytes, ASCII and not (versions 1 to 13),
    /// and of longer texts up to past the largest symbol (version 40), is the one QRcode_encodeString8bit makes.
    @Test func symbolsAreLibqrencodesOwn() {
        var random = SplitMix(seed: 2026)
        var texts = (0..<3000).map { number in
            randomText(bytes: 1 + number % 300, address: number % 5 != 0, using: &random)
        }
        texts += (0..<28).map { number in randomText(bytes: 300 + number * 75, address: true, using: &random) }
        texts += ["", "a", "\u{0}", "abc\u{0}def", "https://example.org/\u{0}", "é", String(repeating: "9", count: 2332)]
        var mismatches: [String] = [], sizes: Set<Int> = []
        for text in texts {
            let ours = QRCode(text), theirs = libqrencodeSymbol(text)
            if ours?.size != theirs?.size || ours?.modules != theirs?.modules { mismatches.append(text) }
            if let ours { sizes.insert(ours.size) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) differ, first: \(mismatches.prefix(3))")
        // Every width of row: one word (up to 64 modules), two (up to 128), three (up to 177).
        #expect(sizes.contains(21) && sizes.contains(177))
        #expect(sizes.contains { $0 > 64 && $0 <= 128 } && sizes.count > 30)
        #expect(QRCode("") == nil && QRCode(String(repeating: "é", count: 1200)) == nil)
    }

    /// Debian's libqrencode exports the unmasked layout, so pages get the fast path; where a library does not,
    /// the library's own search gives the same symbols.
    @Test func theFastPathIsThereAndTheFallbackGivesTheSameSymbols() {
        #expect(QRCode.unmaskedLayout != nil)
        for text in ["https://example.org/", "https://example.org/people/42/", "mailto:ann@example.org", "é"] {
            #expect(QRCode(text, unmaskedLayout: nil) == QRCode(text))
            #expect(QRCode(text, unmaskedLayout: nil)?.modules == libqrencodeSymbol(text)?.modules)
        }
    }

    /// N1 and N3 of single lines agree with libqrencode's rules as written, on runs (mask.c, Mask_calcN1N3), for
    /// lines with finder-like patterns of every unit planted, at the edges and inside, with light around them or not.
    @Test func linePenaltyFollowsTheRunRules() {
        var random = SplitMix(seed: 7)
        for trial in 0..<4000 {
            let width = 21 + 4 * Int(random.next() % 40)
            var line = (0..<width).map { _ in random.next() % 2 == 0 }
            let unit = 1 + Int(random.next() % 4)
            let pattern = [1, 1, 3, 1, 1].enumerated().flatMap { index, runs in
                Array(repeating: index % 2 == 0, count: runs * unit)
            }
            let light = Int(random.next() % UInt64(5 * unit))
            let planted = Array(repeating: false, count: light) + pattern + Array(repeating: false, count: light)
            if planted.count <= width {
                let start = trial % 3 == 0 ? 0 : trial % 3 == 1 ? width - planted.count
                    : Int(random.next() % UInt64(width - planted.count + 1))
                line.replaceSubrange(start..<start + planted.count, with: planted)
            }
            let expected = referencePenalty(line)
            let drawn = line.map { $0 ? "#" : "." }.joined()
            #expect(penalty(WideModuleRow.self, line) == expected, "\(drawn)")
            if width <= 128 { #expect(penalty(UInt128.self, line) == expected, "\(drawn)") }
            if width <= 64 { #expect(penalty(UInt64.self, line) == expected, "\(drawn)") }
        }
    }

    private func penalty<Row: ModuleRow>(_: Row.Type, _ line: [Bool]) -> Int {
        var row = Row.empty, inner = Row.empty
        for (x, dark) in line.enumerated() where dark { row.insert(x) }
        for x in 0..<line.count - 1 { inner.insert(x) }
        return MaskChoice.linePenalty(row, width: line.count, inner: inner)
    }

    /// libqrencode's N1 and N3 of a line, from its runs of one colour.
    private func referencePenalty(_ line: [Bool]) -> Int {
        // Run lengths, light first (an empty light run when the line starts dark), so dark runs are at odd indices.
        var runs: [Int] = line[0] ? [0, 0] : [0]
        var colour = line[0]
        for dark in line {
            if dark != colour { runs.append(0); colour = dark }
            runs[runs.count - 1] += 1
        }
        var score = 0
        for (index, length) in runs.enumerated() {
            if length >= 5 { score += 3 + length - 5 }
            guard index % 2 == 1, index >= 3, index + 2 < runs.count, length % 3 == 0 else { continue }
            let unit = length / 3
            guard [runs[index - 2], runs[index - 1], runs[index + 1], runs[index + 2]].allSatisfy({ $0 == unit }) else {
                continue
            }
            // The light run on a side must be 4 units long, or reach the edge.
            let before = index - 3 == 0 || runs[index - 3] >= 4 * unit
            let after = index + 3 >= runs.count - 1 || runs[index + 3] >= 4 * unit
            if before || after { score += 40 }
        }
        return score
    }

    private func libqrencodeSymbol(_ text: String) -> (size: Int, modules: [Bool])? {
        guard let code = QRcode_encodeString8bit(text, 0, QR_ECLEVEL_M) else { return nil }
        defer { QRcode_free(code) }
        let size = Int(code.pointee.width)
        return (size, (0..<size * size).map { code.pointee.data[$0] & 1 == 1 })
    }

    /// About `bytes` UTF-8 bytes of address-like text, some of it not ASCII.
    private func randomText(bytes: Int, address: Bool, using random: inout SplitMix) -> String {
        let pieces = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/?=&%#+@:").map(String.init)
            + ["é", "ß", "ø", "日本", "ü", "🙂", "Ж", " "]
        var text = address ? "https://" : ""
        while text.utf8.count < bytes { text += pieces[Int(random.next() % UInt64(pieces.count))] }
        return text
    }
}
