import Foundation
import Testing
import SiteGenTestSupport

/// scripts/install.sh and scripts/package-deb.sh on a machine without some of the -dev packages: they install them
/// with apt, or stop before compiling with the missing ones in one line. dpkg, id, sudo, apt-get, swift and python3 are
/// stand-ins on PATH that say what such a machine says and record what they were asked; nothing is installed.
@Suite struct BuildDependenciesTests {
    /// The missing packages as the stand-in dpkg reports them.
    static let missing = ["libvips-dev", "dpkg-dev"]

    /// Runs `script` with the stand-ins; `root` says whether `id -u` is 0, `apt` whether apt-get is there.
    static func run(_ script: String, root: Bool, apt: Bool) throws -> (code: Int32, errors: String, asked: String) {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bin = folder.appendingPathComponent("bin"), log = folder.appendingPathComponent("asked").path
        var tools = [
            "dpkg": "[ \"$1\" = -s ] && case \" \(missing.joined(separator: " ")) \" in *\" $2 \"*) exit 1;; esac; exit 0",
            "id": "echo \(root ? 0 : 1000)",
            "sudo": "echo \"sudo $*\" >>'\(log)'; exit 1",
            "swift": "echo \"swift $*\" >>'\(log)'; exit 1",
            "clang": "exit 1",
            // package-deb.sh's check for simple-icons-pack: the test is about the -dev packages, whichever Python has it.
            "python3": "exit 0",
        ]
        if apt { tools["apt-get"] = "echo \"apt-get $*\" >>'\(log)'" }
        for (name, body) in tools {
            let url = bin.appendingPathComponent(name)
            try Fixtures.write("#!/bin/sh\n\(body)\n", to: url)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        }
        // Without apt-get, PATH holds the stand-ins and links to the few programs the scripts use before it is needed.
        var path = bin.path + ":/usr/bin:/bin"
        if !apt {
            for program in ["dirname", "mkdir", "bash", "cat"] {
                try FileManager.default.createSymbolicLink(atPath: bin.appendingPathComponent(program).path,
                                                           withDestinationPath: "/usr/bin/" + program)
            }
            path = bin.path
        }
        let environment = ["PATH": path, "HOME": folder.path, "OUT": folder.appendingPathComponent("out").path, "PREFIX": folder.path]
        let ran = try SitegenBinary.run([script], in: Fixtures.packageRoot, environment: environment, executable: URL(fileURLWithPath: "/bin/bash"))
        return (ran.code, ran.errors, (try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
    }

    @Test(arguments: ["scripts/package-deb.sh", "scripts/install.sh"])
    func withoutAWayToInstallItStopsBeforeCompilingWithTheList(script: String) throws {
        let missing = script.hasSuffix("package-deb.sh") ? Self.missing : ["libvips-dev"]
        let stopped = try Self.run(script, root: false, apt: false)
        #expect(stopped.code == 1)
        #expect(stopped.errors == "error: missing \(missing.joined(separator: " ")): install them (sudo apt-get install \(missing.joined(separator: " "))), then run this again\n")
        #expect(stopped.asked == "", "nothing is installed or compiled")
        // A user who is not root and whom sudo refuses gets the same line.
        let refused = try Self.run(script, root: false, apt: true)
        #expect(refused.errors == stopped.errors && refused.asked == "sudo -n true\n")
    }

    @Test func asRootItInstallsTheMissingOnesBeforeCompiling() throws {
        let ran = try Self.run("scripts/package-deb.sh", root: true, apt: true)
        let asked = ran.asked.split(separator: "\n")
        #expect(asked.first == "apt-get update -qq")
        #expect(asked.dropFirst().first == "apt-get install -y -qq libvips-dev dpkg-dev")
        #expect(asked.dropFirst(2).first?.hasPrefix("swift build -c release") == true, "\(ran.asked)")
    }
}
