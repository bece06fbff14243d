@testable import Artwork
import Foundation
import SiteGenTestSupport
import Testing

/// The header sitegen reads itself before any decoder sees a picture: format by the bytes, size by the header, and
/// the limits; and libvips as the process runs it, its untrusted loaders blocked.
@Suite struct PictureHeaderTests {
    static func header(_ data: Data) throws -> PictureHeader { try PictureHeader.read([UInt8](data)) }

    static func gif(screen: (Int, Int), frame: (left: Int, top: Int, width: Int, height: Int)? = nil, frames: Int = 1) -> [UInt8] {
        Fixtures.declaredGIF(screen: screen, frame: frame, frames: frames)
    }

    static func png(width: Int, height: Int) -> [UInt8] { Fixtures.declaredPNG(width: width, height: height) }

    @Test func eachFormatsSizeIsReadFromItsHeader() throws {
        for format in [PhotoFormat.jpeg, .png, .webp, .gif] {
            let picture = Fixtures.picture(format, size: 37)
            let expected = PictureFormat(fileName: "x." + format.rawValue)!
            #expect(try Self.header(picture) == PictureHeader(format: expected, width: 37, height: 37), "\(format)")
        }
        #expect(try Self.header(Fixtures.gpsPhoto) == PictureHeader(format: .jpeg, width: 600, height: 400))
        let heic = try Data(contentsOf: Fixtures.packageRoot.appendingPathComponent("Tests/PhotoFixtures/black-64x48.heic"))
        let avif = try Data(contentsOf: Fixtures.packageRoot.appendingPathComponent("Tests/PhotoFixtures/black-64x48.avif"))
        // libheif's grid: one 64 × 64 tile, cropped to 64 × 48; the larger is the bound.
        #expect(try Self.header(heic) == PictureHeader(format: .heic, width: 64, height: 64))
        #expect(try Self.header(avif) == PictureHeader(format: .avif, width: 64, height: 48))
        // WebP lossless (VP8L): 14 bits each of width - 1 and height - 1 after the signature byte.
        let bits = (300 - 1) | (200 - 1) << 14
        let vp8l = Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8L".utf8) + [5, 0, 0, 0, 0x2F]
            + [0, 8, 16, 24].map { UInt8(bits >> $0 & 0xFF) }
        #expect(try PictureHeader.read(vp8l) == PictureHeader(format: .webp, width: 300, height: 200))
        // TIFF, big-endian: one directory, ImageWidth as SHORT and ImageLength as LONG.
        let tiff: [UInt8] = [0x4D, 0x4D, 0, 0x2A, 0, 0, 0, 8, 0, 2, 1, 0, 0, 3, 0, 0, 0, 1, 0x01, 0x2C, 0, 0,
                             1, 1, 0, 4, 0, 0, 0, 1, 0, 0, 0, 0xC8, 0, 0, 0, 0]
        #expect(try PictureHeader.read(tiff) == PictureHeader(format: .tiff, width: 300, height: 200))
    }

    @Test func aGIFsFramesAreCountedAndAFrameBeyondTheScreenGrowsTheCanvas() throws {
        #expect(try PictureHeader.read(Self.gif(screen: (40, 30), frames: 3)) == PictureHeader(format: .gif, width: 40, height: 30, frames: 3))
        // libnsgif's canvas holds every frame: a 1 × 1 screen does not make a 9000 × 9000 frame small.
        #expect(throws: PictureHeader.Problem.self) { try PictureHeader.read(Self.gif(screen: (1, 1), frame: (0, 0, 9000, 9000))) }
        #expect(try PictureHeader.read(Self.gif(screen: (10, 10), frame: (5, 5, 10, 10))) == PictureHeader(format: .gif, width: 15, height: 15))
    }

    @Test func pixelBombsAreRefusedFromTheHeader() {
        func refused(_ bytes: [UInt8], _ size: (Int, Int)) {
            do {
                _ = try PictureHeader.read(bytes)
                Issue.record("\(size) was read")
            } catch {
                guard case .tooLarge(let header) = error else { Issue.record("\(error)"); return }
                #expect(header.width == size.0 && header.height == size.1)
            }
        }
        refused(Self.gif(screen: (20000, 20000)), (20000, 20000))  // the issue's 35-byte GIF: 1.74 GB
        refused(Self.gif(screen: (65535, 65535)), (65535, 65535))  // GLib's abort
        refused(Self.gif(screen: (5001, 5000)), (5001, 5000))  // more than a GIF's 25-megapixel canvas
        refused(Self.png(width: 100_000, height: 100_000), (100_000, 100_000))  // the issue's 30-second PNG
        refused(Self.png(width: 16385, height: 1), (16385, 1))
        refused(Self.png(width: 10001, height: 10000), (10001, 10000))
        refused(Self.gif(screen: (1000, 1000), frames: 101), (1000, 1000))  // 101 million pixels of frames
        #expect((try? PictureHeader.read(Self.png(width: 10000, height: 10000))) != nil)
        #expect((try? PictureHeader.read(Self.gif(screen: (5000, 5000)))) != nil)
        #expect(PictureHeader.Problem.tooLarge(PictureHeader(format: .png, width: 100_000, height: 100_000)).reason(fileName: "me.png")
            == "it is 100000 × 100000 pixels, more than sitegen decodes (at most 16384 pixels a side and 100 megapixels in all): make it smaller, for example with `vips thumbnail me.png me-4000.png 4000`, and name that instead")
    }

    @Test func theFormatIsTheBytesNotTheName() {
        func sniffed(_ text: String) -> PictureFormat? { PictureFormat(sniffing: Array(text.utf8)) }
        // The issue's avatar: a namespace prefix that libvips' own SVG sniffing misses, and ImageMagick does not.
        #expect(sniffed(#"<?xml version="1.0"?><!-- hi --><s:svg xmlns:s="http://www.w3.org/2000/svg"><s:image/></s:svg>"#) == .svg)
        #expect(sniffed("\u{FEFF}\n<!DOCTYPE svg><SVG>") == .svg)
        #expect(sniffed("<html><svg></svg></html>") == nil)
        #expect(sniffed("GIF87a") == .gif && sniffed("not a picture") == nil)
        #expect(PictureFormat(fileName: "photos/ME.JPEG") == .jpeg && PictureFormat(fileName: "a.b/c") == nil)
        #expect(PictureFormat(fileName: "scan.tif") == .tiff && PictureFormat(fileName: "me.heic") == .heic)
    }

    @Test func aDamagedHeaderIsAProblemNotACrash() {
        let jpeg = [UInt8](Fixtures.gpsPhoto)
        for length in [3, 4, 20, 100] {
            #expect(throws: PictureHeader.Problem.self) { try PictureHeader.read(Array(jpeg.prefix(length))) }
        }
        #expect(throws: PictureHeader.Problem.self) { try PictureHeader.read(Array(Self.png(width: 10, height: 10).prefix(20))) }
        #expect(throws: PictureHeader.Problem.self) { try PictureHeader.read(Self.png(width: 0, height: 10)) }
        // A box that claims more than the file holds.
        #expect(throws: PictureHeader.Problem.self) { try PictureHeader.read([0, 0, 0, 24] + Array("ftypheic".utf8) + [0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF] + Array("meta".utf8)) }
    }

    @Test func libvipsRefusesItsUntrustedLoadersForTheWholeProcess() throws {
        let disguised = Data(#"<?xml version="1.0"?><s:svg xmlns:s="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="8" height="8"><s:image xlink:href="/etc/hostname" width="8" height="8"/></s:svg>"#.utf8)
        // libvips 8.14's sniffing still names ImageMagick for these bytes (its SVG sniffing misses the prefix), and
        // blocked, ImageMagick refuses them: what happened in the issue's build cannot happen in this process.
        #expect(Vips.sniffedLoader(disguised) == "VipsForeignLoadMagickBuffer")
        #expect(Vips.loadBySniffing(disguised)?.contains("operation is blocked") == true)
        #expect(Vips.sniffedLoader(Fixtures.picture(.png)) != nil && Vips.loadBySniffing(Fixtures.picture(.png)) == nil)
        // librsvg stays, for buffers: the share card is drawn with it.
        let svg = Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>"#.utf8)
        #expect(Vips.sniffedLoader(svg) == "VipsForeignLoadSvgBuffer")
    }
}
