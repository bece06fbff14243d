import Foundation
import SiteBasics
import SiteGen
import SiteGenTestSupport
import Testing

/// A build with nothing changed does not read again the files under content/ that pages use while their stamps are
/// the ones recorded; a file changed too close to a build to record its stamp is read again.
@Suite struct LinkedFileStampTests {
    private let page = "Read [my CV](cv.pdf).\n"

    /// The page's record keeps the PDF's hash with its stamp: the second build checks it, and the copy in the output
    /// folder, with a stat each, and reads neither.
    @Test func anUnchangedLinkedFileIsNotHashedAgain() throws {
        let fileSystem = Fixtures.site(page)
        fileSystem.stampTick = 1
        try fileSystem.overwriteFile("site/content/cv.pdf", Data("%PDF one".utf8))
        fileSystem.backdate("site/content/cv.pdf", by: 60_000_000_000)  // changed a minute ago
        let builder = Fixtures.builder(fileSystem)
        #expect(try builder.build().renderedPages == ["site/content/index.md"])
        #expect(fileSystem.readCount(of: "site/content/cv.pdf") == 2, "hashed for the page's record, and copied")
        #expect(try builder.build().renderedPages.isEmpty)
        #expect(fileSystem.readCount(of: "site/content/cv.pdf") == 2, "not read at all")
        // Changed: a new stamp, so it is read, and the page made again.
        try fileSystem.overwriteFile("site/content/cv.pdf", Data("%PDF two, longer".utf8))
        #expect(try builder.build().renderedPages == ["site/content/index.md"])
        #expect(try fileSystem.readFile("site/Output/cv.pdf") == Data("%PDF two, longer".utf8))
        // The copy edited by hand in the output folder: its stamp is not the one recorded, so the source is read and the
        // build stops rather than write over it.
        try fileSystem.overwriteFile("site/Output/cv.pdf", Data("edited".utf8))
        #expect(throws: BuildFailure.self) { try builder.build() }
    }

    /// The racy case: on a disk whose clock ticks in whole seconds, a file rewritten with as many bytes within the tick
    /// keeps its stamp. A stamp taken less than `PageInputs.stampMargin` after the file changed is not recorded, so the
    /// next build reads the file and sees the change.
    @Test func aFileChangedWithinTheClockTickIsReadAgain() throws {
        let fileSystem = Fixtures.site(page)
        fileSystem.stampTick = 1_000_000_000
        try fileSystem.overwriteFile("site/content/cv.pdf", Data("%PDF one".utf8))
        let stamp = try #require(fileSystem.stamp(of: "site/content/cv.pdf"))
        let builder = Fixtures.builder(fileSystem)
        #expect(try builder.build().renderedPages == ["site/content/index.md"])
        #expect(try builder.build().renderedPages.isEmpty)
        #expect(fileSystem.readCount(of: "site/content/cv.pdf") == 3, "a stamp too new to record: read again by the second build (once: the copy in place is known by that hash)")
        try fileSystem.overwriteFile("site/content/cv.pdf", Data("%PDF two".utf8))
        let rewritten = try #require(fileSystem.stamp(of: "site/content/cv.pdf"))
        fileSystem.backdate("site/content/cv.pdf", by: rewritten.changed - stamp.changed)  // within the same tick
        #expect(fileSystem.stamp(of: "site/content/cv.pdf") == stamp)
        #expect(try builder.build().renderedPages == ["site/content/index.md"])
        #expect(try fileSystem.readFile("site/Output/cv.pdf") == Data("%PDF two".utf8))
    }
}
