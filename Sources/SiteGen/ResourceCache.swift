import Companions
import Foundation
import SiteBasics

/// The pictures sitegen drew, kept beside the site's sources (`cache/` in the site folder) so that a build into an
/// empty output folder (every CI deploy, a new clone) takes them instead of drawing them again, as Hugo keeps its
/// processed images in `resources/_gen`. Meant to be committed with the site: `sitegen new`'s .gitignore keeps it.
///
/// An entry is `cache/cards/KEY-SHA.png`: KEY the first 32 hex digits of the hash of everything that makes the picture
/// (`ShareCard.cacheKey`), SHA those of its bytes' SHA-256. The bytes are the same on every machine with the same
/// libraries and fonts, and hold no path, time or secret. An entry whose bytes do not hash to its name (edited, cut
/// short, damaged) is not used: the picture is drawn and the entry written again. A link, a folder or anything but a
/// regular file in its place is neither read nor removed; so is `cache/` itself when it is a link (SiteBoundary's
/// rule: nothing outside the site is read). A build prunes the entries it did not use; where the cache cannot be
/// written (a read-only checkout) the build goes on without it.
final class ResourceCache: DrawnPictureCache, @unchecked Sendable {
    static let folderName = "cache"
    static let cardsFolder = "cards"

    /// `cache/` and `cache/cards/` in the site folder.
    private let root: String, folder: String
    private let fileSystem: any FileSystem
    private let lock = NSLock()
    /// The entries found when the build started, by KEY: their file names.
    private let found: [String: String]
    /// Whether the cards folder is a real folder inside the site (nil: it does not exist yet).
    private let usable: Bool
    private var used: Set<String> = []

    /// The cache of the site in `siteFolder`; its entries listed once.
    init(siteFolder: String, fileSystem: any FileSystem) {
        self.fileSystem = fileSystem
        let cache = joinPath(siteFolder, Self.folderName)
        root = cache
        folder = joinPath(cache, Self.cardsFolder)
        // Only real folders: a link named cache/ or cache/cards (to elsewhere) is neither read nor written.
        let cacheKind = fileSystem.entryKind(at: cache), cardsKind = fileSystem.entryKind(at: folder)
        usable = (cacheKind == .missing || cacheKind == .directory) && (cardsKind == .missing || cardsKind == .directory)
        var found: [String: String] = [:]
        if usable, cardsKind == .directory, let names = try? fileSystem.entries(in: folder) {
            for name in names {
                guard let (key, _) = Self.parts(of: name) else { continue }
                found[key] = name
            }
        }
        self.found = found
    }

    /// KEY and SHA of an entry's file name; nil for any other name.
    static func parts(of name: String) -> (key: String, sha: String)? {
        let bytes = Array(name.utf8)
        guard bytes.count == 32 + 1 + 32 + 4, name.hasSuffix(".png"), bytes[32] == UInt8(ascii: "-"),
              bytes[0..<32].allSatisfy(ContentHash.isHexDigit), bytes[33..<65].allSatisfy(ContentHash.isHexDigit) else { return nil }
        return (String(decoding: bytes[0..<32], as: UTF8.self), String(decoding: bytes[33..<65], as: UTF8.self))
    }

    func picture(forKey fullKey: String) -> Data? {
        let key = String(fullKey.prefix(32))
        lock.withLock { _ = used.insert(key) }
        guard let name = found[key], let (_, sha) = Self.parts(of: name) else { return nil }
        let path = joinPath(folder, name)
        guard fileSystem.entryKind(at: path) == .file, let data = try? fileSystem.readFile(path),
              SecurityPolicy.sha256Hex(Array(data)[...]).hasPrefix(sha) else { return nil }
        return data
    }

    func holds(_ fullKey: String) -> Bool {
        let key = String(fullKey.prefix(32))
        lock.withLock { _ = used.insert(key) }
        return found[key] != nil
    }

    func store(_ data: Data, forKey fullKey: String) {
        guard usable else { return }
        let key = String(fullKey.prefix(32))
        let name = key + "-" + SecurityPolicy.sha256Hex(Array(data)[...]).prefix(32) + ".png"
        let path = joinPath(folder, name)
        // Written beside the entry and renamed into place: a build running at the same time reads the whole entry or
        // none, and two writing the same key write the same bytes.
        let temporary = joinPath(folder, ".\(name).\(getpid()).\(UInt64.random(in: 0...UInt64.max)).tmp")
        do {
            for made in [root, folder] where fileSystem.entryKind(at: made) == .missing {
                try? fileSystem.makeFolder(made)
            }
            guard fileSystem.entryKind(at: root) == .directory, fileSystem.entryKind(at: folder) == .directory else { return }
            try fileSystem.writeNewFile(temporary, data)
            try fileSystem.replaceFile(path, with: temporary)
        } catch {
            try? fileSystem.removeFile(temporary)
        }
        // An earlier entry of the same key whose bytes were damaged is replaced by this one's name.
        if let old = found[key], old != name, fileSystem.entryKind(at: joinPath(folder, old)) == .file {
            try? fileSystem.removeFile(joinPath(folder, old))
        }
    }

    /// The entries no card of this build used, removed (`hugo --gc`, on every build): only names an entry has and
    /// only regular files, found when the build started; an entry written meanwhile by a build alongside stays.
    func prune() {
        let used = lock.withLock { self.used }
        for (key, name) in found where !used.contains(key) {
            let path = joinPath(folder, name)
            if fileSystem.entryKind(at: path) == .file { try? fileSystem.removeFile(path) }
        }
    }
}
