import Foundation
@testable import OutputFolder
import Testing
@testable import Publishing
@testable import SiteGen
import SiteBasics
import SiteGenTestSupport

/// `sitegen publish` through the real binary, on a site repository with a local bare repository as its remote:
/// what reaches the branch, and what must stay as it was (the working tree, the index, HEAD, other branches).
@Suite(.timeLimit(.minutes(5))) struct PublishTests {
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
        try Data("Output/\n.sitegen-key\n".utf8).write(to: site.appendingPathComponent(".gitignore"))
        try git("""
            git init -q -b main && git add -A && git commit -qm 'The site' && git init -q --bare ../remote.git \
            && git remote add origin ../remote.git
            """, in: site)
        return (folder, site)
    }

    /// Runs `command` in a shell with git's test settings; its output, or the test fails.
    @discardableResult static func git(_ command: String, in folder: URL) throws -> String {
        let result = try Shell.run(command, in: folder)
        try #require(result.code == 0, "\(command): \(result.errors)")
        return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func sitegen(_ arguments: [String], in folder: URL) throws -> (code: Int32, output: String, errors: String) {
        try SitegenBinary.run(arguments, in: folder, environment: Shell.gitEnvironment)
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
        #expect(try Self.sitegen(["build", "-q"], in: site).code == 0)  // makes the site's key, which git ignores
        let before = try Self.untouched(site)

        let publish = try Self.sitegen(["publish", "--push"], in: site)
        #expect(publish.code == 0, "\(publish.errors)")
        #expect(try publish.output == """
            Built 1 page (6 files) into Output/
            Committed 6 files, .nojekyll and CNAME (\(Self.domain)) to gh-pages (\(Self.git("git rev-parse --short gh-pages", in: site))).
            Pushed gh-pages to origin.

            """)
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
        // Of the hidden files, only .nojekyll is published: not the output folder's record (\(OutputManifest.fileName)).
        #expect(names.filter { $0.first == "." } == [".nojekyll"] && OutputManifest.fileName.first == "." && built["index.html"] != nil)

        let tip = try Self.git("git rev-parse gh-pages", in: site)
        let again = try Self.sitegen(["publish", "--push"], in: site)
        #expect(again.code == 0, "\(again.errors)")
        #expect(again.output == """
            Built 1 page (6 files) into Output/
            gh-pages already holds this site: no commit.
            origin's gh-pages already holds it: nothing to push.

            """)
        #expect(try Self.git("git rev-parse gh-pages", in: site) == tip)
        #expect(try Self.git("git --git-dir=remote.git rev-parse gh-pages", in: folder) == tip)
        #expect(try Self.untouched(site) == before)
    }

    /// A publish from another clone is followed; one that diverged is refused, and replaced with --force-push.
    @Test func aDivergedBranchIsRefusedUnlessForced() throws {
        let (folder, site) = try Self.siteRepository()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Self.sitegen(["publish", "--push"], in: site).code == 0)
        // Someone else publishes a change on top: the next publish from here builds on it.
        try Self.git("""
            git clone -q -b gh-pages remote.git other && cd other && echo elsewhere > other.txt && git add other.txt \
            && git commit -qm 'From elsewhere' -m 'Sitegen-site: .' && git push -q origin gh-pages
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
        try Self.git("cd other && git pull -q --rebase=false origin gh-pages && git commit -q --allow-empty -m Again -m 'Sitegen-site: .' && git push -q origin gh-pages", in: folder)
        let remoteTip = try Self.git("git --git-dir=remote.git rev-parse gh-pages", in: folder)

        // Refused, naming the commit a push would drop; --force (the output folder's) changes nothing here.
        let again = try Self.git("git --git-dir=remote.git log -1 --format='%h %s' gh-pages", in: folder)
        for arguments in [["publish", "--push"], ["publish", "--push", "--force"]] {
            let refused = try Self.sitegen(arguments, in: site)
            #expect(refused.code == 1)
            #expect(refused.errors.hasPrefix("""
                gh-pages: error: has diverged from origin's gh-pages, and pushing would drop 1 commit someone published from elsewhere
                    \(again)
                gh-pages: hint: take theirs first (git fetch origin gh-pages && git branch -f gh-pages FETCH_HEAD), or pass --force-push to drop them
                """), "\(refused.errors)")
            #expect(try Self.git("git --git-dir=remote.git rev-parse gh-pages", in: folder) == remoteTip)
            #expect(try Self.git("git rev-parse gh-pages", in: site) == ours)
        }

        let forced = try Self.sitegen(["publish", "--push", "--force-push"], in: site)
        #expect(forced.code == 0, "\(forced.errors)")
        #expect(forced.output == """
            Built 1 page (6 files) into Output/
            gh-pages already holds this site: no commit.
            Pushed gh-pages to origin, dropping 1 commit of theirs:
                \(again)

            """)
        #expect(try Self.git("git --git-dir=remote.git rev-parse gh-pages", in: folder) == ours)
    }

    /// `-b main` from another branch would commit the built site on main, deleting every source file there: a branch
    /// whose last commit is not a publish of this site is refused (here and on the remote), unless --adopt-branch.
    @Test func aBranchThatIsNotAPublishOfThisSiteIsRefused() throws {
        let (folder, site) = try Self.siteRepository()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.git("git push -q origin main && git checkout -q -b draft", in: site)
        let main = try Self.git("git rev-parse main", in: site)
        for arguments in [["publish", "-b", "main"], ["publish", "-b", "main", "--push"], ["publish", "-b", "main", "--push", "--force", "--force-push"]] {
            let refused = try Self.sitegen(arguments, in: site)
            #expect(refused.code == 1)
            #expect(refused.errors.hasPrefix("""
                main: error: its last commit is not a publish of this site, and publishing would replace every file on it with the built site
                    \(main.prefix(7)) The site
                main: hint: name the branch the site is published to with --branch NAME (default: gh-pages), or pass --adopt-branch to publish onto this one all the same
                """), "\(refused.errors)")
            #expect(try Self.git("git rev-parse main", in: site) == main)
            #expect(try Self.git("git --git-dir=remote.git rev-parse main", in: folder) == main)
        }
        // Only on the remote: refused too, before anything is built.
        try Self.git("git --git-dir=remote.git branch pages main", in: folder)
        let remoteOnly = try Self.sitegen(["publish", "-b", "pages", "--push"], in: site)
        #expect(remoteOnly.code == 1)
        #expect(remoteOnly.errors.hasPrefix("pages: error: origin's last commit is not a publish of this site"), "\(remoteOnly.errors)")
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("Output").path))
        // Adopted: the site is committed on top of the branch's history; from then on it is a publish.
        let adopted = try Self.sitegen(["publish", "-b", "pages", "--push", "--adopt-branch"], in: site)
        #expect(adopted.code == 0, "\(adopted.errors)")
        #expect(try Self.git("git rev-parse pages^", in: site) == main)
        try Data("Output/\nchanged\n".utf8).write(to: site.appendingPathComponent("content/notes.txt"))
        #expect(try Self.sitegen(["publish", "-b", "pages", "--push"], in: site).code == 0)
    }

    /// Names git reads as something other than a branch of this repository, or refuses outright.
    @Test(arguments: [
        ("HEAD", "HEAD: error: is not a branch name git accepts\n    fatal: 'HEAD' is not a valid branch name\n"),
        ("-x", "-x: error: is not a branch name git accepts\n    fatal: '-x' is not a valid branch name\n"),
        ("a..b", "a..b: error: is not a branch name git accepts\n    fatal: 'a..b' is not a valid branch name\n"),
        ("@", "@: error: is what git calls HEAD, not a branch\n"),
        ("FETCH_HEAD", "FETCH_HEAD: error: is what git calls one of its own refs, not a branch\n"),
        ("origin/gh-pages", "origin/gh-pages: error: names a branch of the remote origin to git, not one of this repository\n"),
    ])
    func aBranchNameIsCheckedAsGitChecksIt(_ name: String, _ expected: String) throws {
        let (folder, site) = try Self.siteRepository()
        defer { try? FileManager.default.removeItem(at: folder) }
        let refs = try Self.git("git for-each-ref", in: site)
        let refused = try Self.sitegen(["publish", "--branch=\(name)"], in: site)
        #expect(refused.code == 1)
        #expect(refused.errors == expected + "\(name): hint: name the branch to publish to with --branch NAME, as git branch lists it (default: gh-pages)\n")
        #expect(try Self.git("git for-each-ref", in: site) == refs)
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("Output").path))
    }

    /// The commit names the source commit, and says when uncommitted changes were built; hidden files are not.
    @Test func aPublishOfUncommittedChangesSaysSo() throws {
        let (folder, site) = try Self.siteRepository()
        defer { try? FileManager.default.removeItem(at: folder) }
        let head = try Self.git("git rev-parse HEAD", in: site)
        try Data("notes".utf8).write(to: site.appendingPathComponent("content/.notes"))
        // A .gitignore that does not leave out the site's key (an older sitegen's): said, since a commit would share it.
        try Data("Output/\n".utf8).write(to: site.appendingPathComponent(".gitignore"))
        let first = try Self.sitegen(["publish"], in: site)
        #expect(first.code == 0)
        #expect(first.errors == """
            .sitegen-key: warning: is not ignored by git, so a commit would share the key that proves which files in the output folder sitegen wrote
            .sitegen-key: hint: add the line /.sitegen-key to the site's .gitignore (sitegen new's has it)

            """)
        #expect(try Self.git("git log -1 --format=%B gh-pages", in: site) == """
            Publish the site from \(head.prefix(12)) with sitegen \(SiteGenVersion.current)

            Sitegen-site: .
            Sitegen-source: \(head)
            """)
        let page = site.appendingPathComponent("content/index.md")
        try Data((try String(contentsOf: page, encoding: .utf8) + "\nNot committed yet.\n").utf8).write(to: page)
        #expect(try Self.sitegen(["publish", "-m", "Tonight's edit"], in: site).code == 0)
        #expect(try Self.git("git log -1 --format=%B gh-pages", in: site) == """
            Tonight's edit

            Sitegen-site: .
            Sitegen-source: \(head) with uncommitted changes
            """)
        try Self.git("git checkout -q -- content/index.md && echo new > content/new.txt", in: site)
        #expect(try Self.sitegen(["publish"], in: site).code == 0)
        #expect(try Self.git("git log -1 --format=%s gh-pages", in: site) == "Publish the site from \(head.prefix(12)) and uncommitted changes with sitegen \(SiteGenVersion.current)")
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
        #expect(result.errors.hasPrefix("origin: error: git could not push the branch gh-pages there, and says:\n    remote: pushes are closed today\n"), "\(result.errors)")
        // The commit is made here, so a later --push sends it.
        #expect(try Shell.run("git rev-parse --verify -q gh-pages", in: site).code == 0)
    }

    /// A repository without the remote gets the step it lacks, not git's words about a repository that is not there.
    @Test func aRepositoryWithoutTheRemoteIsToldHowToAddIt() throws {
        let (folder, site) = try Self.siteRepository()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Shell.run("git remote remove origin", in: site).code == 0)
        let result = try Self.sitegen(["publish", "--push"], in: site)
        #expect(result.code == 1)
        #expect(result.errors == """
            \(site.path)/.git: error: the repository has no remote named origin to push gh-pages to
            \(site.path)/.git: hint: add it once with git remote add origin URL (an empty repository on GitHub, say), or name another remote with --push NAME

            """)
    }

    @Test func aBranchCheckedOutInAWorktreeIsRefused() throws {
        let (folder, site) = try Self.siteRepository()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.git("git branch gh-pages && git worktree add -q ../pages gh-pages", in: site)
        let result = try Self.sitegen(["publish"], in: site)
        #expect(result.code == 1)
        let pages = folder.appendingPathComponent("pages").path
        #expect(result.errors == """
            gh-pages: error: is checked out in \(pages), whose files publishing would change
            gh-pages: hint: publish needs no worktree: remove it (git worktree remove \(pages)), or name another branch with --branch

            """)
    }

    @Test func anExampleAddressIsRefusedBeforeBuilding() throws {
        let (folder, site) = try Self.siteRepository()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = site.appendingPathComponent("content/index.md")
        try Data(try String(contentsOf: page, encoding: .utf8).replacingOccurrences(of: "https://\(Self.domain)/", with: "https://ann.example/").utf8)
            .write(to: page)
        let refused = try Self.sitegen(["publish"], in: site)
        #expect(refused.code == 1)
        #expect(refused.errors.hasPrefix("content/index.md: error: url https://ann.example/ is an example address (ann.example is reserved)"), "\(refused.errors)")
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("Output").path))
    }

    /// A site as `new` made it, nothing edited but a real address: publish refuses, naming every example still
    /// there at its line (a build only warns of them), and writes nothing.
    @Test func aSiteStillHoldingNewsExamplesIsNotPublished() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let made = try Self.sitegen(["new", "site", "--url", "https://\(Self.domain)/"], in: folder)
        try #require(made.code == 0, "\(made.errors)")
        let site = folder.appendingPathComponent("site")
        try Self.git("git init -q -b main && git add -A && git commit -qm 'The site'", in: site)
        let refused = try Self.sitegen(["publish"], in: site)
        #expect(refused.code == 1)
        #expect(refused.errors == """
            content/index.md:4:8: error: 'title' is still sitegen new's placeholder 'Your Name': put your own
            title: "Your Name"                       # the page's name and <title>
                   ^
            content/index.md:5:14: error: 'description' is still sitegen new's placeholder 'What you do, in one line.': put your own
            description: What you do, in one line.   # a tagline, and the meta description
                         ^
            content/index.md:19:1: error: this text is still sitegen new's example: write your own
            A few words about you, in **Markdown**. Links written like the buttons, such as
            ^
            content/index.md:20:1: error: this link is still sitegen new's example, you@example.org: put your own, or remove it
            [write to me](mailto:you@example.org), open the visitor's own apps too.
            ^
            site.yml:30:12: error: this link is still sitegen new's example, you@example.org: put your own, or remove it
              - email: "you@example.org"
                       ^
            site.yml:32:10: error: this link is still sitegen new's example, https://you.example/: put your own, or remove it
              - web: "https://you.example/"
                     ^
            Nothing was published: the site still holds sitegen new's examples; replace each of them above, then publish again.

            """)
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("Output").path))
        #expect(try Shell.run("git rev-parse --verify -q gh-pages", in: site).code != 0)
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
        #expect(names == [".nojekyll", "_headers", "avatar.svg", "contact.vcf", "index.html"])
        try Data(text.utf8).write(to: page)
        #expect(try Self.sitegen(["publish", "--branch", "pages", "-m", "With a domain"], in: site).code == 0)
        #expect(try Self.git("git log -1 --format=%s pages", in: site) == "With a domain")
        try Data(text.replacingOccurrences(of: "url: https://\(Self.domain)/\n", with: "").utf8).write(to: page)
        let refused = try Self.sitegen(["publish", "--branch", "pages"], in: site)
        #expect(refused.code == 1)
        #expect(refused.errors == """
            content/index.md:8:5: warning: this page has rel="me" links but no 'url': Mastodon verifies them only from the page's https address; set url: https://… or pass --base-url
              - mastodon: "@eb@social.coop"
                ^
            content/index.md: error: the site sets no url, so its custom domain is unknown: pages has a CNAME, which this publish would drop
            content/index.md: hint: set url: to the site's address (in content/index.md or site.yml), or give --base-url https://your.domain/

            """)
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
