import CVips
import CZlib
import Testing

/// The share card's deflate writer (Sources/CVips/deflate.c) is written by hand, and every site's cards go through it: what
/// it writes must be what zlib's own inflate reads back, byte for byte, whatever the bytes (the card's rows, filtered,
/// are mostly runs; a photo in the band is not).
@Suite struct DeflateWriterTests {
    /// One piece as the writer makes it.
    static func piece(_ data: [UInt8], last: Bool) -> [UInt8] { checkedPiece(data, last: last).bytes }

    /// One piece and the Adler-32 of its data, as the writer counts it.
    static func checkedPiece(_ data: [UInt8], last: Bool) -> (bytes: [UInt8], adler: UInt32) {
        var out: UnsafeMutablePointer<UInt8>?
        var length = 0
        var adler: UInt32 = 0
        let status = data.withUnsafeBufferPointer { sitegen_deflate_piece($0.baseAddress, $0.count, last ? 1 : 0, &out, &length, &adler) }
        precondition(status == 0 && out != nil, "the writer ran out of memory")
        defer { sitegen_deflate_free(out) }
        return (Array(UnsafeBufferPointer(start: out, count: length)), adler)
    }

    /// `parts` compressed apart and joined as the card joins them: a zlib stream (header, pieces, the Adler-32 of it all
    /// combined from the writer's own per piece, which zlib's inflate checks).
    static func stream(_ parts: [[UInt8]]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x5E]
        var adler = adler32(0, nil, 0)
        for (index, part) in parts.enumerated() {
            let piece = checkedPiece(part, last: index == parts.count - 1)
            out += piece.bytes
            adler = adler32_combine(adler, uLong(piece.adler), off_t(part.count))
        }
        return out + [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: adler >> $0) }
    }

    /// What zlib's `uncompress` reads from `stream` (which checks the header, every block and the Adler-32), with room for
    /// one byte more than expected so that a stream that says more than it should fails; nil when zlib refuses it.
    static func inflated(_ stream: [UInt8], expected: Int) -> [UInt8]? {
        var out = [UInt8](repeating: 0, count: expected + 1)
        var length = uLongf(out.count)
        let status = out.withUnsafeMutableBufferPointer { target in
            stream.withUnsafeBufferPointer { uncompress(target.baseAddress, &length, $0.baseAddress, uLong($0.count)) }
        }
        guard status == Z_OK else { return nil }
        return Array(out[0..<Int(length)])
    }

    /// What is wrong with inflating `stream` back into `bytes`, said briefly (a failure printing 200 KB helps no one); nil
    /// when zlib reads exactly those bytes from it.
    static func mismatch(_ stream: [UInt8], _ bytes: [UInt8]) -> String? {
        guard let back = inflated(stream, expected: bytes.count) else { return "zlib refused the stream" }
        guard back != bytes else { return nil }
        let first = zip(back, bytes).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(back.count, bytes.count)
        return "inflated to \(back.count) bytes instead of \(bytes.count), different from byte \(first)"
    }

    /// Inputs that reach each part of the writer: no byte, one byte, runs just under, at and over a copy's 258 bytes and
    /// the 8-byte skip, noise, every byte value, runs of every length, and frequencies skewed enough that the Huffman
    /// code must be cut to 15 bits.
    static let inputs: [(name: String, bytes: [UInt8])] = {
        var random = SplitMix(seed: 42)
        var inputs: [(String, [UInt8])] = [("empty", []), ("one zero", [0]), ("one 0xFF", [0xFF])]
        for length in [2, 3, 4, 5, 8, 9, 10, 11, 17, 257, 258, 259, 260, 261, 262, 263, 515, 516, 517, 518, 100_000] {
            inputs.append(("\(length) zeros", [UInt8](repeating: 0, count: length)))
            inputs.append(("\(length) × 0x41", [UInt8](repeating: 0x41, count: length)))
        }
        inputs.append(("noise", random.bytes(70_000)))
        inputs.append(("every byte", (0...255).map { UInt8($0) }))
        inputs.append(("every byte, twice each", (0...255).flatMap { [UInt8($0), UInt8($0)] }))
        var runs: [UInt8] = []
        while runs.count < 200_000 {
            runs += [UInt8](repeating: UInt8(random.below(4) == 0 ? random.below(256) : random.below(3)), count: 1 + random.below(600))
        }
        inputs.append(("mixed runs", runs))
        // Byte i about Fibonacci(i) times: a plain Huffman code would need 24 bits for the rarest.
        var skewed: [UInt8] = []
        var (a, b) = (1, 1)
        for value in 0..<25 {
            skewed += [UInt8](repeating: UInt8(value), count: a)
            (a, b) = (b, a + b)
        }
        for index in skewed.indices.reversed() { skewed.swapAt(index, random.below(index + 1)) }
        inputs.append(("Fibonacci frequencies", skewed))
        // A card's filtered rows: a filter byte, then flat colour (zeros) with a little noise where text would be.
        var rows: [UInt8] = []
        for row in 0..<64 {
            rows.append(row == 0 ? 1 : 2)
            for x in 0..<3600 { rows.append(x > 900 && x < 1300 && random.below(3) == 0 ? UInt8(random.below(256)) : 0) }
        }
        inputs.append(("card-like rows", rows))
        return inputs
    }()

    @Test(arguments: inputs.indices)
    func oneLastPieceInflatesToItsBytes(index: Int) {
        let (name, bytes) = Self.inputs[index]
        #expect(Self.mismatch(Self.stream([bytes]), bytes) == nil, "\(name)")
    }

    @Test(arguments: inputs.indices)
    func piecesCompressedApartJoinIntoOneStream(index: Int) {
        let (name, bytes) = Self.inputs[index]
        var random = SplitMix(seed: UInt64(index))
        let cuts = [0, bytes.count / 3, bytes.count / 2 + random.below(max(1, bytes.count / 4)), bytes.count].map { min($0, bytes.count) }.sorted()
        let parts = zip(cuts, cuts.dropFirst()).map { Array(bytes[$0..<$1]) }
        #expect(Self.mismatch(Self.stream(parts), bytes) == nil, "\(name) in pieces of \(parts.map(\.count))")
        // A piece that is not the last ends on a byte with an empty stored block, which the next piece may follow.
        let first = Self.piece(parts[0], last: false)
        #expect(Array(first.suffix(4)) == [0, 0, 0xFF, 0xFF], "\(name)")
    }

    @Test(arguments: inputs.indices)
    func theChecksumIsZlibs(index: Int) {
        let (name, bytes) = Self.inputs[index]
        let zlib = bytes.withUnsafeBufferPointer { adler32(adler32(0, nil, 0), $0.baseAddress, uInt($0.count)) }
        #expect(UInt(Self.checkedPiece(bytes, last: true).adler) == UInt(zlib), "\(name)")
    }

    @Test func runsAreWrittenAsCopies() {
        // 100 KB of one byte is one literal and ~390 copies of 258: a few hundred bytes, not the 100 KB of literals.
        #expect(Self.piece([UInt8](repeating: 7, count: 100_000), last: true).count < 300)
    }
}
