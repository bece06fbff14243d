import Foundation
import OutputFolder
import SiteBasics
import SiteGen
import SiteSource

/// `sitegen publish` after the build: the built site committed to a branch of the site's git repository
/// (`gh-pages` by default, which GitHub Pages serves), then pushed when asked. Only git's plumbing is used, on a
/// private index: the working tree, the index, HEAD and every other branch stay exactly as they were, and no
/// worktree is needed (Debian 12's git 2.39 has no `worktree add --orphan` for a branch that does not exist yet).
///
/// The steps, in order: `init` finds the repository and checks the branch may be written; `base` reads the
/// branch's tip (and the remote's, fetched, when pushing) and chooses the parent; the caller builds the site;
/// `commit` writes the site's tree and a commit on the parent unless the tree is the parent's; `push` sends it.
public struct SitePublisher: Sendable {
    public struct Options: Sendable {
        public var branch = "gh-pages"
        /// The remote to push to; nil commits only.
        public var remote: String?
        /// The commit's message; nil for one naming sitegen and the source commit.
        public var message: String?
        /// `--force-push`: a branch that has diverged from the remote's replaces it there, dropping the remote's commits.
        public var dropsRemoteCommits = false
        /// `--adopt-branch`: a branch whose last commit is not a publish of this site is published onto all the same.
        public var adoptsBranch = false
        public init() {}
    }

    public let options: Options
    public let git: Git
    /// The source folder as given, for messages.
    let sourceDirectory: String
    /// The site's folder below the repository's top (`.` at the top): each publish names it in its commit, and a
    /// branch is published onto only when its last commit is such a publish (`isPublish`).
    let siteFolder: String
    var ref: String { "refs/heads/" + options.branch }
    /// The trailer that marks a commit as a publish of this site.
    var siteTrailer: String { "Sitegen-site: \(siteFolder)" }

    /// Finds the repository holding `sourceDirectory` and refuses a branch that cannot be published to.
    public init(sourceDirectory: String, options: Options) throws(PublishError) {
        self.sourceDirectory = sourceDirectory
        self.options = options
        let found = Git(gitDirectory: nil).run(["-C", sourceDirectory, "rev-parse", "--absolute-git-dir"])
        if found.status == Git.notFound {
            throw PublishError(.git, path: sourceDirectory, message: "publish needs git, which is not installed", hint: "install it: apt-get install git")
        }
        guard found.succeeded, let gitDirectory = found.lines.first else {
            throw PublishError(.notARepository, path: sourceDirectory,
                               message: "not in a git repository: publish commits the built site to a branch of the site's repository",
                               hint: "make one with git init, then add where to push with git remote add origin URL")
        }
        git = Git(gitDirectory: gitDirectory)
        let prefix = Git(gitDirectory: nil).run(["-C", sourceDirectory, "rev-parse", "--show-prefix"]).lines.first ?? ""
        siteFolder = prefix.isEmpty ? "." : String(prefix.dropLast(prefix.hasSuffix("/") ? 1 : 0))
        try Self.checkBranchName(options.branch, git: git)
        // A worktree (the main one included) with the branch checked out would see its files change under it.
        let worktrees = try git.output(["worktree", "list", "--porcelain"]).split(separator: "\n\n")
        if let worktree = worktrees.first(where: { $0.split(separator: "\n").contains("branch \(ref)") }) {
            let path = worktree.split(separator: "\n").first.map { String($0.dropFirst("worktree ".count)) } ?? "?"
            throw PublishError(.branchCheckedOut, path: options.branch, message: "is checked out in \(path), whose files publishing would change",
                               hint: "publish needs no worktree: remove it (git worktree remove \(path)), or name another branch with --branch")
        }
    }

    /// Refuses a name git does not take as a branch's (`git check-ref-format --branch`: `HEAD`, `-x`, `a..b`), and one
    /// it would read as something else: `@` (HEAD), `FETCH_HEAD` and the like, `origin/gh-pages` (a remote's branch).
    static func checkBranchName(_ name: String, git: Git) throws(PublishError) {
        let hint = "name the branch to publish to with --branch NAME, as git branch lists it (default: gh-pages)"
        let checked = git.run(["check-ref-format", "--branch", name])
        guard checked.succeeded, checked.lines.first == name else {
            var error = PublishError(.branchName, path: name, message: "is not a branch name git accepts", hint: hint)
            error.diagnostic.quoted = checked.succeeded ? [] : checked.errorLines
            throw error
        }
        let remotes = git.run(["remote"]).lines
        if let remote = remotes.first(where: { name.hasPrefix($0 + "/") }) {
            throw PublishError(.branchName, path: name, message: "names a branch of the remote \(remote) to git, not one of this repository", hint: hint)
        }
        if name == "@" || (name.hasSuffix("HEAD") && name.utf8.allSatisfy { (65...90).contains($0) || $0 == 95 }) {
            throw PublishError(.branchName, path: name, message: "is what git calls \(name == "@" ? "HEAD" : "one of its own refs"), not a branch", hint: hint)
        }
    }

    /// Whether `commit` is a publish of this site: its message carries this site's trailer, or it has the message an
    /// earlier sitegen gave every publish.
    func isPublish(_ commit: String) -> Bool {
        let message = git.run(["log", "-1", "--format=%B", commit, "--"]).lines
        return message.contains(siteTrailer) || (message.first.map { $0.hasPrefix("Publish the site") && $0.contains(" with sitegen ") } ?? false)
    }

    /// Refuses to publish onto `tip` (of `whose` branch) when it is not an earlier publish of this site, unless adopted.
    private func checkPublished(_ tip: String, whose: String) throws(PublishError) {
        guard !options.adoptsBranch, !isPublish(tip) else { return }
        let subject = git.run(["log", "-1", "--format=%h %s", tip, "--"]).lines.first ?? tip
        var error = PublishError(.notAPublish, path: options.branch,
                                 message: "\(whose)last commit is not a publish of this site, and publishing would replace every file on it with the built site",
                                 hint: "name the branch the site is published to with --branch NAME (default: gh-pages), or pass --adopt-branch to publish onto this one all the same")
        error.diagnostic.quoted = [subject]
        throw error
    }

    /// Where the new commit goes: the branch's tip here and on the remote, and the parent chosen from them.
    public struct Base: Sendable {
        /// The local branch's tip; nil before the first publish.
        public var local: String?
        /// The remote branch's tip (fetched), when pushing; nil when not pushing or the remote has none.
        public var remote: String?
        /// The commit the new one follows: the later of the two tips, or the local one with --force-push.
        public var parent: String?
        /// The remote's commits a push drops (`--force-push` on a diverged branch), as `git log --oneline` shows them.
        public var droppedRemoteCommits: [String] = []
    }

    /// Reads the tips and chooses the parent. When pushing, the remote's branch is fetched first, so that a publish
    /// from a fresh clone follows what was published from elsewhere, and a branch that diverged is found before
    /// anything is written.
    public func base() throws(PublishError) -> Base {
        var base = Base(local: git.commit(named: ref))
        if let local = base.local { try checkPublished(local, whose: "its ") }
        guard let remote = options.remote else {
            base.parent = base.local
            return base
        }
        // A repository without the remote (a fresh `git init`) gets the step it lacks, not git's "does not appear to be
        // a git repository".
        if !remote.contains(":"), !remote.contains("/"), !git.run(["remote", "get-url", "--", remote]).succeeded {
            throw PublishError(.remoteRefused, path: git.gitDirectory ?? sourceDirectory,
                               message: "the repository has no remote named \(remote) to push \(options.branch) to",
                               hint: "add it once with git remote add \(remote) URL (an empty repository on GitHub, say), or name another remote with --push NAME")
        }
        let listed = git.run(["ls-remote", "--", remote, ref])
        guard listed.succeeded else { throw refused(listed, doing: "could not read") }
        guard let remoteTip = listed.lines.first?.split(separator: "\t").first.map(String.init) else {
            base.parent = base.local
            return base
        }
        if git.commit(named: remoteTip) == nil {
            let fetched = git.run(["fetch", "--quiet", "--no-tags", "--", remote, ref])
            guard fetched.succeeded else { throw refused(fetched, doing: "could not fetch") }
        }
        base.remote = remoteTip
        if remoteTip != base.local { try checkPublished(remoteTip, whose: "\(remote)'s ") }
        guard let local = base.local, local != remoteTip else {
            base.parent = remoteTip
            return base
        }
        if git.isAncestor(remoteTip, of: local) {
            base.parent = local
        } else if git.isAncestor(local, of: remoteTip) {
            base.parent = remoteTip
        } else {
            // Theirs that ours lacks, newest first: what a push of ours would drop.
            let theirs = git.run(["log", "--format=%h %s", "\(local)..\(remoteTip)", "--"]).lines
            guard options.dropsRemoteCommits else {
                var error = PublishError(.diverged, path: options.branch,
                                         message: "has diverged from \(remote)'s \(options.branch), and pushing would drop \(Self.count(theirs.count, "commit")) someone published from elsewhere",
                                         hint: "take theirs first (git fetch \(remote) \(options.branch) && git branch -f \(options.branch) FETCH_HEAD), or pass --force-push to drop them")
                error.diagnostic.quoted = Self.listed(theirs)
                throw error
            }
            base.parent = local
            base.droppedRemoteCommits = theirs
        }
        return base
    }

    /// Commits the built site on `base.parent`; nil when the site is the parent's already. The tree holds exactly
    /// `site.paths` below its folder (never the manifest, nor anything else there the build did not make), and the
    /// files GitHub Pages reads (`site.extraFiles`), which are written as blobs, never into the user's folder.
    public func commit(_ site: PublishedSite, on base: Base) throws(PublishError) -> String? {
        if base.parent.map({ git.run(["cat-file", "-e", "\($0):CNAME"]).succeeded }) == true, site.siteURL == nil, !site.paths.contains("CNAME") {
            throw PublishError(.noURL, path: joinPath(sourceDirectory, "content/index.md"),
                               message: "the site sets no url, so its custom domain is unknown: \(options.branch) has a CNAME, which this publish would drop",
                               hint: "set url: to the site's address (in content/index.md or site.yml), or give --base-url https://your.domain/")
        }
        let index = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-publish-\(UUID().uuidString).index").path
        defer {
            try? FileManager.default.removeItem(atPath: index)
            try? FileManager.default.removeItem(atPath: index + ".lock")
        }
        let privateIndex = ["GIT_INDEX_FILE": index]
        let paths = Data(site.paths.map { $0 + "\0" }.joined().utf8)
        // -f: a global ignore file must not drop a site's file; literal pathspecs: a name with * is a name.
        let added = git.run(["--work-tree=\(site.outputDirectory)", "add", "-A", "-f", "--pathspec-from-file=-", "--pathspec-file-nul"],
                            input: paths, environment: privateIndex.merging(["GIT_LITERAL_PATHSPECS": "1"]) { $1 })
        guard added.succeeded else { throw gitFailed(added) }
        for file in site.extraFiles {
            let blob = try git.output(["hash-object", "-w", "--stdin"], input: Data(file.contents.utf8))
            let staged = git.run(["update-index", "--add", "--cacheinfo", "100644,\(blob),\(file.path)"], environment: privateIndex)
            guard staged.succeeded else { throw gitFailed(staged) }
        }
        let tree = try git.output(["write-tree"], environment: privateIndex)
        if let parent = base.parent, git.run(["rev-parse", "--verify", "--quiet", "\(parent)^{tree}"]).lines.first == tree { return nil }
        let commit = try git.output(["commit-tree", tree] + (base.parent.map { ["-p", $0] } ?? []) + ["-m", message()])
        // The old value: if the branch moved since it was read (another publish), this fails rather than lose that commit.
        let updated = git.run(["update-ref", "-m", "sitegen publish", ref, commit, base.local ?? ""])
        guard updated.succeeded else { throw gitFailed(updated) }
        return commit
    }

    /// The default message names the source commit, and says so when what was built differs from it (uncommitted
    /// edits), so the published site can be traced to what made it; either message ends with the trailers that
    /// name the site (`isPublish`) and the source.
    func message() -> String {
        let head = git.commit(named: "HEAD")
        let dirty = hasUncommittedSources
        let source = head.map { " from \($0.prefix(12))\(dirty ? " and uncommitted changes" : "")" } ?? (dirty ? " from uncommitted files" : "")
        let subject = options.message ?? "Publish the site\(source) with sitegen \(SiteGenVersion.current)"
        let sourceTrailer = "Sitegen-source: \(head ?? "none")\(dirty ? " with uncommitted changes" : "")"
        return subject + "\n\n" + siteTrailer + "\n" + sourceTrailer + "\n"
    }

    /// Whether the files a build reads (site.yml, content/, templates/) differ from HEAD's: changed, new, or
    /// ignored by git but read by the build (hidden files and editors' backups, which the build skips, left out).
    var hasUncommittedSources: Bool {
        let status = Git(gitDirectory: nil).run(["-C", sourceDirectory, "status", "--porcelain", "-z", "--ignored=matching", "--untracked-files=all",
                                                 "--", "site.yml", "content", "templates"])
        guard status.succeeded else { return true }
        return status.output.split(separator: "\0").contains { entry in
            // `XY path`; a rename's source follows as an entry of its own, without the status.
            let path = entry.count > 3 ? entry.dropFirst(3) : entry
            return !path.split(separator: "/").contains { SiteBoundary.isIgnored(String($0)) }
        }
    }

    /// A warning when git would commit the site's key (`ManifestKey`): whoever reads it can seal a manifest that makes
    /// sitegen take their files in the output folder for its own.
    public func keyWarning() -> Diagnostic? {
        let key = joinPath(sourceDirectory, ManifestKey.fileName)
        guard FileManager.default.fileExists(atPath: key),
              !Git(gitDirectory: nil).run(["-C", sourceDirectory, "check-ignore", "-q", "--", ManifestKey.fileName]).succeeded else { return nil }
        var warning = Diagnostic(.warning, path: key, message: "is not ignored by git, so a commit would share the key that proves which files in the output folder sitegen wrote")
        warning.hint = "add the line /\(ManifestKey.fileName) to the site's .gitignore (sitegen new's has it)"
        return warning
    }

    /// `count` and a noun, in the plural when it is not one.
    public static func count(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    /// Commits as `git log --oneline` lists them, at most ten and how many more.
    public static func listed(_ commits: [String]) -> [String] {
        commits.count <= 10 ? commits : Array(commits.prefix(10)) + ["and \(commits.count - 10) more"]
    }

    /// Pushes `tip` to the remote's branch unless it is there already; whether it pushed. The lease makes the push
    /// fail if the remote's branch moved since `base` read it, rather than lose what was pushed meanwhile.
    public func push(_ tip: String, base: Base) throws(PublishError) -> Bool {
        guard let remote = options.remote, tip != base.remote else { return false }
        // A fast-forward, as git pushes by default; only commits --force-push agreed to drop are dropped, and only
        // while the remote's branch is where `base` read it.
        let lease = base.droppedRemoteCommits.isEmpty ? [] : ["--force-with-lease=\(ref):\(base.remote ?? "")"]
        let pushed = git.run(["push", "--quiet"] + lease + ["--", remote, "\(tip):\(ref)"])
        guard pushed.succeeded else { throw refused(pushed, doing: "could not push") }
        return true
    }

    private func refused(_ result: Git.Result, doing: String) -> PublishError {
        var error = PublishError(.remoteRefused, path: options.remote ?? "?", message: "git \(doing) the branch \(options.branch) there, and says:",
                                 hint: "check the remote with git remote -v and that you may push there; --push NAME chooses another remote")
        error.diagnostic.quoted = result.errorLines.isEmpty ? [result.errorText] : result.errorLines
        return error
    }

    private func gitFailed(_ result: Git.Result) -> PublishError {
        PublishError(.git, path: git.gitDirectory ?? sourceDirectory, message: "git \(result.arguments.first ?? "") failed: \(result.errorText)", hint: nil)
    }
}

/// What a build made, as publishing needs it.
public struct PublishedSite: Sendable {
    /// The output folder, where the files are read from.
    public var outputDirectory: String
    /// The build's files, below the output folder (`BuildResult.paths`).
    public var paths: [String]
    /// The site's public address (content/index.md's url, or --base-url); nil when it has none.
    public var siteURL: String?
    /// The custom domain the site is served from, for `CNAME`; nil on `*.github.io` or without a url.
    public var domain: String?

    /// Reads the domain from the site's url; refuses a placeholder, which a CNAME would make the site's address.
    public init(outputDirectory: String, paths: [String], siteURL: String?, urlSource: String) throws(PublishError) {
        self.outputDirectory = outputDirectory
        self.paths = paths
        self.siteURL = siteURL
        domain = try Self.customDomain(of: siteURL, urlSource: urlSource)
    }

    /// Hosts no one can serve a site from (RFC 2606 and 6761): a url there is still an example.
    static let reservedSuffixes = [".example", ".test", ".invalid", ".localhost", "example.com", "example.net", "example.org"]

    static func customDomain(of siteURL: String?, urlSource: String) throws(PublishError) -> String? {
        guard let siteURL, case .success(let address) = HTTPSAddress.parse(siteURL) else { return nil }
        let host = address.host
        if host == "localhost" || reservedSuffixes.contains(where: { host == $0 || host.hasSuffix($0.hasPrefix(".") ? $0 : "." + $0) }) {
            throw PublishError(.placeholderURL, path: urlSource,
                               message: "url \(siteURL) is an example address (\(host) is reserved), which no one can visit",
                               hint: "set url: to the site's address: https://USER.github.io/REPO/ on GitHub Pages, or your own domain")
        }
        return host == "github.io" || host.hasSuffix(".github.io") ? nil : host
    }

    /// `.nojekyll`, so that GitHub Pages serves the files as they are (folders starting with _ included), and `CNAME`
    /// for a custom domain. A file of the same name the site itself makes wins.
    public var extraFiles: [(path: String, contents: String)] {
        let files = [(".nojekyll", "")] + (domain.map { [("CNAME", $0 + "\n")] } ?? [])
        return files.filter { !paths.contains($0.0) }.map { (path: $0.0, contents: $0.1) }
    }
}

/// Why a publish stopped, as a diagnostic: the thing at fault, what is wrong, and what to do.
public struct PublishError: Error, Sendable {
    public enum Kind: Sendable { case notARepository, branchName, branchCheckedOut, notAPublish, placeholderURL, noURL, diverged, remoteRefused, git }
    public var kind: Kind
    public var diagnostic: Diagnostic

    init(_ kind: Kind, path: String, message: String, hint: String?) {
        self.kind = kind
        diagnostic = Diagnostic(path: path, message: message)
        diagnostic.hint = hint
    }
}

/// The `git` command, found on PATH, run on one repository.
public struct Git: Sendable {
    /// The repository's git folder, given to every command; nil to let git find it.
    public let gitDirectory: String?
    /// The exit status of `env` when it finds no `git` on PATH (and of a git that could not be started).
    static let notFound: Int32 = 127

    public struct Result: Sendable {
        var arguments: [String]
        var status: Int32
        var output: String
        var errors: String
        var succeeded: Bool { status == 0 }
        var lines: [String] { output.split(separator: "\n").map(String.init) }
        /// Git's own words, a line each, to quote beneath a message.
        var errorLines: [String] {
            errors.split(separator: "\n").map { line in String(line[..<(line.lastIndex { !$0.isWhitespace }.map(line.index(after:)) ?? line.startIndex)]) }
                .filter { !$0.isEmpty }
        }
        /// Git's own words (its `fatal:` and `remote:` lines), or the exit status when it said nothing.
        var errorText: String {
            let text = errors.trimmingCharacters(in: .whitespacesAndNewlines)
            return text.isEmpty ? "exit status \(status)" : text
        }
    }

    /// Runs git with `arguments`; `environment` is added to this process's own.
    func run(_ arguments: [String], input: Data = Data(), environment: [String: String] = [:]) -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + (gitDirectory.map { ["--git-dir=\($0)"] } ?? []) + arguments
        var variables = ProcessInfo.processInfo.environment
        // The repository and index are the ones named here, never ones a calling hook or shell set.
        for name in ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE"] { variables[name] = nil }
        process.environment = variables.merging(environment) { $1 }
        // The input from a file, not a pipe: git may stop before reading it all, and a write to a pipe no one
        // reads any more would end this process (SIGPIPE).
        let inputFile = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-git-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: inputFile) }
        do { try input.write(to: inputFile) } catch {
            return Result(arguments: arguments, status: -1, output: "", errors: "\(inputFile.path): \(error)")
        }
        let output = Pipe(), errors = Pipe()
        (process.standardOutput, process.standardError) = (output, errors)
        do {
            process.standardInput = try FileHandle(forReadingFrom: inputFile)
            try process.run()
        } catch {
            return Result(arguments: arguments, status: Git.notFound, output: "", errors: "git: \(error)")
        }
        // Standard error on a thread of its own: a full pipe would stop git while this waits on the other.
        let group = DispatchGroup()
        let errorData = SharedData()
        DispatchQueue.global().async(group: group) { errorData.set(errors.fileHandleForReading.readDataToEndOfFile()) }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(arguments: arguments, status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
                      errors: String(decoding: errorData.get(), as: UTF8.self))
    }

    /// What git prints, without the last newline, for a command that must succeed.
    func output(_ arguments: [String], input: Data = Data(), environment: [String: String] = [:]) throws(PublishError) -> String {
        let result = run(arguments, input: input, environment: environment)
        guard result.succeeded else {
            throw PublishError(.git, path: gitDirectory ?? ".", message: "git \(arguments.first ?? "") failed: \(result.errorText)", hint: nil)
        }
        return result.output.hasSuffix("\n") ? String(result.output.dropLast()) : result.output
    }

    /// The commit `name` names, in full; nil when there is none.
    func commit(named name: String) -> String? {
        run(["rev-parse", "--verify", "--quiet", "\(name)^{commit}"]).lines.first
    }

    func isAncestor(_ ancestor: String, of descendant: String) -> Bool {
        run(["merge-base", "--is-ancestor", ancestor, descendant]).succeeded
    }
}

/// Bytes one thread writes and another reads after waiting for it.
private final class SharedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func set(_ value: Data) { lock.withLock { data = value } }
    func get() -> Data { lock.withLock { data } }
}
