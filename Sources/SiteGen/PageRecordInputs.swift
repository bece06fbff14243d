import Artwork
import Foundation
import LinkChain
import OutputFolder
import SiteBasics

/// The pipeline's side of `PageInputs` (the output folder's record of what each page was made from): what every
/// page of this site shares, and a page's own text, stamp and schedule, as the pipeline holds them.
extension PageInputs {
    init(_ sources: SiteSources, options: BuildOptions, iconSets: IconSets, fileSystem: any FileSystem, writer: SiteWriter,
         stampMargin: Int64 = PageInputs.stampMargin) {
        var shared = "base-url \(options.baseURL ?? "-")\0"
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
        // The SVG files the load stage read (icons among them): hashed from those bytes, the ones pages were made from.
        let contentFolder = joinPath(options.sourceDirectory, "content"), loadedSVGFiles = sources.svgFiles
        let assetHashes = AssetHashes(stampMargin: stampMargin) { path in
            switch loadedSVGFiles[path] {
            case .read(let data, _): return AssetHashes.File(stamp: nil, read: { data })
            case .unreadable: return AssetHashes.File(stamp: nil, read: { nil })
            case nil:
                let file = joinPath(contentFolder, path)
                return AssetHashes.File(stamp: fileSystem.stamp(of: file), read: { try? fileSystem.readFile(file) })
            }
        }
        self.init(shared: shared, now: Int64((options.now ?? Date()).timeIntervalSince1970.rounded(.down)), sourceDirectory: options.sourceDirectory,
                  assetHashes: assetHashes, writer: writer, fileSystem: fileSystem)
    }

    func digest(of page: ContentPage) -> ContentHash { digest(ofPage: page.path, text: page.text) }

    func kept(_ page: ContentPage, digest: ContentHash, previous: OutputManifest.PageRecord) -> SiteWriter.KeptPage? {
        kept(page: page.path, stamp: page.stamp, digest: digest, previous: previous)
    }

    func kept(unread page: ContentPage, previous: OutputManifest.PageRecord) -> SiteWriter.KeptPage? {
        kept(unreadPage: page.path, stamp: page.stamp, previous: previous)
    }

    func record(of page: ResolvedPage, stamp: FileStamp?, digest: ContentHash, rendered: RenderedPageFiles, warnings: [Diagnostic]) -> OutputManifest.PageRecord {
        let times = page.parsed.frontMatter.links.flatMap { [$0.window.from?.value.start, $0.window.until?.value.endExclusive].compactMap { $0 } }
        return record(digest: digest, stamp: stamp, times: times, filesRead: Self.assets(of: page), policy: rendered.policy, outputs: rendered.outputs,
                      warnings: warnings)
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
}
