import Artwork
import Foundation
import SiteGen
import SiteBasics
import SiteSource

/// Small sites held in memory, and the real example site on disk.
package enum Fixtures {
    /// A page's front matter read from `text` as the parse stage reads it (split, then read over `settings`), with the
    /// diagnostics it gave.
    package static func frontMatter(_ text: String, path: String = "content/index.md", over settings: SiteSettings? = nil)
        -> (FrontMatter, [Diagnostic]) {
        var sink = DiagnosticSink(path: path, text: text, siteSettings: settings)
        let matter = FrontMatterReader.read(FrontMatterReader.split(text, sink: &sink), siteSettings: settings, sink: &sink)
        return (matter, sink.diagnostics)
    }

    package static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    package static let templates: [String: String] = [
        "templates/page.html": "<title>{{title}}</title>\n{{#links}}<a{{{attributes_html}}}>{{label}}</a>\n{{/links}}{{{body_html}}}",
    ]

    /// A site whose `content/index.md` is `page`, with minimal templates.
    package static func site(_ page: String, extra: [String: String] = [:]) -> InMemoryFileSystem {
        InMemoryFileSystem(templates.merging(["site/content/index.md": page].merging(extra) { $1 }) { $1 }
            .reduce(into: [:]) { result, entry in
                result[entry.key.hasPrefix("site/") ? entry.key : "site/" + entry.key] = entry.value
            })
    }

    /// A site as `site(_:extra:)` makes it, with `pictures` (path below the site: bytes) beside its files.
    package static func site(_ page: String, extra: [String: String] = [:], pictures: [String: Data]) throws -> InMemoryFileSystem {
        let fileSystem = site(page, extra: extra)
        for (path, data) in pictures { try fileSystem.overwriteFile("site/" + path, data) }
        return fileSystem
    }

    /// A real picture, `size` pixels square, of one colour, drawn by libvips (photos are decoded, so bytes that only
    /// name a format no longer do).
    package static func picture(_ format: PhotoFormat, colour: String = "#c82828", size: Int = 8) -> Data {
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(size)" height="\#(size)"><rect width="\#(size)" height="\#(size)" fill="\#(colour)"/></svg>"#
        return try! Vips.drawSVG(svg).encoded(format)
    }

    /// A GIF of `frames` frames, each `width` × `height` at (`left`, `top`), on a `screen` canvas: the issue's bomb is
    /// one frame declaring 20000 × 20000 in 29 bytes.
    package static func declaredGIF(screen: (Int, Int), frame: (left: Int, top: Int, width: Int, height: Int)? = nil, frames: Int = 1) -> [UInt8] {
        func short(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
        let frame = frame ?? (0, 0, screen.0, screen.1)
        var bytes = Array("GIF89a".utf8) + short(screen.0) + short(screen.1) + [0, 0, 0]
        for _ in 0..<frames {
            bytes += [0x2C] + short(frame.left) + short(frame.top) + short(frame.width) + short(frame.height) + [0, 2, 2, 0x4C, 0x01, 0]
        }
        return bytes + [0x3B]
    }

    /// A PNG's signature and IHDR alone: enough to be refused before any pixel.
    package static func declaredPNG(width: Int, height: Int) -> [UInt8] {
        func number(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(value >> $0 & 0xFF) } }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + number(13) + Array("IHDR".utf8) + number(width) + number(height)
            + [1, 0, 0, 0, 0] + [0, 0, 0, 0]
    }

    /// A 600 × 400 JPEG whose EXIF names a camera maker and a GPS position (made with Pillow for the photo tests).
    package static let gpsPhoto = try! Data(contentsOf: packageRoot.appendingPathComponent("Tests/PhotoFixtures/gps-600x400.jpg"))

    /// A builder for an in-memory site; no icon set unless one is given (the real ones are on disk, not in `fileSystem`).
    package static func builder(_ fileSystem: InMemoryFileSystem, baseURL: String? = nil, iconSets: IconSets = .none) -> SiteBuilder {
        SiteBuilder(options: BuildOptions(sourceDirectory: "site", baseURL: baseURL), fileSystem: fileSystem, iconSets: iconSets)
    }

    /// A built page's text.
    package static func html(_ fileSystem: InMemoryFileSystem, _ path: String = "site/Output/index.html") throws -> String {
        String(decoding: try fileSystem.readFile(path), as: UTF8.self)
    }

    /// What a failed build reports, as `path:line:column: severity: message`; [] when the build succeeds.
    package static func failure(_ page: String, extra: [String: String] = [:]) -> [String] {
        failureDiagnostics(page, extra: extra).map(headline)
    }

    /// The diagnostics of a failed build, as values; [] when the build succeeds.
    package static func failureDiagnostics(_ page: String, extra: [String: String] = [:]) -> [Diagnostic] {
        do {
            _ = try builder(site(page, extra: extra)).render()
            return []
        } catch {
            return error.diagnostics
        }
    }

    /// A diagnostic's first line, `path:line:column: severity: message`, without its source line or hint.
    package static func headline(_ diagnostic: Diagnostic) -> String {
        "\(diagnostic.path):\(diagnostic.line):\(diagnostic.column): \(diagnostic.severity): \(diagnostic.message)"
    }

    /// Every file under a real folder, relative path -> bytes.
    package static func snapshot(_ folder: URL) throws -> [String: Data] {
        let fileSystem = LocalFileSystem()
        guard fileSystem.resolvedKind(at: folder.path) == .folder else { return [:] }
        var files: [String: Data] = [:]
        for path in try fileSystem.visibleFiles(under: folder.path) {
            files[path] = try Data(contentsOf: folder.appendingPathComponent(path))
        }
        return files
    }

    /// A fresh temporary folder, removed by the caller.
    package static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A site folder on disk, removed by the caller, with the example's templates and `page` as content/index.md (plus
    /// `extra` files by path).
    package static func siteOnDisk(_ page: String, extra: [String: String] = [:]) throws -> URL {
        let folder = try temporaryFolder()
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("templates"), to: folder.appendingPathComponent("templates"))
        try write(page, to: folder.appendingPathComponent("content/index.md"))
        for (path, text) in extra { try write(text, to: folder.appendingPathComponent(path)) }
        return folder
    }

    /// Writes `text` to `url`, making its folders.
    package static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Copies the example site (content/ and templates/) into `folder`.
    package static func copyExample(to folder: URL) throws {
        for name in ["content", "templates"] {
            try FileManager.default.copyItem(at: packageRoot.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
    }
}

/// Replaces a file the way editors save: a new file renamed over the old one. (Foundation's atomic writes
/// on Linux leave a folder behind in /tmp each time.)
package func save(_ text: String, to file: URL) throws {
    let temporary = file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).saving")
    try Data(text.utf8).write(to: temporary)
    guard rename(temporary.path, file.path) == 0 else { throw HTTPTestError("cannot rename \(temporary.path): errno \(errno)") }
}
