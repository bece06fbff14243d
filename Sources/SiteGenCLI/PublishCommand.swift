import Foundation
import Publishing
import SiteBasics
import SiteGen

/// `sitegen publish`: `build`, then the built site committed to a branch of the site's repository (SitePublisher).
extension CommandLineTool {
    static let publishCommand = CommandSpec(
        name: "publish", arguments: "", summary: "Build, then commit the site to the gh-pages branch (and push it with --push)",
        details: """
            Builds the site as build does (and stops on any error), then commits exactly the files the build
            made to a branch of the site's git repository, gh-pages by default, with .nojekyll and, when the
            site's url is a custom domain, a CNAME. The working tree, the index, HEAD and other branches are
            not touched, and no worktree is needed. Nothing changed: no commit. The commit names the source
            commit, and says so when uncommitted changes were built. A branch whose last commit is not a
            publish of this site is refused unless --adopt-branch. With --push, the remote's branch is
            fetched first; one that has diverged is refused, naming the commits a push would drop, unless
            --force-push. GitHub Pages: Settings > Pages > Deploy from a branch > gh-pages.
            """,
        options: [.source, outputOption, baseURLOption, forceOption, nowOption, quietOption,
                  CommandOption(long: "--branch", short: "b", value: "NAME", help: "The branch to commit to (default: gh-pages)"),
                  CommandOption(long: "--adopt-branch", short: nil, value: nil,
                                help: "Publish onto a branch whose last commit is not a publish of this site (keeping its history)"),
                  CommandOption(long: "--force-push", short: nil, value: nil,
                                help: "Push over a remote branch that has diverged, dropping the commits named"),
                  CommandOption(long: "--push", short: nil, value: "REMOTE", help: "Push the branch to REMOTE (default: origin)", valueIsOptional: true),
                  CommandOption(long: "--message", short: "m", value: "TEXT", help: "The commit's message (default: one naming the source commit)")],
        run: { $0.publish($1) })

    func publish(_ arguments: ParsedArguments) -> ExitCode {
        let command = Self.publishCommand
        guard arguments.positional.isEmpty else { return usageError("unexpected argument '\(arguments.positional[0])'", command: command) }
        for name in ["--branch", "--push", "--message"] where arguments[name] == "" {
            return usageError("\(name) needs \(name == "--message" ? "some text" : "a name"), not an empty one", command: command)
        }
        let buildOptions: BuildOptions
        switch readBuildOptions(arguments, command: command) {
        case .failure(let stopped): return stopped.exitCode
        case .success(let options): buildOptions = options
        }
        var options = SitePublisher.Options()
        options.branch = arguments["--branch"] ?? options.branch
        options.remote = arguments.has("--push") ? arguments["--push"] ?? "origin" : nil
        options.message = arguments["--message"]
        options.dropsRemoteCommits = arguments.has("--force-push")
        options.adoptsBranch = arguments.has("--adopt-branch")
        let quiet = arguments.has("--quiet")
        do {
            // Everything that can refuse without building comes first, so a refused publish writes nothing.
            let publisher = try SitePublisher(sourceDirectory: buildOptions.sourceDirectory, options: options)
            let base = try publisher.base()
            let (pages, found) = SiteBuilder(options: buildOptions, fileSystem: fileSystem, iconSets: .none).pages()
            // What new wrote as an example is a warning for a build, and no page to put before the world.
            let examples = found.filter { $0.kind == .starterPlaceholder }
            if !examples.isEmpty {
                report(examples.map { var refused = $0; refused.severity = .error; return refused })
                standardError("Nothing was published: the site still holds sitegen new's examples; replace each of them above, then publish again.")
                return .failure
            }
            let index = pages.first { $0.parsed.page.path == "index.md" }
            let urlSource = joinPath(buildOptions.sourceDirectory, "content/index.md")
            var site = try PublishedSite(outputDirectory: buildOptions.outputDirectory, paths: [], siteURL: index?.url, urlSource: urlSource)
            guard let built = runBuild(buildOptions, quiet: quiet) else { return .failure }
            site.paths = built.paths
            if let warning = publisher.keyWarning() { report([warning]) }
            let commit = try publisher.commit(site, on: base)
            if !quiet { standardOutput(Self.committed(commit, site: site, branch: options.branch)) }
            guard let tip = commit ?? base.parent, let remote = options.remote else { return .success }
            let pushed = try publisher.push(tip, base: base)
            if !quiet {
                if !pushed {
                    standardOutput("\(remote)'s \(options.branch) already holds it: nothing to push.")
                } else if base.droppedRemoteCommits.isEmpty {
                    standardOutput("Pushed \(options.branch) to \(remote).")
                } else {
                    let dropped = base.droppedRemoteCommits
                    standardOutput("Pushed \(options.branch) to \(remote), dropping \(SitePublisher.count(dropped.count, "commit")) of theirs:\n"
                        + SitePublisher.listed(dropped).map { "    " + $0 }.joined(separator: "\n"))
                }
            }
            return .success
        } catch {
            report([error.diagnostic])
            return .failure
        }
    }

    /// What the commit holds, or that there was none.
    static func committed(_ commit: String?, site: PublishedSite, branch: String) -> String {
        guard let commit else { return "\(branch) already holds this site: no commit." }
        let parts = ["\(site.paths.count) files"] + site.extraFiles.map { $0.path == "CNAME" ? "CNAME (\(site.domain ?? ""))" : $0.path }
        let list = parts.count == 1 ? parts[0] : parts.dropLast().joined(separator: ", ") + " and " + parts.last!
        return "Committed \(list) to \(branch) (\(commit.prefix(7)))."
    }
}
