import Artwork
import Companions
import Foundation
import OutputFolder
import SiteBasics

/// The pictures sitegen drew, kept beside the site's sources (`cache/` in the site folder) so that a build into an
/// empty output folder (every CI deploy, a new clone) takes them instead of drawing them again, as Hugo keeps its
/// processed images in `resources/_gen`. Meant to be committed with the site: `sitegen new`'s .gitignore keeps it.
///
/// An entry is `cache/cards/KEY-SHA.png` (a share card), `cache/avatars/KEY-SHA.avatar` (an avatar's pictures) or
/// `cache/photos/KEY-SHA.photo` (any other photo made for a slot): KEY
/// the first 32 hex digits of the hash of everything that makes it (`ShareCard.cacheKey`, `AvatarEntry.key`), SHA
/// those of its bytes' SHA-256. The bytes are the same on every machine with the same
/// libraries and fonts, and hold no path, time or secret. An entry whose bytes do not hash to its name (edited, cut
/// short, damaged) is not used: the picture is drawn and the entry written again. A link, a folder or anything but a
/// regular file in its place is neither read nor removed; so is `cache/` itself when it is a link (SiteBoundary's
/// rule: nothing outside the site is read). A build prunes the entries it did not use; where the cache cannot be
/// written (a read-only checkout) the build goes on without it.
final class ResourceCache: DrawnPictureCache, @unchecked Sendable {
    static let folderName = "cache"

    /// What a cache holds: its folder below `cache/` and its entries' extension.
    struct Kind: Sendable {
        var folder: String
        var fileExtension: String
        /// Share cards: PNG.
        static let cards = Kind(folder: "cards", fileExtension: ".png")
        /// An avatar's pictures (its photo, favicon and the share card's picture), in `AvatarEntry`'s form.
        static let avatars = Kind(folder: "avatars", fileExtension: ".avatar")
        /// Every other photo made for a slot (a page's background, a picture in the text or one a link leads to),
        /// in `PhotoEntry`'s form.
        static let photos = Kind(folder: "photos", fileExtension: ".photo")
    }

    private let kind: Kind

    /// `cache/` and its kind's folder in the site folder.
    private let root: String, folder: String
    private let fileSystem: any FileSystem
    private let lock = NSLock()
    /// The entries found when the cache was first asked for one (or pruned), by KEY: their file names, sorted. Two
    /// names for one key (a planted entry, or a damaged one beside its redrawn copy) are tried in this order, not in
    /// the order the folder lists them, which differs between file systems: the first whose bytes match its name is
    /// taken. nil until then: a build that keeps every page asks for nothing, and a large site's folder holds an entry
    /// a page (listing 10,000 names, then letting them go, was 7 ms of a build that changed one page).
    private var listed: [String: [String]]?
    /// Whether the kind's folder was there when the cache was made (else nothing is listed).
    private let folderFound: Bool
    /// Whether the cards folder is a real folder inside the site (nil: it does not exist yet).
    private let usable: Bool
    private var used: Set<String> = []
    /// Whether `cache/` and the kind's folder are there to write in, once the first entry has been stored (nil: not
    /// yet tried): made and checked once per build, not for every entry.
    private var writable: Bool?
    /// Entries are written under a name of this process (its id and a random number, drawn once) and a count, then
    /// renamed: no two writers, in this build or another beside it, write one temporary file.
    private let temporaryStem = "\(getpid()).\(UInt64.random(in: 0...UInt64.max))"
    private var temporaryCount = 0
    /// How many more `holds` may find an entry by the name its bytes give it, before the folder is listed: a build
    /// that makes a page or two (its card kept) looks for one or two, and listing a large site's 10,000 entries to
    /// find them cost more than drawing a card.
    private var probesLeft = 16

    /// The cache of the site in `siteFolder`; its entries listed once, when first needed.
    init(siteFolder: String, kind: Kind = .cards, fileSystem: any FileSystem) {
        self.fileSystem = fileSystem
        self.kind = kind
        let cache = joinPath(siteFolder, Self.folderName)
        root = cache
        folder = joinPath(cache, kind.folder)
        // Only real folders: a link named cache/ or cache/cards (to elsewhere) is neither read nor written.
        let cacheKind = fileSystem.kind(at: cache), cardsKind = fileSystem.kind(at: folder)
        usable = (cacheKind == .missing || cacheKind == .folder) && (cardsKind == .missing || cardsKind == .folder)
        folderFound = cardsKind == .folder
    }

    /// The names of the entries of `key` (none: nil). Under the lock.
    private func found(_ key: String) -> [String]? { listing()[key] }

    /// The entries by KEY, the folder listed the first time. Under the lock.
    private func listing() -> [String: [String]] {
        if listed == nil {
            var found: [String: [String]] = [:]
            if usable, folderFound, let names = try? fileSystem.names(in: folder) {
                // Each name read as bytes once, and only the rare names that share a key sorted, not all.
                found.reserveCapacity(names.count)
                for name in names {
                    guard let key = Self.key(of: name, kind: kind) else { continue }
                    found[key, default: []].append(name)
                }
                for index in found.indices where found.values[index].count > 1 { found.values[index].sort() }
            }
            listed = found
        }
        return listed!
    }

    /// The file name of the entry of `key` (its first 32 hex digits) holding `data`: KEY-SHA and the kind's extension.
    private func entryName(key: String, data: Data) -> String {
        key + "-" + SHA256Digest.hex(data).prefix(32) + kind.fileExtension
    }

    /// KEY and SHA of an entry's file name; nil for any other name.
    static func parts(of name: String, kind: Kind) -> (key: String, sha: String)? {
        var name = name
        return name.withUTF8 { bytes in
            guard isEntry(bytes, kind: kind) else { return nil }
            return (String(decoding: UnsafeBufferPointer(rebasing: bytes[0..<32]), as: UTF8.self),
                    String(decoding: UnsafeBufferPointer(rebasing: bytes[33..<65]), as: UTF8.self))
        }
    }

    /// KEY of an entry's file name (`parts(of:kind:)`'s first), without making its SHA; nil for any other name.
    static func key(of name: String, kind: Kind) -> String? {
        var name = name
        return name.withUTF8 { bytes in
            isEntry(bytes, kind: kind) ? String(decoding: UnsafeBufferPointer(rebasing: bytes[0..<32]), as: UTF8.self) : nil
        }
    }

    /// Whether a file name's bytes are KEY-SHA and the kind's extension. Compared as bytes, in place: String's
    /// hasSuffix is Foundation's search here, and the cards folder of a large site is listed on every build that writes.
    private static func isEntry(_ bytes: UnsafeBufferPointer<UInt8>, kind: Kind) -> Bool {
        bytes.count == 32 + 1 + 32 + kind.fileExtension.utf8.count && bytes[65...].elementsEqual(kind.fileExtension.utf8)
            && bytes[32] == UInt8(ascii: "-") && bytes[0..<32].allSatisfy(ContentHash.isHexDigit) && bytes[33..<65].allSatisfy(ContentHash.isHexDigit)
    }

    func picture(forKey fullKey: String) -> Data? {
        let key = String(fullKey.prefix(32))
        let names = lock.withLock { used.insert(key); return found(key) ?? [] }
        for name in names {
            guard let (_, sha) = Self.parts(of: name, kind: kind) else { continue }
            let path = joinPath(folder, name)
            if fileSystem.kind(at: path) == .file, let data = try? fileSystem.readFile(path), SHA256Digest.hex(data).hasPrefix(sha) { return data }
        }
        return nil
    }

    func holds(_ fullKey: String, picture: () -> Data?) -> Bool {
        let key = String(fullKey.prefix(32))
        let probes = lock.withLock { () -> Bool in
            used.insert(key)
            guard listed == nil, probesLeft > 0 else { return false }
            probesLeft -= 1
            return true
        }
        // Found by its name when the folder is not listed yet: the entry these bytes make, a regular file.
        if probes, usable, folderFound, let data = picture(),
           fileSystem.kind(at: joinPath(folder, entryName(key: key, data: data))) == .file {
            return true
        }
        return lock.withLock { found(key) != nil }
    }

    func store(_ data: Data, forKey fullKey: String) {
        guard usable else { return }
        let key = String(fullKey.prefix(32))
        let name = entryName(key: key, data: data)
        let path = joinPath(folder, name)
        let (writable, count, earlier) = lock.withLock { () -> (Bool, Int, [String]) in
            if self.writable == nil {
                for made in [root, folder] where fileSystem.kind(at: made) == .missing {
                    try? fileSystem.makeFolder(made)
                }
                self.writable = fileSystem.kind(at: root) == .folder && fileSystem.kind(at: folder) == .folder
            }
            temporaryCount += 1
            return (self.writable ?? false, temporaryCount, found(key) ?? [])
        }
        guard writable else { return }
        // Written beside the entry and renamed into place: a build running at the same time reads the whole entry or
        // none, and two writing the same key write the same bytes.
        let temporary = joinPath(folder, ".\(name).\(temporaryStem).\(count).tmp")
        do {
            try fileSystem.writeNewFile(temporary, data)
            try fileSystem.replaceFile(path, with: temporary)
        } catch {
            try? fileSystem.removeFile(temporary)
        }
        // Earlier entries of the same key whose bytes were damaged are replaced by this one's name.
        for old in earlier where old != name && fileSystem.kind(at: joinPath(folder, old)) == .file {
            try? fileSystem.removeFile(joinPath(folder, old))
        }
    }

    /// The entries no card of this build used, removed (`hugo --gc`, on every build): only names an entry has and
    /// only regular files, found when the cache was first asked; an entry written later by a build alongside stays.
    func prune() {
        let (used, found) = lock.withLock { (self.used, listing()) }
        for (key, names) in found where !used.contains(key) {
            for name in names {
                let path = joinPath(folder, name)
                if fileSystem.kind(at: path) == .file { try? fileSystem.removeFile(path) }
            }
        }
    }
}

/// An avatar's pictures in the resource cache (`cache/avatars/`): its photo at the avatar's slot (none for an SVG,
/// published as it is), its favicon's `data:` URL and the share card's picture, made by libvips from the file's bytes.
struct AvatarEntry: AvatarPictureCache {
    let cache: ResourceCache

    /// Raised with every change to how an avatar's pictures are made (2: an SVG's drawn by librsvg alone).
    static let version = 2

    /// The hash of what makes the pictures: the file's bytes, its format (from its name), the making's version and
    /// what makes them: librsvg for an SVG (drawn without libvips), libvips for a photo.
    static func key(source: Data, fileName: String, libraries: PictureLibraries = .built) -> String {
        let madeBy = PictureFormat(fileName: fileName) == .svg ? libraries.drawing : libraries.vips
        return SHA256Digest.hex("sitegen avatar \(version)\0\(madeBy)\0\(format(of: fileName))\0" + SHA256Digest.hex(source))
    }

    /// A picture file's format as its key names it: its name's extension, lower-cased.
    static func format(of fileName: String) -> String {
        fileName.split(separator: ".").last.map { $0.lowercased() } ?? ""
    }

    func avatar(source: Data, fileName: String) -> (photo: PublishedPhoto?, pictures: AvatarPictures)? {
        guard let data = cache.picture(forKey: Self.key(source: source, fileName: fileName)) else { return nil }
        return Self.decode(data, path: fileName)
    }

    func store(source: Data, fileName: String, photo: PublishedPhoto?, pictures: AvatarPictures) {
        cache.store(Self.encode(photo: photo, pictures: pictures), forKey: Self.key(source: source, fileName: fileName))
    }

    /// `sitegen avatar VERSION`, then each part as a line (its name, its numbers, its length) and its bytes: `photo WIDTH
    /// HEIGHT LENGTH`, `favicon LENGTH`, `card png|jpeg LENGTH`, each only when there is one.
    static func encode(photo: PublishedPhoto?, pictures: AvatarPictures) -> Data {
        var data = Data("sitegen avatar \(version)\n".utf8)
        if let photo { data += Data("photo \(photo.width) \(photo.height) \(photo.data.count)\n".utf8) + photo.data }
        if let favicon = pictures.faviconURL { data += Data("favicon \(favicon.utf8.count)\n".utf8) + Data(favicon.utf8) }
        if let card = pictures.shareCardPicture { data += Data("card \(card.isPNG ? "png" : "jpeg") \(card.data.count)\n".utf8) + card.data }
        return data
    }

    /// nil for anything `encode` does not write.
    static func decode(_ data: Data, path: String) -> (photo: PublishedPhoto?, pictures: AvatarPictures)? {
        var rest = data[...]
        func line() -> [String]? {
            guard let end = rest.firstIndex(of: UInt8(ascii: "\n")), end - rest.startIndex <= 64 else { return nil }
            defer { rest = rest[(end + 1)...] }
            return String(decoding: rest[..<end], as: UTF8.self).split(separator: " ").map(String.init)
        }
        func bytes(_ count: String) -> Data? {
            guard let count = Int(count), count >= 0, count <= rest.count else { return nil }
            defer { rest = rest.dropFirst(count) }
            return Data(rest.prefix(count))
        }
        guard line() == ["sitegen", "avatar", "\(version)"] else { return nil }
        var photo: PublishedPhoto?
        var pictures = AvatarPictures(faviconURL: nil, shareCardPicture: nil)
        while !rest.isEmpty {
            guard let fields = line() else { return nil }
            switch (fields.first, fields.count) {
            case ("photo", 4):
                guard let width = Int(fields[1]), let height = Int(fields[2]), let made = bytes(fields[3]) else { return nil }
                photo = PublishedPhoto(path: path, data: made, width: width, height: height)
            case ("favicon", 2):
                guard let made = bytes(fields[1]) else { return nil }
                pictures.faviconURL = String(decoding: made, as: UTF8.self)
            case ("card", 3):
                guard fields[1] == "png" || fields[1] == "jpeg", let made = bytes(fields[2]) else { return nil }
                pictures.shareCardPicture = EncodedPicture(isPNG: fields[1] == "png", data: made)
            default: return nil
            }
        }
        return (photo, pictures)
    }
}

/// A photo made for a slot, in the resource cache (`cache/photos/`): a page's background, a picture in its text, one a
/// link leads to (each resized, re-encoded and without metadata by libvips), by the file's bytes and the slot.
struct PhotoEntry: PhotoPictureCache {
    let cache: ResourceCache

    /// Raised with every change to how a photo is made for a slot (PhotoMaker.photo).
    static let version = 1

    /// The hash of what makes the photo: the file's bytes, its format (from its name), the slot (box and crop), the
    /// making's version and libvips, which makes it (an SVG is published as it is, never made for a slot).
    static func key(source: Data, fileName: String, slot: PhotoSlot, libraries: PictureLibraries = .built) -> String {
        let format = AvatarEntry.format(of: fileName)
        return SHA256Digest.hex("sitegen photo \(version)\0\(libraries.vips)\0\(format)\0\(slot.cacheName)\0" + SHA256Digest.hex(source))
    }

    func photo(source: Data, fileName: String, slot: PhotoSlot) -> PublishedPhoto? {
        guard let data = cache.picture(forKey: Self.key(source: source, fileName: fileName, slot: slot)) else { return nil }
        return AvatarEntry.decode(data, path: fileName)?.photo
    }

    /// In the avatar entry's form, with the photo alone.
    func store(source: Data, fileName: String, slot: PhotoSlot, photo: PublishedPhoto) {
        cache.store(AvatarEntry.encode(photo: photo, pictures: AvatarPictures(faviconURL: nil, shareCardPicture: nil)),
                    forKey: Self.key(source: source, fileName: fileName, slot: slot))
    }
}
