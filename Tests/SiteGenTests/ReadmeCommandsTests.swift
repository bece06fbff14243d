import Foundation
import Testing
@testable import SiteGen
import SiteGenTestSupport

/// The README's Quick start and Publish command blocks, run as a new user would type them, against local
/// stand-ins: `sitegen` is the binary these tests built, `serve` runs for a moment and is stopped with Ctrl-C,
/// and the GitHub remote is a bare repository here (git's `insteadOf`). So the README cannot drift from the tool.
@Suite(.timeLimit(.minutes(5))) struct ReadmeCommandsTests {
    /// The `sh` blocks of the README section headed `heading` (a `## ` line), in order.
    static func shellBlocks(under heading: String) throws -> [String] {
        let readme = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        var blocks: [String] = []
        var inSection = false, current: [Substring]?
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") { inSection = line == "## " + heading; continue }
            guard inSection else { continue }
            if current == nil, line == "```sh" { current = []; continue }
            if let lines = current, line == "```" { blocks.append(lines.joined(separator: "\n")); current = nil; continue }
            current?.append(line)
        }
        return blocks
    }

    @Test func quickStartThenPublishPublishesTheSite() throws {
        let quickStart = try Self.shellBlocks(under: "Quick start")
        let deploying = try Self.shellBlocks(under: "Publish")
        try #require(quickStart.count == 1 && deploying.count == 1, "the README's Quick start and Publish each have one sh block")
        // The commands each block runs, in order: the first two words of each line (a continued line left out).
        func commands(_ block: String) -> [String] {
            DocumentText.lines(block).filter { $0.first?.isWhitespace == false }.map { $0.split(separator: " ").prefix(2).joined(separator: " ") }
        }
        #expect(commands(quickStart[0]) == ["sitegen new", "cd mysite", "sitegen serve", "sitegen build"])
        #expect(commands(deploying[0]) == ["git init", "git remote", "sitegen publish"])

        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bin = folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let wrapper = bin.appendingPathComponent("sitegen")
        try Data("""
            #!/bin/sh
            # serve runs until Ctrl-C: here for three seconds, then SIGINT, as a user's Ctrl-C.
            if [ "$1" = serve ]; then
              timeout -s INT 3 '\(SitegenBinary.url.path)' serve --port 0 >"$SERVE_LOG" 2>&1
              status=$?
              grep -q '^Serving ' "$SERVE_LOG" && { [ $status -eq 0 ] || [ $status -eq 124 ]; }
              exit $?
            fi
            exec '\(SitegenBinary.url.path)' "$@"

            """.utf8).write(to: wrapper)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: wrapper.path)
        let remote = folder.appendingPathComponent("links.git")
        let gitConfig = folder.appendingPathComponent("gitconfig")
        try Data("""
            [init]
            \tdefaultBranch = main
            [url "\(remote.path)"]
            \tinsteadOf = git@github.com:ada/links.git

            """.utf8).write(to: gitConfig)
        var environment = Shell.gitEnvironment
        environment["GIT_CONFIG_GLOBAL"] = gitConfig.path
        environment["PATH"] = bin.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["CI"] = "true"  // no browser
        environment["SERVE_LOG"] = folder.appendingPathComponent("serve.log").path

        // Between the two, the README says to replace new's examples and put the real address in url: (publish
        // refuses both an example left and an example address).
        let script = """
            set -eu
            git init -q --bare '\(remote.path)'
            \(quickStart[0])
            sed -i 's#https://ada.example/#https://ada-lovelace.net/#; s#What you do, in one line.#Mathematician, writer.#' content/index.md
            sed -i '/^A few words about you/,/open the visitor/c I write about the Analytical Engine.' content/index.md
            \(deploying[0])
            """
        let result = try SitegenBinary.run(["-c", script], in: folder, environment: environment, executable: URL(fileURLWithPath: "/bin/bash"))
        #expect(result.code == 0, "\(result.output)\n\(result.errors)")

        let clone = folder.appendingPathComponent("clone")
        let cloned = try SitegenBinary.run(["clone", "-q", "--branch", "gh-pages", remote.path, clone.path], in: folder,
                                              environment: environment, executable: URL(fileURLWithPath: "/usr/bin/git"))
        try #require(cloned.code == 0, "\(cloned.errors)")
        let published = Set(try FileManager.default.contentsOfDirectory(atPath: clone.path))
        // The built site (its share card named by a hash of what it shows) and what publish adds, not the output
        // folder's record (.sitegen-manifest).
        #expect(published.filter { !$0.hasPrefix("card-") }.sorted() == [".git", ".nojekyll", "CNAME", "_headers", "avatar.svg", "contact.vcf", "index.html", "qr.svg"])
        #expect(published.filter { $0.hasPrefix("card-") }.count == 1)
        #expect(try String(contentsOf: clone.appendingPathComponent("CNAME"), encoding: .utf8) == "ada-lovelace.net\n")
        #expect(try PageReader(String(contentsOf: clone.appendingPathComponent("index.html"), encoding: .utf8)).title == "Ada Lovelace")
    }
}
