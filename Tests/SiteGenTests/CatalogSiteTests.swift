@testable import Artwork
import Foundation
import LinkChain
@testable import Markup
@testable import Paint
@testable import SiteBasics
import Testing
@testable import SiteGen
@testable import SiteGenCLI
import SiteGenTestSupport

/// The catalog as pages see it: colours, identity, icons, per-link apps and the commands that list them.
@Suite struct CatalogSiteTests {
    func html(_ fileSystem: InMemoryFileSystem, _ path: String = "site/Output/index.html") throws -> String {
        try Fixtures.html(fileSystem, path)
    }

    /// The build's errors (its warnings left out), or [] when it succeeds.
    func errors(_ page: String, extra: [String: String] = [:]) -> [String] {
        Fixtures.failureDiagnostics(page, extra: extra).filter { $0.severity == .error }.map(Fixtures.headline)
    }

    /// The real templates, so the head's keys are exercised too.
    static func realTemplates() throws -> [String: String] {
        var files: [String: String] = [:]
        let folder = Fixtures.packageRoot.appendingPathComponent("templates")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            files["templates/" + name] = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        }
        return files
    }

    /// Every brand button reads (text 4.5:1) and keeps its brand: the exact brand colour whenever white or
    /// near-black text reads on it, else moved only in lightness, within `ButtonPaint.brandDistanceLimit` of the
    /// brand's own colour, hue kept; its edge stands out from every theme's page in light and dark mode.
    @Test(arguments: ServiceCatalog.standard.services.map(\.id))
    func brandButtonsReadAndStayOnBrand(_ id: String) throws {
        let service = try #require(ServiceCatalog.standard.service(named: id))
        let brand = try #require(HexColor(service.brandColor))
        let exactReads = max(brand.contrast(with: .white), brand.contrast(with: .nearBlack)) >= 4.5
        for theme in Theme.all {
            for onCard in [false, true] {
                let surfaces = theme.surfaces(onCard: onCard)
                let paint = ButtonPaint.make(brand: brand, surfaces: surfaces)
                #expect([HexColor.white, .nearBlack].contains(paint.text))
                #expect(paint.fill.contrast(with: paint.text) >= 4.5, "\(id): \(paint.fill.css) on \(paint.text.css)")
                if exactReads { #expect(paint.fill == brand, "\(id): \(paint.fill.css) instead of the exact \(brand.css)") }
                #expect(paint.fill.distance(to: brand) <= ButtonPaint.brandDistanceLimit,
                        "\(id): \(paint.fill.css) is \(paint.fill.distance(to: brand)) from \(brand.css)")
                if let fillHue = paint.fill.hue, let brandHue = brand.hue {
                    let turn = abs(fillHue - brandHue).truncatingRemainder(dividingBy: 360)
                    #expect(min(turn, 360 - turn) <= 4, "\(id): hue \(fillHue) against \(brandHue)")
                }
                #expect(max(paint.fill.contrast(with: surfaces.light), paint.edgeLight.contrast(with: surfaces.light)) >= 3, "\(id) edge, \(theme.name) light")
                #expect(max(paint.fill.contrast(with: surfaces.dark), paint.edgeDark.contrast(with: surfaces.dark)) >= 3, "\(id) edge, \(theme.name) dark")
            }
        }
        #expect(Glyph(rawValue: service.icon.glyph) != nil, "\(id): unknown glyph \(service.icon.glyph)")
    }

    /// docs/how-it-works.md's table of what a tap does per platform is `sitegen services --taps`, and says what
    /// issue 44 found missing: Matrix's intent on Android, Telegram's tg: on desktops, Spotify's intent on Android.
    @Test func howItWorksTapTableIsTheCatalog() throws {
        let captured = Captured()
        #expect(captured.tool().run(["services", "--taps"]) == .success)
        let table = captured.output.joined(separator: "\n")
        let guide = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("docs/how-it-works.md"), encoding: .utf8)
        let rows = captured.output.flatMap(DocumentText.lines)
        #expect(DocumentText.tables(in: guide, header: rows[0]) == [rows], "docs/how-it-works.md's tap table differs from sitegen services --taps")
        let rowsByService = Dictionary(rows.map { ($0.split(separator: "|").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? "", $0) }) { first, _ in first }
        #expect(rowsByService["Matrix"] == """
            | Matrix | the link, which opens the app (it claims the link) | `intent:` for Matrix client (Element X): the app, or the link without it | the link | Matrix specification v1.2+, appendix "matrix: URI scheme" (MSC2312); element-hq/element-x-android app/src/main/AndroidManifest.xml (matrix: filter; matrix.to filter without autoVerify) and app/build.gradle.kts (applicationId io.element.android.x); element-hq/element-x-ios ElementX/SupportingFiles/target.yml (the entitlements): associated domain applinks:matrix.to |
            """)
        #expect(rowsByService["Telegram"] == """
            | Telegram | the link, which opens the app (it claims the link) | `intent:` for Telegram: the app, or the link without it | the link; the chooser offers Telegram | core.telegram.org/api/links (Telegram's own documentation); DrKLO/Telegram TMessagesProj/src/main/AndroidManifest.xml (tg: filter; t.me filter without autoVerify); telegramdesktop/tdesktop lib/xdg/org.telegram.desktop.desktop (MimeType=x-scheme-handler/tg) and Telegram/Telegram.plist (CFBundleURLSchemes tg); TelegramMessenger/Telegram-iOS Telegram/BUILD: associated domain applinks:t.me |
            """)
        #expect(rowsByService["Spotify"] == """
            | Spotify | the link, which opens the app (it claims the link) | `intent:` for Spotify: the app, or the link without it | the link; the chooser offers Spotify | developer.spotify.com Web API concepts, "Spotify URIs and IDs"; developer.spotify.com Android content linking tutorial (the app registers spotify:, package com.spotify.music); developer.spotify.com iOS SDK content linking guide: prefer open.spotify.com web links, a spotify: URI "will trigger an iOS confirmation prompt" |
            """)
        // Every service with an app has its row; no row lacks a source.
        #expect(rows.count - 2 == ServiceCatalog.standard.services.filter { !$0.apps.isEmpty || !$0.appClaimedLinks.isEmpty }.count)
        #expect(rows.dropFirst(2).allSatisfy { !$0.hasSuffix("|  |") })
    }

    @Test func servicesJSONRoundTrips() throws {
        let captured = Captured()
        #expect(captured.tool().run(["services", "--json"]) == .success)
        let decoded = try JSONDecoder().decode([ServiceDescription].self, from: Data(captured.output.joined().utf8))
        #expect(decoded == ServiceCatalog.standard.descriptions)
        #expect(decoded.count >= 25)
    }

    /// The reference's service table (docs/reference.md, which the README points to for every service) is
    /// `sitegen services --markdown`, written from the catalog: every service, each example handle valid, and the
    /// reference holding the table as the command prints it.
    @Test func readmeServiceTableIsTheCatalog() throws {
        let captured = Captured()
        #expect(captured.tool().run(["services", "--markdown"]) == .success)
        let table = captured.output.joined(separator: "\n")
        let rows = table.split(separator: "\n").dropFirst(2)
        #expect(rows.count == ServiceCatalog.standard.services.count)
        #expect(ServiceCatalog.standard.services.count >= 110)
        for service in ServiceCatalog.standard.services {
            #expect(throws: Never.self, "\(service.id): the example in its handle form is not valid") {
                try service.chain(handle: service.exampleHandle)
            }
        }
        #expect(rows.first { $0.hasPrefix("| `telegram` |") }
                == "| `telegram` | Telegram | a user name, like durov | `https://t.me/durov` | iOS: none, the link opens the app; Android: Telegram; desktop: Telegram | Simple Icons `telegram`, else Font Awesome `telegram` |")
        let reference = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("docs/reference.md"), encoding: .utf8)
        let tableRows = DocumentText.lines(table)
        #expect(DocumentText.tables(in: reference, header: tableRows[0]) == [tableRows], "docs/reference.md's service table differs from sitegen services --markdown")
        // The README names every service, in the catalog's order, as `sitegen services` lists them.
        let readme = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let names = ServiceCatalog.standard.services.map { "\($0.displayName) `\($0.id)`" }.joined(separator: ", ") + "."
        let readmeLines = DocumentText.lines(readme)
        let intro = try #require(readmeLines.firstIndex(of: "The \(ServiceCatalog.standard.services.count) services, as `sitegen services` lists them (name, then the word for `links:`; each one's handle,"))
        #expect(readmeLines[intro + 2 ... intro + 4] == ["", names, ""], "README.md's list of services differs from the catalog")
        // Every count of services the README and the guides give is the catalog's (written in digits, so that it can be checked).
        for file in ["README.md", "docs/reference.md", "docs/how-it-works.md"] {
            let text = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent(file), encoding: .utf8)
            let counts = text.matches(of: #/([0-9]+|[A-Z][a-z]+-[a-z]+) services\b/#).map { String($0.output.1) }
            #expect(!counts.isEmpty || file != "README.md")
            #expect(counts.allSatisfy { $0 == "\(ServiceCatalog.standard.services.count)" }, "\(file) gives \(counts) services")
        }
    }

    @Test func servicesNameShowsEveryAppWithItsSource() {
        var shown: [String: [String]] = [:]
        for service in ServiceCatalog.standard.services {
            let captured = Captured()
            #expect(captured.tool().run(["services", service.id]) == .success)
            let lines = captured.output.flatMap(DocumentText.lines)
            #expect(lines.first?.hasPrefix(service.id) == true, "\(service.id) missing")
            // Each app's line is followed by its source.
            let sources = lines.filter { $0.hasPrefix("      source: ") }.map { String($0.dropFirst("      source: ".count)) }
            #expect(Set(sources) == Set(service.apps.map(\.source)), "\(service.id)")
            shown[service.id] = lines
        }
        #expect(shown["mastodon"]?.joined(separator: "\n") == """
            mastodon: Mastodon, @user@host, like @eb@social.coop
              proves identity: its links carry rel="me"
              ios:
                opener (Opener, unverified, default, opens natively): opener://x-callback-url/show-options?url={url}
                  source: timonus/OpenerManifest README (scheme); community libraries (x-callback-url/show-options path); in the default chain as the seed chain's first app
                ivory (Ivory, default, opens natively): ivory:///user_profile/{user}@{host}
                  source: Tapbots URL-scheme tips page, via a transcription (gist)
                icecubes (Ice Cubes, default, opens in a web view): icecubesapp://{host}/@{user}
                  source: Dimillian/IceCubesApp IceCubesApp/App/Router/SafariRouter.swift; profile links in a web view since PR #2026
                mastodon (Mastodon, default, opens natively): mastodon://profile/{user}@{host}
                  source: mastodon/mastodon-ios SceneDelegate.swift (does nothing unless logged in)
                mona (Mona, unverified, on request, opens natively): mona://search?text=@{user}@{host}&show=users
                  source: 343max/fedi-follow mastodonApps.ts (community list, not the vendor): search?text=@USER@HOST&show=users
                mammoth (Mammoth, unverified, on request, opens in a web view): mammoth://{host}/@{user}
                  source: TheBLVD/mammoth Mammoth/Info.plist (scheme mammoth); path from community lists (libcephei, Tapestry apps.json); /@user opens in a web view
                toot (Toot!, unverified, on request, opening not known): cx-c3-toot://{host}/@{user}
                  source: app-links.md: no source found
                elk (Elk (web), on request, opens in the browser): https://elk.zone/{host}/@{user}
                  source: elk-zone/elk app/pages/[[server]]/@[account]/index.vue (route /SERVER/@ACCOUNT)
              android:
                elk (Elk (web), on request, opens in the browser): https://elk.zone/{host}/@{user}
                  source: elk-zone/elk app/pages/[[server]]/@[account]/index.vue (route /SERVER/@ACCOUNT)
              desktop:
                elk (Elk (web), on request, opens in the browser): https://elk.zone/{host}/@{user}
                  source: elk-zone/elk app/pages/[[server]]/@[account]/index.vue (route /SERVER/@ACCOUNT)
            """)
        #expect(shown["bluesky"]?.joined(separator: "\n") == """
            bluesky, bsky: Bluesky, a domain handle, like eb.bsky.social, or a did:plc: identifier
              proves identity: its links carry rel="me"
              ios: the app opens the https link itself, so no app is tried by default (source: bluesky-social/social-app app.config.js: associatedDomains applinks:bsky.app)
              android: the app opens the https link itself, so no app is tried by default (source: bluesky-social/social-app app.config.js: intent filter for bsky.app with autoVerify)
              ios:
                bluesky (Bluesky, in the chooser, since the link opens the app, opens natively): bluesky://profile/{handle}
                  source: bluesky-social/social-app app.config.js (scheme bluesky, Android package xyz.blueskyweb.app) and src/routes.ts (/profile/:name)
              android:
                bluesky (Bluesky, in the chooser, since the link opens the app, opens natively): intent: bluesky://profile/{handle} in xyz.blueskyweb.app
                  source: bluesky-social/social-app app.config.js (scheme bluesky, Android package xyz.blueskyweb.app) and src/routes.ts (/profile/:name)
            """)
        #expect(shown["telegram"]?.joined(separator: "\n") == """
            telegram: Telegram, a user name, like durov
              ios: the app opens the https link itself, so no app is tried by default (source: TelegramMessenger/Telegram-iOS Telegram/BUILD: associated domain applinks:t.me)
              ios:
                telegram (Telegram, in the chooser, since the link opens the app, opens natively): tg://resolve?domain={user}
                  source: core.telegram.org/api/links (Telegram's own documentation); DrKLO/Telegram TMessagesProj/src/main/AndroidManifest.xml (tg: filter; t.me filter without autoVerify); telegramdesktop/tdesktop lib/xdg/org.telegram.desktop.desktop (MimeType=x-scheme-handler/tg) and Telegram/Telegram.plist (CFBundleURLSchemes tg)
              android:
                telegram (Telegram, default, opens natively): intent: tg://resolve?domain={user} in org.telegram.messenger
                  source: core.telegram.org/api/links (Telegram's own documentation); DrKLO/Telegram TMessagesProj/src/main/AndroidManifest.xml (tg: filter; t.me filter without autoVerify); telegramdesktop/tdesktop lib/xdg/org.telegram.desktop.desktop (MimeType=x-scheme-handler/tg) and Telegram/Telegram.plist (CFBundleURLSchemes tg)
              desktop:
                telegram (Telegram, default, opens natively): tg://resolve?domain={user}
                  source: core.telegram.org/api/links (Telegram's own documentation); DrKLO/Telegram TMessagesProj/src/main/AndroidManifest.xml (tg: filter; t.me filter without autoVerify); telegramdesktop/tdesktop lib/xdg/org.telegram.desktop.desktop (MimeType=x-scheme-handler/tg) and Telegram/Telegram.plist (CFBundleURLSchemes tg)
            """)
    }

    /// Where the app claims the https link on iOS, `sitegen links` tries no custom scheme there: the link alone.
    @Test(arguments: [("telegram:durov", "https://t.me/durov"),
                      ("spotify:artist:0OdUWJ0sBjDrqHygGUXeCF", "https://open.spotify.com/artist/0OdUWJ0sBjDrqHygGUXeCF"),
                      ("matrix:@eb:matrix.org", "https://matrix.to/#/@eb:matrix.org")])
    func linksOnIOSTryNoSchemeWhereTheAppClaimsTheLink(_ shorthand: String, _ link: String) {
        let captured = Captured()
        #expect(captured.tool().run(["links", shorthand, "--platform", "ios"]) == .success)
        #expect(captured.output.joined(separator: "\n") == "1. Fallback  all  \(link)")
    }

    @Test(arguments: [
        (["links", "bluesky:eb.bsky.social", "--platform", "android"], CommandLineTool.ExitCode.success),
        (["links", "bluesky:eb.bsky.social", "--platform", "windows"], .usage),
        (["services", "extra"], .usage),
        (["services", "--help"], .success),
        (["schemes", "--help"], .success),
        (["schemes", "--source", "nowhere"], .failure),
    ])
    func exitCodes(_ arguments: [String], _ expected: CommandLineTool.ExitCode) {
        #expect(Captured().tool().run(arguments) == expected)
    }

    @Test func linksFiltersByPlatform() {
        let captured = Captured()
        #expect(captured.tool().run(["links", "--platform", "android", "telegram:durov"]) == .success)
        #expect(captured.output.joined().split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).prefix(3).joined(separator: " ") }
                == ["1. Telegram android", "2. Fallback all", "Sources:", "Telegram: core.telegram.org/api/links (Telegram's"])
    }

    /// The seed's ordered chain, whatever the page's script does with it per tap.
    @Test func linksPrintsTheSeedChain() {
        let captured = Captured()
        #expect(captured.tool().run(["links", "mastodon:@eb@social.coop"]) == .success)
        #expect(captured.output.joined(separator: "\n") == """
            1. Opener (unverified)  ios  opener://x-callback-url/show-options?url=https%3A%2F%2Fsocial.coop%2F%40eb
            2. Ivory                ios  ivory:///user_profile/eb@social.coop
            3. Ice Cubes            ios  icecubesapp://social.coop/@eb
            4. Mastodon             ios  mastodon://profile/eb@social.coop
            5. Fallback             all  https://social.coop/@eb

            Sources:
              Opener: timonus/OpenerManifest README (scheme); community libraries (x-callback-url/show-options path); in the default chain as the seed chain's first app
              Ivory: Tapbots URL-scheme tips page, via a transcription (gist)
              Ice Cubes: Dimillian/IceCubesApp IceCubesApp/App/Router/SafariRouter.swift; profile links in a web view since PR #2026
              Mastodon: mastodon/mastodon-ios SceneDelegate.swift (does nothing unless logged in)
            """)
    }

    /// Issue 44: Element X registers matrix: on Android, where matrix.to is no verified App Link, so Android gets the
    /// intent (Chrome goes on to matrix.to without the app); iOS, where Element X claims matrix.to, gets the link; the
    /// sources say why. Telegram's tg: is tried on desktops, Spotify's intent on Android.
    @Test func linksShowsEachPlatformsAppAttemptWithItsSource() {
        let matrix = Captured()
        #expect(matrix.tool().run(["links", "matrix:@jo:matrix.org"]) == .success)
        #expect(matrix.output.joined(separator: "\n") == """
            1. Matrix client (Element X)  android  intent:u/jo:matrix.org?action=chat#Intent;scheme=matrix;package=io.element.android.x;S.browser_fallback_url=https%3A%2F%2Fmatrix.to%2F%23%2F%40jo%3Amatrix.org;end
            2. Fallback                   all      https://matrix.to/#/@jo:matrix.org

            Sources:
              Matrix client (Element X): Matrix specification v1.2+, appendix "matrix: URI scheme" (MSC2312); element-hq/element-x-android app/src/main/AndroidManifest.xml (matrix: filter; matrix.to filter without autoVerify) and app/build.gradle.kts (applicationId io.element.android.x)
            """)
        for (shorthand, platform, first) in [("telegram:durov", "desktop", "1. Telegram  desktop  tg://resolve?domain=durov"),
                                             ("spotify:artist:4Z8W4fKeB5YxbusRsdQVPb", "android",
                                              "1. Spotify   android  intent:artist:4Z8W4fKeB5YxbusRsdQVPb#Intent;scheme=spotify;package=com.spotify.music;S.browser_fallback_url=https%3A%2F%2Fopen.spotify.com%2Fartist%2F4Z8W4fKeB5YxbusRsdQVPb;end")] {
            let captured = Captured()
            #expect(captured.tool().run(["links", shorthand, "--platform", platform]) == .success)
            #expect(captured.output.joined().split(separator: "\n").first.map(String.init) == first)
        }
    }

    @Test func schemesListsTheSitesIOSSchemesOnce() {
        let fileSystem = Fixtures.site("""
            ---
            links:
              - mastodon: "@eb@social.coop"
              - telegram: durov
                apps: [telegram]
              - bluesky: eb.bsky.social
                apps: [bluesky]
              - email: a@example.org
                apps: [gmail-web, proton]
            ---
            [me](mastodon:@eb@other.example)
            """)
        let captured = Captured()
        #expect(captured.tool(fileSystem).run(["schemes", "--plist", "--source", "site"]) == .success)
        #expect(captured.output.joined(separator: "\n") == """
            <key>LSApplicationQueriesSchemes</key>
            <array>
            \t<string>bluesky</string>
            \t<string>icecubesapp</string>
            \t<string>ivory</string>
            \t<string>mastodon</string>
            \t<string>opener</string>
            \t<string>protonmail</string>
            \t<string>tg</string>
            </array>
            """)
        #expect(captured.errors.isEmpty)
    }

    @Test func schemesWarnsAboveFifty() {
        let links = (1...51).map { "  - github: user\($0)\n    app: {name: App \($0), url: \"app\($0)://u/{user}\"}" }.joined(separator: "\n")
        let captured = Captured()
        #expect(captured.tool(Fixtures.site("---\nlinks:\n\(links)\n---\n")).run(["schemes", "--source", "site"]) == .success)
        #expect(captured.output.joined().split(separator: "\n").count == 51)
        #expect(captured.errors == ["warning: 51 schemes: iOS reads only the first 50 of LSApplicationQueriesSchemes; choose fewer apps with apps: [...]"])
    }

    // MARK: Per-link apps

    @Test func appsChooseAndOrderTheChain() throws {
        let fileSystem = Fixtures.site("""
            ---
            links:
              - mastodon: "@eb@social.coop"
                apps: [icecubes, opener]
                app: {name: "My App", url: "myapp://user/{user}?h={host}&p={url}"}
            ---
            """)
        _ = try Fixtures.builder(fileSystem).build()
        let page = try html(fileSystem)
        let chain = #"[{"app":"My App","auto":true,"id":"my-app","platforms":["ios"],"url":"myapp://user/eb?h=social.coop&p=https%3A%2F%2Fsocial.coop%2F%40eb"},{"app":"Ice Cubes","auto":true,"id":"icecubes","platforms":["ios"],"url":"icecubesapp://social.coop/@eb"},{"app":"Opener","auto":true,"platforms":["ios"],"url":"opener://x-callback-url/show-options?url=https%3A%2F%2Fsocial.coop%2F%40eb"}]"#
        #expect(PageReader(page).links.map(\.chain) == [chain])
    }

    @Test func emptyAppsListLeavesOnlyTheLinkAndTheChooser() throws {
        let fileSystem = Fixtures.site("---\nlinks:\n  - mastodon: \"@eb@social.coop\"\n    apps: []\n---\n")
        _ = try Fixtures.builder(fileSystem).build()
        // No app to try or pick, but the chooser still offers the browser, a copy, and following from your server.
        #expect(PageReader(try html(fileSystem)).links.map(\.attributes) == [[
            "href": "https://social.coop/@eb", "rel": "me", "data-service": "mastodon", "data-copy": "@eb@social.coop",
            "data-copy-kind": "handle", "data-acct": "eb@social.coop"]])
    }

    @Test(arguments: [
        ("    apps: [ivory, ivroy]", #"site/content/index.md:4:19: error: unknown app "ivroy" for Mastodon (did you mean "ivory"?): expected one of opener, ivory, icecubes, mastodon, mona, mammoth, toot, elk"#),
        ("    apps: ivory", "site/content/index.md:4:11: error: 'apps' must be a list such as apps: [ivory, icecubes], found a text value"),
        ("    app: {name: Evil, url: \"javascript:alert('{user}')\"}", #"site/content/index.md:4:28: error: "javascript:alert('{user}')" is not an app URL template: expected an app URL such as myapp://profile/{user}, using {user}, {host}, {url}. The scheme "javascript:" is not allowed: it runs code or reads local data instead of opening an app."#),
        ("    app: {name: X, url: \"x://{usr}\"}", #"site/content/index.md:4:25: error: "x://{usr}" is not an app URL template: expected an app URL such as myapp://profile/{user}, using {user}, {host}, {url}. Unknown placeholder {usr} (did you mean {user}?)."#),
        ("    app: {name: X}", "site/content/index.md:4:10: error: 'app' must be a mapping with a name and a url, such as {name: My App, url: \"myapp://profile/{user}\"}"),
        ("    app: {name: X, url: \"x://\", scheme: y}", "site/content/index.md:4:33: error: unknown key 'scheme' in 'app': expected name and url"),
    ])
    func appErrorsPointAtTheValue(_ line: String, _ expected: String) {
        #expect(errors("---\nlinks:\n  - mastodon: \"@eb@social.coop\"\n\(line)\n---\n") == [expected])
    }

    // MARK: Identity

    @Test func identityLinksGoIntoTheHeadOnceEach() throws {
        var files = try Self.realTemplates()
        files["content/index.md"] = """
            ---
            title: Me
            url: https://me.example/
            links:
              - github: octocat
              - email: me@example.org
              - pixelfed: "@eb@pixelfed.social"
              - mastodon: "@eb@social.coop"
            ---
            Also [on Mastodon](mastodon:@eb@social.coop) and [GitLab](gitlab:eb).
            """
        let fileSystem = InMemoryFileSystem(files.reduce(into: [:]) { $0["site/" + $1.key] = $1.value })
        let result = try Fixtures.builder(fileSystem).build()
        // No warning about rel="me": only the one about the icon sets, which this in-memory site has none of.
        #expect(result.warnings.map(\.message) == ["brand icons not found: Simple Icons (pip install simple-icons-pack, then python3 scripts/simple-icons.py ~/.local/share/sitegen/simple-icons), Font Awesome Free (pip install fontawesomefree) and Fork Awesome (apt-get install fonts-fork-awesome) are not installed, so some buttons show sitegen's generic glyphs; install them with the commands shown, or set SITEGEN_ICON_PATH to where the icon sets are"])
        let page = PageReader(try html(fileSystem))
        #expect(page.relMe == ["https://github.com/octocat", "https://pixelfed.social/eb", "https://social.coop/@eb", "https://gitlab.com/eb"])
        #expect(page.meta["fediverse:creator"] == "@eb@pixelfed.social")
        #expect(page.buttons.map { [$0.attributes["id"], $0.attributes["class"], $0.href, $0.rel] } == [
            ["link-1", "button u-url", "https://github.com/octocat", "me"],
            ["link-2", "button u-email", "mailto:me@example.org", nil],
            ["link-3", "button u-url", "https://pixelfed.social/eb", "me"],
            ["link-4", "button u-url", "https://social.coop/@eb", "me"],
        ])
        #expect(page.textLinks.map { [$0.text, $0.href, $0.rel] } == [
            ["on Mastodon", "https://social.coop/@eb", "me"], ["GitLab", "https://gitlab.com/eb", "me"]])
    }

    @Test(arguments: [
        ("fediverse_creator: false\n", nil as String?),
        ("fediverse_creator: \"@Someone@Example.ORG\"\n", "@Someone@example.org"),
        ("", "@eb@social.coop"),
    ])
    func fediverseCreatorCanBeSet(_ field: String, _ expected: String?) throws {
        let fileSystem = Fixtures.site("---\nurl: https://me.example/\n\(field)links:\n  - mastodon: \"@eb@social.coop\"\n---\n",
                                       extra: ["templates/page.html": "[{{fediverse_creator}}]"])
        _ = try Fixtures.builder(fileSystem).build()
        #expect(try html(fileSystem) == "[\(expected ?? "")]")
    }

    @Test func badFediverseCreatorIsAnError() {
        #expect(errors("---\nfediverse_creator: eb\n---\n") == [
            #"site/content/index.md:2:20: error: fediverse_creator: "eb" is not a fediverse handle: expected @user@host, like @eb@social.coop. The server name is missing."#,
        ])
    }

    @Test(arguments: [
        ("", "site/content/index.md:3:5: warning: this page has rel=\"me\" links but no 'url': Mastodon verifies them only from the page's https address; set url: https://… or pass --base-url"),
        ("url: http://localhost:8000/\n", "site/content/index.md:2:6: warning: this page has rel=\"me\" links but its url is not https: Mastodon verifies them only from an https address"),
    ])
    func identityPagesWithoutAnHTTPSURLWarn(_ field: String, _ warning: String) throws {
        let fileSystem = Fixtures.site("---\n\(field)links:\n  - github: octocat\n---\n")
        let warnings = try Fixtures.builder(fileSystem).build().warnings.filter { $0.line > 0 }
            .map { "\($0.path):\($0.line):\($0.column): \($0.severity): \($0.message)" }
        #expect(warnings == [warning])
    }

    @Test func pagesWithoutIdentityLinksDoNotWarn() throws {
        let fileSystem = Fixtures.site("---\nlinks:\n  - email: a@example.org\n---\n")
        #expect(try Fixtures.builder(fileSystem).build().warnings.isEmpty)
        #expect(try Fixtures.builder(fileSystem, baseURL: "https://me.example/").build().warnings.isEmpty)
    }

    // MARK: A site with every service

    @Test func everyServiceBuildsAWorkingButton() throws {
        let handles = ServiceTableCases.handles
        #expect(Set(handles.map(\.service)) == Set(ServiceCatalog.standard.services.map(\.id)))
        var files = try Self.realTemplates()
        files["content/index.md"] = "---\ntitle: Everything\nurl: https://me.example/\nlinks:\n"
            + handles.map { "  - \($0.service): \"\($0.handle)\"\n    label: \($0.service) button" }.joined(separator: "\n")
            + "\n---\n" + handles.map { "[\($0.service)](\($0.service):\($0.handle.replacingOccurrences(of: " ", with: "")))" }.joined(separator: " ") + "\n"
        let fileSystem = InMemoryFileSystem(files.reduce(into: [:]) { $0["site/" + $1.key] = $1.value })
        _ = try Fixtures.builder(fileSystem).build()
        let page = try html(fileSystem)
        let reader = PageReader(page)
        let buttons = reader.buttons, textLinks = reader.textLinks
        #expect(buttons.count == handles.count && textLinks.count == handles.count)
        for (number, link) in handles.enumerated() where number < min(buttons.count, textLinks.count) {
            let service = try #require(ServiceCatalog.standard.service(named: link.service))
            let chain = try service.chain(handle: link.handle)
            let rel = service.provesIdentity ? "me" : nil
            #expect([buttons[number].attributes["id"], buttons[number].attributes["class"], buttons[number].href, buttons[number].rel, buttons[number].label]
                    == ["link-\(number + 1)", "button \(PageRenderer.hCardClass(chain.kind))", chain.fallback, rel, "\(link.service) button"])
            #expect([textLinks[number].text, textLinks[number].href, textLinks[number].rel] == [link.service, chain.fallback, rel], "\(link.service) Markdown link")
            // The markup itself: addresses are written as character references (email protection).
            var attributes = #"href="\#(HTML.escape(chain.fallback))""#
            if service.provesIdentity { attributes += #" rel="me""# }
            attributes = EmailShield(EmailForms.addresses(chain))?.protected(Array(attributes.utf8)).map { String(decoding: $0, as: UTF8.self) } ?? attributes
            #expect(page.contains(#"<a id="link-\#(number + 1)" class="button \#(PageRenderer.hCardClass(chain.kind))" \#(attributes)"#), "\(link.service) button")
            let paint = ButtonPaint.make(brand: HexColor(service.brandColor)!, surfaces: Theme.standard.surfaces(onCard: false))
            #expect(reader.declarations(of: ".link-\(number + 1)") == ["--brand:\(paint.fill.css);--on-brand:\(paint.text.css);--edge-light:\(paint.edgeLight.css);--edge-dark:\(paint.edgeDark.css)"])
        }
    }

    /// Brands that no set .ci/install-deps installs draws (Simple Icons 16.36.0, Font Awesome Free, Fork Awesome), or
    /// draws only under a licence that forbids commercial use (Misskey's): each shows its glyph, and the build says so.
    static let brandsNoSetDraws: Set<String> = ["gotosocial", "misskey"]
    /// Services that may show one logo because they are one brand (none yet: YouTube Music has Simple Icons' own).
    static let sameBrand: [Set<String>] = []

    /// On a machine where .ci/install-deps ran (and nothing else), the page with every service shows each branded
    /// service's own logo: a brand symbol, whose drawing no other service's button shares unless it is the same brand.
    @Test func everyBrandedServiceShowsItsOwnLogoFromTheInstalledSets() throws {
        let sets = IconSets.discover(environment: ProcessInfo.processInfo.environment.filter { $0.key != "SITEGEN_ICON_PATH" })
        #expect(sets.simpleIcons != nil, "Simple Icons is not installed: run bash .ci/install-deps")
        let handles = ServiceTableCases.handles
        var files = try Self.realTemplates()
        files["content/index.md"] = "---\ntitle: Everything\nurl: https://me.example/\nlinks:\n"
            + handles.map { "  - \($0.service): \"\($0.handle)\"" }.joined(separator: "\n") + "\n---\n"
        let fileSystem = InMemoryFileSystem(files.reduce(into: [:]) { $0["site/" + $1.key] = $1.value })
        let warnings = try Fixtures.builder(fileSystem, iconSets: sets).build().warnings.map(\.message)
        #expect(warnings == ["no installed icon set has a logo for gotosocial and misskey, so their buttons show sitegen's generic glyph; a newer Simple Icons may have them"])
        #expect(Self.brandsNoSetDraws == ["gotosocial", "misskey"])
        let page = try html(fileSystem)
        var symbols: [String: String] = [:]
        for match in page.matches(of: #/<symbol id="icon-([a-z0-9-]+)"([^>]*)>(.*?)</symbol>/#) {
            symbols[String(match.output.1)] = String(match.output.2) + String(match.output.3)
        }
        var servicesByDrawing: [String: [String]] = [:]
        for (number, link) in handles.enumerated() {
            let service = try #require(ServiceCatalog.standard.service(named: link.service))
            let icon = try #require(page.firstMatch(of: try Regex(##"<a id="link-\##(number + 1)" [^>]*><svg class="icon"[^>]*><use href="#icon-([a-z0-9-]+)""##)))
            let name = String(try #require(icon.output[1].substring))
            let drawing = try #require(symbols[name], "\(link.service): no symbol \(name)")
            let branded = service.icon.simpleIcons != nil || service.icon.fontAwesome != nil || service.icon.forkAwesome != nil
            if branded && !Self.brandsNoSetDraws.contains(link.service) {
                #expect(name.hasPrefix("brand-"), "\(link.service) shows \(name), not a logo")
                servicesByDrawing[drawing, default: []].append(link.service)
            }
        }
        for services in servicesByDrawing.values where services.count > 1 {
            #expect(Self.sameBrand.contains { Set(services).isSubset(of: $0) }, "\(services) show one logo")
        }
        #expect(servicesByDrawing.values.reduce(0) { $0 + $1.count } >= ServiceCatalog.standard.services.count - 6)
    }

    // MARK: Icons

    /// A tiny SVG font written by this test: one glyph, a triangle pointing up in font units (y up).
    static let fixtureFont = """
        <?xml version="1.0" standalone="no"?>
        <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" >
        <svg xmlns="http://www.w3.org/2000/svg"><defs>
        <font id="fixture" horiz-adv-x="1000">
          <font-face units-per-em="1000" ascent="800" descent="-200"/>
          <glyph glyph-name="mastodon" unicode="&#xf4f6;" horiz-adv-x="900"
        d="M0 0l450 800
        l450 -800z"/>
          <glyph glyph-name="github" d="M0 -200h1000v1000h-1000z"/>
        </font></defs></svg>
        """

    @Test func svgFontGlyphsAreTurnedRightWayUp() throws {
        let font = try SVGFont.read(Data(Self.fixtureFont.utf8))
        let mastodon = try #require(font.icon("mastodon"))
        #expect(mastodon.viewBox == "0 -800 900 1000")
        #expect(mastodon.symbol(named: "m") == #"<symbol id="icon-m" viewBox="0 -800 900 1000" fill="currentColor"><path transform="scale(1 -1)" d="M0 0l450 800 l450 -800z"/></symbol>"#)
        // The font's default advance; the flipped square spans the whole view box (y from -800 to 200).
        #expect(font.icon("github")?.viewBox == "0 -800 1000 1000")
        #expect(font.icon("twitter") == nil)
        #expect(try SVGFont.read(Data(Self.fixtureFont.utf8), names: ["github"]).glyphs.keys.sorted() == ["github"])
    }

    @Test func brandIconsComeFromTheInstalledFontWithItsCredit() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.fixtureFont.write(to: folder.appendingPathComponent("forkawesome-webfont.svg"), atomically: true, encoding: .utf8)
        let sets = IconSets.discover(environment: ["SITEGEN_ICON_PATH": "/nonexistent:" + folder.path])
        #expect(sets == IconSets(forkAwesomeFont: folder.path + "/forkawesome-webfont.svg"))
        let fileSystem = Fixtures.site("---\nurl: https://me.example/\nlinks:\n  - mastodon: \"@eb@social.coop\"\n  - bluesky: eb.bsky.social\n---\n",
                                       extra: ["templates/page.html": "{{#links}}{{icon}} {{/links}}|{{{icon_symbols_html}}}"])
        let result = try Fixtures.builder(fileSystem, iconSets: sets).build()
        // Bluesky's icon is only in Simple Icons and Font Awesome, which are missing here.
        #expect(result.warnings.map(\.message) == ["brand icons not found: Simple Icons (pip install simple-icons-pack, then python3 scripts/simple-icons.py ~/.local/share/sitegen/simple-icons) and Font Awesome Free (pip install fontawesomefree) are not installed, so some buttons show sitegen's generic glyphs; install them with the commands shown, or set SITEGEN_ICON_PATH to where the icon sets are"])
        let page = try html(fileSystem)
        #expect(page.hasPrefix("brand-mastodon chat |" + IconSet.forkAwesome.credit
                               + #"<symbol id="icon-brand-mastodon" viewBox="0 -800 900 1000" fill="currentColor"><path transform="scale(1 -1)" d="M0 0l450 800 l450 -800z"/></symbol>"#
                               + Glyph.chat.symbol))
    }

    @Test func fontAwesomeFilesAreFoundAndPreferred() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let brands = folder.appendingPathComponent("svgs/brands")
        try FileManager.default.createDirectory(at: brands, withIntermediateDirectories: true)
        let square = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 448 512"><!-- test --><path d="M0 0h448v512H0z"/></svg>"#
        for name in ["font-awesome", "mastodon"] { try square.write(to: brands.appendingPathComponent(name + ".svg"), atomically: true, encoding: .utf8) }
        try Self.fixtureFont.write(to: folder.appendingPathComponent("forkawesome-webfont.svg"), atomically: true, encoding: .utf8)
        let sets = IconSets.discover(environment: ["SITEGEN_ICON_PATH": folder.path])
        #expect(sets.fontAwesomeBrands == brands.path)
        let fileSystem = Fixtures.site("---\nurl: https://me.example/\nlinks:\n  - mastodon: \"@eb@social.coop\"\n---\n",
                                       extra: ["templates/page.html": "{{{icon_symbols_html}}}"])
        #expect(try Fixtures.builder(fileSystem, iconSets: sets).build().warnings.isEmpty)
        #expect(try html(fileSystem) == IconSet.fontAwesome.credit + #"<symbol id="icon-brand-mastodon" viewBox="0 0 112 128" fill="currentColor"><path d="M0 0h112v128H0z"/></symbol>"#)
    }

    @Test func missingIconSetGivesAWarningAndTheGlyph() throws {
        let fileSystem = Fixtures.site("---\nurl: https://me.example/\nlinks:\n  - mastodon: \"@eb@social.coop\"\n  - email: a@example.org\n---\n",
                                       extra: ["templates/page.html": "{{#links}}{{icon}} {{/links}}|{{{icon_symbols_html}}}"])
        let result = try Fixtures.builder(fileSystem, iconSets: .none).build()
        #expect(result.warnings.map { "\($0.path): \($0.severity)" } == ["site/content/index.md: warning"])
        #expect(try html(fileSystem) == "chat envelope |" + Glyph.chat.symbol + Glyph.envelope.symbol)
        #expect(IconSets.discover(environment: ["SITEGEN_ICON_PATH": "/nonexistent"]) == .none)
    }

    @Test func customSVGIconIsSanitisedAndInlined() throws {
        let svg = """
            <?xml version="1.0"?>
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" width="24" height="24" fill="none" stroke="#123" class="x">
              <title>My logo</title>
              <metadata><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">anything</rdf:RDF></metadata>
              <inkscape:layer><rect width="24" height="24"/></inkscape:layer>
              <g id="a" style="color:red" inkscape:label="Layer">
                <path d="M1 1h22" stroke-width="2" data-x="1"/>
                <circle cx="12" cy="12" r="3" fill="currentColor"/>
              </g>
            </svg>
            """
        let fileSystem = Fixtures.site("---\nlinks:\n  - url: https://example.org/\n    icon: icons/My Logo.svg\n---\n",
                                       extra: ["content/icons/My Logo.svg": svg, "templates/page.html": "{{#links}}{{icon}}{{/links}}|{{{icon_symbols_html}}}"])
        _ = try Fixtures.builder(fileSystem).build()
        #expect(try html(fileSystem) == ##"file-icons-my-logo|<symbol id="icon-file-icons-my-logo" viewBox="0 0 24 24" fill="none" stroke="#123"><g><path d="M1 1h22" stroke-width="2"/><circle cx="12" cy="12" fill="currentColor" r="3"/></g></symbol>"##)
    }

    /// Two files whose names make the same symbol name: the second is named apart on the tree, before it is written.
    @Test func clashingIconFilesGetDistinctSymbols() throws {
        let fileSystem = Fixtures.site("---\nlinks:\n  - url: https://example.org/\n    icon: icons/a b.svg\n  - url: https://example.net/\n    icon: icons/a-b.svg\n---\n",
                                       extra: ["content/icons/a b.svg": #"<svg viewBox="0 0 24 24"><path d="M1 1h2"/></svg>"#,
                                               "content/icons/a-b.svg": #"<svg viewBox="0 0 24 24"><rect width="3" height="4"/></svg>"#,
                                               "templates/page.html": "{{#links}}{{icon}} {{/links}}|{{{icon_symbols_html}}}"])
        _ = try Fixtures.builder(fileSystem).build()
        #expect(try html(fileSystem) == #"file-icons-a-b file-icons-a-b-2 |<symbol id="icon-file-icons-a-b" viewBox="0 0 24 24"><path d="M1 1h2"/></symbol><symbol id="icon-file-icons-a-b-2" viewBox="0 0 24 24"><rect height="4" width="3"/></symbol>"#)
    }

    @Test(arguments: [
        (#"<svg viewBox="0 0 24 24"><script>alert(1)</script></svg>"#, "1:33: error: <script> is not allowed in an icon: only <circle>, <ellipse>, <g>, <line>, <path>, <polygon>, <polyline>, <rect> are"),
        (#"<svg viewBox="0 0 24 24" onload="alert(1)"><path d="M0 0"/></svg>"#, #"1:43: error: the event handler onload="…" on <svg> is not allowed in an icon"#),
        (#"<svg viewBox="0 0 24 24"><path d="M0 0" onclick="x()"/></svg>"#, #"1:54: error: the event handler onclick="…" on <path> is not allowed in an icon"#),
        (#"<svg viewBox="0 0 24 24"><foreignObject><div/></foreignObject></svg>"#, "1:40: error: <foreignObject> is not allowed in an icon: only <circle>, <ellipse>, <g>, <line>, <path>, <polygon>, <polyline>, <rect> are"),
        (##"<svg viewBox="0 0 24 24" xmlns:xlink="http://www.w3.org/1999/xlink"><use xlink:href="https://evil.example/x.svg#a"/></svg>"##, "1:115: error: <use> is not allowed in an icon: only <circle>, <ellipse>, <g>, <line>, <path>, <polygon>, <polyline>, <rect> are"),
        (#"<svg viewBox="0 0 24 24"><a href="javascript:x"><path d="M0 0"/></a></svg>"#, "1:48: error: <a> is not allowed in an icon: only <circle>, <ellipse>, <g>, <line>, <path>, <polygon>, <polyline>, <rect> are"),
        (##"<svg viewBox="0 0 24 24"><path d="M0 0" fill="url(https://evil.example/#g)"/></svg>"##, ##"1:76: error: fill="url(https://evil.example/#g)" on <path> refers to another resource; icons may use only plain colours"##),
        ("<!DOCTYPE svg [<!ENTITY a \"aaaa\">]>\n<svg viewBox=\"0 0 24 24\"><path d=\"&a;\"/></svg>", "1:15: error: the SVG has a DOCTYPE, which an SVG drawing does not need: remove it"),
        (#"<svg><path d="M0 0"/></svg>"#, #"1:5: error: the <svg> needs a viewBox such as viewBox="0 0 24 24" (or plain numeric width and height)"#),
        (#"<html><body/></html>"#, "1:6: error: the file's root element is <html>, not <svg>"),
        (#"<svg viewBox="0 0 24 24"><path d="M0 0"></svg>"#, "1:47: error: the file is not valid XML: an end tag does not match the element it should close"),
    ])
    func hostileCustomSVGIsRefusedAtItsPlace(_ svg: String, _ expected: String) {
        let found = errors("---\nlinks:\n  - url: https://example.org/\n    icon: logo.svg\n---\n", extra: ["content/logo.svg": svg])
        #expect(found == ["site/content/logo.svg:" + expected])
    }

    @Test(arguments: [
        ("    icon: nowhere.svg", "site/content/index.md:4:11: error: icon 'nowhere.svg' not found: expected a file under content/ relative to this page"),
        ("    icon: /etc/x.svg", "site/content/index.md:4:11: error: 'icon' must be an .svg path relative to this page, like icons/logo.svg"),
        ("    icon: sparkles", "site/content/index.md:4:11: error: unknown icon 'sparkles': expected one of envelope, globe, chat, link, phone, music, rss, code, heart, or an .svg file under content/ such as icons/logo.svg"),
    ])
    func iconPathErrors(_ line: String, _ expected: String) {
        #expect(errors("---\nlinks:\n  - url: https://example.org/\n\(line)\n---\n") == [expected])
    }
}

/// One handle per service, for the site with every service.
enum ServiceTableCases {
    static let handles: [(service: String, handle: String)] = [
        ("mastodon", "@eb@social.coop"), ("fediverse", "@eb@gts.example"), ("pixelfed", "@eb@pixelfed.social"),
        ("peertube", "@eb@tube.example"), ("misskey", "@eb@misskey.io"), ("gotosocial", "@eb@gts.example"),
        ("email", "eb@example.org"), ("phone", "+49 30 1234567"), ("sms", "+4930123456"), ("bluesky", "eb.bsky.social"),
        ("threads", "zuck"), ("instagram", "nasa"), ("x", "nasa"), ("youtube", "@nasa"), ("tiktok", "nasa"), ("twitch", "nasa"),
        ("linkedin", "satyanadella"), ("telegram", "durov"), ("signal", "+4915112345678"), ("whatsapp", "+4915112345678"),
        ("matrix", "@eb:matrix.org"), ("discord", "80351110224678912"), ("spotify", "artist:0OdUWJ0sBjDrqHygGUXeCF"),
        ("apple-music", "909253"), ("soundcloud", "nasa"), ("bandcamp", "myband"), ("github", "octocat"), ("gitlab", "gitlab-org"),
        ("codeberg", "forgejo"), ("patreon", "nasa"), ("ko-fi", "nasa"), ("rss", "https://example.org/feed.xml"), ("web", "https://example.org/"),
        ("lemmy", "@eb@lemmy.ml"), ("facebook", "nasa"), ("reddit", "spez"), ("pinterest", "nasa"), ("snapchat", "team.snap"),
        ("tumblr", "staff"), ("flickr", "nasahqphoto"), ("vimeo", "staff"), ("xing", "Ada_Lovelace"), ("messenger", "nasa"),
        ("threema", "ECHOECHO"), ("line", "line_official"), ("slack", "myteam"), ("apple-podcasts", "1200361736"), ("deezer", "27"),
        ("youtube-music", "UC-9-kyTW8ZkZNDHQJ6FgpwQ"), ("tidal", "3346"), ("lastfm", "rj"), ("mixcloud", "nts"),
        ("stack-overflow", "22656"), ("dev", "ben"), ("keybase", "chris"), ("paypal", "nasa"), ("buy-me-a-coffee", "nasa"),
        ("venmo", "nasa-gov"), ("cash-app", "$nasa"), ("liberapay", "Changaco"), ("open-collective", "webpack"), ("kickstarter", "nasa"),
        ("medium", "ev"), ("substack", "platformer"), ("wordpress", "myblog"), ("kit", "myname"), ("notion", "my-site"),
        ("goodreads", "1"), ("letterboxd", "dave"), ("behance", "nasa"), ("dribbble", "dribbble"), ("figma", "figma"),
        ("trello", "trello"), ("product-hunt", "rrhoover"), ("calendly", "nasa"), ("strava", "1"), ("steam", "gabelogannewell"),
        ("itch-io", "leafo"), ("etsy", "myshop"), ("amazon", "2LO3AVBFUMPAC"), ("app-store", "1571998974"),
        ("google-play", "org.joinmastodon.android"),
        ("kick", "xqc"), ("onlyfans", "onlyfans"), ("vsco", "vsco"), ("unsplash", "nasa"), ("deviantart", "spyed"),
        ("artstation", "artstation"), ("kakaotalk", "gKvUj0Lf"), ("zoom", "myname"), ("bitbucket", "atlassian"),
        ("hugging-face", "huggingface"), ("hashnode", "sandeep"), ("gofundme", "help-the-library"), ("gumroad", "sahil"),
        ("micro-blog", "manton"), ("ghost", "myblog"), ("google-scholar", "JicYPdAAAAAJ"), ("orcid", "0000-0002-1825-0097"),
        ("semantic-scholar", "1741101"), ("researchgate", "Albert-Einstein"), ("cal-com", "peer"), ("meetup", "nycswift"),
        ("fiverr", "fiverr"), ("upwork", "~01c8a1e4b2d5f6a7b8"), ("playstation", "PlayStation"),
        ("vrchat", "usr_c1644b5b-3ca4-45b4-97c6-a2a0de70d469"), ("chess-com", "hikaru"), ("lichess", "DrNykterstein"),
        ("trakt", "sean"), ("myanimelist", "Xinil"), ("discogs", "discogs"), ("untappd", "untappd"),
    ]
}
