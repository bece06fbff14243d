import Foundation
import LinkChain
import SiteBasics
import Testing
@testable import SiteGen
@testable import SiteGenCLI
import SiteGenTestSupport

@Suite struct CommandLineTests {
    @Test(arguments: [
        ([], CommandLineTool.ExitCode.usage),
        (["--help"], .success),
        (["--version"], .success),
        (["build", "--help"], .success),
        (["links", "--help"], .success),
        (["frobnicate"], .usage),
        (["build", "--sauce", "x"], .usage),
        (["build", "--source"], .usage),
        (["build", "extra"], .usage),
        (["build", "--base-url", "example.org"], .usage),
        (["build", "--base-url", "https://user:pw@example.org/"], .usage),
        (["build", "--output", ""], .usage),
        (["build", "--source", ""], .usage),
        (["links"], .usage),
        (["links", "a", "b"], .usage),
        (["links", "mastodon:@eb@social.coop"], .success),
        (["links", "mastodon:eb"], .failure),
        (["links", "mastadon:@eb@social.coop"], .failure),
        (["build", "--source", "nowhere"], .failure),
    ])
    func exitCodes(arguments: [String], expected: CommandLineTool.ExitCode) {
        #expect(Captured().tool().run(arguments) == expected)
    }

    @Test func unknownCommandSuggestsTheNearest() {
        let captured = Captured()
        _ = captured.tool().run(["biuld"])
        #expect(captured.errors.first?.hasPrefix("error: unknown command 'biuld' (did you mean 'build'?)") == true)
    }

    @Test func linksPrintsTheSeedChainInOrder() throws {
        let captured = Captured()
        #expect(captured.tool().run(["links", "mastodon:@eb@social.coop"]) == .success)
        // The chain's lines; the apps' sources follow after a blank line.
        let lines = captured.output.joined(separator: "\n").components(separatedBy: "\n\nSources:\n")[0].split(separator: "\n")
        let chain = try ServiceCatalog.standard.chain(shorthand: "mastodon:@eb@social.coop")
        #expect(lines.count == 5)
        for (line, url) in zip(lines, chain.candidates.map(\.url) + [chain.fallback]) {
            #expect(line.hasSuffix(url))
        }
        // The seed chain, in its order: Opener, Ivory, Ice Cubes, Mastodon, then the profile.
        #expect(lines.map { $0.split(separator: " ")[1] } == ["Opener", "Ivory", "Ice", "Mastodon", "Fallback"])
        #expect(lines[0].hasSuffix("opener://x-callback-url/show-options?url=https%3A%2F%2Fsocial.coop%2F%40eb"))
        #expect(lines[4].hasSuffix("https://social.coop/@eb"))
    }

    @Test func linksJSONDecodesToTheChain() throws {
        let captured = Captured()
        #expect(captured.tool().run(["links", "--json", "mailto:a@b.org?subject=Hi"]) == .success)
        let decoded = try JSONDecoder().decode(Chain.self, from: Data(captured.output.joined().utf8))
        #expect(decoded == (try ServiceCatalog.standard.chain(shorthand: "mailto:a@b.org?subject=Hi")))
    }

    @Test func buildReportsWhatItWrote() {
        let captured = Captured()
        let fileSystem = Fixtures.site("---\ntitle: A\n---\n")
        #expect(captured.tool(fileSystem).run(["build", "--source", "site"]) == .success)
        #expect(captured.output == ["Built 1 page (1 files) into site/Output/"])
        #expect(fileSystem.resolvedKind(at: "site/Output/index.html") == .file)
    }

    @Test func outputOptionChoosesTheFolder() {
        let fileSystem = Fixtures.site("---\ntitle: A\n---\n")
        #expect(Captured().tool(fileSystem).run(["build", "--source=site", "--output", "public"]) == .success)
        #expect(fileSystem.resolvedKind(at: "public/index.html") == .file)
    }
}
