import Foundation
import LinkChain
import SiteBasics

/// What a page's render reads, so that a build renders again only the pages whose inputs changed: the page's own
/// bytes, what every page shares (the site's settings, the templates, the build's options, the icon sets, sitegen
/// itself), the files under content/ it uses (its stylesheet, avatar, background and icons), and, for a page with
/// scheduled links, where `--now` falls among their times. A page written before is kept only while all of these
/// are as recorded and a finished build recorded its files (`SiteWriter.keep`, which takes them at the manifest's word).
struct PageInputs: Sendable {
    /// SHA-256 of what every page shares.
    let sharedDigest: String
    let now: Int64
    let writer: SiteWriter
    let assetHashes: AssetHashes
    /// The site's folder as this build names it, for the paths of the warnings a kept page says again.
    let sourceDirectory: String

    init(_ sources: SiteSources, options: BuildOptions, iconSets: IconSets, fileSystem: any FileSystem, writer: SiteWriter) {
        var shared = "sitegen page inputs 1\0\(SiteGenVersion.current)\0\(Self.toolStamp)\0"
        shared += "base-url \(options.baseURL ?? "-")\0"
        shared += "icons \(iconSets.fontAwesomeBrands ?? "-") \(iconSets.fontAwesomeBrands.map(Self.stamp) ?? "-")"
        shared += " \(iconSets.forkAwesomeFont ?? "-") \(iconSets.forkAwesomeFont.map(Self.stamp) ?? "-")\0"
        shared += "settings \(sources.siteSettings?.text ?? "-")\0"
        for template in sources.templates.sorted(by: { $0.name < $1.name }) { shared += "template \(template.name)\0\(template.text)\0" }
        sharedDigest = ContentHash.of(shared).description
        now = Int64((options.now ?? Date()).timeIntervalSince1970.rounded(.down))
        self.writer = writer
        sourceDirectory = options.sourceDirectory
        assetHashes = AssetHashes(contentFolder: joinPath(options.sourceDirectory, "content"), fileSystem: fileSystem)
    }

    func digest(of page: ContentPage) -> ContentHash {
        ContentHash.of(sharedDigest + "\0" + page.path + "\0" + page.text)
    }

    /// The record of the page's last render, when nothing it was made from has changed and its files are in place.
    func unchangedRecord(of page: ContentPage, digest: ContentHash) -> OutputManifest.PageRecord? {
        guard let record = writer.previousRecord(of: page.path), record.digest == digest,
              (record.validFrom ?? .min) <= now, now < (record.validUntil ?? .max),
              record.assets.allSatisfy({ assetHashes.hash(of: $0.key) == $0.value }),
              writer.keep(record.outputs) else { return nil }
        return record
    }

    /// What the next build checks before keeping this render.
    func record(of page: ResolvedPage, digest: ContentHash, rendered: RenderedPageFiles, warnings: [Diagnostic]) -> OutputManifest.PageRecord {
        // The times its scheduled links open and close: the page stays the same while --now stays between two of them.
        let times = page.parsed.frontMatter.links.flatMap { [$0.window.from?.value.start, $0.window.until?.value.endExclusive].compactMap { $0 } }
        var assets: [String: ContentHash] = [:]
        for path in Self.assets(of: page) { assets[path] = assetHashes.hash(of: path) }  // a missing one fails the page
        return OutputManifest.PageRecord(digest: digest, validFrom: times.filter { $0 <= now }.max(), validUntil: times.filter { $0 > now }.min(),
                                         policy: rendered.policy, outputs: rendered.outputs, assets: assets,
                                         warnings: warnings.map { OutputManifest.RecordedWarning($0, sourceDirectory: sourceDirectory) })
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
        return paths
    }

    /// The running sitegen: a new build of it may render differently under the same version number.
    static let toolStamp: String = stamp("/proc/self/exe") ?? UUID().uuidString

    /// A file or folder's size, inode and times, which change whenever it is replaced (a package upgrade).
    static func stamp(_ path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return "\(status.st_size):\(status.st_ino):\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec):\(status.st_ctim.tv_sec).\(status.st_ctim.tv_nsec)"
    }
}

/// The SHA-256 of each file under content/ that pages use, read once per build however many pages use it.
final class AssetHashes: @unchecked Sendable {
    private let contentFolder: String
    private let fileSystem: any FileSystem
    private let lock = NSLock()
    private var known: [String: ContentHash?] = [:]

    init(contentFolder: String, fileSystem: any FileSystem) {
        self.contentFolder = contentFolder
        self.fileSystem = fileSystem
    }

    /// nil when the file cannot be read.
    func hash(of path: String) -> ContentHash? {
        if let hash = lock.withLock({ known[path] }) { return hash }
        let hash = (try? fileSystem.readFile(joinPath(contentFolder, path))).map(ContentHash.of)
        lock.withLock { known[path] = hash }
        return hash
    }
}
