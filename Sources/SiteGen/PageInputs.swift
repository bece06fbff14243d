import Artwork
import Foundation
import LinkChain
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
struct PageInputs: Sendable {
    /// SHA-256 of what every page shares.
    let sharedHash: ContentHash
    /// The change time (ns since 1970) before which a source's stamp is recorded.
    let stampsBefore: Int64
    let now: Int64
    let writer: SiteWriter
    let assetHashes: AssetHashes
    /// The site's folder as this build names it, for the paths of the warnings a kept page says again.
    let sourceDirectory: String

    /// How long before the build a page's file must have last changed for its stamp to be recorded (ns): longer than
    /// any file system's clock tick (FAT's is 2 s), with room for a clock that lags.
    static let stampMargin: Int64 = 3_000_000_000

    init(_ sources: SiteSources, options: BuildOptions, iconSets: IconSets, fileSystem: any FileSystem, writer: SiteWriter,
         stampMargin: Int64 = PageInputs.stampMargin) {
        var shared = "sitegen page inputs 1\0\(SiteGenVersion.current)\0\(Self.toolStamp(in: fileSystem))\0"
        shared += "base-url \(options.baseURL ?? "-")\0"
        // Each set's folder by the file that marks it (what `IconSets.discover` looks for), which an upgrade replaces.
        let simpleIconsMark = iconSets.simpleIcons.map { $0 + "/" + IconSets.simpleIconsMark }
        shared += "icons \(iconSets.simpleIcons ?? "-") \(simpleIconsMark.flatMap { Self.stamp($0, in: iconSets.files) } ?? "-")"
        let fontAwesomeMark = iconSets.fontAwesomeBrands.map { $0 + "/font-awesome.svg" }
        shared += " \(iconSets.fontAwesomeBrands ?? "-") \(fontAwesomeMark.flatMap { Self.stamp($0, in: iconSets.files) } ?? "-")"
        shared += " \(iconSets.forkAwesomeFont ?? "-") \(iconSets.forkAwesomeFont.flatMap { Self.stamp($0, in: iconSets.files) } ?? "-")\0"
        shared += "settings \(sources.siteSettings?.text ?? "-")\0"
        // Which files static/ holds decides whether a page's relative link leads somewhere: by name, not by bytes.
        shared += "static \(sources.staticFiles.joined(separator: "\0"))\0"
        for template in sources.templates.sorted(by: { $0.name < $1.name }) { shared += "template \(template.name)\0\(template.text)\0" }
        sharedHash = ContentHash.of(shared)
        var clock = timespec()
        clock_gettime(CLOCK_REALTIME, &clock)
        stampsBefore = Int64(clock.tv_sec) * 1_000_000_000 + Int64(clock.tv_nsec) - stampMargin
        writer.use(inputs: sharedHash)
        now = Int64((options.now ?? Date()).timeIntervalSince1970.rounded(.down))
        self.writer = writer
        sourceDirectory = options.sourceDirectory
        assetHashes = AssetHashes(contentFolder: joinPath(options.sourceDirectory, "content"), fileSystem: fileSystem, loadedSVGFiles: sources.svgFiles,
                                  stampsBefore: stampsBefore)
    }

    func digest(of page: ContentPage) -> ContentHash {
        ContentHash.of(sharedHash.description + "\0" + page.path + "\0" + page.text)
    }

    /// The record of the page's last render, when nothing it was made from has changed and its files are in place,
    /// with the page's stamp now (`page.stamp`) when it may be recorded.
    func unchangedRecord(of page: ContentPage, digest: ContentHash) -> OutputManifest.PageRecord? {
        guard var record = writer.previousRecord(of: page.path), record.digest == digest, stillHolds(record) else { return nil }
        record.sourceStamp = recordable(page.stamp)
        restamp(&record)
        return record
    }

    /// The record of the page's last render, known unchanged without reading the page: its file's stamp and what every
    /// page shares are as recorded.
    func unchangedRecord(of page: ContentPage) -> OutputManifest.PageRecord? {
        guard let stamp = page.stamp, writer.previousInputs == sharedHash, var record = writer.previousRecord(of: page.path),
              record.sourceStamp == stamp, stillHolds(record) else { return nil }
        restamp(&record)
        return record
    }

    /// A kept record's asset stamps as they may be recorded now: one too new to record last time may be now.
    private func restamp(_ record: inout OutputManifest.PageRecord) {
        record.assetStamps = [:]
        for path in record.assets.keys { record.assetStamps[path] = assetHashes.recordableStamp(of: path) }
    }

    /// Whether what every page shares is as recorded: when it is not, no page's last render can hold (every page's
    /// digest covers it).
    var sharedInputsHold: Bool { writer.previousInputs == sharedHash }

    /// Whether the page's last render could still hold, so that its bytes are worth reading to compare.
    func mayKeep(_ page: ContentPage) -> Bool {
        sharedInputsHold && writer.previousRecord(of: page.path) != nil
    }

    /// Whether a record's other inputs hold: where `--now` falls, the files under content/ it uses, its files.
    private func stillHolds(_ record: OutputManifest.PageRecord) -> Bool {
        (record.validFrom ?? .min) <= now && now < (record.validUntil ?? .max)
            && record.assets.allSatisfy({ path, hash in
                assetHashes.hash(of: path, recorded: record.assetStamps[path].map { (hash, $0) }) == hash
            }) && writer.keep(record.outputs)
    }

    /// A page file's stamp as it may be recorded: when it last changed long enough before the build, else nil.
    func recordable(_ stamp: FileStamp?) -> FileStamp? {
        guard let stamp, stamp.changed < stampsBefore else { return nil }
        return stamp
    }

    /// What the next build checks before keeping this render.
    func record(of page: ResolvedPage, stamp: FileStamp?, digest: ContentHash, rendered: RenderedPageFiles, warnings: [Diagnostic]) -> OutputManifest.PageRecord {
        // The times its scheduled links open and close: the page stays the same while --now stays between two of them.
        let times = page.parsed.frontMatter.links.flatMap { [$0.window.from?.value.start, $0.window.until?.value.endExclusive].compactMap { $0 } }
        var assets: [String: ContentHash] = [:]
        for path in Self.assets(of: page) { assets[path] = assetHashes.hash(of: path) }  // a missing one fails the page
        var record = OutputManifest.PageRecord(digest: digest, validFrom: times.filter { $0 <= now }.max(), validUntil: times.filter { $0 > now }.min(),
                                               policy: rendered.policy, outputs: rendered.outputs, assets: assets,
                                               warnings: warnings.map { OutputManifest.RecordedWarning($0, sourceDirectory: sourceDirectory) },
                                               sourceStamp: recordable(stamp))
        restamp(&record)
        return record
    }

    /// The files under content/ (as paths below it) that the page's render reads or names.
    static func assets(of page: ResolvedPage) -> [String] {
        let folder = page.parsed.outputPath.split(separator: "/").dropLast().joined(separator: "/")
        func local(_ source: String?) -> String? {
            guard let source, URLScheme.asBrowsersRead(source) == nil else { return nil }
            return RelativePath.resolve(source, from: folder)
        }
        var paths = [page.stylesheetPath, local(page.avatarSource), local(page.backgroundImageSource)].compactMap { $0 }
        for link in page.links { if case .file(let path) = link.icon { paths.append(path) } }
        return paths + page.linkedFiles
    }

    /// The running sitegen: a new build of it may render differently under the same version number. A file system
    /// that cannot stat it (in memory) gives one random stamp per process, so nothing outlives the process.
    static func toolStamp(in files: any FileReading) -> String {
        files.runningProgramStamp().map(text(of:)) ?? unknownToolStamp
    }
    private static let unknownToolStamp = UUID().uuidString

    /// The stamp of the file at `path` (size, inode and times, which change whenever it is replaced: a package
    /// upgrade), followed through links (Debian's font is one), as text; nil when there is none.
    static func stamp(_ path: String, in files: any FileReading) -> String? {
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
final class AssetHashes: Sendable {
    private let contentFolder: String
    private let fileSystem: any FileReading
    /// The SVG files the load stage read (icons among them): hashed from those bytes, the ones pages were made from.
    private let loadedSVGFiles: [String: LoadedSVGFile]
    /// The change time (ns since 1970) before which a stamp is recorded.
    private let stampsBefore: Int64
    /// One per file pages use: the site bounds it, and a shared background read again past a bound would cost more.
    private let known = BuildMemo<String, Known>(capacity: .max)

    /// A file's hash (nil when it cannot be read) and its stamp when it may be recorded.
    private struct Known: Sendable {
        var hash: ContentHash?
        var stamp: FileStamp?
    }

    init(contentFolder: String, fileSystem: any FileReading, loadedSVGFiles: [String: LoadedSVGFile] = [:], stampsBefore: Int64 = .min) {
        self.contentFolder = contentFolder
        self.fileSystem = fileSystem
        self.loadedSVGFiles = loadedSVGFiles
        self.stampsBefore = stampsBefore
    }

    /// nil when the file cannot be read. `recorded`: a hash and stamp from a page's record, which spare the read while
    /// the file's stamp is that one.
    func hash(of path: String, recorded: (hash: ContentHash, stamp: FileStamp)? = nil) -> ContentHash? {
        known(path, recorded: recorded).hash
    }

    /// The file's stamp, taken before it was read, when a later change cannot share it; nil for the SVG files the load
    /// read (hashed from those bytes, which every build reads).
    func recordableStamp(of path: String) -> FileStamp? { known(path, recorded: nil).stamp }

    private func known(_ path: String, recorded: (hash: ContentHash, stamp: FileStamp)?) -> Known {
        known.value(for: path) {
            switch loadedSVGFiles[path] {
            case .read(let data, _): return Known(hash: ContentHash.of(data))
            case .unreadable: return Known()
            case nil:
                let file = joinPath(contentFolder, path)
                let stamp = fileSystem.stamp(of: file)  // before the read: a write after it changes the stamp
                if let stamp, let recorded, recorded.stamp == stamp { return Known(hash: recorded.hash, stamp: stamp) }
                guard let data = try? fileSystem.readFile(file) else { return Known() }
                return Known(hash: ContentHash.of(data), stamp: stamp.flatMap { $0.changed < stampsBefore ? $0 : nil })
            }
        }
    }
}
