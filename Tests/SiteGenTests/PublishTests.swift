import Foundation
import Testing
@testable import Publishing
@testable import SiteGen
import SiteGenTestSupport

/// `sitegen publish` through the real binary, on a site repository with a local bare repository as its remote:
/// what reaches the branch, and what must stay as it was (the working tree, the index, HEAD, other branches).
@Suite(.timeLimit(.minutes(5))) struct PublishTests {
    /// Git without the machine's settings, with a name for the commits.
    static let environment: [String: String] = {
        var environment = ProcessInfo.processInfo.environment
        for name in ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE"] { environment[name] = nil }
        environment["GIT_CONFIG_GLOBAL"] = "/dev/null"
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        for role in ["AUTHOR", "COMMITTER"] {
            environment["GIT_\(role)_NAME"] = "Ada"
            environment["GIT_\(role)_EMAIL"] = "ada@example.org"
        }
        return environment
    }()

    static let domain = "loveyourmusic.net"

    /// A temporary folder holding `site`, the example site committed on main with url on a custom domain, and
    /// `remote.git`, a bare repository that is the site's `origin`.
    static func siteRepository() throws -> (folder: URL, site: URL) {
        let folder = try Fixtures.temporaryFolder()
        let site = folder.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        try Fixtures.copyExample(to: site)
        let page = site.appendingPathComponent("content/index.md")
        try Data(try String(contentsOf: page, encoding: .utf8)
            .replacingOccurrences(of: "https://loveyourmusic.example/", with: "https://\(domain)/").utf8).write(to: page)
        try Data("Output/\n".utf8).write(to: site.appendingPathComponent(".gitignore"))
        try git("""
            git init -q -b main && git add -A && git commit -qm 'The site' && git init -q --bare ../remote.git \
            && git remote add origin ../remote.git
            """, in: site)
        return (folder, site)
    }

    /// Runs `command` in a shell with git's test settings; its output, or the test fails.
    @discardableResult static func git(_ command: String, in folder: URL) throws -> String {
        let result = try shell(command, in: folder)
        try #require(result.code == 0, "\(command): \(result.errors)")
        return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func shell(_ command: String, in folder: URL) throws -> (code: Int32, output: String, errors: String) {
        try SitegenBinary.run(["-c", command], in: folder, environment: environment, executable: URL(fileURLWithPath: "/bin/sh"))
    }

    static func sitegen(_ arguments: [String], in folder: URL) throws -> (code: Int32, output: String, errors: String) {
        try SitegenBinary.run(arguments, in: folder, environment: environment)
    }

    /// Everything `publish` must leave as it was: the working tree's status, the index's bytes, HEAD, and the
    /// branches other than the published one.
    static func untouched(_ site: URL) throws -> [String] {
        [try git("git status --porcelain --ignored", in: site),
         try Data(contentsOf: site.appendingPathComponent(".git/index")).base64EncodedString(),
         try String(contentsOf: site.appendingPathComponent(".git/HEAD"), encoding: .utf8),
         try git("git rev-parse HEAD && git for-each-ref --format='%(refname) %(objectname)' refs/heads | grep -v gh-pages", in: site)]
    }

    @Test func publishPushesExactlyTheSiteAndLeavesTheRepositoryAsItWas() throws {
        let (folder, site) = try Self.siteRepository()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Something in the output folder that the build did not make is never published.
        try FileManager.default.createDirectory(at: site.appendingPathComponent("Output"), withIntermediateDirectories: true)
        try Data("draft".utf8).write(to: site.appendingPathComponent("Output/notes.txt"))
        try Data("uncommitted\n".utf8).write(to: site.appendingPathComponent("scratch.txt"))
        let before = try Self.untouched(site)

        let publish = try Self.sitegen(["publish", "--push"], in: site)
        #expect(publish.code == 0, "\(publish.errors)")
        #expect(publish.output.contains("Pushed gh-pages to origin."), "\(publish.output)")
        #expect(try Self.untouched(site) == before)

        try Self.git("git clone -q -b gh-pages remote.git published", in: folder)
        // The snapshots leave out hidden files; the branch's list of names has them.
        let published = try Fixtures.snapshot(folder.appendingPathComponent("published"))
        var built = try Fixtures.snapshot(site.appendingPathComponent("Output"))
        built["notes.txt"] = nil
        built["CNAME"] = Data("\(Self.domain)\n".utf8)
        #expect(published == built)
        let names = try Self.git("git ls-tree -r --name-only gh-pages", in: site).split(separator: "\n").map(String.init)
        #expect(names.sorted() == (built.keys + [".nojekyll"]).sorted())
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("Output/\(OutputManifest.fileName)").path))
        #expect(!names.contains(OutputManifest.fileName) && names.contains("index.html"))

        let tip = try Self.git("git rev-parse gh-pages", in: site)
        let again = try Self.sitegen(["publish", "--push"], in: site)
        #expect(again.code == 0, "\(again.errors)")
        #expect(again.output.contains("gh-pages already holds this site: no commit."), "\(again.output)")
        #expect(try Self.git("git rev-parse gh-pages", in: site) == tip)
        #expect(try Self.git("git --git-dir=remote.git rev-parse gh-pages", in: folder) == tip)
        #expect(try Self.untouched(site) == before)
    }

    /// A publish from another clone is followed; one that diverged is refused, and replaced with --force.
    @Test func aDivergedBranchIsRefusedUnlessForced() throws {
        let (folder, site) = try Self.siteRepository()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Self.sitegen(["publish", "--push"], in: site).code == 0)
        // Someone else publishes a change on top: the next publish from here builds on it.
        try Self.git("""
            git clone -q -b gh-pages remote.git other && cd other && echo elsewhere > other.txt && git add other.txt \
            && git commit -qm 'From elsewhere' && git push -q origin gh-pages
            """, in: folder)
        let theirs = try Self.git("git --git-dir=remote.git rev-parse gh-pages", in: folder)
        let page = site.appendingPathComponent("content/index.md")
        try Data((try String(contentsOf: page, encoding: .utf8) + "\nOne more line.\n").utf8).write(to: page)
        let follow = try Self.sitegen(["publish", "--push"], in: site)
        #expect(follow.code == 0, "\(follow.errors)")
        #expect(try Self.git("git rev-parse gh-pages^", in: site) == theirs)
        #expect(try Self.git("git ls-tree --name-only gh-pages other.txt", in: site).isEmpty, "the site is the build's files only")

        // Now both sides commit: here without pushing, there on top of what was pushed.
        try Data((try String(contentsOf: page, encoding: .utf8) + "\nAnd another.\n").utf8).write(to: page)
        #expect(try Self.sitegen(["publish"], in: site).code == 0)
        let ours = try Self.git("git rev-parse gh-pages", in: site)
        try Self.git("cd other && git pull -q --rebase=false origin gh-pages && git commit -q --allow-empty -m Again && git push -q origin gh-pages", in: folder)
        let remoteTip = try Self.git("git --git-dir=remote.git rev-parse gh-pages", in: folder)

        let refused = try Self.sitegen(["publish", "--push"], in: site)
        #expect(refused.code == 1)
        #expect(refused.errors.hasPrefix("gh-pages: error: has diverged from origin's gh-pages"), "\(refused.errors)")
        #expect(refused.errors.contains("gh-pages: hint: --force replaces origin's branch"))
        #expect(try Self.git("git --git-dir=remote.git rev-parse gh-pages", in: folder) == remoteTip)
        #expect(try Self.git("git rev-parse gh-pages", in: site) == ours)

        let forced = try Self.sitegen(["publish", "--push", "--force"], in: site)
        #expect(forced.code == 0, "\(forced.errors)")
        #expect(try Self.git("git --git-dir=remote.git rev-parse gh-pages", in: folder) == ours)
    }

    @Test func aFolderOutsideAnyRepositoryIsAnErrorAndNothingIsBuilt() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Fixtures.copyExample(to: folder)
        let result = try Self.sitegen(["publish"], in: folder)
        #expect(result.code == 1)
        #expect(result.errors == """
            .: error: not in a git repository: publish commits the built site to a branch of the site's repository
            .: hint: make one with git init, then add where to push with git remote add origin URL

            """)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Output").path))
    }

    @Test func aRemoteThatRefusesIsShownInItsOwnWords() throws {
        let (folder, site) = try Self.siteRepository()
        defer { try? FileManager.default.removeItem(at: folder) }
        let hook = folder.appendingPathComponent("remote.git/hooks/pre-receive")
        try Data("#!/bin/sh\necho 'pushes are closed today' >&2\nexit 1\n".utf8).write(to: hook)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook.path)
        let result = try Self.sitegen(["publish", "--push"], in: site)
        #expect(result.code == 1)
        #expect(result.errors.contains("origin: error: gh-pages refused the push of it: "), "\(result.errors)")
        #expect(result.errors.contains("pushes are closed today"))
        // The commit is made here, so a later --push sends it.
        #expect(try Self.shell("git rev-parse --verify -q gh-pages", in: site).code == 0)
    }

    @Test func aBranchCheckedOutInAWorktreeIsRefused() throws {
        let (folder, site) = try Self.siteRepository()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.git("git branch gh-pages && git worktree add -q ../pages gh-pages", in: site)
        let result = try Self.sitegen(["publish"], in: site)
        #expect(result.code == 1)
        #expect(result.errors.contains("gh-pages: error: is checked out in "), "\(result.errors)")
        #expect(result.errors.contains("publish needs no worktree"))
    }

    @Test func anExampleAddressIsRefusedBeforeBuilding() throws {
        let (folder, site) = try Self.siteRepository()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = site.appendingPathComponent("content/index.md")
        try Data(try String(contentsOf: page, encoding: .utf8).replacingOccurrences(of: "https://\(Self.domain)/", with: "https://you.example/").utf8)
            .write(to: page)
        let refused = try Self.sitegen(["publish"], in: site)
        #expect(refused.code == 1)
        #expect(refused.errors.hasPrefix("content/index.md: error: url https://you.example/ is an example address (you.example is reserved)"), "\(refused.errors)")
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("Output").path))
    }

    /// Without a url the domain is unknown, which matters only when the branch has a CNAME the publish would drop.
    @Test func noURLIsAnErrorOnlyWhereACNAMEWouldBeDropped() throws {
        let (folder, site) = try Self.siteRepository()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = site.appendingPathComponent("content/index.md")
        let text = try String(contentsOf: page, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "url: https://\(Self.domain)/\n", with: "").utf8).write(to: page)
        let first = try Self.sitegen(["publish", "--branch", "pages"], in: site)
        #expect(first.code == 0, "\(first.errors)")
        let names = try Self.git("git ls-tree --name-only pages", in: site).split(separator: "\n")
        #expect(names.contains(".nojekyll") && names.contains("index.html") && !names.contains("CNAME"), "\(names)")
        try Data(text.utf8).write(to: page)
        #expect(try Self.sitegen(["publish", "--branch", "pages", "-m", "With a domain"], in: site).code == 0)
        #expect(try Self.git("git log -1 --format=%s pages", in: site) == "With a domain")
        try Data(text.replacingOccurrences(of: "url: https://\(Self.domain)/\n", with: "").utf8).write(to: page)
        let refused = try Self.sitegen(["publish", "--branch", "pages"], in: site)
        #expect(refused.code == 1)
        #expect(refused.errors.contains("\ncontent/index.md: error: the site sets no url, so its custom domain is unknown: pages has a CNAME"), "\(refused.errors)")
    }

    @Test(arguments: [
        ("https://ada.github.io/links/", nil), ("https://links.ada.net/", "links.ada.net"), ("https://ADA.GitHub.io/", nil), (nil, nil),
    ] as [(String?, String?)])
    func theCNAMEHoldsACustomDomainOnly(_ url: String?, _ domain: String?) throws {
        let site = try PublishedSite(outputDirectory: "Output", paths: ["index.html"], siteURL: url, urlSource: "content/index.md")
        #expect(site.domain == domain)
        #expect(site.extraFiles.map(\.path) == [".nojekyll"] + (domain == nil ? [] : ["CNAME"]))
    }
}
