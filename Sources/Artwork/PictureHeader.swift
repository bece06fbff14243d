/// What a picture file says about itself before any decoder sees it: its format, known by its first bytes (never by
/// its name), and its size, read from its header. A published picture is hostile bytes: this is read first, the
/// format checked against the file's name and the size against `PictureHeader.limit`, and only then is the format's
/// own loader called. Plain Swift over bytes, without Foundation, so the fuzz harness (Tests/Fuzz/PictureHeaderFuzz.swift)
/// builds it alone.
package struct PictureHeader: Equatable, Sendable {
    package var format: PictureFormat
    /// The picture's size as stored (before an EXIF orientation turns it); an animation's canvas.
    package var width: Int
    package var height: Int
    /// How many frames: more than 1 for an animation (GIF, WebP, PNG).
    package var frames: Int = 1

    /// The most pixels (width × height × frames) sitegen decodes: 100 megapixels. Phones save 12 to 50 megapixels
    /// (48 MP is 8064 × 6048); the largest slot sitegen makes is 2560 pixels across, so a picture above this is
    /// shrunk more than 4 times in each direction for nothing. A PNG's or GIF's decoder has no shrink-on-load: its
    /// time grows with the pixels (a 10,000-megapixel PNG took 30 s; 100 MP takes under a second).
    package static let pixelLimit = 100_000_000
    /// A GIF's canvas at most: its decoder holds the whole canvas, 4 bytes a pixel, however little the file (a
    /// 35-byte GIF declaring 20000 × 20000 took 1.74 GB; 10000 × 10000, 500 MB). 25 megapixels is 100 MB, and
    /// far more than a GIF (256 colours: drawings and short animations) needs.
    package static let gifCanvasLimit = 25_000_000
    /// The longest side: 16384, WebP's own limit, and more than any phone's panorama is tall.
    package static let sideLimit = 16384

    /// Why a header cannot be read, or is refused.
    package enum Problem: Error, Equatable, Sendable {
        /// No format sitegen knows starts these bytes.
        case unknownFormat
        /// The format is known but its header is cut short or malformed.
        case malformed(PictureFormat, String)
        /// Larger than `pixelLimit` or `sideLimit`.
        case tooLarge(PictureHeader)

        /// Said of the file `fileName` (its last part): a command names it.
        package func reason(fileName: String) -> String {
            switch self {
            case .unknownFormat: return "its bytes are no picture format sitegen reads (JPEG, PNG, WebP, GIF, SVG; TIFF, HEIC and AVIF to convert)"
            case .malformed(let format, let what): return "its \(format.name) header is damaged (\(what))"
            case .tooLarge(let header):
                let frames = header.frames > 1 ? " in \(header.frames) frames" : ""
                let smaller = fileName.lastIndex(of: ".").map { fileName[..<$0] + "-4000" + fileName[$0...] } ?? fileName + "-4000"
                let limit = header.format == .gif ? "\(PictureHeader.gifCanvasLimit / 1_000_000) megapixels for a GIF" : "\(PictureHeader.pixelLimit / 1_000_000) megapixels in all"
                return "it is \(header.width) × \(header.height) pixels\(frames), more than sitegen decodes (at most \(PictureHeader.sideLimit) pixels a side and \(limit)): make it smaller, for example with `vips thumbnail \(fileName) \(smaller) 4000`, and name that instead"
            }
        }
    }

    /// The header of the picture in `bytes`, checked against the limits.
    package static func read(_ bytes: [UInt8]) throws(Problem) -> PictureHeader {
        let header = try readUnchecked(bytes)
        // SVG has no pixels until it is drawn, at the size it is drawn at: its own size is librsvg's to read.
        guard header.format != .svg else { return header }
        let (pixels, overflow) = header.width.multipliedReportingOverflow(by: header.height)
        let (all, overflowAll) = pixels.multipliedReportingOverflow(by: header.frames)
        if overflow || overflowAll || header.width > sideLimit || header.height > sideLimit || all > pixelLimit
            || (header.format == .gif && pixels > gifCanvasLimit) { throw .tooLarge(header) }
        if header.width == 0 || header.height == 0 { throw .malformed(header.format, "it says the picture is \(header.width) × \(header.height) pixels") }
        return header
    }

    /// The header as stored, limits unchecked.
    static func readUnchecked(_ bytes: [UInt8]) throws(Problem) -> PictureHeader {
        guard let format = PictureFormat(sniffing: bytes) else { throw .unknownFormat }
        var reader = ByteReader(bytes: bytes, format: format)
        switch format {
        case .jpeg: return try reader.jpeg()
        case .png: return try reader.png()
        case .gif: return try reader.gif()
        case .webp: return try reader.webp()
        case .tiff: return try reader.tiff()
        case .heic, .avif: return try reader.heif(format)
        case .svg: return PictureHeader(format: .svg, width: 0, height: 0)
        }
    }
}

/// A picture format sitegen tells apart, by its bytes or by a file's name.
package enum PictureFormat: String, Sendable, CaseIterable {
    case jpeg, png, webp, gif, tiff, heic, avif, svg

    /// As people write it.
    package var name: String {
        switch self {
        case .jpeg: "JPEG"
        case .png: "PNG"
        case .webp: "WebP"
        case .gif: "GIF"
        case .tiff: "TIFF"
        case .heic: "HEIC"
        case .avif: "AVIF"
        case .svg: "SVG"
        }
    }

    /// The format a file's name says, by its extension (any case); nil for a name that is no picture's.
    package init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: "."), !fileName[dot...].contains("/") else { return nil }
        switch fileName[fileName.index(after: dot)...].lowercased() {
        case "jpg", "jpeg", "jpe", "jfif": self = .jpeg
        case "png": self = .png
        case "webp": self = .webp
        case "gif": self = .gif
        case "tif", "tiff": self = .tiff
        case "heic", "heif": self = .heic
        case "avif": self = .avif
        case "svg": self = .svg
        default: return nil
        }
    }

    /// The format the first bytes say. An SVG is text: its first element (after an XML declaration, comments,
    /// a DOCTYPE and white space) is `svg`, with or without a namespace prefix.
    init?(sniffing bytes: [UInt8]) {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && bytes[offset..<(offset + prefix.count)].elementsEqual(prefix)
        }
        if starts([0xFF, 0xD8, 0xFF]) { self = .jpeg; return }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { self = .png; return }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { self = .gif; return }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { self = .webp; return }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { self = .tiff; return }
        if starts(Array("ftyp".utf8), at: 4), bytes.count >= 12 {
            let brand = String(decoding: bytes[8..<12], as: UTF8.self)
            if ["avif", "avis"].contains(brand) { self = .avif; return }
            if ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"].contains(brand) { self = .heic; return }
        }
        if Self.rootIsSVG(bytes) { self = .svg; return }
        return nil
    }

    /// Whether the first element of this text is `svg` (local name, any prefix): what an XML reader, ImageMagick's
    /// included, takes for an SVG document.
    private static func rootIsSVG(_ bytes: [UInt8]) -> Bool {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let limit = min(bytes.count, 64 * 1024)
        func skip(past end: [UInt8]) -> Bool {
            while index + end.count <= limit {
                if bytes[index..<(index + end.count)].elementsEqual(end) { index += end.count; return true }
                index += 1
            }
            return false
        }
        while index < limit {
            let byte = bytes[index]
            if [0x20, 0x09, 0x0A, 0x0D].contains(byte) { index += 1; continue }
            guard byte == UInt8(ascii: "<"), index + 1 < limit else { return false }
            let next = bytes[index + 1]
            if next == UInt8(ascii: "?") { guard skip(past: Array("?>".utf8)) else { return false }; continue }
            if bytes[index...].starts(with: Array("<!--".utf8)) { guard skip(past: Array("-->".utf8)) else { return false }; continue }
            if next == UInt8(ascii: "!") { guard skip(past: Array(">".utf8)) else { return false }; continue }
            var end = index + 1
            while end < limit, !([0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ">"), UInt8(ascii: "/")].contains(bytes[end])) { end += 1 }
            let name = bytes[(index + 1)..<end]
            let local = name.lastIndex(of: UInt8(ascii: ":")).map { name[($0 + 1)...] } ?? name
            return local.map { $0 | 0x20 }.elementsEqual("svg".utf8)
        }
        return false
    }
}

/// Reads one header, every read bounds-checked: a short or lying file is a `.malformed` problem, never a crash.
private struct ByteReader {
    let bytes: [UInt8]
    let format: PictureFormat

    func fail(_ what: String) -> PictureHeader.Problem { .malformed(format, what) }

    func byte(_ at: Int) throws(PictureHeader.Problem) -> Int {
        guard at >= 0, at < bytes.count else { throw fail("it ends early") }
        return Int(bytes[at])
    }

    func big(_ at: Int, _ count: Int) throws(PictureHeader.Problem) -> Int {
        var value = 0
        for offset in 0..<count { value = value << 8 | (try byte(at + offset)) }
        return value
    }

    func little(_ at: Int, _ count: Int) throws(PictureHeader.Problem) -> Int {
        var value = 0
        for offset in (0..<count).reversed() { value = value << 8 | (try byte(at + offset)) }
        return value
    }

    func text(_ at: Int, _ count: Int) throws(PictureHeader.Problem) -> String {
        guard at >= 0, at + count <= bytes.count else { throw fail("it ends early") }
        return String(decoding: bytes[at..<(at + count)], as: UTF8.self)
    }

    /// The frame header (SOF) gives the size; markers before it are skipped by their lengths.
    func jpeg() throws(PictureHeader.Problem) -> PictureHeader {
        var index = 2
        while true {
            guard try byte(index) == 0xFF else { throw fail("no marker at byte \(index)") }
            var marker = try byte(index + 1)
            while marker == 0xFF { index += 1; marker = try byte(index + 1) }  // fill bytes
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { index += 2; continue }  // markers without a length
            if marker == 0xD9 || marker == 0xDA { throw fail("no frame header before the image data") }
            let length = try big(index + 2, 2)
            guard length >= 2 else { throw fail("a segment of length \(length)") }
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                let height = try big(index + 5, 2), width = try big(index + 7, 2)
                // A height of 0 would be given later (DNL): decoders allocate for the largest then.
                guard height > 0 else { throw fail("its height is given after the image data (DNL)") }
                return PictureHeader(format: .jpeg, width: width, height: height)
            }
            index += 2 + length
        }
    }

    /// IHDR first; an animation (APNG) says its frame count in acTL, before the image data.
    func png() throws(PictureHeader.Problem) -> PictureHeader {
        guard try text(12, 4) == "IHDR" else { throw fail("IHDR is not the first chunk") }
        var header = PictureHeader(format: .png, width: try big(16, 4), height: try big(20, 4))
        var index = 8
        while index + 8 <= bytes.count {
            let length = try big(index, 4), name = try text(index + 4, 4)
            if name == "acTL" { header.frames = max(1, try big(index + 8, 4)) }
            if name == "IDAT" || name == "IEND" { break }
            index += 12 + length
        }
        return header
    }

    /// The logical screen, then every frame's descriptor: a frame may reach beyond the screen, and the decoder's
    /// canvas grows to hold it.
    func gif() throws(PictureHeader.Problem) -> PictureHeader {
        var header = PictureHeader(format: .gif, width: try little(6, 2), height: try little(8, 2), frames: 0)
        let flags = try byte(10)
        var index = 13 + (flags & 0x80 != 0 ? 3 << ((flags & 7) + 1) : 0)
        func skipSubBlocks() throws(PictureHeader.Problem) {
            while true {
                let size = try byte(index)
                index += 1 + size
                if size == 0 { return }
            }
        }
        while true {
            switch try byte(index) {
            case 0x3B: header.frames = max(header.frames, 1); return header
            case 0x21:
                index += 2
                try skipSubBlocks()
            case 0x2C:
                let left = try little(index + 1, 2), top = try little(index + 3, 2)
                let width = try little(index + 5, 2), height = try little(index + 7, 2)
                header.width = max(header.width, left + width)
                header.height = max(header.height, top + height)
                header.frames += 1
                let local = try byte(index + 9)
                index += 10 + (local & 0x80 != 0 ? 3 << ((local & 7) + 1) : 0)
                index += 1  // the LZW code size
                try skipSubBlocks()
            default:
                // Past the last frame's data, decoders stop: so does the count (a GIF cut short is the decoder's error).
                guard header.frames > 0 else { throw fail("no frame before byte \(index)") }
                return header
            }
        }
    }

    /// The first chunk: VP8X (the canvas, and whether it is animated), VP8 (lossy) or VP8L (lossless).
    func webp() throws(PictureHeader.Problem) -> PictureHeader {
        switch try text(12, 4) {
        case "VP8X":
            var header = PictureHeader(format: .webp, width: try little(24, 3) + 1, height: try little(27, 3) + 1)
            if try byte(20) & 0x02 != 0 {
                // Count the ANMF chunks: each is a frame.
                var index = 12, frames = 0
                while index + 8 <= bytes.count {
                    let length = try little(index + 4, 4)
                    if try text(index, 4) == "ANMF" { frames += 1 }
                    index += 8 + length + length % 2
                }
                header.frames = max(frames, 1)
            }
            return header
        case "VP8 ":
            guard try big(23, 3) == 0x9D012A else { throw fail("no VP8 start code") }
            return PictureHeader(format: .webp, width: try little(26, 2) & 0x3FFF, height: try little(28, 2) & 0x3FFF)
        case "VP8L":
            guard try byte(20) == 0x2F else { throw fail("no VP8L signature") }
            let bits = try little(21, 4)
            return PictureHeader(format: .webp, width: (bits & 0x3FFF) + 1, height: (bits >> 14 & 0x3FFF) + 1)
        default: throw fail("its first chunk is not VP8, VP8L or VP8X")
        }
    }

    /// The first directory's ImageWidth (256) and ImageLength (257), in the file's byte order.
    func tiff() throws(PictureHeader.Problem) -> PictureHeader {
        let littleEndian = bytes[0] == 0x49
        func number(_ at: Int, _ count: Int) throws(PictureHeader.Problem) -> Int { littleEndian ? try little(at, count) : try big(at, count) }
        let directory = try number(4, 4)
        let entries = try number(directory, 2)
        var width = 0, height = 0
        for entry in 0..<min(entries, 4096) {
            let at = directory + 2 + entry * 12
            let tag = try number(at, 2), type = try number(at + 2, 2)
            let value = type == 3 ? try number(at + 8, 2) : try number(at + 8, 4)
            if tag == 256 { width = value }
            if tag == 257 { height = value }
        }
        return PictureHeader(format: .tiff, width: width, height: height)
    }

    /// ISO base media boxes: the largest image spatial extent (`ispe`) under meta/iprp/ipco. An upper bound, which is
    /// what the limits need: a grid's tiles are padded to a whole number of tiles, so a tile can be larger than the
    /// picture cropped from them (an iPhone's 64 × 48 picture in one 64 × 64 tile reads as 64 × 64).
    func heif(_ format: PictureFormat) throws(PictureHeader.Problem) -> PictureHeader {
        var header = PictureHeader(format: format, width: 0, height: 0)
        func boxes(from start: Int, to end: Int, depth: Int) throws(PictureHeader.Problem) {
            var index = start
            while index + 8 <= end, depth < 4 {
                var size = try big(index, 4)
                let name = try text(index + 4, 4)
                var body = index + 8
                if size == 1 { size = try big(index + 8, 8); body += 8 }
                if size == 0 { size = end - index }
                guard size >= body - index, index + size <= end else { throw fail("the box \(name) reaches past its parent") }
                switch name {
                case "meta": try boxes(from: body + 4, to: index + size, depth: depth + 1)  // a full box: version and flags first
                case "iprp", "ipco": try boxes(from: body, to: index + size, depth: depth + 1)
                case "ispe":
                    header.width = max(header.width, try big(body + 4, 4))
                    header.height = max(header.height, try big(body + 8, 4))
                default: break
                }
                index += size
            }
        }
        try boxes(from: 0, to: bytes.count, depth: 0)
        guard header.width > 0 else { throw fail("no image size (ispe)") }
        return header
    }
}
