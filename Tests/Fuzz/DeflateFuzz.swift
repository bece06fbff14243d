// libFuzzer harness for the share card's deflate writer (Sources/CVips/deflate.c, written by hand): whatever the bytes,
// the pieces it writes, joined as the card joins them into a zlib stream, are what zlib's own inflate reads back, byte
// for byte. A crash, a stream zlib refuses or different bytes are findings.
//
// The first byte shapes the input: its low two bits are how many cuts split the rest into pieces compressed apart (as
// the card's top, band and bottom); bit 2 reads the rest as (byte, count) pairs, each byte repeated count + 1 times (up to
// 64 KB), so that runs longer than libFuzzer's 4 KB inputs and skewed frequencies (long Huffman codes) are reached.
//
// Built by bench/fuzz.sh: deflate.c instrumented, this file over CVips' header and zlib (Sources/CZlib).
import CVips
import CZlib

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let shape = data[0]
    let rest = UnsafeBufferPointer(start: data + 1, count: size - 1)
    var bytes: [UInt8] = []
    if shape & 4 != 0 {
        // At most 64 KB: runs of several copies and skewed counts need no more, and executions a second matter.
        for pair in stride(from: 0, to: rest.count - 1, by: 2) where bytes.count < 65_536 {
            bytes.append(contentsOf: repeatElement(rest[pair], count: Int(rest[pair + 1]) + 1))
        }
    } else {
        bytes = Array(rest)
    }
    let pieceCount = Int(shape & 3) + 1
    let cuts = (0...pieceCount).map { bytes.count * $0 / pieceCount }
    // The zlib stream: header, each piece, Adler-32 of all the bytes, combined from the writer's own (zlib checks it).
    var stream: [UInt8] = [0x78, 0x5E]
    var adler = adler32(0, nil, 0)
    for index in 0..<pieceCount {
        let last = index == pieceCount - 1
        var piece: UnsafeMutablePointer<UInt8>?
        var length = 0
        var pieceAdler: UInt32 = 0
        let status = bytes[cuts[index]..<cuts[index + 1]].withUnsafeBufferPointer {
            sitegen_deflate_piece($0.baseAddress, $0.count, last ? 1 : 0, &piece, &length, &pieceAdler)
        }
        precondition(status == 0 && piece != nil, "the writer failed")
        let written = Array(UnsafeBufferPointer(start: piece, count: length))
        sitegen_deflate_free(piece)
        if !last { precondition(written.suffix(4) == [0, 0, 0xFF, 0xFF], "a piece that is not the last ends on a byte") }
        stream += written
        adler = adler32_combine(adler, uLong(pieceAdler), off_t(cuts[index + 1] - cuts[index]))
    }
    stream += [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: adler >> $0) }
    var out = [UInt8](repeating: 0, count: bytes.count + 1)
    var outLength = uLongf(out.count)
    let status = out.withUnsafeMutableBufferPointer { target in
        stream.withUnsafeBufferPointer { uncompress(target.baseAddress, &outLength, $0.baseAddress, uLong($0.count)) }
    }
    precondition(status == Z_OK, "zlib refused the stream (\(status)) of \(bytes.count) bytes in \(pieceCount) pieces")
    precondition(Int(outLength) == bytes.count && out[0..<bytes.count].elementsEqual(bytes), "inflated to other bytes")
    return 0
}
