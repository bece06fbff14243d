@testable import Artwork
import Foundation
import SiteGenTestSupport
import Testing

/// Photos through libvips on their own: resized for their slot, never enlarged, without their metadata
/// (PhotoAndShareCardTests in SiteGenTests: photos in built pages).
@Suite struct PhotoMakerTests {
    static let gpsPhoto = Fixtures.gpsPhoto

    @Test func aSmallPhotoIsNeverEnlarged() throws {
        let small = try PhotoMaker.photo(Self.gpsPhoto, slot: PhotoSlot(width: 1000, height: 1000, fills: false), format: .jpeg)
        #expect(small.width == 600 && small.height == 400)
        #expect(PictureSize.jpeg(small.data)! == (600, 400))
    }

    @Test func theBackgroundFitsItsSlotAndKeepsItsShape() throws {
        let made = try PhotoMaker.photo(Self.gpsPhoto, slot: PhotoSlot(width: 300, height: 300, fills: false), format: .webp)
        #expect(made.width == 300 && made.height == 200)
        // WebP: libvips 8.14's `strip` alone kept EXIF here; the fields are removed before saving.
        #expect(made.data.range(of: Data("EXIF".utf8)) == nil && made.data.range(of: Data("PhoneMaker".utf8)) == nil)
        #expect(made.data.starts(with: Data("RIFF".utf8)))
    }

    @Test func aPNGKeepsItsTransparencyAndLosesItsMetadata() throws {
        let png = try PhotoMaker.photo(Self.gpsPhoto, slot: .avatar, format: .png)
        #expect(PictureSize.png(png.data)! == (256, 256))
        for chunk in ["eXIf", "iTXt", "tEXt", "zTXt", "iCCP"] { #expect(png.data.range(of: Data(chunk.utf8)) == nil, "\(chunk)") }
        // The favicon of an SVG avatar, which has transparency, is a PNG.
        let svg = Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><circle cx="32" cy="32" r="30" fill="red"/></svg>"#.utf8)
        #expect(try PhotoMaker.dataURL(svg, slot: .favicon).hasPrefix("data:image/png;base64,"))
    }

    @Test func aWebPIsStillAWebPThatBrowsersRead() throws {
        let made = try PhotoMaker.photo(Self.gpsPhoto, slot: .avatar, format: .webp)
        // Read back by libvips: the container is whole after its metadata chunks are taken out.
        let again = try Vips.thumbnail(made.data, PhotoSlot(width: 1000, height: 1000, fills: false))
        #expect(again.width == 256 && again.height == 256)
    }
}
