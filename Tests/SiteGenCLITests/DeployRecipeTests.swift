import Foundation
import Testing
@testable import SiteGenCLI
import SiteGenTestSupport

/// `sitegen new --ci`: the workflow passes actionlint, and the one script it runs builds the site here, from a
/// clean folder and a shell that has only what a runner has. The script is given the sitegen `swift test` built
/// (SITEGEN, which it honours) instead of compiling the pinned release again: compiling takes minutes, and is
/// the same `swift build -c release` that scripts/install.sh runs.
@Suite struct DeployRecipeTests {
    /// A new site made with `--ci host`, in a fresh temporary folder of its own.
    static func newSite(ci host: String) throws -> (folder: URL, site: URL) {
        let folder = try Fixtures.temporaryFolder()
        let made = try SitegenBinary.run(["new", "site", "--title", "Ada Lovelace", "--link", "github:ada", "--ci", host], in: folder)
        #expect(made.code == 0, "\(made.errors)")
        return (folder, folder.appendingPathComponent("site"))
    }

    static func text(_ site: URL, _ path: String) throws -> String {
        try String(contentsOf: site.appendingPathComponent(path), encoding: .utf8)
    }

    /// A workflow's settings, key → each value given to it in order: its `key: value` lines with indentation and
    /// list dashes dropped (comments and keys that open a block left out).
    static func settings(_ yaml: String) -> [String: [String]] {
        var settings: [String: [String]] = [:]
        for line in DocumentText.lines(yaml) {
            var text = line.trimmingCharacters(in: .whitespaces)
            guard text.first != "#" else { continue }
            if text.hasPrefix("- ") { text.removeFirst(2) }
            guard let colon = text.firstRange(of: ": ") else { continue }
            settings[String(text[..<colon.lowerBound]), default: []].append(String(text[colon.upperBound...]))
        }
        return settings
    }

    /// The lines of a file that are not comments, trimmed.
    static func lines(_ text: String) -> [String] {
        DocumentText.lines(text).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && $0.first != "#" }
    }

    /// A program on PATH, such as actionlint (installed by .ci/install-deps).
    static func program(_ name: String) -> URL? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// actionlint's findings on one workflow of the site (empty when it passes), shellcheck included when on PATH.
    static func actionlint(_ workflow: String, in site: URL) throws -> String {
        let actionlint = try #require(program("actionlint"), "actionlint is not on PATH: bash .ci/install-deps installs it")
        let run = try SitegenBinary.run(["-no-color", workflow], in: site, executable: actionlint)
        return run.code == 0 ? "" : run.output + run.errors
    }

    /// build-site.sh run as a runner runs it: bash in the site's folder, a home of its own (where the cache of
    /// built sitegens would go), and `extra` settings.
    static func buildScript(in site: URL, _ extra: [String: String]) throws -> (code: Int32, output: String, errors: String) {
        let home = site.deletingLastPathComponent().appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let environment = ["PATH": "/usr/bin:/bin", "HOME": home.path, "LANG": "C.UTF-8"].merging(extra) { $1 }
        return try SitegenBinary.run(["build-site.sh"], in: site, environment: environment, executable: URL(fileURLWithPath: "/bin/bash"))
    }

    /// build-site.sh, given the sitegen the tests built, finishes Output/ with the site's page.
    static func expectTheScriptBuildsTheSite(_ site: URL) throws {
        let built = try buildScript(in: site, ["SITEGEN": SitegenBinary.url.path])
        #expect(built.code == 0, "\(built.errors)")
        #expect(built.output.hasPrefix("Built 1 page"), "\(built.output)")
        #expect(PageReader(try text(site, "Output/index.html")).title == "Ada Lovelace")
    }

    @Test func githubWritesAWorkflowThatLintsCleanAndRunsTheScriptThatBuildsTheSite() throws {
        let (folder, site) = try Self.newSite(ci: "github")
        defer { try? FileManager.default.removeItem(at: folder) }
        let workflow = try Self.text(site, ".github/workflows/pages.yml")
        #expect(try Self.actionlint(".github/workflows/pages.yml", in: site) == "")

        // The workflow's one build step is the script this test runs, and Output/ is what it deploys.
        let settings = Self.settings(workflow)
        #expect(settings["run"] == ["bash build-site.sh"])
        #expect(settings["uses"]?.map { $0.prefix { $0 != "@" } }
                == ["actions/checkout", "actions/cache", "actions/configure-pages", "actions/upload-pages-artifact", "actions/deploy-pages"])
        #expect(settings["path"] == ["~/.cache/sitegen", "Output"])
        #expect(settings["key"] == ["sitegen-${{ runner.os }}-${{ runner.arch }}-${{ env.SITEGEN_REF }}"])
        #expect(settings["SITEGEN_REF"] == [DeployRecipe.sitegenRef] && settings["SITEGEN_REPOSITORY"] == [DeployRecipe.sitegenRepository])
        #expect(settings["contents"] == ["read"] && settings["pages"] == ["write"] && settings["id-token"] == ["write"])
        #expect(settings["name"] == ["Publish the site", "Restore the sitegen built for this ref", "Build the site", "github-pages", "Deploy to GitHub Pages"])

        let built = try Self.buildScript(in: site, ["SITEGEN": SitegenBinary.url.path])
        #expect(built.code == 0, "\(built.errors)")
        #expect(built.output.hasPrefix("Built 1 page"), "\(built.output)")
        let page = PageReader(try Self.text(site, "Output/index.html"))
        #expect(page.title == "Ada Lovelace")
        #expect(page.buttons.map(\.href) == ["https://github.com/ada"])
    }

    @Test func netlifyRunsTheSameScriptThroughItsBuildCommand() throws {
        let (folder, site) = try Self.newSite(ci: "netlify")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Self.actionlint(".github/workflows/netlify.yml", in: site) == "")
        #expect(Self.lines(try Self.text(site, "netlify.toml")) == ["[build]", #"command = "bash build-site.sh""#, #"publish = "Output""#])
        #expect(Self.settings(try Self.text(site, ".github/workflows/netlify.yml"))["run"] == ["npx --yes netlify-cli deploy --build --prod"])

        try Self.expectTheScriptBuildsTheSite(site)
    }

    @Test func cloudflareRunsTheSameScriptThenUploadsOutput() throws {
        let (folder, site) = try Self.newSite(ci: "cloudflare")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Self.actionlint(".github/workflows/cloudflare-pages.yml", in: site) == "")
        #expect(Self.settings(try Self.text(site, ".github/workflows/cloudflare-pages.yml"))["run"]
                == ["bash build-site.sh", "npx --yes wrangler pages deploy Output --project-name \"$PROJECT_NAME\" --branch main"])
        try Self.expectTheScriptBuildsTheSite(site)
    }

    @Test func theScriptStopsWithOneLineWhenItCannotBuildSitegen() throws {
        let (folder, site) = try Self.newSite(ci: "github")
        defer { try? FileManager.default.removeItem(at: folder) }
        let placeholder = try Self.buildScript(in: site, [:])
        #expect(placeholder.code == 1)
        #expect(placeholder.errors == "error: name sitegen's source repository in SITEGEN_REPOSITORY (in this script or the workflow)\n")
        let notAProgram = try Self.buildScript(in: site, ["SITEGEN": site.appendingPathComponent("nothing").path])
        #expect(notAProgram.code == 1 && notAProgram.errors.hasSuffix("which is not a program: name a sitegen binary, or unset SITEGEN to build one\n"))
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("Output").path))
    }
}
