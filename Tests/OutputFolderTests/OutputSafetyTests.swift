import Foundation
@testable import OutputFolder
import Testing
@testable import SiteGen
import SiteGenTestSupport

/// What a build may and may not do to the folders people keep their work in, through the real binary: a git
/// worktree as output, secrets behind links, builds killed half-way or run twice at once, readers mid-swap.
@Suite(.timeLimit(.minutes(5))) struct OutputSafetyTests {
    /// A site of `pages` pages in a new temporary folder (the folder, then the site inside it).
    static func site(pages: Int = 1) throws -> (folder: URL, site: URL) {
        let folder = try Fixtures.temporaryFolder()
        let site = folder.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        try Fixtures.copyExample(to: site)
        for index in 1..<max(pages, 1) {
            try Data("---\ntitle: Page \(index)\n---\nText of page \(index).\n".utf8)
                .write(to: site.appendingPathComponent("content/p\(index).md"))
        }
        return (folder, site)
    }

    static func entries(_ folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    @Test func aGitWorktreeAsOutputKeepsItsGitAndCNAME() throws {
        let (folder, site) = try Self.site()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pages = site.appendingPathComponent("pages")
        let setup = try Shell.run("""
            git init -q pages && cd pages && git config user.email a@example.org && git config user.name A \
            && echo me.example > CNAME && git add CNAME && git commit -qm start && git rev-parse HEAD
            """, in: site)
        try #require(setup.code == 0, "\(setup.errors)")
        let head = setup.output.trimmingCharacters(in: .whitespacesAndNewlines)
        try Data("---\ntitle: Old\n---\n".utf8).write(to: site.appendingPathComponent("content/old.md"))
        for _ in 0..<2 {
            let build = try SitegenBinary.run(["build", "--output", "pages"], in: site)
            #expect(build.code == 0, "\(build.errors)")
        }
        try FileManager.default.removeItem(at: site.appendingPathComponent("content/old.md"))
        #expect(try SitegenBinary.run(["build", "--output", "pages"], in: site).code == 0)

        #expect(try String(contentsOf: pages.appendingPathComponent("CNAME"), encoding: .utf8) == "me.example\n")
        #expect(try Shell.run("git rev-parse HEAD", in: pages).output.trimmingCharacters(in: .whitespacesAndNewlines) == head)
        #expect(try Shell.run("git status --porcelain CNAME", in: pages).output.isEmpty)
        #expect(FileManager.default.fileExists(atPath: pages.appendingPathComponent("index.html").path))
        #expect(!FileManager.default.fileExists(atPath: pages.appendingPathComponent("old").path), "a page sitegen wrote and no longer makes stays")
        #expect(Self.entries(site) == [".sitegen-key", "cache", "content", "pages", "templates"], "something was left beside the output")
    }

    @Test func aSecretBehindALinkIsNeverPublished() throws {
        let (folder, site) = try Self.site()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createSymbolicLink(atPath: site.appendingPathComponent("content/env.txt").path, withDestinationPath: "/proc/self/environ")
        var environment = ProcessInfo.processInfo.environment
        let secret = "deploy-token-\(UUID().uuidString)"
        environment["SITEGEN_TEST_DEPLOY_TOKEN"] = secret
        environment["SITEGEN_ICON_PATH"] = ""
        let build = try SitegenBinary.run(["build"], in: site, environment: environment)
        #expect(build.code == 1)
        #expect(build.errors.contains("content/env.txt: error: a symbolic link to /proc/self/environ, outside the site folder"))
        let found = try Shell.run("grep -rl \(secret) . || true", in: folder).output
        #expect(found.isEmpty, "the secret is in \(found)")
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("Output").path))
    }

    static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// `cp Output/* docs/` beside the owner's CNAME, pages and folder: no manifest there, so all of it is the
    /// owner's; the copied files that hold the site's bytes are taken on, nothing is removed.
    @Test func aFolderWithoutAManifestLosesNothing() throws {
        let (folder, site) = try Self.site()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try SitegenBinary.run(["build"], in: site).code == 0)
        let docs = site.appendingPathComponent("docs")
        try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
        for name in ["index.html", "qr.svg"] {
            try FileManager.default.copyItem(at: site.appendingPathComponent("Output/\(name)"), to: docs.appendingPathComponent(name))
        }
        try Self.write("ada.example\n", to: docs.appendingPathComponent("CNAME"))
        try Self.write("about", to: docs.appendingPathComponent("about.html"))
        try Self.write("post", to: docs.appendingPathComponent("blog/p.html"))
        let build = try SitegenBinary.run(["build", "-o", "docs"], in: site)
        #expect(build.code == 0, "\(build.errors)")
        let built = try Fixtures.snapshot(docs)
        #expect(built["CNAME"] == Data("ada.example\n".utf8) && built["about.html"] == Data("about".utf8) && built["blog/p.html"] == Data("post".utf8))
        #expect(built["index.html"] == (try Fixtures.snapshot(site.appendingPathComponent("Output")))["index.html"])
    }

    /// Anyone who can change the output folder (a pull request to a repository that commits it as docs/) can change its
    /// manifest too; without the site's key they cannot seal it, and a manifest that is not sealed proves nothing:
    /// lines naming `.git/config`, `../.git/config` or the owner's CNAME delete nothing, and the build goes on.
    @Test func aTamperedManifestDeletesNothing() throws {
        let (folder, site) = try Self.site()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = site.appendingPathComponent("Output")
        #expect(try SitegenBinary.run(["build"], in: site).code == 0)
        try Self.write("[core]\n", to: site.appendingPathComponent(".git/config"))
        try Self.write("ada.example\n", to: output.appendingPathComponent("CNAME"))
        let manifest = try String(contentsOf: output.appendingPathComponent(".sitegen-manifest"), encoding: .utf8)
        let config = try Data(contentsOf: site.appendingPathComponent(".git/config"))
        let lines = ["file\t../.git/config\t\(ContentHash.of(config))\t-", "file\t.git/config\t\(ContentHash.of(config))\t-",
                     "file\tCNAME\t\(ContentHash.of("ada.example\n"))\t-"]
        try Self.write(manifest + lines.joined(separator: "\n") + "\n", to: output.appendingPathComponent(".sitegen-manifest"))
        let build = try SitegenBinary.run(["build"], in: site)
        #expect(build.code == 0, "\(build.errors)")
        #expect(try String(contentsOf: output.appendingPathComponent("CNAME"), encoding: .utf8) == "ada.example\n")
        #expect(try Data(contentsOf: site.appendingPathComponent(".git/config")) == config)
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("index.html").path))
    }

    /// The issue's repro: a tampered page with its hash edited in the manifest was kept, even with --force, and
    /// published. Through the binary: the build stops naming it, and --force replaces it with the site's bytes.
    @Test func aTamperedPageWithItsHashEditedIsNeverKept() throws {
        let (folder, site) = try Self.site()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = site.appendingPathComponent("Output")
        #expect(try SitegenBinary.run(["build"], in: site).code == 0)
        let page = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
        let tampered = page.replacingOccurrences(of: "</body>", with: "<script>alert(1)</script></body>")
        try Self.write(tampered, to: output.appendingPathComponent("index.html"))
        let manifest = try String(contentsOf: output.appendingPathComponent(".sitegen-manifest"), encoding: .utf8)
        let edited = manifest.split(separator: "\n").map { line in
            line.hasPrefix("file\tindex.html\t") ? "file\tindex.html\t\(ContentHash.of(tampered))\t-" : String(line)
        }.joined(separator: "\n") + "\n"
        try Self.write(edited, to: output.appendingPathComponent(".sitegen-manifest"))
        let refused = try SitegenBinary.run(["build"], in: site)
        #expect(refused.code == 1)
        #expect(refused.errors.hasPrefix("Output/index.html: error: sitegen cannot prove it wrote this, as the manifest here is not sealed with the site's .sitegen-key"), "\(refused.errors)")
        #expect(try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8) == tampered)
        #expect(try SitegenBinary.run(["build", "--force"], in: site).code == 0)
        #expect(try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8) == page)
    }

    /// An update from a sitegen without keys: its manifest (format 3, unsealed) is believed on the first build, which
    /// makes the key, so a page the update or an edit changes is sitegen's to replace; the same record planted once the
    /// site has a key proves nothing.
    @Test func theFirstBuildAfterAnUpdateBelievesTheOlderRecordOnce() throws {
        let (folder, site) = try Self.site()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = site.appendingPathComponent("Output")
        #expect(try SitegenBinary.run(["build"], in: site).code == 0)
        // What a sitegen without keys left: the same record, format 3, no seal line, no key beside the site.
        let manifest = try String(contentsOf: output.appendingPathComponent(".sitegen-manifest"), encoding: .utf8)
        let older = manifest.split(separator: "\n").filter { !$0.hasPrefix("seal\t") }
            .map { $0 == "sitegen-manifest 4" ? "sitegen-manifest 3" : String($0) }.joined(separator: "\n") + "\n"
        try #require(older != manifest && older.contains("sitegen-manifest 3\n"))
        try FileManager.default.removeItem(at: site.appendingPathComponent(ManifestKey.fileName))
        try Self.write(older, to: output.appendingPathComponent(".sitegen-manifest"))
        let page = site.appendingPathComponent("content/index.md")
        try Self.write(try String(contentsOf: page, encoding: .utf8) + "\nEdited after the update.\n", to: page)
        let updated = try SitegenBinary.run(["build"], in: site)
        #expect(updated.code == 0, "\(updated.errors)")
        #expect(try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8).contains("Edited after the update."))
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent(ManifestKey.fileName).path))
        // Once there is a key, the older record is only a file anyone could have written.
        try Self.write(older, to: output.appendingPathComponent(".sitegen-manifest"))
        try Self.write(try String(contentsOf: page, encoding: .utf8) + "\nAgain.\n", to: page)
        let refused = try SitegenBinary.run(["build"], in: site)
        #expect(refused.code == 1 && refused.errors.contains("is not sealed with the site's .sitegen-key"), "\(refused.errors)")
    }

    /// The issue's repro: a manifest line cut short by a full disk, then a killed build, stopped every later build,
    /// --force included. Here a file size limit stands for the full disk: the manifest, larger than any page, cannot be
    /// written; first the write fails (the build stops, the folder as it was), then the limit kills the build mid-write.
    /// The next build needs nothing but to be run, and leaves nothing behind.
    @Test func aManifestCutShortByAFullDiskThenAKilledBuildStopNothing() throws {
        let (folder, site) = try Self.site(pages: 200)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = site.appendingPathComponent("Output")
        #expect(try SitegenBinary.run(["build"], in: site).code == 0)
        let manifestSize = try Data(contentsOf: output.appendingPathComponent(".sitegen-manifest")).count
        let pageSize = try Data(contentsOf: output.appendingPathComponent("p1/index.html")).count
        try #require(pageSize * 2 < manifestSize, "the manifest (\(manifestSize) bytes) must outgrow a page (\(pageSize))")
        let template = site.appendingPathComponent("templates/page.html")
        try Data((try String(contentsOf: template, encoding: .utf8) + "<!-- v2 -->\n").utf8).write(to: template)
        let before = try Fixtures.snapshot(output)
        let limit = (pageSize + manifestSize) / 2 / 1024 + 1
        let binary = SitegenBinary.url.path
        let full = try Shell.run("bash -c \"trap '' XFSZ; ulimit -f \(limit); exec '\(binary)' build\"", in: site)
        #expect(full.code == 1 && full.errors.contains("File too large"), "\(full.errors)")
        #expect(try Fixtures.snapshot(output) == before)
        let killed = try Shell.run("bash -c \"ulimit -f \(limit); exec '\(binary)' build\"", in: site)
        #expect(killed.code != 0 && killed.code != 1, "\(killed.errors)")
        #expect(Self.entries(output).contains { $0.hasPrefix(".sitegen-") && $0 != ".sitegen-manifest" }, "the killed build left its staging folder or next manifest")
        let next = try SitegenBinary.run(["build"], in: site)
        #expect(next.code == 0, "\(next.errors)")
        #expect(Self.entries(output).filter { $0.hasPrefix(".") } == [".sitegen-manifest"])
        #expect(try String(contentsOf: output.appendingPathComponent("p1/index.html"), encoding: .utf8).contains("<!-- v2 -->"))
    }

    /// The issue's repro: a hard-linked snapshot (`cp -al Output snap`) saw its manifest change, which a build edited
    /// in place. Every version of it is a new file renamed over the last: the snapshot keeps its own.
    @Test func aHardLinkedSnapshotKeepsItsManifestAndFiles() throws {
        let (folder, site) = try Self.site(pages: 3)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try SitegenBinary.run(["build"], in: site).code == 0)
        #expect(try Shell.run("cp -al Output snap", in: site).code == 0)
        let snapshot = try Fixtures.snapshot(site.appendingPathComponent("snap"))
        let manifest = try Data(contentsOf: site.appendingPathComponent("snap/.sitegen-manifest"))
        try Self.write("---\ntitle: Page 1, edited\n---\nEdited.\n", to: site.appendingPathComponent("content/p1.md"))
        try FileManager.default.removeItem(at: site.appendingPathComponent("content/p2.md"))
        #expect(try SitegenBinary.run(["build"], in: site).code == 0)
        #expect(try Data(contentsOf: site.appendingPathComponent("snap/.sitegen-manifest")) == manifest)
        #expect(try Fixtures.snapshot(site.appendingPathComponent("snap")) == snapshot)
        #expect(try Data(contentsOf: site.appendingPathComponent("Output/.sitegen-manifest")) != manifest)
    }

    /// The issue's repro: a page's folder that became a file of the same name (or back) blocked builds, though all
    /// of it was sitegen's: here `talks.txt/` (the page content/talks.txt.md) and `talks.txt` (a file the page links).
    @Test func aPageFolderThatBecomesAFileAndBackBuilds() throws {
        let (folder, site) = try Self.site()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = site.appendingPathComponent("Output")
        let index = site.appendingPathComponent("content/index.md")
        let text = try String(contentsOf: index, encoding: .utf8)
        func asPage() throws {
            try? FileManager.default.removeItem(at: site.appendingPathComponent("content/talks.txt"))
            try Self.write("---\ntitle: Talks\n---\nMy talks.\n", to: site.appendingPathComponent("content/talks.txt.md"))
            try Self.write(text, to: index)
        }
        func asFile() throws {
            try FileManager.default.removeItem(at: site.appendingPathComponent("content/talks.txt.md"))
            try Self.write("My talks, as text.\n", to: site.appendingPathComponent("content/talks.txt"))
            try Self.write(text + "\n[Talks](talks.txt)\n", to: index)
        }
        try asPage()
        for step in [asFile, asPage, asFile] {
            try step()
            let build = try SitegenBinary.run(["build"], in: site)
            #expect(build.code == 0, "\(build.errors)")
        }
        #expect(try String(contentsOf: output.appendingPathComponent("talks.txt"), encoding: .utf8) == "My talks, as text.\n")
        try asPage()
        #expect(try SitegenBinary.run(["build"], in: site).code == 0)
        #expect(try String(contentsOf: output.appendingPathComponent("talks.txt/index.html"), encoding: .utf8).contains("My talks."))
    }

    /// A staging folder that a pull request could add, beside the output (sitegen 0.1's name) or in it, with a page and
    /// links to secrets: it is neither adopted nor published, and stays the owner's.
    @Test func aPlantedStagingFolderIsNeverAdopted() throws {
        let (folder, site) = try Self.site()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try SitegenBinary.run(["build"], in: site).code == 0)
        let token = String(repeating: "a", count: 32)
        for planted in [site.appendingPathComponent(".Output.sitegen-staging-1"), site.appendingPathComponent("Output/.sitegen-staging-\(token)")] {
            try Self.write("<script>alert(1)</script>", to: planted.appendingPathComponent("index.html"))
            try Self.write("", to: planted.appendingPathComponent(".sitegen-staging"))
            try FileManager.default.createSymbolicLink(atPath: planted.appendingPathComponent("etc").path, withDestinationPath: "/etc")
        }
        try Self.write("---\ntitle: Changed\n---\n", to: site.appendingPathComponent("content/index.md"))
        let build = try SitegenBinary.run(["build"], in: site)
        #expect(build.code == 0, "\(build.errors)")
        let index = try String(contentsOf: site.appendingPathComponent("Output/index.html"), encoding: .utf8)
        #expect(index.contains("Changed") && !index.contains("alert(1)"))
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("Output/etc").path))
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent(".Output.sitegen-staging-1/index.html").path))
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("Output/.sitegen-staging-\(token)/index.html").path))
    }

    /// A private folder stays private: the output folder is never replaced, so its mode, group and inode (a shell's
    /// working folder) stay; sibling output folders build side by side.
    @Test func theOutputFolderKeepsItsModeGroupAndInode() throws {
        let (folder, site) = try Self.site()
        defer { try? FileManager.default.removeItem(at: folder) }
        let www = site.appendingPathComponent("www")
        try FileManager.default.createDirectory(at: www, withIntermediateDirectories: true)
        #expect(chmod(www.path, 0o2770) == 0)
        #expect(chown(www.path, UInt32.max, 1) == 0 || getuid() != 0)  // group daemon, where the tests run as root
        var before = stat(), after = stat()
        #expect(stat(www.path, &before) == 0)
        for _ in 0..<2 { #expect(try SitegenBinary.run(["build", "-o", "www"], in: site).code == 0) }
        #expect(stat(www.path, &after) == 0)
        #expect(after.st_mode == before.st_mode && after.st_gid == before.st_gid && after.st_ino == before.st_ino)
        #expect(after.st_mode & 0o7777 == 0o2770)

        let a = site.appendingPathComponent("a")
        try FileManager.default.createDirectory(at: a, withIntermediateDirectories: true)
        let builds = try ["outA", "outB"].map { name in
            let process = Process()
            process.executableURL = SitegenBinary.url
            process.arguments = ["build", "-q", "-o", "a/\(name)"]
            process.currentDirectoryURL = site
            try process.run()
            return process
        }
        for process in builds { process.waitUntilExit(); #expect(process.terminationStatus == 0) }
    }

    /// Builds killed (kill -9) at random points, each into an output folder the one before left: every file there
    /// is always whole (the bytes of one version of the site or the other), and the next build that runs to its
    /// end converges on the site as it is, with nothing left over.
    @Test func buildsKilledAtRandomPointsLeaveEveryFileWholeAndTheNextConverges() throws {
        let (folder, site) = try Self.site(pages: 300)
        defer { try? FileManager.default.removeItem(at: folder) }
        let template = site.appendingPathComponent("templates/page.html")
        let original = try String(contentsOf: template, encoding: .utf8)
        func use(_ variant: String) throws { try Data((original + "<!-- \(variant) -->\n").utf8).write(to: template) }
        var versions: [[String: Data]] = []
        for variant in ["x", "y"] {
            try use(variant)
            #expect(try SitegenBinary.run(["build", "--output", "../\(variant)"], in: site).code == 0)
            versions.append(try Fixtures.snapshot(folder.appendingPathComponent(variant)))
        }
        #expect(versions[0]["p1/index.html"] != versions[1]["p1/index.html"])
        try use("x")
        let started = Date()
        #expect(try SitegenBinary.run(["build"], in: site).code == 0)
        let duration = Date().timeIntervalSince(started)

        var killedMidway = 0
        for round in 0..<12 {
            try use(round % 2 == 0 ? "y" : "x")
            let process = Process()
            process.executableURL = SitegenBinary.url
            process.arguments = ["build"]
            process.currentDirectoryURL = site
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(UInt32(Double.random(in: 0...(duration * 1.2)) * 1_000_000))
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            if process.terminationReason == .uncaughtSignal { killedMidway += 1 }
            for (path, bytes) in try Fixtures.snapshot(site.appendingPathComponent("Output")) {
                #expect(bytes == versions[0][path] || bytes == versions[1][path], "round \(round): \(path) is neither version")
            }
        }
        #expect(killedMidway >= 3, "only \(killedMidway) of 12 builds were killed before they ended")

        try use("y")
        let last = try SitegenBinary.run(["build"], in: site)
        #expect(last.code == 0, "\(last.errors)")
        #expect(try Fixtures.snapshot(site.appendingPathComponent("Output")) == versions[1])
        #expect(Self.entries(site.appendingPathComponent("Output")).filter { $0.hasPrefix(".") } == [".sitegen-manifest"])
        #expect(Self.entries(site) == [".sitegen-key", "Output", "cache", "content", "templates"])
    }

    @Test func twoBuildsAtOnceNeverMixOrFailWrongly() throws {
        let (folder, site) = try Self.site(pages: 100)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try SitegenBinary.run(["build"], in: site).code == 0)
        let builds = try (0..<4).map { _ in
            let process = Process(), errors = Pipe()
            process.executableURL = SitegenBinary.url
            process.arguments = ["build"]
            process.currentDirectoryURL = site
            process.standardOutput = FileHandle.nullDevice
            process.standardError = errors
            try process.run()
            return (process, errors)
        }
        var codes: [Int32] = []
        for (process, errors) in builds {
            let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            codes.append(process.terminationStatus)
            // A build that lost the race says why and that nothing changed; none fails in any other way.
            #expect(text.isEmpty || text == """
                Output: error: another sitegen build is writing into this folder: wait for it to finish, then build again
                Build failed with 1 error; Output/ was left as it was.

                """, "\(text)")
        }
        #expect(codes.contains(0) && codes.allSatisfy { $0 == 0 || $0 == 1 }, "\(codes)")
        #expect(Self.entries(site) == [".sitegen-key", "Output", "cache", "content", "templates"])
        let manifest = try OutputManifest.parse(String(contentsOf: site.appendingPathComponent("Output/.sitegen-manifest"), encoding: .utf8))
        #expect(manifest.files["p99/index.html"] != nil && manifest.files["index.html"] != nil)
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("Output/p99/index.html").path))
    }

    /// A reader of the output folder during builds always finds the site's index.html.
    @Test func readersNeverSeeTheSiteMissing() throws {
        let (folder, site) = try Self.site(pages: 20)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try SitegenBinary.run(["build"], in: site).code == 0)
        let index = site.appendingPathComponent("Output/index.html").path
        final class Misses: @unchecked Sendable { var count = 0; var reads = 0; var done = false; let lock = NSLock() }
        let misses = Misses()
        let reader = Thread {
            while !misses.lock.withLock({ misses.done }) {
                let present = access(index, F_OK) == 0
                misses.lock.withLock { misses.reads += 1; if !present { misses.count += 1 } }
            }
        }
        reader.start()
        for _ in 0..<5 { #expect(try SitegenBinary.run(["build"], in: site).code == 0) }
        misses.lock.withLock { misses.done = true }
        #expect(misses.lock.withLock { misses.reads } > 100)
        #expect(misses.lock.withLock { misses.count } == 0)
    }
}
