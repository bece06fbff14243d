import Companions
import Foundation
import SiteBasics

/// What a page's render reads, so that a build renders again only the pages whose inputs changed: the page's own
/// bytes, what every page shares (the site's settings, the templates, the build's options, the icon sets, sitegen
/// itself), the files under content/ it uses (its stylesheet, avatar, background and icons), and, for a page with
/// scheduled links, where `--now` falls among their times. A page written before is kept only while all of these
/// are as recorded and its files still hold the bytes sitegen wrote (`SiteWriter.filesInPlace`).
///
/// A page's file is not even read while its stamp (size, inode, modification and change times) is the one recorded
/// and what every page shares is as recorded (`OutputManifest.inputs`). The change time cannot be set by hand and
/// moves with every write, but only by the file system's clock tick (milliseconds, or whole seconds on some): a
/// stamp is recorded only when the file last changed at least `stampMargin` before the build began, so that no
/// later write can leave the stamp as it was. A page edited just before a build is read by the next build too.
package struct PageInputs: Sendable {
    /// SHA-256 of what every page shares.
    package let sharedHash: ContentHash
    /// The change time (ns since 1970) before which a source's stamp is recorded.
    let stampsBefore: Int64
    package let now: Int64
    package let writer: SiteWriter
    package let assetHashes: AssetHashes
    /// The site's folder as this build names it, for the paths of the warnings a kept page says again.
    package let sourceDirectory: String

    /// How long before the build a page's file must have last changed for its stamp to be recorded (ns): longer than
    /// any file system's clock tick (FAT's is 2 s), with room for a clock that lags.
    package static let stampMargin: Int64 = 3_000_000_000

    /// `shared` is what every page shares, as the pipeline reads it (settings, templates, options, icon sets); sitegen
    /// itself is added here. `now` is the build's `--now` (s since 1970); `fileSystem` stamps the running sitegen.
    package init(shared: String, now: Int64, sourceDirectory: String, assetHashes: AssetHashes, writer: SiteWriter, fileSystem: any FileReading) {
        sharedHash = ContentHash.of("sitegen page inputs 1\0\(SiteGenVersion.current)\0\(Self.toolStamp(in: fileSystem))\0" + shared)
        stampsBefore = assetHashes.stampsBefore
        writer.use(inputs: sharedHash)
        self.now = now
        self.writer = writer
        self.sourceDirectory = sourceDirectory
        self.assetHashes = assetHashes
    }

    /// What the page at `path` (below content/) holding `text` was made from but the files under content/ it reads.
    package func digest(ofPage path: String, text: String) -> ContentHash {
        ContentHash.of(sharedHash.description + "\0" + path + "\0" + text)
    }

    /// The page's last render kept, when nothing it was made from has changed and its files are in place: `previous`
    /// is its record in the manifest found (`SiteWriter.previousPageRecords`), and `stamp` the page's stamp now,
    /// recorded when it may be. Its files are noted as kept with the page, by `SiteWriter.record(kept:)`.
    package func kept(page path: String, stamp: FileStamp?, digest: ContentHash, previous: OutputManifest.PageRecord) -> SiteWriter.KeptPage? {
        guard previous.digest == digest, let files = filesInPlace(previous) else { return nil }
        let sourceStamp = recordable(stamp), assetStamps = newAssetStamps(of: previous)
        guard sourceStamp != previous.sourceStamp || assetStamps != nil else { return SiteWriter.KeptPage(source: path, files: files, record: nil) }
        var record = previous
        record.sourceStamp = sourceStamp
        if let assetStamps { record.assetStamps = assetStamps }
        return SiteWriter.KeptPage(source: path, files: files, record: record)
    }

    /// The page's last render kept, known unchanged without reading the page: its file's stamp and what every page
    /// shares are as recorded (`previous`, as in `kept(page:stamp:digest:previous:)`).
    package func kept(unreadPage path: String, stamp: FileStamp?, previous: OutputManifest.PageRecord) -> SiteWriter.KeptPage? {
        guard let stamp, writer.previousInputs == sharedHash, previous.sourceStamp == stamp, let files = filesInPlace(previous) else { return nil }
        guard let assetStamps = newAssetStamps(of: previous) else { return SiteWriter.KeptPage(source: path, files: files, record: nil) }
        var record = previous
        record.assetStamps = assetStamps
        return SiteWriter.KeptPage(source: path, files: files, record: record)
    }

    /// A record's asset stamps as they may be recorded now, when they are not the ones it holds (one too new to
    /// record last time may be now); nil when they are, and the record is kept as it was.
    private func newAssetStamps(of record: OutputManifest.PageRecord) -> [String: FileStamp]? {
        let stamps = assetStamps(of: record)
        return stamps == record.assetStamps ? nil : stamps
    }

    /// The stamps of a record's assets, as they may be recorded now.
    private func assetStamps(of record: OutputManifest.PageRecord) -> [String: FileStamp] {
        var stamps: [String: FileStamp] = [:]
        for path in record.assets.keys { stamps[path] = assetHashes.recordableStamp(of: path) }
        return stamps
    }

    /// Whether what every page shares is as recorded: when it is not, no page's last render can hold (every page's
    /// digest covers it).
    package var sharedInputsHold: Bool { writer.previousInputs == sharedHash }

    /// Whether a record's other inputs hold: where `--now` falls, the files under content/ it uses; and its files,
    /// where they are in place (nil when one is not).
    private func filesInPlace(_ record: OutputManifest.PageRecord) -> SiteWriter.FilesInPlace? {
        guard (record.validFrom ?? .min) <= now && now < (record.validUntil ?? .max)
            && record.assets.allSatisfy({ path, hash in
                assetHashes.hash(of: path, recorded: record.assetStamps[path].map { (hash, $0) }) == hash
            }) else { return nil }
        return writer.filesInPlace(record.outputs)
    }

    /// A page file's stamp as it may be recorded: when it last changed long enough before the build, else nil.
    func recordable(_ stamp: FileStamp?) -> FileStamp? {
        guard let stamp, stamp.changed < stampsBefore else { return nil }
        return stamp
    }

    /// What the next build checks before keeping this render: `times` are when the page's scheduled links open and
    /// close (the page stays the same while --now stays between two of them), `filesRead` the files under content/
    /// its render read (each hashed now; a missing one fails the page).
    package func record(digest: ContentHash, stamp: FileStamp?, times: [Int64], filesRead: [String], policy: (path: String, policy: SecurityPolicy)?,
                        outputs: [String], warnings: [Diagnostic]) -> OutputManifest.PageRecord {
        var assets: [String: ContentHash] = [:]
        for path in filesRead { assets[path] = assetHashes.hash(of: path) }
        var record = OutputManifest.PageRecord(digest: digest, validFrom: times.filter { $0 <= now }.max(), validUntil: times.filter { $0 > now }.min(),
                                               policy: policy, outputs: outputs, assets: assets,
                                               warnings: warnings.map { OutputManifest.RecordedWarning($0, sourceDirectory: sourceDirectory) },
                                               sourceStamp: recordable(stamp))
        record.assetStamps = assetStamps(of: record)
        return record
    }

    /// The running sitegen: a new build of it may render differently under the same version number. A file system
    /// that cannot stat it (in memory) gives one random stamp per process, so nothing outlives the process.
    package static func toolStamp(in files: any FileReading) -> String {
        files.runningProgramStamp().map(text(of:)) ?? unknownToolStamp
    }
    private static let unknownToolStamp = UUID().uuidString

    /// The stamp of the file at `path` (size, inode and times, which change whenever it is replaced: a package
    /// upgrade), followed through links (Debian's font is one), as text; nil when there is none.
    package static func stamp(_ path: String, in files: any FileReading) -> String? {
        files.realPath(path).flatMap(files.stamp(of:)).map(text(of:))
    }

    private static func text(of stamp: FileStamp) -> String {
        "\(stamp.size):\(stamp.inode):\(stamp.modified):\(stamp.changed)"
    }
}

/// The SHA-256 of each file under content/ that pages use, read at most once per build however many pages use it, and
/// not at all while its stamp is the one a page's record gives with the hash (a build with nothing changed reads none).
///
/// The racy case (git's "racy clean"): a file changed within the file system's clock tick of when its stamp was taken
/// can keep that stamp with other bytes (same size, same times). So the stamp is taken before the file is read (a
/// write after it moves the change time, which cannot be set by hand) and is recorded only when the file last changed
/// `PageInputs.stampMargin` (3 s, more than any file system's tick) before the build began: a file changed later is
/// read again by the next build, and its stamp recorded then.
package final class AssetHashes: Sendable {
    /// A file under content/ by its path below it: its stamp (nil for bytes the build holds already, which are
    /// always hashed), and how to read its bytes (nil when it cannot be read).
    package struct File: Sendable {
        package var stamp: FileStamp?
        package var read: @Sendable () -> Data?
        package init(stamp: FileStamp?, read: @escaping @Sendable () -> Data?) {
            self.stamp = stamp
            self.read = read
        }
    }
    private let file: @Sendable (String) -> File
    /// The change time (ns since 1970) before which a stamp is recorded: the build's start less the margin.
    let stampsBefore: Int64
    /// One per file pages use: the site bounds it, and a shared background read again past a bound would cost more.
    private let known = BuildMemo<String, Known>(capacity: .max)

    /// A file's hash (nil when it cannot be read) and its stamp when it may be recorded.
    private struct Known: Sendable {
        var hash: ContentHash?
        var stamp: FileStamp?
    }

    package init(stampMargin: Int64 = PageInputs.stampMargin, file: @escaping @Sendable (String) -> File) {
        var clock = timespec()
        clock_gettime(CLOCK_REALTIME, &clock)
        stampsBefore = Int64(clock.tv_sec) * 1_000_000_000 + Int64(clock.tv_nsec) - stampMargin
        self.file = file
    }

    /// nil when the file cannot be read. `recorded`: a hash and stamp from a page's record, which spare the read while
    /// the file's stamp is that one.
    package func hash(of path: String, recorded: (hash: ContentHash, stamp: FileStamp)? = nil) -> ContentHash? {
        known(path, recorded: recorded).hash
    }

    /// The file's stamp, taken before it was read, when a later change cannot share it; nil for bytes the build holds.
    func recordableStamp(of path: String) -> FileStamp? { known(path, recorded: nil).stamp }

    private func known(_ path: String, recorded: (hash: ContentHash, stamp: FileStamp)?) -> Known {
        known.value(for: path) {
            let file = file(path)  // the stamp before the read: a write after it changes the stamp
            if let stamp = file.stamp, let recorded, recorded.stamp == stamp { return Known(hash: recorded.hash, stamp: stamp) }
            guard let data = file.read() else { return Known() }
            return Known(hash: ContentHash.of(data), stamp: file.stamp.flatMap { $0.changed < stampsBefore ? $0 : nil })
        }
    }
}
