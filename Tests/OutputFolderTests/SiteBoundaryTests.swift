import Foundation
@testable import OutputFolder
import SiteBasics
import Testing
@testable import SiteGen
import SiteGenTestSupport

/// The one rule for what build, check and serve read, on a real folder (links need a real disk): the walk's
/// whole value, so a rule that lets one more file through, or refuses one more, shows as a changed list.
@Suite struct SiteBoundaryTests {
    /// A site in a hidden folder (`.sites/site`: only what lies below the site's folder counts), with its
    /// `.git`, `.env` and a hidden folder of content/, a file beside content/, and a folder outside the site.
    final class Site {
        let folder: URL
        var site: URL { folder.appendingPathComponent(".sites/site") }

        init() throws {
            folder = try Fixtures.temporaryFolder()
            for (path, text) in [".sites/site/.git/config": "[core]", ".sites/site/.env": "TOKEN=1", ".sites/site/content/.drafts/x.txt": "draft",
                                 ".sites/site/content/index.md": "# Hi", ".sites/site/shared.txt": "shared", ".ssh/id": "key"] {
                let url = folder.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
            }
        }

        deinit { try? FileManager.default.removeItem(at: folder) }

        func link(_ path: String, to destination: String) throws {
            try FileManager.default.createSymbolicLink(atPath: site.appendingPathComponent(path).path, withDestinationPath: destination)
        }

        var boundary: SiteBoundary {
            get throws { try #require(SiteBoundary(BuildOptions(sourceDirectory: site.path), fileSystem: LocalFileSystem())) }
        }
    }

    static let hidden = "a hidden file or folder: sitegen reads nothing hidden (.git, .env, .ssh)"

    @Test func linksToHiddenFilesAreRefusedInOrOutOfTheSite() throws {
        let site = try Site()
        try site.link("content/cfg.txt", to: "../.git/config")
        try site.link("content/env.txt", to: "../.env")
        try site.link("content/git", to: "../.git")
        try site.link("content/chain.txt", to: "env.txt")
        try site.link("content/draft.txt", to: ".drafts/x.txt")
        try site.link("content/detour.txt", to: ".drafts/../index.md")
        try site.link("content/key.txt", to: "../../../.ssh/id")
        try site.link("content/shared.txt", to: "../shared.txt")
        try site.link("content/same.md", to: "./index.md")
        var walk = try site.boundary.walk(site.site.appendingPathComponent("content").path, fileSystem: LocalFileSystem())
        // Only the file found as one (not through a link) has its stamp.
        #expect(walk.stamps.keys.sorted() == ["index.md"])
        walk.stamps = [:]
        // The folders read, which serve watches: content/ alone (its hidden .drafts and the link to .git are not read).
        #expect(walk.folders == [try #require(LocalFileSystem().realPath(site.site.appendingPathComponent("content").path))])
        walk.folders = []
        #expect(walk == SiteBoundary.Walk(files: ["index.md", "same.md", "shared.txt"], refused: [
            .init(path: "cfg.txt", reason: "a symbolic link to ../.git/config, \(Self.hidden)"),
            .init(path: "chain.txt", reason: "a symbolic link to env.txt, which leads to .env, \(Self.hidden)"),
            .init(path: "detour.txt", reason: "a symbolic link to .drafts/../index.md, \(Self.hidden)"),
            .init(path: "draft.txt", reason: "a symbolic link to .drafts/x.txt, \(Self.hidden)"),
            .init(path: "env.txt", reason: "a symbolic link to ../.env, \(Self.hidden)"),
            .init(path: "git", reason: "a symbolic link to ../.git, \(Self.hidden)"),
            .init(path: "key.txt", reason: "a symbolic link to ../../../.ssh/id, \(Self.hidden)"),
        ]))
    }

    /// What serve asks at each request: a copied file that became a link since the build is refused in the build's words.
    @Test func aRecheckAppliesTheWalksRules() throws {
        let site = try Site()
        let fileSystem = LocalFileSystem(), boundary = try site.boundary
        let content = site.site.appendingPathComponent("content")
        #expect(boundary.recheck(content.appendingPathComponent("index.md").path, fileSystem: fileSystem)
            == .file(realPath: try #require(fileSystem.realPath(content.appendingPathComponent("index.md").path))))
        #expect(boundary.recheck(content.appendingPathComponent("gone.txt").path, fileSystem: fileSystem) == .missing)
        try site.link("content/cfg.txt", to: "../.git/config")
        #expect(boundary.recheck(content.appendingPathComponent("cfg.txt").path, fileSystem: fileSystem)
            == .refused(reason: "a symbolic link to ../.git/config, \(Self.hidden)"))
        try site.link("content/up", to: "..")
        #expect(boundary.recheck(content.appendingPathComponent("up/.env").path, fileSystem: fileSystem)
            == .refused(reason: "a path through a symbolic link to \(try #require(fileSystem.realPath(site.site.path)))/.env, which leads to .env, \(Self.hidden)"))
    }
}
