import CVips
import LinkChain
import Foundation
import SiteBasics

/// libvips, started once for the process; every image sitegen decodes or encodes goes through here.
package enum Vips {
    /// Whether libvips started; nil when it did not, with its reason.
    static let startProblem: String? = sitegen_vips_start() == 0 ? nil : takeError()

    /// `8.14.1`: a card drawn by another libvips may differ, so its name (`ShareCard.fileName`) says which drew it.
    /// It is the version sitegen was built against: the one loaded is asked only when a picture is made, and a build
    /// that names its cards must not load libvips for that alone.
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
        var hasAlpha: Bool { sitegen_vips_has_alpha(pointer) != 0 }
        var bands: Int { Int(sitegen_vips_bands(pointer)) }

        /// The pixels, row by row, each band a byte (images sitegen makes are 8-bit).
        func pixels() -> Data {
            var length = 0
            guard let memory = sitegen_vips_pixels(pointer, &length) else { return Data() }
            defer { sitegen_vips_free(memory) }
            return Data(bytes: memory, count: length)
        }

        /// A copy without any metadata (EXIF, XMP, IPTC, ICC profile, comments), saved as `format`.
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
            }
            guard status == 0, let bytes else { throw PhotoProblem(Vips.takeError()) }
            defer { sitegen_vips_free(bytes) }
            let data = Data(bytes: bytes, count: length)
            return format == .webp ? WebPFile.withoutMetadata(data) : data
        }
    }

    /// `bytes` (any format libvips reads, SVG included) shrunk to fit `slot`, upright, in sRGB.
    static func thumbnail(_ bytes: Data, _ slot: PhotoSlot) throws(PhotoProblem) -> Image {
        if let startProblem { throw PhotoProblem("libvips did not start: \(startProblem)") }
        decoding.lock()
        defer { decoding.unlock() }
        let found = bytes.withUnsafeBytes { raw in sitegen_vips_is_image(raw.baseAddress, raw.count) != 0 }
        guard found else { throw PhotoProblem("it is not a picture libvips can read (expected a JPEG, PNG, WebP, GIF or SVG file)") }
        var made: OpaquePointer?
        let status = bytes.withUnsafeBytes { raw in
            sitegen_vips_thumbnail(raw.baseAddress, raw.count, Int32(slot.width), Int32(slot.height), slot.fills ? 1 : 0, &made)
        }
        guard status == 0, let made else { throw PhotoProblem(takeError()) }
        return Image(made)
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
    init(_ reason: String) { self.reason = reason }
}

/// A format a photo is published in: the one its file name says, so the path every link, the vCard and a Markdown
/// image use stays right. JPEG, PNG and WebP are shown by every browser the page supports (Safari 14 and later).
package enum PhotoFormat: String, Sendable {
    case jpeg, png, webp

    init?(fileName: String) {
        switch fileName.split(separator: ".").last?.lowercased() {
        case "jpg", "jpeg": self = .jpeg
        case "png": self = .png
        case "webp": self = .webp
        default: return nil
        }
    }

    var mediaType: String { "image/" + rawValue }
}

/// The box a picture is made for, in device pixels: what the layout shows at 2× density.
struct PhotoSlot: Sendable {
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
    /// The avatar on the share card (a 240 px circle on a 1200 × 630 picture).
    static let shareCard = PhotoSlot(width: 240, height: 240, fills: true)
}

/// A photo as the site publishes it: resized for its slot, re-encoded, without metadata.
public struct PublishedPhoto: Sendable, Equatable {
    /// Below the output folder: the path of the file under content/ it is made from.
    public var path: String
    public var data: Data
    public var width: Int
    public var height: Int
}

/// What a page shows of its avatar besides the `<img>`: the favicon and the share card's picture, both as `data:`
/// URLs so they cost no request.
public struct AvatarPictures: Sendable, Equatable {
    /// nil: the avatar's own file serves (a large SVG librsvg cannot draw).
    public var faviconURL: String?
    /// nil: the card shows the title's initials (an SVG librsvg cannot draw).
    public var shareCardURL: String?
}

/// The pictures of one page, made from its `avatar` and `background`.
public struct PagePhotos: Sendable {
    public var avatar: AvatarPictures?
    /// The photos it shows (below the output folder), which the build publishes made, not copied.
    public var paths: [String] = []

    public static let none = PagePhotos(avatar: nil)
}

enum PhotoMaker {
    /// A photo for `slot`, in `format`: shrunk (never enlarged), turned upright, without metadata.
    static func photo(_ bytes: Data, slot: PhotoSlot, format: PhotoFormat) throws(PhotoProblem) -> (data: Data, width: Int, height: Int) {
        let image = try Vips.thumbnail(bytes, slot)
        return (try image.encoded(format), image.width, image.height)
    }

    /// A small picture as a `data:` URL: PNG where it has transparency, JPEG otherwise.
    static func dataURL(_ bytes: Data, slot: PhotoSlot) throws(PhotoProblem) -> String {
        let image = try Vips.thumbnail(bytes, slot)
        let format: PhotoFormat = image.hasAlpha ? .png : .jpeg
        return "data:\(format.mediaType);base64," + (try image.encoded(format)).base64EncodedString()
    }
}

/// The photos of a build, each made once however many pages show it, on whichever core asks first.
package final class PhotoLibrary: @unchecked Sendable {
    private let contentFolder: String
    private let fileSystem: any FileSystem
    private let lock = NSLock()
    private var photos: [String: (slot: PhotoSlot, made: Result<PublishedPhoto, PhotoProblem>)] = [:]
    private var avatars: [String: Result<AvatarPictures, PhotoProblem>] = [:]

    package init(contentFolder: String, fileSystem: any FileSystem) {
        self.contentFolder = contentFolder
        self.fileSystem = fileSystem
    }

    /// A page's avatar and background as it publishes them, or the problems, reported where each is named: each by
    /// its path below content/ and as written in front matter.
    package func photos(avatar: (path: String, written: Located<String>)?, background: (path: String, written: Located<String>)?,
                        sink: inout DiagnosticSink) -> PagePhotos {
        var result = PagePhotos.none
        if case let (path, avatar)? = avatar {
            func report(_ problem: PhotoProblem) {
                sink.report(at: avatar.position, "avatar image '\(avatar.value)' cannot be published: \(problem.reason)")
            }
            switch pictures(ofAvatar: path) {
            case .success(let pictures): result.avatar = pictures
            case .failure(let problem): report(problem)
            }
            if PhotoFormat(fileName: path) != nil {
                switch photo(path, slot: .avatar) {
                case .success: result.paths.append(path)
                case .failure(let problem) where result.avatar != nil: report(problem)
                case .failure: break
                }
            }
        }
        if case let (path, written)? = background, PhotoFormat(fileName: path) != nil {
            switch photo(path, slot: .background) {
            case .success: result.paths.append(path)
            case .failure(let problem): sink.report(at: written.position, "background image '\(written.value)' cannot be published: \(problem.reason)")
            }
        }
        return result
    }

    /// The photos made so far, one per path, sorted: where a file is one page's avatar and another's background,
    /// the larger (the background) serves both.
    package var publishedFiles: [OutputFile] {
        lock.withLock {
            photos.compactMap { try? $0.value.made.get() }.sorted { $0.path < $1.path }
                .map { OutputFile(path: $0.path, contents: .data($0.data)) }
        }
    }

    private func read(_ path: String) -> Result<Data, PhotoProblem> {
        do { return .success(try fileSystem.readFile(joinPath(contentFolder, path))) } catch {
            return .failure(PhotoProblem("it cannot be read: \((error as? FileSystemError)?.reason ?? "\(error)")"))
        }
    }

    /// The photo at `path` made for `slot`, once: a request for a larger slot (a background, where another page
    /// has the file as its avatar) makes it again, larger, and that one serves both.
    private func photo(_ path: String, slot: PhotoSlot) -> Result<PublishedPhoto, PhotoProblem> {
        if let known = lock.withLock({ photos[path] }), known.slot.width >= slot.width { return known.made }
        let made = read(path).flatMap { bytes -> Result<PublishedPhoto, PhotoProblem> in
            do throws(PhotoProblem) {
                let (data, width, height) = try PhotoMaker.photo(bytes, slot: slot, format: PhotoFormat(fileName: path)!)
                return .success(PublishedPhoto(path: path, data: data, width: width, height: height))
            } catch { return .failure(error) }
        }
        return lock.withLock {
            if let known = photos[path], known.slot.width >= slot.width { return known.made }
            photos[path] = (slot, made)
            return made
        }
    }

    private func pictures(ofAvatar path: String) -> Result<AvatarPictures, PhotoProblem> {
        if let known = lock.withLock({ avatars[path] }) { return known }
        let made = read(path).flatMap { bytes -> Result<AvatarPictures, PhotoProblem> in
            guard path.lowercased().hasSuffix(".svg") else {
                do throws(PhotoProblem) {
                    return .success(AvatarPictures(faviconURL: try PhotoMaker.dataURL(bytes, slot: .favicon),
                                                   shareCardURL: try PhotoMaker.dataURL(bytes, slot: .shareCard)))
                } catch { return .failure(error) }
            }
            // An SVG is published as it is (it was checked when loaded), and a browser shows one that librsvg cannot
            // draw (one without a size): that is no error. A small one is its own favicon, sharper and smaller than a
            // picture of it.
            let favicon = bytes.count <= 4096 ? "data:image/svg+xml," + DataURL.encoding.encode(String(decoding: bytes, as: UTF8.self))
                : try? PhotoMaker.dataURL(bytes, slot: .favicon)
            return .success(AvatarPictures(faviconURL: favicon, shareCardURL: try? PhotoMaker.dataURL(bytes, slot: .shareCard)))
        }
        lock.withLock { avatars[path] = made }
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
