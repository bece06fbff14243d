@testable import Artwork
import Foundation
import SiteGenTestSupport
import Testing

/// Issue 40's pictures through the real binary: a disguised SVG refused without reading outside the site (strace),
/// pixel bombs refused from their headers, every published picture without its metadata (exiftool), TIFF and HEIC
/// refused with the command that converts them, a large photo in the text made to fit it.
@Suite struct PictureIntakeTests {
    /// A site on disk with the example's templates, `pages` under content/ and `pictures` beside them.
    static func site(_ pages: [String: String], pictures: [String: Data] = [:]) throws -> URL {
        let folder = try Fixtures.siteOnDisk(pages["index.md"] ?? "---\ntitle: Ada\n---\nHello.\n")
        for (path, text) in pages where path != "index.md" { try Fixtures.write(text, to: folder.appendingPathComponent("content/" + path)) }
        for (path, data) in pictures { try data.write(to: folder.appendingPathComponent("content/" + path)) }
        return folder
    }

    static func page(avatar: String? = nil, background: String? = nil, body: String = "Hello.") -> String {
        "---\ntitle: Ada\nurl: https://ada.example/\n" + (avatar.map { "avatar: \($0)\n" } ?? "") + (background.map { "background: \($0)\n" } ?? "")
            + "---\n" + body + "\n"
    }

    /// `sitegen build` in `site`, without the machine's icon sets; under strace (its trace of every file call written
    /// to `trace`) when one is given.
    static func build(_ site: URL, trace: URL? = nil) throws -> (code: Int32, output: String, errors: String) {
        var environment = ProcessInfo.processInfo.environment
        environment["SITEGEN_ICON_PATH"] = ""
        guard let trace else { return try SitegenBinary.run(["build"], in: site, environment: environment) }
        let strace = URL(fileURLWithPath: "/usr/bin/strace")
        try #require(FileManager.default.isExecutableFile(atPath: strace.path), "strace is missing: bash .ci/install-deps installs it")
        return try SitegenBinary.run(["-f", "-qq", "-e", "trace=%file", "-o", trace.path, SitegenBinary.url.path, "build"], in: site,
                                     environment: environment, executable: strace)
    }

    /// What exiftool reads in `file`: every tag, by group (`-a -G1 -s`).
    static func exiftool(_ arguments: [String]) throws -> String {
        let exiftool = URL(fileURLWithPath: "/usr/bin/exiftool")
        try #require(FileManager.default.isExecutableFile(atPath: exiftool.path), "exiftool is missing: bash .ci/install-deps installs it (libimage-exiftool-perl)")
        let run = try SitegenBinary.run(arguments, in: FileManager.default.temporaryDirectory, executable: exiftool)
        return run.output + run.errors
    }

    /// A picture of `format` carrying a GPS position, a description and a comment, written by exiftool.
    static func pictureWithGPS(_ format: PhotoFormat) throws -> Data {
        let file = try Fixtures.temporaryFolder().appendingPathComponent("gps." + format.rawValue)
        try Fixtures.picture(format, size: 300).write(to: file)
        _ = try exiftool(["-q", "-overwrite_original", "-GPSLatitude=48.8584", "-GPSLatitudeRef=N", "-GPSLongitude=2.2945",
                          "-GPSLongitudeRef=E", "-XMP-dc:Description=secret place", "-Comment=secret comment", file.path])
        let data = try Data(contentsOf: file)
        // Otherwise the test below proves nothing.
        let tags = try exiftool(["-a", "-G1", "-s", file.path])
        #expect(tags.contains("GPSLatitude") && tags.contains("secret place"), "\(format): \(tags)")
        return data
    }

    @Test func aPNGHoldingAPrefixedSVGIsRefusedAndNoFileOutsideTheSiteIsOpened() throws {
        let outside = try Fixtures.temporaryFolder()
        try Fixtures.picture(.png, colour: "#00ff00").write(to: outside.appendingPathComponent("private.png"))
        let disguised = #"<?xml version="1.0"?><s:svg xmlns:s="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="64" height="64"><s:image xlink:href="\#(outside.path)/private.png" width="64" height="64"/></s:svg>"#
        let site = try Self.site(["index.md": Self.page(avatar: "me.png")], pictures: ["me.png": Data(disguised.utf8)])
        let trace = outside.deletingLastPathComponent().appendingPathComponent("trace-\(UUID().uuidString).txt")
        let built = try Self.build(site, trace: trace)
        #expect(built.code == 1)
        #expect(built.errors.hasPrefix("content/index.md:4:9: error: avatar image 'me.png' cannot be published: its name says PNG but its bytes are SVG: save it as PNG, or name it for what it is\n"))
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("Output").path))
        let calls = try String(contentsOf: trace, encoding: .utf8)
        #expect(calls.contains("content/me.png"), "the trace saw the build")
        #expect(!calls.contains(outside.path), "the build named a file outside the site: \(calls.split(separator: "\n").filter { $0.contains(outside.path) })")
        // Named for what it is, the same picture goes to librsvg, which is given bytes with no file of their own to
        // resolve a path from; whatever the SVG check says of it, nothing outside is opened.
        try FileManager.default.moveItem(at: site.appendingPathComponent("content/me.png"), to: site.appendingPathComponent("content/me.svg"))
        try Fixtures.write(Self.page(avatar: "me.svg"), to: site.appendingPathComponent("content/index.md"))
        _ = try Self.build(site, trace: trace)
        let svgCalls = try String(contentsOf: trace, encoding: .utf8)
        #expect(svgCalls.contains("content/me.svg") && !svgCalls.contains(outside.path))
    }

    @Test(arguments: [
        ("me.gif", Fixtures.declaredGIF(screen: (20000, 20000)), "it is 20000 × 20000 pixels"),
        ("me.gif", Fixtures.declaredGIF(screen: (65535, 65535)), "it is 65535 × 65535 pixels"),
        ("me.png", Fixtures.declaredPNG(width: 100_000, height: 100_000), "it is 100000 × 100000 pixels"),
    ])
    func aPixelBombIsRefusedFromItsHeaderAtOnce(name: String, bytes: [UInt8], says: String) throws {
        let site = try Self.site(["index.md": Self.page(avatar: name)], pictures: [name: Data(bytes)])
        let started = Date()
        let built = try Self.build(site)
        #expect(built.code == 1)
        let format = name.hasSuffix(".gif") ? ("25 megapixels for a GIF", "gif") : ("100 megapixels in all", "png")
        #expect(built.errors == """
            content/index.md:4:9: error: avatar image '\(name)' cannot be published: \(says), more than sitegen decodes (at most 16384 pixels a side and \(format.0)): make it smaller, for example with `vips thumbnail \(name) me-4000.\(format.1) 4000`, and name that instead
            avatar: \(name)
                    ^
            Build failed with 1 error; Output/ was left as it was.

            """)
        // Before: 7 s and 1.7 GB, a GLib abort, 30 s; refused from the header, no decoder runs.
        #expect(Date().timeIntervalSince(started) < 10)
    }

    @Test func everyPublishedPictureLosesItsGPSPositionAndComments() throws {
        var pages: [String: String] = [:]
        var pictures: [String: Data] = [:]
        for format in [PhotoFormat.jpeg, .png, .webp, .gif] {
            let gps = try Self.pictureWithGPS(format)
            let ext = format.rawValue
            for use in ["avatar", "background", "text", "linked"] { pictures["\(use).\(ext)"] = gps }
            // front matter names files relative to the page's file, the text relative to its address (png.md is png/).
            let up = format == .jpeg ? "" : "../"
            pages[format == .jpeg ? "index.md" : "\(ext).md"] = Self.page(avatar: "avatar.\(ext)", background: "background.\(ext)",
                                                                          body: "![in the text](\(up)text.\(ext)) [linked](\(up)linked.\(ext))")
        }
        let site = try Self.site(pages, pictures: pictures)
        let built = try Self.build(site)
        #expect(built.code == 0, "\(built.errors)")
        for name in pictures.keys.sorted() {
            let published = site.appendingPathComponent("Output/" + name)
            // What the file holds, without what exiftool says of itself and of the file system.
            let tags = try Self.exiftool(["-a", "-G1", "-s", published.path]).split(separator: "\n")
                .filter { !$0.hasPrefix("[ExifTool]") && !$0.hasPrefix("[System]") && !$0.hasPrefix("[File]") }.joined(separator: "\n")
            for leak in ["GPS", "secret", "Comment", "XMP", "ICC", "Exif"] {
                #expect(!tags.contains(leak), "\(name) still has \(leak): \(tags)")
            }
            // Still the format its name says.
            #expect(try PictureHeader.read([UInt8](Data(contentsOf: published))).format == PictureFormat(fileName: name))
        }
    }

    @Test func aTIFFOrHEICPictureIsRefusedWithTheCommandThatConvertsIt() throws {
        let heic = try Data(contentsOf: Fixtures.packageRoot.appendingPathComponent("Tests/PhotoFixtures/black-64x48.heic"))
        let tiff: [UInt8] = [0x4D, 0x4D, 0, 0x2A, 0, 0, 0, 8, 0, 2, 1, 0, 0, 3, 0, 0, 0, 1, 0x01, 0x2C, 0, 0,
                             1, 1, 0, 4, 0, 0, 0, 1, 0, 0, 0, 0xC8, 0, 0, 0, 0]
        let site = try Self.site(["index.md": Self.page(avatar: "me.heic", body: "![scan](scan.tif)")], pictures: ["me.heic": heic, "scan.tif": Data(tiff)])
        let built = try Self.build(site)
        #expect(built.code == 1)
        #expect(built.errors == """
            content/index.md:4:9: error: avatar image 'me.heic' cannot be published: not every browser shows HEIC: convert it to a JPEG, for example with `vips copy me.heic me.jpg` (Debian package libvips-tools), and name that instead
            avatar: me.heic
                    ^
            content/index.md:6:1: error: image 'scan.tif' cannot be published: browsers do not show TIFF: convert it to a JPEG, for example with `vips copy scan.tif scan.jpg` (Debian package libvips-tools), and name that instead
            ![scan](scan.tif)
            ^
            Build failed with 2 errors; Output/ was left as it was.

            """)
    }

    @Test func aLargePhotoInTheTextIsMadeToFitTheTextWithItsSize() throws {
        let site = try Self.site(["index.md": Self.page(body: "![the lathe](lathe.jpg)")], pictures: ["lathe.jpg": Fixtures.picture(.jpeg, size: 4000)])
        let built = try Self.build(site)
        #expect(built.code == 0, "\(built.errors)")
        let published = try Data(contentsOf: site.appendingPathComponent("Output/lathe.jpg"))
        #expect(try PictureHeader.read([UInt8](published)) == PictureHeader(format: .jpeg, width: 960, height: 960))
        let html = try String(contentsOf: site.appendingPathComponent("Output/index.html"), encoding: .utf8)
        let page = PageReader(html)
        #expect(page.images == [["src": "lathe.jpg", "alt": "the lathe", "width": "960", "height": "960"],
                                ["src": "qr.svg", "alt": "QR code of this page's address", "width": "240", "height": "240", "loading": "lazy"]])
        // Never wider than the text (30rem) on a phone: the width attribute is the picture's, the CSS caps it.
        #expect(page.declarations(of: ".bio img") == ["max-width:100%;height:auto"])
    }
}
