import Companions
import Foundation
import SiteBasics

/// What a page's render reads, so that a build renders again only the pages whose inputs changed: the page's own
/// bytes, what every page shares (the site's settings, the templates, the build's options, the icon sets, sitegen
/// itself), the files under content/ it uses (its stylesheet, avatar, background and icons), and, for a page with
/// scheduled links, where `--now` falls among their times. A page written before is kept only while all of these
/// are as recorded and its files still hold the bytes sitegen wrote (`SiteWriter.keep`).
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
    let assetHashes: AssetHashes
    /// The site's folder as this build names it, for the paths of the warnings a kept page says again.
    package let sourceDirectory: String

    /// How long before the build a page's file must have last changed for its stamp to be recorded (ns): longer than
    /// any file system's clock tick (FAT's is 2 s), with room for a clock that lags.
    package static let stampMargin: Int64 = 3_000_000_000

    /// `shared` is what every page shares, as the pipeline reads it (settings, templates, options, icon sets); sitegen
    /// itself is added here. `now` is the build's `--now` (s since 1970); `fileSystem` stamps the running sitegen.
    package init(shared: String, now: Int64, sourceDirectory: String, assetHashes: AssetHashes, writer: SiteWriter, fileSystem: any FileReading,
                 stampMargin: Int64 = PageInputs.stampMargin) {
        sharedHash = ContentHash.of("sitegen page inputs 1\0\(SiteGenVersion.current)\0\(Self.toolStamp(in: fileSystem))\0" + shared)
        var clock = timespec()
        clock_gettime(CLOCK_REALTIME, &clock)
        stampsBefore = Int64(clock.tv_sec) * 1_000_000_000 + Int64(clock.tv_nsec) - stampMargin
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

    /// The record of the page's last render, when nothing it was made from has changed and its files are in place,
    /// with the page's stamp now (`stamp`) when it may be recorded.
    package func unchangedRecord(ofPage path: String, stamp: FileStamp?, digest: ContentHash) -> OutputManifest.PageRecord? {
        guard var record = writer.previousRecord(of: path), record.digest == digest, stillHolds(record) else { return nil }
        record.sourceStamp = recordable(stamp)
        return record
    }

    /// The record of the page's last render, known unchanged without reading the page: its file's stamp and what every
    /// page shares are as recorded.
    package func unchangedRecord(ofUnreadPage path: String, stamp: FileStamp?) -> OutputManifest.PageRecord? {
        guard let stamp, writer.previousInputs == sharedHash, let record = writer.previousRecord(of: path),
              record.sourceStamp == stamp, stillHolds(record) else { return nil }
        return record
    }

    /// Whether what every page shares is as recorded: when it is not, no page's last render can hold (every page's
    /// digest covers it).
    package var sharedInputsHold: Bool { writer.previousInputs == sharedHash }

    /// Whether the page's last render could still hold, so that its bytes are worth reading to compare.
    package func mayKeep(page path: String) -> Bool {
        sharedInputsHold && writer.previousRecord(of: path) != nil
    }

    /// Whether a record's other inputs hold: where `--now` falls, the files under content/ it uses, its files.
    private func stillHolds(_ record: OutputManifest.PageRecord) -> Bool {
        (record.validFrom ?? .min) <= now && now < (record.validUntil ?? .max)
            && record.assets.allSatisfy({ assetHashes.hash(of: $0.key) == $0.value }) && writer.keep(record.outputs)
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
        return OutputManifest.PageRecord(digest: digest, validFrom: times.filter { $0 <= now }.max(), validUntil: times.filter { $0 > now }.min(),
                                         policy: policy, outputs: outputs, assets: assets,
                                         warnings: warnings.map { OutputManifest.RecordedWarning($0, sourceDirectory: sourceDirectory) },
                                         sourceStamp: recordable(stamp))
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

/// The SHA-256 of each file under content/ that pages use, read once per build however many pages use it.
package final class AssetHashes: Sendable {
    /// The bytes of a file under content/ by its path below it; nil when it cannot be read.
    private let read: @Sendable (String) -> Data?
    /// One per file pages use: the site bounds it, and a shared background read again past a bound would cost more.
    private let known = BuildMemo<String, ContentHash?>(capacity: .max)

    package init(read: @escaping @Sendable (String) -> Data?) {
        self.read = read
    }

    /// nil when the file cannot be read.
    func hash(of path: String) -> ContentHash? {
        known.value(for: path) { read(path).map(ContentHash.of) }
    }
}
