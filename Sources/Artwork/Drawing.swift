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
