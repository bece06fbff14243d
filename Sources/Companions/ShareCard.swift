import Artwork
import Foundation
import LinkChain
import Paint
import SiteBasics

/// The picture a link preview shows (`og:image`, on Mastodon, in chats and messages): 1200 × 630 PNG with the avatar
/// (or the title's initials), the title, the tagline and the site's address, in the site's colours, drawn by Cairo and
/// Pango (CVips/card.c) in DejaVu Sans, which the Debian package depends on (`fonts-dejavu-core`).
///
/// PNG, not JPEG or WebP: every preview (Mastodon, Signal, iMessage, Slack, Facebook, LinkedIn) takes PNG, and text
/// on flat colour stays sharp in it; JPEG would blur the letters' edges, and Facebook and LinkedIn do not take WebP.
public struct ShareCard: Sendable, Equatable {
    public static let width = CardPainter.width, height = CardPainter.height

    /// Everything the card shows: each is an input of its key (the file name and the cache entry).
    public var title: String
    public var tagline: String
    public var address: String
    package var colours: CardPainter.Colours
    /// The avatar at the card's size (`CardPainter.avatarSide`); nil: the title's initials.
    public var avatar: EncodedPicture?

    /// Text made plain (`plain`); the address without its scheme and final slash.
    public init(title: String, tagline: String?, address: String, palette: Theme.Palette, ownColours: StylesheetColours = StylesheetColours(),
                avatar: EncodedPicture?) {
        self.title = Self.plain(title)
        self.tagline = tagline.map(Self.plain) ?? ""
        var address = Self.plain(address)
        for scheme in ["https://", "http://"] where address.lowercased().hasPrefix(scheme) { address.removeFirst(scheme.count) }
        while address.hasSuffix("/") { address.removeLast() }
        self.address = address
        colours = Self.colours(palette, own: ownColours)
        self.avatar = avatar
    }

    /// The theme's light colours, each replaced by the site's stylesheet's own (`--page`, `--card`, `--text`, `--muted`,
    /// `--ring` on `:root`) where it writes one in hex.
    static func colours(_ palette: Theme.Palette, own: StylesheetColours) -> CardPainter.Colours {
        func pick(_ name: String, _ fallback: HexColor) -> HexColor { own.lightProperties[name].flatMap(HexColor.init) ?? fallback }
        let page = pick("--page", palette.page), card = pick("--card", palette.card), text = pick("--text", palette.text)
        let muted = pick("--muted", palette.muted), ring = pick("--ring", palette.ring)
        // The rule above the footer: the muted colour half way to the card's.
        let rule = HexColor(red: (muted.red + card.red) / 2, green: (muted.green + card.green) / 2, blue: (muted.blue + card.blue) / 2)
        // The address in the accent colour where it reads on the card (3:1, large bold text), else in the text colour.
        let accentText = ring.contrast(with: card) >= 3 ? ring : text
        return CardPainter.Colours(page: page.packed, card: card.packed, text: text.packed, muted: muted.packed, ring: ring.packed,
                                   ringText: ring.readableText.packed, rule: rule.packed, accentText: accentText.packed)
    }

    /// Mirrored for a title in a right-to-left script: the avatar on the right, the text aligned to the right.
    public var mirrored: Bool { Self.isRightToLeft(title) }

    /// What the card is drawn from, written out: the text its key is the hash of. The avatar is named by its bytes'
    /// hash (`avatarHash`, given by the caller, which hashes).
    public func inputs(avatarHash: String?) -> String {
        let c = colours
        return ["title=\(title)", "tagline=\(tagline)", "address=\(address)",
                "colours=" + [c.page, c.card, c.text, c.muted, c.ring, c.ringText, c.rule, c.accentText].map { String($0, radix: 16) }.joined(separator: ","),
                "avatar=" + (avatar.map { ($0.isPNG ? "png " : "jpeg ") + (avatarHash ?? "") } ?? "none")].joined(separator: "\0")
    }

    /// The card drawn.
    public func png() throws(PhotoProblem) -> Data {
        try CardPainter.draw(CardPainter.Frame(colours: colours, address: address, mirrored: mirrored), title: title, tagline: tagline,
                             initials: Initials.of(title), avatar: avatar)
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
}

/// Where drawn pictures are kept between builds (SiteGen's ResourceCache, beside the site's sources): by key, each
/// entry checked against what was stored before it is given back.
package protocol DrawnPictureCache: Sendable {
    /// The entry's bytes when they are the ones stored; marks the entry used by this build either way.
    func picture(forKey key: String) -> Data?
    /// Whether an entry is there (not read); marks it used. `picture`: the bytes the entry would hold, when the
    /// caller has them (a card kept in the output folder), by which it may be found without listing the cache.
    func holds(_ key: String, picture: () -> Data?) -> Bool
    func store(_ data: Data, forKey key: String)
}

extension ShareCard {
    /// What changes how a card looks for the same inputs: raised with every change to the drawing (card.c).
    static let drawingVersion = 4
    /// Raised with every change to how card.c writes the PNG (the same pixels in other bytes): the cache's key only.
    static let encoderVersion = 3

    /// The card's file name: its inputs' hash, so a card is made again exactly when what it shows changes, a name kept
    /// from an earlier build is the same card, and a preview cache that keys on the address (Mastodon's, a chat's)
    /// fetches a changed card anew. It does not name the libraries that draw it: a new librsvg or Cairo draws the same
    /// card, pixel for pixel or nearly.
    public var fileName: String {
        "card-" + SHA256Digest.hex("sitegen share card \(Self.drawingVersion)\0" + inputs(avatarHash: avatarHash)).prefix(16) + ".png"
    }

    /// The key of the card in the resource cache: its inputs, the drawing's and the PNG writer's versions, the fonts'
    /// bytes and what draws it: librsvg's Cairo and Pango, and libvips only for a JPEG avatar, which it decodes.
    public var cacheKey: String { cacheKey(libraries: .built) }

    package func cacheKey(libraries: PictureLibraries) -> String {
        let drawnBy = libraries.drawing + (avatar?.isPNG == false ? " " + libraries.vips : "")
        return SHA256Digest.hex("sitegen share card \(Self.drawingVersion) png \(Self.encoderVersion)\0\(drawnBy)\0\(Self.fontHash)\0" + inputs(avatarHash: avatarHash))
    }

    private var avatarHash: String? { avatar.map { SHA256Digest.hex($0.data) } }

    /// DejaVu Sans and DejaVu Sans Bold as Debian installs them (`fonts-dejavu-core`), hashed: another version of the
    /// font draws another card. "missing" when they are not there (Pango then picks what fontconfig offers).
    static let fontHash: String = {
        let folder = "/usr/share/fonts/truetype/dejavu/"
        return ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"].map { name in
            (try? Data(contentsOf: URL(fileURLWithPath: folder + name))).map { SHA256Digest.hex($0) } ?? "missing"
        }.joined(separator: ",")
    }()
}

/// The build's share cards: each is drawn only when no earlier build left the same one in the output folder and the
/// resource cache has none.
package final class ShareCards: @unchecked Sendable {
    /// Whether the card an earlier build wrote at a path is still in place, now kept as part of this build (the
    /// writer's `keep`); nil: every card is made.
    private let keep: (@Sendable (String) -> Bool)?
    /// The bytes of a card kept in the output folder, to fill the cache with when it lacks it.
    private let readKept: (@Sendable (String) -> Data?)?
    private let cache: (any DrawnPictureCache)?
    private let lock = NSLock()
    private var made: [String] = []

    package init(keep: (@Sendable (String) -> Bool)?, readKept: (@Sendable (String) -> Data?)? = nil, cache: (any DrawnPictureCache)? = nil) {
        self.keep = keep
        self.readKept = readKept
        self.cache = cache
    }

    /// The card at `path`: nil when the one an earlier build wrote there is still in place (and now part of this
    /// build: the cache gets a copy if it has none), else taken from the cache, else drawn now (and stored there).
    package func card(_ card: ShareCard, path: String) throws(PhotoProblem) -> Data? {
        let key = cache == nil ? "" : card.cacheKey
        if let keep, keep(path) {
            if let cache, let readKept, !cache.holds(key, picture: { readKept(path) }), let kept = readKept(path) { cache.store(kept, forKey: key) }
            return nil
        }
        if let cache, let data = cache.picture(forKey: key) { return data }
        let data = try card.png()
        cache?.store(data, forKey: key)
        lock.withLock { made.append(path) }
        return data
    }

    /// The cards this build drew, sorted.
    package var drawn: [String] { lock.withLock { made.sorted() } }
}
