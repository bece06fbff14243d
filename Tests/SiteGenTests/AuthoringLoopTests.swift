import Foundation
import Testing
import SiteGenTestSupport

/// A new user's first minutes, with the real binary: `sitegen new mysite && cd mysite && sitegen serve`,
/// then an edit of content/index.md reaches the browser.
@Suite(.timeLimit(.minutes(1))) struct AuthoringLoopTests {
    /// A running `sitegen serve`, its output collected line by line; killed if a test leaves it running.
    final class ServeProcess: @unchecked Sendable {
        let process = Process()
        private let lock = NSLock()
        private var collected = ""

        init(in folder: URL, arguments: [String], environment: [String: String]? = nil) throws {
            process.executableURL = SitegenBinary.url
            process.arguments = ["serve"] + arguments
            process.currentDirectoryURL = folder
            if let environment { process.environment = environment }
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            pipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
                let data = handle.availableData
                guard let self, !data.isEmpty else { return }
                lock.withLock { collected += String(decoding: data, as: UTF8.self) }
            }
            try process.run()
        }

        deinit {
            if process.isRunning { process.terminate() }
        }

        var output: String { lock.withLock { collected } }

        /// The first line of output starting with `prefix`, waiting at most `timeout` seconds for it.
        func line(startingWith prefix: String, timeout: TimeInterval = 20) throws -> String {
            let deadline = Date(timeIntervalSinceNow: timeout)
            while Date() < deadline {
                if let line = output.split(separator: "\n").first(where: { $0.hasPrefix(prefix) }) { return String(line) }
                usleep(20_000)
            }
            throw HTTPTestError("no line starting with \(prefix.debugDescription) in: \(output)")
        }

        /// Sends SIGINT, as Ctrl-C does, and waits for the exit status.
        func interrupt(timeout: TimeInterval = 10) throws -> Int32 {
            process.interrupt()
            let deadline = Date(timeIntervalSinceNow: timeout)
            while process.isRunning && Date() < deadline { usleep(20_000) }
            guard !process.isRunning else { throw HTTPTestError("serve did not stop on SIGINT") }
            return process.terminationStatus
        }
    }

    /// `serve` opens the browser only when asked with --open, as Hugo and Zola do. BROWSER names a script that
    /// writes down the address it is given; without --open it is never run, so the server's stop (after which
    /// it would have been started) leaves no file.
    @Test func serveOpensTheBrowserOnlyWithOpen() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try SitegenBinary.run(["new", "mysite"], in: folder).code == 0)
        let site = folder.appendingPathComponent("mysite")
        let opened = folder.appendingPathComponent("opened.txt"), browser = folder.appendingPathComponent("browser.sh")
        try Data("#!/bin/sh\nprintf '%s' \"$1\" > '\(opened.path).part' && mv '\(opened.path).part' '\(opened.path)'\n".utf8).write(to: browser)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: browser.path)
        var environment = ProcessInfo.processInfo.environment
        environment["BROWSER"] = browser.path

        let quiet = try ServeProcess(in: site, arguments: ["--port", "0"], environment: environment)
        _ = try quiet.line(startingWith: "Serving ")
        #expect(try quiet.interrupt() == 0)
        #expect(!FileManager.default.fileExists(atPath: opened.path))

        let asked = try ServeProcess(in: site, arguments: ["--port", "0", "--open"], environment: environment)
        let serving = try asked.line(startingWith: "Serving ")
        let deadline = Date(timeIntervalSinceNow: 20)
        while !FileManager.default.fileExists(atPath: opened.path) && Date() < deadline { usleep(20_000) }
        #expect(try asked.interrupt() == 0)
        let address = try String(contentsOf: opened, encoding: .utf8)
        #expect(serving == "Serving this folder at \(address) (Ctrl-C stops)")
    }

    @Test func newThenServeThenEditReloadsTheBrowser() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try SitegenBinary.run(["new", "mysite"], in: folder).code == 0)
        let site = folder.appendingPathComponent("mysite")

        let serve = try ServeProcess(in: site, arguments: ["--port", "0", "--no-open"])
        let serving = try serve.line(startingWith: "Serving ")
        let port = try #require(serving.split(separator: ":").last.flatMap { Int($0.prefix { $0.isNumber }) })
        #expect(serving == "Serving this folder at http://127.0.0.1:\(port)/ (Ctrl-C stops)")
        #expect(try PageReader(HTTPTestClient.request("/", port: port).text).title == "Your Name")

        let events = try TestEventStream(port: port)
        let page = site.appendingPathComponent("content/index.md")
        let text = try String(contentsOf: page, encoding: .utf8)
        try save(text.replacingOccurrences(of: "title: \"Your Name\"", with: "title: Ada Lovelace"), to: page)
        #expect(try events.next(named: "reload").data == #"["content/index.md"]"#)
        #expect(try PageReader(HTTPTestClient.request("/", port: port).text).title == "Ada Lovelace")

        #expect(try serve.interrupt() == 0)
        #expect(serve.output.hasSuffix("Stopped.\n"))
        // serve writes nothing into the site.
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.path).sorted() == [".gitignore", "content", "site.yml", "templates"])
    }

    /// `serve` watches what the build reads: a link the build refuses (`content/u`, to a tree of 40 folders outside
    /// the site, standing in for `/usr`, whose 16,646 folders it once watched) adds no inotify watch. The three
    /// watches are the site's folder (for content/, templates/ and site.yml coming and going), content/ and templates/.
    @Test func serveWatchesOnlyWhatTheBuildReads() throws {
        #if os(Linux)
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try SitegenBinary.run(["new", "mysite"], in: folder).code == 0)
        let site = folder.appendingPathComponent("mysite")
        for index in 0..<40 {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("usr/\(index)/share"), withIntermediateDirectories: true)
        }
        try FileManager.default.createSymbolicLink(atPath: site.appendingPathComponent("content/u").path, withDestinationPath: folder.appendingPathComponent("usr").path)
        let serve = try ServeProcess(in: site, arguments: ["--port", "0", "--no-open"])
        _ = try serve.line(startingWith: "Serving ")
        #expect(DocumentText.lines(serve.output).filter { $0.hasPrefix("content/u: ") }
                == ["content/u: error: a symbolic link to \(folder.path)/usr, outside the site folder: sitegen reads nothing outside the site"])
        #expect(try Self.inotifyWatches(of: serve.process.processIdentifier) == 3)
        #expect(try serve.interrupt() == 0)
        #endif
    }

    /// A folder named without its slash is redirected on the same server, whatever the request's spelling: `//ada.dev`
    /// once got `Location: //ada.dev/`, which a browser follows to the host ada.dev. Spellings that hide a slash
    /// or a step (`/\ada.dev`, `%2f`, `%5c`, `/./`) are refused, with no Location at all.
    @Test func serveRedirectsStayOnTheSameServer() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try SitegenBinary.run(["new", "mysite"], in: folder).code == 0)
        let site = folder.appendingPathComponent("mysite")
        try save("---\ntitle: Ada\n---\nHi.\n", to: site.appendingPathComponent("content/ada.dev.md"))
        let serve = try ServeProcess(in: site, arguments: ["--port", "0", "--no-open"])
        let serving = try serve.line(startingWith: "Serving ")
        let port = try #require(serving.split(separator: ":").last.flatMap { Int($0.prefix { $0.isNumber }) })
        #expect(try HTTPTestClient.request("/ada.dev/", port: port).status == 200)
        for (path, location) in [("/ada.dev", "/ada.dev/"), ("//ada.dev", "/ada.dev/"), ("///ada.dev", "/ada.dev/"),
                                 ("//ada.dev?x=1", "/ada.dev/?x=1"), ("/ada%2Edev", "/ada.dev/")] {
            let response = try HTTPTestClient.request(path, port: port)
            #expect(response.status == 302, "\(path)")
            #expect(response.headers["location"] == location, "\(path)")
        }
        for path in ["/\\ada.dev", "/%2f%2fada.dev", "/%2F%2Fada.dev", "/%5cada.dev", "/.//ada.dev", "/./ada.dev", "/\\/ada.dev"] {
            let response = try HTTPTestClient.request(path, port: port)
            #expect(response.status == 403, "\(path)")
            #expect(response.headers["location"] == nil, "\(path)")
        }
        #expect(try serve.interrupt() == 0)
    }

    /// The inotify watches a process holds, from the kernel's own account of its descriptors.
    static func inotifyWatches(of process: Int32) throws -> Int {
        let folder = "/proc/\(process)/fdinfo"
        return try FileManager.default.contentsOfDirectory(atPath: folder).reduce(0) { count, descriptor in
            let info = (try? String(contentsOfFile: folder + "/" + descriptor, encoding: .utf8)) ?? ""
            return count + info.split(separator: "\n").filter { $0.hasPrefix("inotify wd:") }.count
        }
    }

    @Test func theBinaryCopiedAloneCreatesASiteThatBuilds() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let alone = folder.appendingPathComponent("sitegen")
        try FileManager.default.copyItem(at: SitegenBinary.url, to: alone)
        func run(_ arguments: [String]) throws -> Int32 {
            let process = Process()
            process.executableURL = alone
            process.arguments = arguments
            process.currentDirectoryURL = folder
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus
        }
        #expect(try run(["new", "mysite"]) == 0)
        #expect(try run(["check", "--source", "mysite"]) == 0)
        #expect(try run(["build", "--source", "mysite"]) == 0)
        let html = try String(contentsOf: folder.appendingPathComponent("mysite/Output/index.html"), encoding: .utf8)
        let page = PageReader(html)
        #expect(page.title == "Your Name")
        // No reload script: a built page is not a served one.
        #expect(page.root.all("script").compactMap { $0.attributes["data-events"] } == [])
        // Not twice into the same folder.
        #expect(try run(["new", "mysite"]) == 1)
    }

    /// `serve --open` runs the browser named by BROWSER (here a script that notes its arguments), even with
    /// output to a pipe; with no browser anywhere it says so and serves on.
    @Test func serveOpenRunsTheBrowserOrSaysThereIsNone() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try SitegenBinary.run(["new", "mysite"], in: folder).code == 0)
        let site = folder.appendingPathComponent("mysite")
        let opened = folder.appendingPathComponent("opened.txt")
        let browser = folder.appendingPathComponent("fake-browser")
        try Data("#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(opened.path)'\n".utf8).write(to: browser)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: browser.path)

        let serve = try ServeProcess(in: site, arguments: ["--open", "--port", "0"],
                                     environment: ["BROWSER": browser.path, "PATH": "/usr/bin:/bin", "CI": "true"])
        let serving = try serve.line(startingWith: "Serving ")
        let url = try #require(serving.split(separator: " ").first { $0.hasPrefix("http://") }.map(String.init))
        let deadline = Date(timeIntervalSinceNow: 10)
        // The shell makes the file before it writes the line: wait for the whole line.
        while !((try? String(contentsOf: opened, encoding: .utf8))?.hasSuffix("\n") ?? false) && Date() < deadline { usleep(20_000) }
        #expect(try String(contentsOf: opened, encoding: .utf8) == url + "\n")
        #expect(!serve.output.contains("No browser found"))
        #expect(try serve.interrupt() == 0)

        // No BROWSER and no xdg-open on PATH: the address, a note, and the site still served.
        let alone = try ServeProcess(in: site, arguments: ["--open", "--port", "0"], environment: ["PATH": folder.path])
        let line = try alone.line(startingWith: "No browser found")
        let aloneURL = try #require(try alone.line(startingWith: "Serving ").split(separator: " ").first { $0.hasPrefix("http://") }.map(String.init))
        #expect(line == "No browser found to open (set BROWSER, or install xdg-utils): open \(aloneURL) yourself.")
        let port = try #require(URLComponents(string: aloneURL)?.port)
        #expect(try PageReader(HTTPTestClient.request("/", port: port).text).title == "Your Name")
        #expect(try alone.interrupt() == 0)
    }
}

/// `serve --host`, through the real binary: it prints only addresses it answers, and a host it cannot take is
/// a message about the host.
@Suite(.timeLimit(.minutes(1))) struct ServeHostTests {
    @Test func everyInterfacePrintsTheInterfacesWhichTheHostCheckAnswers() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try SitegenBinary.run(["new", "site"], in: folder).code == 0)
        let serve = try AuthoringLoopTests.ServeProcess(in: folder.appendingPathComponent("site"), arguments: ["--host", "0.0.0.0", "--port", "0", "--no-open"])
        let serving = try serve.line(startingWith: "Serving ")
        let port = try #require(serving.split(separator: " ").last { $0.hasPrefix("http://localhost:") }
            .flatMap { Int($0.dropFirst("http://localhost:".count).prefix { $0.isNumber }) })
        _ = try? serve.line(startingWith: "?debug", timeout: 5)  // the announcement's last line, when there is a network
        let output = serve.output
        #expect(!output.contains("0.0.0.0") && !output.contains("[::]"), "\(output)")
        // Every address printed is answered (through loopback, with that Host), as is localhost.
        let printed = output.split(separator: "\n").compactMap { line -> String? in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("http://"), trimmed.hasSuffix(":\(port)/") else { return nil }
            return String(trimmed.dropFirst("http://".count).dropLast(1))
        } + ["localhost:\(port)"]
        for host in printed {
            #expect(try HTTPTestClient.request("/", port: port, host: host).status == 200, "\(host)")
        }
        #expect(try HTTPTestClient.request("/", port: port, host: "evil.example:\(port)").status == 421)
        #expect(try serve.interrupt() == 0)
    }

    @Test(arguments: [
        (["--host", "0"], "error: --host 0 would listen on every interface (the system reads 0 as 0.0.0.0): write --host 0.0.0.0 (or --lan) for that, or --host 127.0.0.1 for this computer alone"),
        (["--host", "127.1"], "error: --host '127.1' is not an IP address: expected an address of this computer such as 127.0.0.1 or ::1, localhost, or 0.0.0.0 or :: for every interface"),
        (["--host", "example.org\u{1B}[2J"], "error: --host 'example.org\u{241B}[2J' is not an IP address: expected an address of this computer such as 127.0.0.1 or ::1, localhost, or 0.0.0.0 or :: for every interface"),
        (["--host", "::g"], "error: --host '::g' is not an IPv6 address: expected one such as ::1, or :: for every interface"),
    ]) func aHostThatIsNotAnAddressIsAUsageError(arguments: [String], message: String) throws {
        let result = try SitegenBinary.run(["serve", "--no-open"] + arguments, in: FileManager.default.temporaryDirectory)
        #expect(result.code == 64)
        #expect(result.errors.split(separator: "\n").first.map(String.init) == message)
    }

    /// 203.0.113.77 is in TEST-NET-3 (RFC 5737): documentation only, no computer on a real network has it.
    @Test func anAddressOfAnotherComputerSaysSoNotChooseAnotherPort() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try SitegenBinary.run(["new", "site"], in: folder).code == 0)
        let result = try SitegenBinary.run(["serve", "-s", "site", "--host", "203.0.113.77", "--port", "8999", "--no-open"], in: folder)
        #expect(result.code == 1)
        #expect(result.errors.hasPrefix("error: cannot listen on 203.0.113.77: it is not an address of this computer ("), "\(result.errors)")
        #expect(!result.errors.contains("--port"))
    }
}
