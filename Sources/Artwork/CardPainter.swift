import CVips
import Foundation

/// The share card's drawing (CVips/card.c: Cairo and Pango, which libvips loads, and a PNG writer of its own). The
/// part every card of a site shares (its colours, its address, its direction) is a frame, drawn once per process.
package enum CardPainter {
    package static let width = Int(SITEGEN_CARD_WIDTH), height = Int(SITEGEN_CARD_HEIGHT)
    /// The avatar's side on the card, in pixels: the share card's picture is made at this size, and drawn 1:1.
    package static let avatarSide = Int(SITEGEN_CARD_AVATAR)

    /// The colours of a card, 0xRRGGBB each.
    package struct Colours: Hashable, Sendable {
        package var page, card, text, muted, ring, ringText, rule, accentText: UInt32
        package init(page: UInt32, card: UInt32, text: UInt32, muted: UInt32, ring: UInt32, ringText: UInt32, rule: UInt32, accentText: UInt32) {
            (self.page, self.card, self.text, self.muted, self.ring, self.ringText, self.rule, self.accentText) =
                (page, card, text, muted, ring, ringText, rule, accentText)
        }
    }

    package struct Frame: Hashable, Sendable {
        package var colours: Colours
        package var address: String
        package var mirrored: Bool
        package init(colours: Colours, address: String, mirrored: Bool) {
            (self.colours, self.address, self.mirrored) = (colours, address, mirrored)
        }
    }

    /// The frames drawn so far (a site has one or two), kept for the process: each is about 3 MB of pixels.
    private final class Frames: @unchecked Sendable {
        let lock = NSLock()
        var made: [Frame: OpaquePointer] = [:]
    }
    private static let frames = Frames()

    private static func frame(_ frame: Frame) throws(PhotoProblem) -> OpaquePointer {
        if let startProblem = Drawing.startProblem { throw PhotoProblem("librsvg did not load: \(startProblem)") }
        frames.lock.lock()
        defer { frames.lock.unlock() }
        if let made = frames.made[frame] { return made }
        let c = frame.colours
        var palette = sitegen_card_palette(page: c.page, card: c.card, text: c.text, muted: c.muted, ring: c.ring, ring_text: c.ringText,
                                           rule: c.rule, accent_text: c.accentText)
        guard let made = sitegen_card_frame_new(&palette, frame.address, frame.mirrored ? 1 : 0) else { throw PhotoProblem("the share card's frame could not be drawn") }
        frames.made[frame] = made
        return made
    }

    /// The card as PNG. `avatar`: the picture sitegen made at `avatarSide` (PNG or JPEG); nil: `initials` instead.
    package static func draw(_ frame: Frame, title: String, tagline: String, initials: String, avatar: EncodedPicture?) throws(PhotoProblem) -> Data {
        let made = try self.frame(frame)
        // A JPEG avatar is read by libvips (a PNG by Cairo): started before the first such card.
        if avatar?.isPNG == false, let startProblem = Vips.startProblem { throw PhotoProblem("libvips did not start: \(startProblem)") }
        var bytes: UnsafeMutableRawPointer?
        var length = 0
        let status = title.withCString { title in
            tagline.withCString { tagline in
                initials.withCString { initials in
                    var text = sitegen_card_text(title: title, tagline: tagline, initials: initials)
                    let avatarData = avatar?.data ?? Data()
                    return avatarData.withUnsafeBytes { raw in
                        sitegen_card_draw(made, &text, avatar == nil ? nil : raw.baseAddress, raw.count, avatar?.isPNG == true ? 1 : 0, &bytes, &length)
                    }
                }
            }
        }
        guard status == 0, let bytes else { throw PhotoProblem("the share card could not be drawn (out of memory)") }
        // Taken as it is, not copied: a card is some 50 KB.
        return Data(bytesNoCopy: bytes, count: length, deallocator: .custom { bytes, _ in sitegen_card_free(bytes) })
    }
}
