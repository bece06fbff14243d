import CVips
import LinkChain
import Foundation
import SiteBasics

/// libvips, started once for the process; every image sitegen decodes or encodes goes through here.
package enum Vips {
    /// Whether libvips started; nil when it did not, with its reason.
    static let startProblem: String? = sitegen_vips_start() == 0 ? nil : takeError()

    /// `8.14.1`: a picture made by another libvips may differ, so the key of a cached one (`PictureLibraries`) says
    /// which made it. It is the version sitegen was built against: the one loaded is asked only when a picture is made,
    /// and a build that names its pictures must not load libvips for that alone.
    package static let version = String(cString: sitegen_vips_built_version())

    /// libvips keeps one error buffer for the whole process, and the loader check clears it: decoding, where a
    /// photo's bytes fail, holds this from the check to reading the message, so pages decoding photos at once on
    /// other cores cannot swap, add to or clear each other's messages.
    private static let decoding = NSLock()

    /// libvips' message for the last failure, first line only, and cleared.
    static func takeError() -> String {
        let text = String(cString: sitegen_vips_error())
        sitegen_vips_error_clear()
        let line = text.split(separator: "\n").first.map(String.init) ?? ""
        return line.isEmpty ? "libvips gave no reason" : line
    }

    /// An image libvips made, released when this is.
    package final class Image {
        let pointer: OpaquePointer
        init(_ pointer: OpaquePointer) { self.pointer = pointer }
        deinit { sitegen_vips_release(pointer) }

        var width: Int { Int(sitegen_vips_width(pointer)) }
        var height: Int { Int(sitegen_vips_height(pointer)) }
        /// An animation's frames are one under the other: this is one frame's height (the height, for a still).
        var frameHeight: Int { Int(sitegen_vips_frame_height(pointer)) }
        var hasAlpha: Bool { sitegen_vips_has_alpha(pointer) != 0 }
        var bands: Int { Int(sitegen_vips_bands(pointer)) }

        /// The pixels, row by row, each band a byte (images sitegen makes are 8-bit).
        func pixels() -> Data {
            var length = 0
            guard let memory = sitegen_vips_pixels(pointer, &length) else { return Data() }
            defer { sitegen_vips_free(memory) }
            return Data(bytes: memory, count: length)
        }

        /// A copy without any metadata (EXIF, XMP, IPTC, ICC profile, comments, GIF extensions), saved as `format`.
        package func encoded(_ format: PhotoFormat) throws(PhotoProblem) -> Data {
            var stripped: OpaquePointer?
            guard sitegen_vips_without_metadata(pointer, &stripped) == 0, let stripped else { throw PhotoProblem(Vips.takeError()) }
            let bare = Image(stripped)
            var bytes: UnsafeMutableRawPointer?
            var length = 0
            let status = switch format {
            case .jpeg: sitegen_vips_jpeg(bare.pointer, 82, &bytes, &length)
            case .png: sitegen_vips_png(bare.pointer, 6, &bytes, &length)
            case .webp: sitegen_vips_webp(bare.pointer, 80, &bytes, &length)
            case .gif: sitegen_vips_gif(bare.pointer, &bytes, &length)
            }
            guard status == 0, let bytes else { throw PhotoProblem(Vips.takeError()) }
            defer { sitegen_vips_free(bytes) }
            let data = Data(bytes: bytes, count: length)
            return format == .webp ? WebPFile.withoutMetadata(data) : data
        }

        /// Made smaller from its pixels in memory: no second decode of the file.
        func smaller(_ slot: PhotoSlot) throws(PhotoProblem) -> Image {
            var made: OpaquePointer?
            guard sitegen_vips_smaller(pointer, Int32(slot.width), Int32(slot.height), slot.fills ? 1 : 0, &made) == 0, let made else {
                throw PhotoProblem(Vips.takeError())
            }
            return Image(made)
        }
    }

    /// `bytes` (whose header `header` is read and checked) decoded by its format's own loader, shrunk to fit `slot`
    /// while it is decoded where the format allows, upright, in sRGB, in memory. An animation keeps its frames.
    static func thumbnail(_ bytes: Data, _ header: PictureHeader, _ slot: PhotoSlot) throws(PhotoProblem) -> Image {
        try decode(bytes, header, slot, inMemory: true) { $0 }
    }

    /// `bytes` decoded as `thumbnail` does, and handed to `use` before the decode is done: the pixels are decoded as
    /// `use` saves them, row by row, never held whole.
    static func decode<Made>(_ bytes: Data, _ header: PictureHeader, _ slot: PhotoSlot, inMemory: Bool,
                             _ use: (Image) throws(PhotoProblem) -> Made) throws(PhotoProblem) -> Made {
        if let startProblem { throw PhotoProblem("libvips did not start: \(startProblem)") }
        let format: Int32 = switch header.format {
        case .jpeg: Int32(SITEGEN_VIPS_JPEG)
        case .png: Int32(SITEGEN_VIPS_PNG)
        case .webp: Int32(SITEGEN_VIPS_WEBP)
        case .gif: Int32(SITEGEN_VIPS_GIF)
        case .svg: Int32(SITEGEN_VIPS_SVG)
        case .tiff, .heic, .avif: throw PhotoProblem("sitegen does not decode \(header.format.name)")
        }
        decoding.lock()
        defer { decoding.unlock() }
        sitegen_vips_error_clear()
        // Data's withUnsafeBytes throws untyped errors: the outcome comes out as a Result.
        return try bytes.withUnsafeBytes { raw -> Result<Made, PhotoProblem> in
            var made: OpaquePointer?
            let status = sitegen_vips_thumbnail(format, raw.baseAddress, raw.count, Int32(slot.width), Int32(slot.height), slot.fills ? 1 : 0,
                                                header.frames > 1 ? 1 : 0, inMemory ? 1 : 0, &made)
            guard status == 0, let made else { return .failure(PhotoProblem(takeError())) }
            do throws(PhotoProblem) { return .success(try use(Image(made))) } catch { return .failure(error) }
        }.get()
    }

    /// The loader libvips' own sniffing would pick for `bytes` (sitegen never loads that way), for tests.
    package static func sniffedLoader(_ bytes: Data) -> String? {
        guard startProblem == nil else { return nil }
        return bytes.withUnsafeBytes { raw in sitegen_vips_sniffed_loader(raw.baseAddress, raw.count).map { String(cString: $0) } }
    }

    /// What loading `bytes` by that loader does now: nil when it reads the header, else libvips' reason. For tests.
    package static func loadBySniffing(_ bytes: Data) -> String? {
        if let startProblem { return startProblem }
        decoding.lock()
        defer { decoding.unlock() }
        let status = bytes.withUnsafeBytes { raw in sitegen_vips_load_by_sniffing(raw.baseAddress, raw.count) }
        return status == 0 ? nil : takeError()
    }

    /// An SVG document drawn at its own size by librsvg.
    package static func drawSVG(_ text: String) throws(PhotoProblem) -> Image {
        if let startProblem { throw PhotoProblem("libvips did not start: \(startProblem)") }
        var made: OpaquePointer?
        var bytes = Array(text.utf8)
        let status = bytes.withUnsafeMutableBytes { raw in sitegen_vips_svg(raw.baseAddress, raw.count, &made) }
        guard status == 0, let made else { throw PhotoProblem(takeError()) }
        return Image(made)
    }
}

/// Why a picture could not be read or written.
public struct PhotoProblem: Error, Sendable {
    public var reason: String
    package init(_ reason: String) { self.reason = reason }
}

/// A format a photo is published in: the one its file name says, so the path every link, the vCard and a Markdown
/// image use stays right. JPEG, PNG, WebP and GIF are shown by every browser the page supports (Safari 14 and later);
/// TIFF, HEIC and AVIF are not (AVIF before Safari 16), and are refused with the command that converts them.
package enum PhotoFormat: String, Sendable {
    case jpeg, png, webp, gif

    init?(_ format: PictureFormat) {
        switch format {
        case .jpeg: self = .jpeg
        case .png: self = .png
        case .webp: self = .webp
        case .gif: self = .gif
        case .tiff, .heic, .avif, .svg: return nil
        }
    }

    init?(fileName: String) {
        guard let format = PictureFormat(fileName: fileName) else { return nil }
        self.init(format)
    }

    var mediaType: String { "image/" + rawValue }
}

/// The box a picture is made for, in device pixels: what the layout shows at 2× density.
package struct PhotoSlot: Sendable, Hashable {
    var width: Int
    var height: Int
    /// Cropped at the centre to fill the box (the layout's `object-fit: cover`), or only fitted inside it.
    var fills: Bool

    /// The avatar: a 128 CSS px circle (`.avatar`, `width="128"`), cropped as `object-fit: cover` crops it.
    static let avatar = PhotoSlot(width: 256, height: 256, fills: true)
    /// The page's `background`: it covers the window (`center / cover fixed`); sized for a 1280 CSS px wide window.
    static let background = PhotoSlot(width: 2560, height: 2560, fills: false)
    /// The favicon: shown at 16 to 32 CSS px.
    static let favicon = PhotoSlot(width: 64, height: 64, fills: true)
    /// The avatar on the share card (a circle drawn 1:1, `CardPainter.avatarSide`, on a 1200 × 630 picture).
    static let shareCard = PhotoSlot(width: CardPainter.avatarSide, height: CardPainter.avatarSide, fills: true)
    /// A picture in the Markdown text: the text column (`.bio`, 30rem: 480 CSS px) at 2× density; never wider than
    /// the text (`.bio img` in style.css), its height whatever its shape gives.
    package static let text = PhotoSlot(width: 960, height: PictureHeader.sideLimit, fills: false)
    /// A picture a link leads to: at its own size, only cleaned.
    static let whole = PhotoSlot(width: PictureHeader.sideLimit, height: PictureHeader.sideLimit, fills: false)

    /// The slot as a cached photo's key names it: `2560x2560`, `256x256 fill`.
    package var cacheName: String { "\(width)x\(height)\(fills ? " fill" : "")" }

    /// The slot that makes the same picture as this one for a picture of this header: `whole` when it fits this box
    /// unshrunk whichever way its EXIF orientation turns it (never enlarged, nothing is cropped: made at its own size
    /// for every such slot), else this slot.
    func making(_ header: PictureHeader) -> PhotoSlot {
        !fills && Swift.max(header.width, header.height) <= Swift.min(width, height) ? .whole : self
    }
}

/// A photo as the site publishes it: resized for its slot, re-encoded, without metadata.
public struct PublishedPhoto: Sendable, Equatable {
    /// Below the output folder: the path of the file under content/ it is made from.
    public var path: String
    public var data: Data
    public var width: Int
    public var height: Int

    package init(path: String, data: Data, width: Int, height: Int) {
        (self.path, self.data, self.width, self.height) = (path, data, width, height)
    }
}

/// What a page shows of its avatar besides the `<img>`: the favicon and the share card's picture, both as `data:`
/// URLs so they cost no request.
public struct AvatarPictures: Sendable, Equatable {
    /// nil: the avatar's own file serves (a large SVG librsvg cannot draw).
    public var faviconURL: String?
    /// The avatar at the share card's size (240 px), which the contact card carries too; nil: the card shows the
    /// title's initials and the contact card has no photo (an SVG librsvg cannot draw).
    public var shareCardPicture: EncodedPicture?

    public init(faviconURL: String?, shareCardPicture: EncodedPicture?) {
        self.faviconURL = faviconURL
        self.shareCardPicture = shareCardPicture
    }
}

/// A small picture's bytes in a format every browser and contact app shows: PNG where it has transparency, JPEG
/// otherwise.
public struct EncodedPicture: Sendable, Equatable {
    public var isPNG: Bool
    public var data: Data

    package init(isPNG: Bool, data: Data) {
        self.isPNG = isPNG
        self.data = data
    }

    public var mediaType: String { isPNG ? "image/png" : "image/jpeg" }
    public var dataURL: String { "data:\(mediaType);base64," + data.base64EncodedString() }
}

/// A picture's size in pixels, as published.
public struct PixelSize: Sendable, Equatable {
    public var width: Int
    public var height: Int
}

/// The pictures of one page, made from its `avatar`, its `background` and the pictures its text shows or links to.
public struct PagePhotos: Sendable {
    public var avatar: AvatarPictures?
    /// The photos it shows (below the output folder), which the build publishes made, not copied.
    public var paths: [String] = []
    /// Each picture of the text, by where its `![…](…)` starts: its size, for its `width` and `height`.
    public var textSizes: [SourcePosition: PixelSize] = [:]

    public static let none = PagePhotos(avatar: nil)
}

/// A picture a page's text names: shown (`![…](x.jpg)`) or linked to (`[…](x.jpg)`).
package struct TextPicture: Sendable {
    /// Below content/.
    package var path: String
    package var isImage: Bool
    /// As written, where it was written.
    package var written: Located<String>

    package init(path: String, isImage: Bool, written: Located<String>) {
        self.path = path
        self.isImage = isImage
        self.written = written
    }
}

enum PhotoMaker {
    /// The header of `bytes`, the file `fileName`, read and checked before any decoder sees the bytes: a format sitegen
    /// publishes, the one the name says, within `PictureHeader`'s limits.
    static func header(_ bytes: Data, fileName: String) throws(PhotoProblem) -> PictureHeader {
        let start = [UInt8](bytes.prefix(64 * 1024))
        let name = String(fileName.split(separator: "/").last ?? "")
        guard let named = PictureFormat(fileName: name) else { throw PhotoProblem("its name ends in no picture format sitegen reads") }
        guard let found = PictureFormat(sniffing: start) else { throw PhotoProblem("its name says \(named.name) but its bytes are no picture format sitegen reads") }
        guard found == named else {
            throw PhotoProblem("its name says \(named.name) but its bytes are \(found.name): save it as \(named.name), or name it for what it is")
        }
        let header: PictureHeader
        do { header = try PictureHeader.read([UInt8](bytes)) } catch { throw PhotoProblem(error.reason(fileName: name)) }
        let stem = name.split(separator: ".").dropLast().joined(separator: ".")
        let convert = "`vips copy \(name) \(stem).jpg` (Debian package libvips-tools)"
        switch header.format {
        case .tiff: throw PhotoProblem("browsers do not show TIFF: convert it to a JPEG, for example with \(convert), and name that instead")
        case .heic, .avif: throw PhotoProblem("not every browser shows \(header.format.name): convert it to a JPEG, for example with \(convert), and name that instead")
        case .png where header.frames > 1:
            throw PhotoProblem("it is an animated PNG, which sitegen cannot publish with its frames: save it as an animated GIF or WebP")
        default: return header
        }
    }

    /// The picture named `fileName` made for `slot`, in the format its name says: shrunk (never enlarged), turned
    /// upright, without metadata; decoded once, as it is saved.
    static func photo(_ bytes: Data, slot: PhotoSlot, fileName: String) throws(PhotoProblem) -> (data: Data, width: Int, height: Int) {
        try photo(bytes, header: header(bytes, fileName: fileName), slot: slot)
    }

    /// `photo(_:slot:fileName:)` of bytes whose header `header(_:fileName:)` has read and checked.
    static func photo(_ bytes: Data, header: PictureHeader, slot: PhotoSlot) throws(PhotoProblem) -> (data: Data, width: Int, height: Int) {
        guard let format = PhotoFormat(header.format) else { throw PhotoProblem("an \(header.format.name) file is published as it is, not made") }
        return try Vips.decode(bytes, header, slot, inMemory: false) { (image) throws(PhotoProblem) in
            (try image.encoded(format), image.width, image.frameHeight)
        }
    }

    /// An avatar from one decode: the photo at its slot (nil for an SVG, published as it is), and the favicon and the
    /// share card's picture made smaller from it. An SVG small enough is its own favicon, sharper and smaller than a
    /// picture of it; one librsvg cannot draw (one without a size) is no error: a browser shows it.
    static func avatar(_ bytes: Data, fileName: String) throws(PhotoProblem) -> (photo: (data: Data, width: Int, height: Int)?, pictures: AvatarPictures) {
        let header = try header(bytes, fileName: fileName)
        guard let format = PhotoFormat(header.format) else {
            // Drawn by librsvg without libvips (Drawing), each at its own size.
            let favicon = bytes.count <= 4096 ? "data:image/svg+xml," + DataURL.encoding.encode(String(decoding: bytes, as: UTF8.self))
                : (try? Drawing.svg(bytes, side: PhotoSlot.favicon.width))?.dataURL
            return (nil, AvatarPictures(faviconURL: favicon, shareCardPicture: try? Drawing.svg(bytes, side: PhotoSlot.shareCard.width)))
        }
        let image = try Vips.thumbnail(bytes, header, .avatar)
        return ((try image.encoded(format), image.width, image.frameHeight),
                AvatarPictures(faviconURL: try encoded(image.smaller(.favicon)).dataURL, shareCardPicture: try encoded(image.smaller(.shareCard))))
    }

    /// A small picture encoded: PNG where it has transparency, JPEG otherwise.
    static func encoded(_ image: Vips.Image) throws(PhotoProblem) -> EncodedPicture {
        EncodedPicture(isPNG: image.hasAlpha, data: try image.encoded(image.hasAlpha ? .png : .jpeg))
    }
}

/// Where an avatar's pictures are kept between builds (SiteGen's resource cache, beside the sources), by the bytes
/// and name of the file they are made from.
package protocol AvatarPictureCache: Sendable {
    /// What an earlier build made of these bytes; marks the entry used by this build either way.
    func avatar(source: Data, fileName: String) -> (photo: PublishedPhoto?, pictures: AvatarPictures)?
    func store(source: Data, fileName: String, photo: PublishedPhoto?, pictures: AvatarPictures)
}

/// Where photos made for a slot are kept between builds (SiteGen's resource cache, beside the sources), by the bytes
/// and name of the file they are made from and the slot.
package protocol PhotoPictureCache: Sendable {
    /// What an earlier build made of these bytes for this slot; marks the entry used by this build either way.
    func photo(source: Data, fileName: String, slot: PhotoSlot) -> PublishedPhoto?
    func store(source: Data, fileName: String, slot: PhotoSlot, photo: PublishedPhoto)
}

/// The photos of a build, each made once per slot however many pages show it, on whichever core asks first. Where
/// one file is made for several slots (one page's avatar, another's background), the largest is published, and each
/// page is told its own slot's size: the same whichever page came first.
package final class PhotoLibrary: @unchecked Sendable {
    private let contentFolder: String
    private let fileSystem: any FileSystem
    private let lock = NSLock()
    private var photos: [String: [PhotoSlot: Result<PublishedPhoto, PhotoProblem>]] = [:]
    private var avatars: [String: Result<AvatarPictures, PhotoProblem>] = [:]
    private let avatarCache: (any AvatarPictureCache)?
    private let photoCache: (any PhotoPictureCache)?

    package init(contentFolder: String, fileSystem: any FileSystem, avatarCache: (any AvatarPictureCache)? = nil,
                 photoCache: (any PhotoPictureCache)? = nil) {
        self.contentFolder = contentFolder
        self.fileSystem = fileSystem
        self.avatarCache = avatarCache
        self.photoCache = photoCache
    }

    /// A page's avatar, background and text pictures as it publishes them, or the problems, reported where each is
    /// named: each by its path below content/ and as written.
    package func photos(avatar: (path: String, written: Located<String>)?, background: (path: String, written: Located<String>)?,
                        text: [TextPicture] = [], sink: inout DiagnosticSink) -> PagePhotos {
        var result = PagePhotos.none
        if case let (path, avatar)? = avatar {
            switch pictures(ofAvatar: path) {
            case .success(let pictures):
                result.avatar = pictures
                if PhotoFormat(fileName: path) != nil { result.paths.append(path) }
            case .failure(let problem): sink.report(at: avatar.position, "avatar image '\(avatar.value)' cannot be published: \(problem.reason)")
            }
        }
        if case let (path, written)? = background, PictureFormat(fileName: path) != .svg {
            switch photo(path, slot: .background) {
            case .success: result.paths.append(path)
            case .failure(let problem): sink.report(at: written.position, "background image '\(written.value)' cannot be published: \(problem.reason)")
            }
        }
        for picture in text where PictureFormat(fileName: picture.path).map({ $0 != .svg }) ?? false {
            switch photo(picture.path, slot: picture.isImage ? .text : .whole) {
            case .success(let photo):
                result.paths.append(picture.path)
                if picture.isImage { result.textSizes[picture.written.position] = PixelSize(width: photo.width, height: photo.height) }
            case .failure(let problem):
                sink.report(at: picture.written.position, "\(picture.isImage ? "image" : "link") '\(picture.written.value)' cannot be published: \(problem.reason)")
            }
        }
        return result
    }

    /// A picture of content/ (`path` below it) cleaned for publishing at its own size: decoded by its format's loader
    /// after its header was checked, and written again without metadata, at the same path. The one way a picture no
    /// page made is published: never copied as it is. nil when a page showing it reported its problem already.
    package func cleaned(_ path: String) -> Result<OutputFile, PhotoProblem>? {
        let reported = lock.withLock {
            photos[path]?.values.contains { if case .failure = $0 { true } else { false } } == true
                || { if case .failure? = avatars[path] { true } else { false } }()
        }
        if reported { return nil }
        return photo(path, slot: .whole).map { OutputFile(path: $0.path, contents: .data($0.data)) }
    }

    /// The photos made so far, one per path, sorted: where a file was made for several slots, the largest.
    package var publishedFiles: [OutputFile] {
        lock.withLock {
            photos.compactMap { path, made -> OutputFile? in
                guard let largest = made.filter({ (try? $0.value.get()) != nil }).max(by: { $0.key.width < $1.key.width }),
                      case .success(let photo) = largest.value else { return nil }
                return OutputFile(path: path, contents: .data(photo.data))
            }.sorted { $0.path < $1.path }
        }
    }

    private func read(_ path: String) -> Result<Data, PhotoProblem> {
        do { return .success(try fileSystem.readFile(joinPath(contentFolder, path))) } catch {
            return .failure(PhotoProblem("it cannot be read: \((error as? FileSystemError)?.reason ?? "\(error)")"))
        }
    }

    /// The photo at `path` made for `slot`, once; once for every slot that makes the same picture of it (a picture
    /// smaller than each of its slots' boxes is made at its own size for all of them: `PhotoSlot.making`).
    private func photo(_ path: String, slot: PhotoSlot) -> Result<PublishedPhoto, PhotoProblem> {
        if let known = lock.withLock({ photos[path]?[slot] }) { return known }
        var making = slot
        let made = read(path).flatMap { bytes -> Result<PublishedPhoto, PhotoProblem> in
            do throws(PhotoProblem) {
                let header = try PhotoMaker.header(bytes, fileName: path)
                making = slot.making(header)
                if making != slot, let known = lock.withLock({ photos[path]?[making] }) { return known }
                // From the resource cache when an earlier build made it of the same bytes for this slot: libvips is not loaded.
                if let cached = photoCache?.photo(source: bytes, fileName: path, slot: making) { return .success(cached) }
                let (data, width, height) = try PhotoMaker.photo(bytes, header: header, slot: making)
                let photo = PublishedPhoto(path: path, data: data, width: width, height: height)
                photoCache?.store(source: bytes, fileName: path, slot: making, photo: photo)
                return .success(photo)
            } catch { return .failure(error) }
        }
        return lock.withLock {
            if let known = photos[path]?[slot] { return known }
            photos[path, default: [:]][slot] = made
            if photos[path]?[making] == nil { photos[path]?[making] = made }
            return made
        }
    }

    /// The avatar's favicon and share card picture, and its photo at the avatar's slot, from one decode.
    private func pictures(ofAvatar path: String) -> Result<AvatarPictures, PhotoProblem> {
        if let known = lock.withLock({ avatars[path] }) { return known }
        var photo: PublishedPhoto?
        let made = read(path).flatMap { bytes -> Result<AvatarPictures, PhotoProblem> in
            // From the resource cache when an earlier build made them of the same bytes: libvips is not loaded.
            if let cached = avatarCache?.avatar(source: bytes, fileName: path) {
                photo = cached.photo.map { PublishedPhoto(path: path, data: $0.data, width: $0.width, height: $0.height) }
                return .success(cached.pictures)
            }
            do throws(PhotoProblem) {
                let (made, pictures) = try PhotoMaker.avatar(bytes, fileName: path)
                photo = made.map { PublishedPhoto(path: path, data: $0.data, width: $0.width, height: $0.height) }
                avatarCache?.store(source: bytes, fileName: path, photo: photo, pictures: pictures)
                return .success(pictures)
            } catch { return .failure(error) }
        }
        lock.withLock {
            avatars[path] = made
            if let photo, photos[path]?[.avatar] == nil { photos[path, default: [:]][.avatar] = .success(photo) }
        }
        return made
    }
}

/// How a `data:` URL is written.
package enum DataURL {
    /// A data: URL leaves ASCII letters, digits and `=:/.,-_~()!*` as they are (what Foundation's
    /// `addingPercentEncoding(withAllowedCharacters:)` writes with those allowed) and every other byte as `%XX`.
    package static let encoding = PercentEncoding(literalCharacters: PercentEncoding.unreservedCharacters + "=:/,()!*")
}

/// The WebP container (RIFF): libvips 8.14 writes an EXIF chunk of its own into every WebP, `strip` or not, with no
/// metadata left on the image (the resolution, the EXIF version); it is taken out here, as are XMP and ICC chunks.
enum WebPFile {
    static func withoutMetadata(_ data: Data) -> Data {
        let bytes = [UInt8](data)
        guard bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WEBP".utf8) else { return data }
        func number(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24 }
        var kept: [UInt8] = []
        var index = 12
        while index + 8 <= bytes.count {
            let name = String(decoding: bytes[index..<(index + 4)], as: UTF8.self)
            let end = index + 8 + number(index + 4) + number(index + 4) % 2  // chunks are padded to an even length
            guard end <= bytes.count else { return data }  // not as libvips writes it: left alone
            var chunk = Array(bytes[index..<end])
            switch name {
            case "EXIF", "XMP ", "ICCP": break
            case "VP8X":
                chunk[8] &= ~(0x08 | 0x04 | 0x20)  // the flags that say EXIF, XMP and ICC chunks follow
                kept += chunk
            default: kept += chunk
            }
            index = end
        }
        let size = UInt32(4 + kept.count)
        return Data("RIFF".utf8) + Data([UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 24)])
            + Data("WEBP".utf8) + Data(kept)
    }
}
