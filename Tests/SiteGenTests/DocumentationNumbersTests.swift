import Foundation
@testable import OutputFolder
import Testing
@testable import Artwork
import Companions
import Mustache
import OnlineCheck
@testable import Preview
@testable import SiteGen
@testable import SiteSource
@testable import SiteGenCLI
import SiteGenTestSupport
import WebServer

/// Every limit and size the README and the reference promise is the one the code has: each sentence below is made
/// from the constant it states and must be in the document (line breaks read as spaces), so a changed limit fails
/// here until the documents say it. Measured times name the bench script that measured them; the count of services
/// is `CatalogSiteTests`'.
@Suite struct DocumentationNumbersTests {
    /// The document's text with every run of white space as one space, as a reader reads it.
    static func text(_ file: String) throws -> String {
        try String(contentsOf: Fixtures.packageRoot.appendingPathComponent(file), encoding: .utf8)
            .replacingOccurrences(of: #"\s+"#, with: " ", options: .regularExpression)
    }

    static let mebibyte = 1_048_576

    static var photos: [String] {
        let avatar = PhotoSlot.avatar, megapixels = PictureHeader.pixelLimit / 1_000_000, gif = PictureHeader.gifCanvasLimit / 1_000_000
        return [
            "of up to \(megapixels) megapixels (\(PictureHeader.sideLimit) pixels a side; \(gif) megapixels for a GIF)",
            "at \(avatar.width) × \(avatar.height) pixels",
            "at most \(PhotoSlot.background.width) pixels across",
            "a \(ShareCard.width) × \(ShareCard.height) picture of your avatar",
            "at most \(PhotoSlot.text.width) pixels wide",
            "It is shown as a circle, \(avatar.width / 2) pixels across",
        ]
    }

    static var readme: [String] {
        let fetched = CommandLineTool().importLimits
        return photos + [
            "larger than the \(ImportSite.maximumSourceBytes / mebibyte) MiB sitegen reads",
            "within \(Int(fetched.totalTime)) seconds and up to \(fetched.maxBytes / mebibyte) MiB",
        ]
    }

    static var reference: [String] {
        let online = OnlineCheck.Limits(), links = LinkCheck.defaultLimits, fetched = CommandLineTool().importLimits
        let avatar = PhotoSlot.avatar, megapixels = PictureHeader.pixelLimit / 1_000_000, gif = PictureHeader.gifCanvasLimit / 1_000_000
        return [
            "at most \(PictureHeader.sideLimit) pixels a side and \(megapixels) megapixels in all (\(gif) for a GIF",
            "the avatar: \(avatar.width) × \(avatar.height) pixels, cut at the centre as the page's \(avatar.width / 2) px circle shows it",
            "a `background`: at most \(PhotoSlot.background.width) pixels on its longer side",
            "at most \(PhotoSlot.text.width) pixels wide (the text is 30rem, \(PhotoSlot.text.width / 2) px, wide)",
            "carries the avatar in the card, at most \(PhotoSlot.shareCard.width) pixels across",
            "Up to \(online.concurrency) profiles are asked at once; requests time out after \(Int(online.requestTimeout)) seconds, the whole check after \(Int(online.totalTime))",
            "at most \(online.maxRedirects) redirects are followed",
            "only the first \(online.maxBytes / mebibyte) MB of an answer is read",
            "redirects are followed (up to \(links.maxRedirects))",
            "Up to \(links.concurrency) addresses are asked at once, each for at most \(Int(links.requestTimeout)) seconds, all within \(Int(links.totalTime)).",
            "at most \(fetched.maxBytes / mebibyte) MiB, \(Int(fetched.requestTimeout)) seconds a request and \(Int(fetched.totalTime)) in all",
            "A saved SOURCE must be a regular file of at most \(ImportSite.maximumSourceBytes / mebibyte) MiB",
            "when a page grows past \(MustacheTemplates.maximumOutputBytes / mebibyte) MiB or takes more than \(MustacheTemplates.maximumRenderSteps.formatted(.number.locale(Locale(identifier: "en_US")))) rendering steps",
            "partials nest at most \(MustacheTemplates.maxNestingDepth) deep",
            "`--poll` looks for saves every \(Int(DevServer.Options(build: BuildOptions(sourceDirectory: ".")).pollInterval * 1000)) ms",
            "it waits \(Int(SourceWatcher.settle * 1000)) ms for the save's other writes to settle",
            "idle ones close after \(HTTPServer.idleTimeoutSeconds) seconds",
            "a file that last changed at least \(PageInputs.stampMargin / 1_000_000_000) seconds before the build began",
            "A page may be at most \(SiteLoader.maximumPageBytes / mebibyte) MiB, any other file \(SiteLoader.maximumAssetBytes / mebibyte) MiB.",
            "at most \(PageAddress.maximumBytes.formatted(.number.locale(Locale(identifier: "en_US")))) bytes; its host is written in Punycode",
        ]
    }

    /// The page's script waits these: a step of the app chain, and the longest "Opening…" shows.
    @Test func howItWorksStatesTheRuntimesWaits() throws {
        let decisions = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("Sources/Runtime/Resources/runtime/decisions.js"), encoding: .utf8)
        func milliseconds(_ name: String) throws -> Int {
            let match = try #require(decisions.firstMatch(of: try Regex("var \(name) = ([0-9]+);")))
            return try #require(Int(match.output[1].substring ?? ""))
        }
        let text = try Self.text("docs/how-it-works.md")
        #expect(text.contains("within one step (\(try milliseconds("STEP_MS")) ms"))
        #expect(text.contains("stops showing \"Opening…\" after \(try milliseconds("WAIT_MS") / 1000) seconds"))
    }

    @Test func importsHelpStatesItsLimits() {
        let limits = CommandLineTool().importLimits
        let help = CommandLineTool.importCommand.help.replacingOccurrences(of: #"\s+"#, with: " ", options: .regularExpression)
        #expect(help.contains("which is fetched within \(Int(limits.totalTime)) s"))
        #expect(help.contains("Only SOURCE is read, at most \(ImportSite.maximumSourceBytes / Self.mebibyte) MiB"))
    }

    @Test func theREADMEStatesTheLimitsTheCodeHas() throws {
        let readme = try Self.text("README.md")
        for sentence in Self.readme { #expect(readme.contains(sentence), "README.md does not say: \(sentence)") }
    }

    @Test func theReferenceStatesTheLimitsTheCodeHas() throws {
        let reference = try Self.text("docs/reference.md")
        for sentence in Self.reference { #expect(reference.contains(sentence), "docs/reference.md does not say: \(sentence)") }
    }
}
