import CVips
import Foundation

/// Pictures drawn without libvips (CVips/draw.c): the share card and an SVG avatar's pictures need Cairo, Pango and
/// librsvg alone, about a third of the libraries libvips brings, so a build that draws only those (a new site's first
/// build) never loads libvips. Started once for the process.
package enum Drawing {
    /// Whether librsvg and what it brings loaded; nil when they did, else the reason.
    static let startProblem: String? = sitegen_draw_start() == 0 ? nil : String(cString: sitegen_draw_error())

    /// draw.c keeps its last failure in one buffer: a drawing holds this from the call to reading the message.
    private static let drawing = NSLock()

    /// An SVG document drawn to cover a `side` × `side` square, centred (as `object-fit: cover` shows the round
    /// avatar), as an RGBA PNG.
    static func svg(_ bytes: Data, side: Int) throws(PhotoProblem) -> EncodedPicture {
        if let startProblem { throw PhotoProblem("librsvg did not load: \(startProblem)") }
        drawing.lock()
        defer { drawing.unlock() }
        var png: UnsafeMutableRawPointer?
        var length = 0
        let status = bytes.withUnsafeBytes { raw in sitegen_draw_svg(raw.baseAddress, raw.count, Int32(side), &png, &length) }
        guard status == 0, let png else { throw PhotoProblem(String(cString: sitegen_draw_error())) }
        defer { sitegen_draw_free(png) }
        return EncodedPicture(isPNG: true, data: Data(bytes: png, count: length))
    }
}

/// The libraries that make a cached picture, as the resource cache's keys name them, each key naming only those that
/// make its kind of picture: another version of one may make other bytes of the same inputs. The versions are those
/// sitegen was built against (known without loading anything: a build that names its pictures must not load them).
package struct PictureLibraries: Sendable, Equatable {
    /// librsvg and the Cairo, Pango and zlib it loads (Drawing, CardPainter): the share card, an SVG avatar's pictures.
    package var drawing: String
    /// libvips (and the decoders it loads): every photo made for a slot, a photo avatar's pictures, and a share card's
    /// JPEG avatar, which it decodes (a PNG avatar is read by Cairo: PNG decodes to the same pixels everywhere).
    package var vips: String

    package init(drawing: String, vips: String) { (self.drawing, self.vips) = (drawing, vips) }

    /// This build of sitegen's.
    package static let built = PictureLibraries(drawing: String(cString: sitegen_draw_built_versions()), vips: "libvips " + Vips.version)
}
