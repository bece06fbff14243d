@testable import Artwork
import Companions
import Foundation
import Paint
import Testing
@testable import SiteGen
import SiteBasics
import SiteGenTestSupport

/// The example site in content/ and templates/, built on disk by the real binary.
@Suite struct ExampleSiteTests {
    @Test func matchesTheGoldenOutput() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Fixtures.copyExample(to: folder)
        let result = try SitegenBinary.run(["build"], in: folder)
        #expect(result.code == 0, "\(result.errors)")
        let built = try Fixtures.snapshot(folder.appendingPathComponent("Output"))
        let golden = Fixtures.packageRoot.appendingPathComponent("Tests/SiteGenTests/Golden/example")
        if ProcessInfo.processInfo.environment["SITEGEN_UPDATE_GOLDEN"] == "1" {
            try? FileManager.default.removeItem(at: golden)
            try FileManager.default.copyItem(at: folder.appendingPathComponent("Output"), to: golden)
            try? FileManager.default.removeItem(at: golden.appendingPathComponent(".sitegen-manifest"))  // not compared
        }
        let expected = try Fixtures.snapshot(golden)
        #expect(built.keys.sorted() == expected.keys.sorted())
        for (path, data) in expected {
            let differs = "Output/\(path) differs from Tests/SiteGenTests/Golden/example/\(path); rerun with SITEGEN_UPDATE_GOLDEN=1 if the change is intended"
            guard let made = built[path] else { continue }
            if path.hasSuffix(".png") {
                let alike = try DrawnPicture.alike(made, data)
                #expect(alike, "\(differs)")
            } else if path.hasSuffix(".vcf") {
                let (text, photo) = DrawnPicture.splitPhoto(made), (goldenText, goldenPhoto) = DrawnPicture.splitPhoto(data)
                #expect(text == goldenText, "\(differs)")
                let photosAlike = try photo.flatMap { made in try goldenPhoto.map { try DrawnPicture.alike(made, $0) } } ?? false
                #expect(photosAlike, "\(differs) (its photo)")
            } else {
                #expect(made == data, "\(differs)")
            }
        }
    }

    @Test func theGoldenComparisonTellsAChangedPictureFromOtherBytesOfTheSame() throws {
        let card = ShareCard(title: "Love Your Music", tagline: "Rediscover the songs you already own.", address: "loveyourmusic.example",
                             palette: Theme.standard.light, avatar: nil)
        let png = try card.png()
        // The same pixels in other bytes (libvips' PNG writer, another zlib level): alike.
        let header = try PhotoMaker.header(png, fileName: "card.png")
        let rewritten = try Vips.decode(png, header, .whole, inMemory: true) { image throws(PhotoProblem) in try image.encoded(.png) }
        let rewrittenAlike = try DrawnPicture.alike(rewritten, png)
        #expect(rewritten != png && rewrittenAlike)
        // Another title, tagline, palette or address: not alike.
        for other in [ShareCard(title: "Love Your Musik", tagline: "Rediscover the songs you already own.", address: "loveyourmusic.example", palette: Theme.standard.light, avatar: nil),
                      ShareCard(title: "Love Your Music", tagline: "Rediscover the songs you own.", address: "loveyourmusic.example", palette: Theme.standard.light, avatar: nil),
                      ShareCard(title: "Love Your Music", tagline: "Rediscover the songs you already own.", address: "loveyourmusic.example", palette: Theme.standard.dark, avatar: nil),
                      ShareCard(title: "Love Your Music", tagline: "Rediscover the songs you already own.", address: "loveyourmusic.test", palette: Theme.standard.light, avatar: nil)] {
            let alike = try DrawnPicture.alike(try other.png(), png)
            #expect(!alike, "\(other.title)")
        }
    }

    @Test func twoBuildsAreByteIdentical() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Fixtures.copyExample(to: folder)
        #expect(try SitegenBinary.run(["build", "--output", "first"], in: folder).code == 0)
        #expect(try SitegenBinary.run(["build", "--output", "second"], in: folder).code == 0)
        let first = try Fixtures.snapshot(folder.appendingPathComponent("first"))
        #expect(!first.isEmpty)
        #expect(first == (try Fixtures.snapshot(folder.appendingPathComponent("second"))))
    }

    @Test func brokenYAMLFailsWithItsPositionAndLeavesOutputUntouched() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Fixtures.copyExample(to: folder)
        #expect(try SitegenBinary.run(["build"], in: folder).code == 0)
        let before = try Fixtures.snapshot(folder.appendingPathComponent("Output"))

        let page = folder.appendingPathComponent("content/index.md")
        let text = try String(contentsOf: page, encoding: .utf8)
        try text.replacingOccurrences(of: "title: Love Your Music", with: "title: [Love Your Music").write(to: page, atomically: true, encoding: .utf8)
        let result = try SitegenBinary.run(["build"], in: folder)
        #expect(result.code == 1)
        let lines = result.errors.split(separator: "\n")
        #expect(lines.first == "content/index.md:3:12: error: did not find expected ',' or ']' while parsing a flow sequence that starts at line 2, column 8", "\(result.errors)")
        #expect(lines.last == "Build failed with 1 error; Output/ was left as it was.")
        #expect(try Fixtures.snapshot(folder.appendingPathComponent("Output")) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [".sitegen-key", "Output", "cache", "content", "templates"])
    }

    @Test func versionAndUsageExitCodesFromTheBinary() throws {
        let folder = FileManager.default.temporaryDirectory
        #expect(try SitegenBinary.run(["--version"], in: folder) == (0, "sitegen \(SiteGenVersion.current)\n", ""))
        #expect(try SitegenBinary.run(["nonsense"], in: folder).code == 64)
    }
}

/// How the golden copy compares what is drawn (the share card, the contact card's photo). Their bytes come from
/// Cairo, Pango, HarfBuzz, DejaVu, librsvg, libvips and zlib, which another Debian point release or another
/// distribution updates, so comparing them byte for byte would fail on a machine whose libraries differ, for a picture
/// that looks the same. Their names do not depend on those libraries (`ShareCard.fileName` hashes what the card shows
/// and sitegen's drawing version alone: the resource cache's key is what names the libraries), so the set of files and
/// every other byte are compared exactly, and a drawn picture as a picture: the same width, height and bands, and in
/// blocks of 8 × 8 pixels the same colours within a tolerance that antialiasing, hinting and resampling differences
/// stay under, while a changed text, colour, avatar or layout does not. On one machine the output stays byte for byte
/// the same (`twoBuildsAreByteIdentical`, the resource cache's hashes).
enum DrawnPicture {
    /// Each 8 × 8 block's mean of each band within 24 of the golden's (of 255), and the mean difference over all within 2.
    static func alike(_ made: Data, _ golden: Data) throws -> Bool {
        let (a, b) = (try decoded(made), try decoded(golden))
        guard a.width == b.width, a.height == b.height, a.bands == b.bands, a.pixels.count == b.pixels.count else { return false }
        var total = 0.0, blocks = 0
        for top in stride(from: 0, to: a.height, by: 8) {
            for left in stride(from: 0, to: a.width, by: 8) {
                for band in 0..<a.bands {
                    var sumA = 0, sumB = 0, count = 0
                    for y in top..<min(top + 8, a.height) {
                        for x in left..<min(left + 8, a.width) {
                            let at = (y * a.width + x) * a.bands + band
                            sumA += Int(a.pixels[at])
                            sumB += Int(b.pixels[at])
                            count += 1
                        }
                    }
                    let difference = abs(Double(sumA - sumB)) / Double(count)
                    if difference > 24 { return false }
                    total += difference
                    blocks += 1
                }
            }
        }
        return total / Double(max(blocks, 1)) <= 2
    }

    static func decoded(_ png: Data) throws -> (pixels: [UInt8], width: Int, height: Int, bands: Int) {
        let header = try PhotoMaker.header(png, fileName: "drawn.png")
        return try Vips.decode(png, header, .whole, inMemory: true) { image in ([UInt8](image.pixels()), image.width, image.height, image.bands) }
    }

    /// A vCard's text without its PHOTO property, and the photo's bytes (nil when it has none).
    static func splitPhoto(_ vCard: Data) -> (text: String, photo: Data?) {
        let unfolded = String(decoding: vCard, as: UTF8.self).replacingOccurrences(of: "\r\n ", with: "")
        var photo: Data?
        let lines = unfolded.components(separatedBy: "\r\n").filter { line in
            guard line.hasPrefix("PHOTO") else { return true }
            photo = line.split(separator: ":", maxSplits: 1).last.flatMap { Data(base64Encoded: String($0)) }
            return false
        }
        return (lines.joined(separator: "\r\n"), photo)
    }
}

/// Pages render on every core: the output must not depend on which thread finished first.
@Suite struct ParallelDeterminismTests {
    @Test func aLargeSiteBuildsByteIdenticallyTwice() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: Fixtures.packageRoot.appendingPathComponent("templates"), to: folder.appendingPathComponent("templates"))
        let content = folder.appendingPathComponent("content")
        try FileManager.default.createDirectory(at: content.appendingPathComponent("team"), withIntermediateDirectories: true)
        for number in 1...60 {
            let page = """
                ---
                title: Person \(number)
                links:
                  - mastodon: "@p\(number)@social.example"
                  - email: p\(number)@example.org
                  - github: p\(number)
                ---
                Hello from [page \(number)](mailto:p\(number)@example.org).
                """
            try page.write(to: content.appendingPathComponent(number % 2 == 0 ? "team/p\(number).md" : "p\(number).md"), atomically: true, encoding: .utf8)
        }
        #expect(try SitegenBinary.run(["build", "--output", "first", "--base-url", "https://people.example/"], in: folder).code == 0)
        #expect(try SitegenBinary.run(["build", "--output", "second", "--base-url", "https://people.example/"], in: folder).code == 0)
        let first = try Fixtures.snapshot(folder.appendingPathComponent("first"))
        #expect(first.keys.filter { $0.hasSuffix("index.html") }.count == 60)
        #expect(first == (try Fixtures.snapshot(folder.appendingPathComponent("second"))))
    }
}
