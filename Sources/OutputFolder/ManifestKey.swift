import Foundation
import LinkChain
import SiteBasics

/// The site's secret, kept in its folder as `.sitegen-key` (never in the output folder, never committed: new's
/// .gitignore leaves it out), that seals the output folder's manifest. Anyone who can change the output folder can
/// change the manifest too; without the key they cannot seal it, so a file is sitegen's only when a manifest sealed
/// with this key records its bytes. A site folder without the key (a fresh clone) makes one: the manifest found
/// then proves nothing, and every file there counts as the owner's.
package struct ManifestKey: Sendable {
    package static let fileName = ".sitegen-key"
    let bytes: [UInt8]
    /// Whether the key is new: written beside the site's sources when the build that made it commits.
    let isNew: Bool

    init(bytes: [UInt8], isNew: Bool) {
        self.bytes = bytes
        self.isNew = isNew
    }

    /// A new random key.
    static func made() -> ManifestKey {
        var generator = SystemRandomNumberGenerator()
        return ManifestKey(bytes: (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }, isNew: true)
    }

    /// The key kept in `siteFolder`, or a new one when there is none; an error when what is there is not a key.
    static func load(siteFolder: String, fileSystem: any FileSystem) throws(BuildFailure) -> ManifestKey {
        let path = joinPath(siteFolder, fileName)
        func refuse(_ what: String) -> BuildFailure {
            BuildFailure([Diagnostic(path: path, message: "\(what): sitegen keeps the key that seals its record of the output folder here; remove it, and the next build makes a new key (the output folder's files then count as yours)")])
        }
        switch fileSystem.kind(at: path) {
        case .missing: return made()
        case .file: break
        default: throw refuse("is not a file")
        }
        let data: Data
        do { data = try fileSystem.readFile(path) } catch {
            throw BuildFailure([Diagnostic(path: path, message: "\((error as? FileSystemError)?.reason ?? "cannot be read (\(error))"), and it holds the key that seals sitegen's record of the output folder: let the user who builds read it")])
        }
        guard data.count == 65, data.last == 10, let bytes = Self.bytes(hex: data.prefix(64)) else { throw refuse("is not a key sitegen wrote") }
        return ManifestKey(bytes: bytes, isNew: false)
    }

    private static func bytes(hex: Data) -> [UInt8]? {
        var bytes: [UInt8] = []
        var high: UInt8? = nil
        for digit in hex {
            guard let value = ContentHash.hexValue(digit) else { return nil }
            if let first = high { bytes.append(first << 4 | value); high = nil } else { high = value }
        }
        return bytes
    }

    /// Writes a new key into `siteFolder`, readable by its owner alone; a key that cannot be kept (a read-only
    /// site folder) seals this build's manifest all the same, which the next build then cannot read as proof.
    func keep(in siteFolder: String, fileSystem: any FileSystem) {
        guard isNew else { return }
        let path = joinPath(siteFolder, Self.fileName)
        guard (try? fileSystem.writeNewFile(path, Data((HexDigits.text(bytes) + "\n").utf8))) != nil else { return }
        fileSystem.keepPrivate(path)
    }

    /// The name of the build's staging folder in the output folder, proved sitegen's by the key: a killed build's
    /// is known by the next without any record, and a folder of any other name is never touched.
    var stagingToken: String {
        let seal = Seal(key: self)
        seal.update(Data("sitegen staging folder".utf8))
        return String(seal.finish().description.prefix(32))
    }

    /// HMAC-SHA256 with the key, over bytes given a part at a time (a large site's manifest is written in chunks).
    /// Used by one thread at a time: the manifest's writer hands it to the thread that writes the chunks.
    final class Seal: @unchecked Sendable {
        private let outerPad: [UInt8]
        private var inner: SHA256Digest.Running

        init(key: ManifestKey) {
            outerPad = key.bytes.map { $0 ^ 0x5c } + [UInt8](repeating: 0x5c, count: 64 - key.bytes.count)
            inner = SHA256Digest.Running()
            let innerPad = key.bytes.map { $0 ^ 0x36 } + [UInt8](repeating: 0x36, count: 64 - key.bytes.count)
            innerPad.withUnsafeBytes { inner.update($0) }
        }

        private init(outerPad: [UInt8], inner: SHA256Digest.Running) {
            self.outerPad = outerPad
            self.inner = inner
        }

        /// A seal that goes on from here, over the same bytes so far: a manifest that extends another is sealed
        /// without reading the other's bytes again.
        func copy() -> Seal {
            Seal(outerPad: outerPad, inner: inner)
        }

        func update(_ data: Data) {
            inner.update(data)
        }

        /// The seal.
        func finish() -> ContentHash {
            ContentHash.of(Data(outerPad + inner.finish()))
        }
    }

    /// `body` sealed: its bytes, then the seal line.
    func sealLine(for body: Data) -> Data {
        let seal = Seal(key: self)
        seal.update(body)
        return Self.sealLine(seal.finish())
    }

    static func sealLine(_ hash: ContentHash) -> Data {
        var line = Array("seal\t".utf8)
        hash.appendHex(to: &line)
        line.append(10)
        return Data(line)
    }

    /// The manifest's bytes before its seal line, when that line is the last and seals them with this key, with the
    /// seal over them so far (to seal a manifest that extends them); nil when the manifest is not sealed with the
    /// key (an older sitegen's, another key's, or edited), and so proves nothing.
    func verifiedBody(of manifest: Data) -> (body: Data, seal: Seal)? {
        let sealLength = 5 + 64 + 1
        guard manifest.count >= sealLength, manifest.last == 10 else { return nil }
        let start = manifest.startIndex + manifest.count - sealLength
        guard start == manifest.startIndex || manifest[start - 1] == 10, manifest[start..<(start + 5)].elementsEqual("seal\t".utf8),
              let recorded = ContentHash(hex: manifest[(start + 5)..<(start + 69)]) else { return nil }
        let body = manifest[manifest.startIndex..<start]
        let seal = Seal(key: self)
        seal.update(body)
        let sealSoFar = seal.copy()
        return seal.finish() == recorded ? (body, sealSoFar) : nil
    }
}
