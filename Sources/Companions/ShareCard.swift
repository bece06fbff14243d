import Artwork
import Foundation
import LinkChain
import Paint
import SiteBasics

/// The picture a link preview shows (`og:image`, on Mastodon, in chats and messages): 1200 × 630 PNG with the avatar,
/// the title and the tagline in the theme's colours. It is written as SVG and drawn by libvips' SVG loader
/// (librsvg, which shapes Arabic and Hebrew), in DejaVu Sans (Debian's `fonts-dejavu-core`).
public enum ShareCard {
    public static let width = 1200, height = 630

    /// How wide the text may run: from x 400 to 1120, or mirrored, from 800 to 80, for right-to-left text.
    private static let textWidth = 720
    private static let font = "DejaVu Sans"

    /// The card's SVG: every value escaped; the avatar a `data:` URL (nil: the title's initials instead).
    public static func svg(title: String, tagline: String?, avatarURL: String?, palette: Theme.Palette) -> String {
        let title = plain(title), tagline = tagline.map(plain) ?? ""
        // Mirrored for a title in a right-to-left script: the avatar on the right, the text ending at its left.
        let mirrored = isRightToLeft(title)
        let avatarX = mirrored ? 980 : 220, textX = mirrored ? 800 : 400, anchor = mirrored ? "end" : "start"
        var svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(width)" height="\#(height)" viewBox="0 0 \#(width) \#(height)">"#
        svg += #"<rect width="\#(width)" height="\#(height)" fill="\#(palette.page.css)"/>"#
        svg += #"<rect x="40" y="40" width="1120" height="550" rx="36" fill="\#(palette.card.css)"/>"#
        svg += #"<clipPath id="card"><rect x="40" y="40" width="1120" height="550" rx="36"/></clipPath>"#
        svg += #"<rect x="40" y="566" width="1120" height="24" clip-path="url(#card)" fill="\#(palette.ring.css)"/>"#
        svg += #"<circle cx="\#(avatarX)" cy="300" r="128" fill="\#(palette.ring.css)"/>"#
        if let avatarURL {
            svg += #"<clipPath id="avatar"><circle cx="\#(avatarX)" cy="300" r="120"/></clipPath>"#
            svg += #"<image x="\#(avatarX - 120)" y="180" width="240" height="240" clip-path="url(#avatar)" href="\#(HTML.escape(avatarURL))"/>"#
        } else {
            let initials = Initials.of(title)
            svg += #"<text x="\#(avatarX)" y="332" font-family="\#(font)" font-size="96" font-weight="bold" text-anchor="middle" fill="\#(palette.ring.readableText.css)">\#(HTML.escape(initials))</text>"#
        }
        // The title on one line, smaller as it is longer (down to 40 px), cut with … beyond that.
        let titleSize = max(40, min(72, Int(Double(textWidth) / max(1, units(title, bold: true)))))
        let titleLine = fitted(title, size: titleSize, bold: true)
        let lines = wrapped(tagline, size: 34, lines: 3)
        let blockHeight = Double(titleSize) * 1.1 + Double(lines.count) * 34 * 1.35
        var y = 300 - blockHeight / 2 + Double(titleSize) * 0.85
        svg += #"<text x="\#(textX)" y="\#(Int(y))" text-anchor="\#(anchor)" font-family="\#(font)" font-size="\#(titleSize)" font-weight="bold" fill="\#(palette.text.css)">\#(HTML.escape(titleLine))</text>"#
        y += Double(titleSize) * 0.35 + 34 * 1.2
        for line in lines {
            svg += #"<text x="\#(textX)" y="\#(Int(y))" text-anchor="\#(anchor)" font-family="\#(font)" font-size="34" fill="\#(palette.muted.css)">\#(HTML.escape(line))</text>"#
            y += 34 * 1.35
        }
        return svg + "</svg>"
    }

    /// The card drawn: PNG, compression 6 (a third of the time of 9 for 2 KB more).
    public static func png(_ svg: String) throws(PhotoProblem) -> Data {
        let image = try Vips.drawSVG(svg)
        return try image.encoded(.png)
    }

    /// Whether the text's first letter is of a right-to-left script (Hebrew, Arabic, Syriac, Thaana, N'Ko, and their
    /// presentation forms).
    static func isRightToLeft(_ text: String) -> Bool {
        guard let letter = text.unicodeScalars.first(where: { $0.properties.isAlphabetic }) else { return false }
        return (0x0590...0x08FF).contains(letter.value) || (0xFB1D...0xFDFF).contains(letter.value) || (0xFE70...0xFEFF).contains(letter.value)
    }

    /// The text without control characters, which XML cannot hold, and with runs of white space as one space.
    package static func plain(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace || $0.unicodeScalars.contains(where: ControlCharacters.isControlOrLineSeparator) })
            .joined(separator: " ")
    }

    /// The text's width in ems, estimated: wide (CJK, Hangul, full-width) characters are one em, others about what
    /// DejaVu Sans gives ordinary text (0.55 em a character, 0.62 in bold).
    static func units(_ text: String, bold: Bool = false) -> Double {
        text.reduce(0) { sum, character in
            let value = character.unicodeScalars.first?.value ?? 0
            let wide = (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value) || (0xAC00...0xD7A3).contains(value)
                || (0xF900...0xFAFF).contains(value) || (0xFF00...0xFF60).contains(value) || value >= 0x1F300
            return sum + (wide ? 1.0 : bold ? 0.62 : 0.55)
        }
    }

    /// The text cut to what fits `textWidth` at `size`, with … where it was cut.
    static func fitted(_ text: String, size: Int, bold: Bool = false) -> String {
        let room = Double(textWidth) / Double(size)
        guard units(text, bold: bold) > room else { return text }
        var kept = ""
        for character in text {
            if units(kept + String(character), bold: bold) > room - 1 { break }
            kept.append(character)
        }
        return kept.trimmingCharacters(in: .whitespaces) + "…"
    }

    /// The text in at most `lines` lines that fit, split at spaces; the last one cut with … when more is left.
    static func wrapped(_ text: String, size: Int, lines limit: Int) -> [String] {
        let room = Double(textWidth) / Double(size)
        var lines: [String] = []
        var current = ""
        var words = text.split(separator: " ").map(String.init)[...]
        while let word = words.first {
            let candidate = current.isEmpty ? word : current + " " + word
            if units(candidate) <= room || current.isEmpty {
                current = units(candidate) <= room ? candidate : fitted(candidate, size: size)
                words = words.dropFirst()
                continue
            }
            lines.append(current)
            current = ""
            if lines.count == limit { break }
        }
        if !current.isEmpty && lines.count < limit { lines.append(current) }
        if !words.isEmpty, let last = lines.popLast() {
            lines.append(last.hasSuffix("…") ? last : fitted(last + " " + words.joined(separator: " "), size: size))
        }
        return lines
    }
}

/// The build's share cards: each is drawn only when no earlier build left the same one in the output folder.
package final class ShareCards: @unchecked Sendable {
    /// Whether the card an earlier build wrote at a path is still in place, now kept as part of this build (the
    /// writer's `keep`); nil: every card is drawn.
    private let keep: (@Sendable (String) -> Bool)?
    private let lock = NSLock()
    private var made: [String] = []

    package init(keep: (@Sendable (String) -> Bool)?) { self.keep = keep }

    /// The card at `path`: nil when the one an earlier build wrote there is still in place (and now part of this
    /// build), else drawn now.
    package func card(svg: String, path: String) throws(PhotoProblem) -> Data? {
        if let keep, keep(path) { return nil }
        let data = try ShareCard.png(svg)
        lock.withLock { made.append(path) }
        return data
    }

    /// The cards this build drew, sorted.
    package var drawn: [String] { lock.withLock { made.sorted() } }
}
