// swift-tools-version:6.0
import PackageDescription
#if os(Linux)
import Glibc
#endif

/// GLib's two header folders (libvips' headers include GLib's); the second is per architecture.
let glibHeaderFlags: [String] = {
    #if arch(arm64)
    let multiarch = "aarch64-linux-gnu"
    #else
    let multiarch = "x86_64-linux-gnu"
    #endif
    return ["-I/usr/include/glib-2.0", "-I/usr/lib/\(multiarch)/glib-2.0/include"]
}()

/// The C targets' debug information as DWARF 4: Debian 12's valgrind (callgrind measures speed in bench notes) gives
/// up on a binary with clang's default DWARF 5 in it.
let cDebugFlags = ["-gdwarf-4"]

/// Cairo's, Pango's and HarfBuzz's headers (libvips-dev depends on their -dev packages): the share card (CVips/card.c)
/// draws with the Cairo and Pango that libvips loads.
let cairoHeaderFlags = ["-I/usr/include/cairo", "-I/usr/include/pango-1.0", "-I/usr/include/harfbuzz", "-I/usr/include/freetype2"]

/// The program linked by lld with its relative relocations packed (DT_RELR), where the C library it is built against
/// reads them (glibc 2.36, Debian 12's): gold's table of 116,000 of them (1.8 MB) was read in full at every start and
/// stayed in the program's memory, 1.6 MB of a build's peak. An older glibc (Ubuntu 22.04's 2.35) cannot start such a
/// program, so there it is linked as before; scripts/package-deb.sh makes the package ask for glibc 2.36.
let packedRelocations: [LinkerSetting] = {
    #if os(Linux)
    var name = [CChar](repeating: 0, count: 64)  // "glibc 2.36"
    guard confstr(Int32(_CS_GNU_LIBC_VERSION), &name, name.count) > 0 else { return [] }
    let version = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        .drop { $0 != " " }.dropFirst().split(separator: ".").compactMap { Int($0) }
    guard version.count >= 2, (version[0], version[1]) >= (2, 36) else { return [] }
    return [.unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"])]
    #else
    return []
    #endif
}()

let package = Package(
    name: "sitegen",
    products: [
        .library(name: "LinkChain", targets: ["LinkChain"]),
        .executable(name: "sitegen", targets: ["sitegen"]),
    ],
    targets: [
        // The linker core: pure Swift + Foundation so an iOS app can use it unchanged.
        .target(name: "LinkChain"),
        // Mustache templates, independent of HTML pages so it can be tested against the official spec.
        .target(name: "Mustache", dependencies: ["LinkChain"]),
        .systemLibrary(name: "CCmark", pkgConfig: "libcmark", providers: [.apt(["libcmark-dev"])]),
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        // SHA-256 (SiteBasics' SHA256Digest) and the manifest's HMAC.
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        // zlib's inflate, for the tests of the card's deflate writer (CVips/deflate.c) alone: sitegen never links it.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CQREncode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
        // libmicrohttpd, for `sitegen serve`: loaded by dlopen when the first server starts (CMicroHTTPD/include/
        // sitegen_microhttpd.h says why); libmicrohttpd-dev's header gives the types.
        .target(name: "CMicroHTTPD", cSettings: [.unsafeFlags(cDebugFlags)]),
        // HTTP(S) requests for `sitegen check --online`: libcurl, loaded by dlopen at the first request
        // (CCurl/include/sitegen_curl.h says why); libcurl4-openssl-dev's header gives the types.
        .target(name: "CCurl", cSettings: [.unsafeFlags(cDebugFlags)]),
        // libxml2: its HTML parser for HTMLReading, its namespace-aware XML parser for Artwork's SVG files.
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        // libvips: photos resized and stripped of their metadata, and the share card drawn with its Cairo and Pango. Loaded
        // by dlopen when the first picture is made (CVips/include/sitegen_vips.h says why); libvips-dev's headers,
        // which include GLib's, give the types of what it calls.
        .target(name: "CVips", cSettings: [.unsafeFlags(glibHeaderFlags + cairoHeaderFlags + cDebugFlags)]),
        // A small read-only HTTP server with Server-Sent Events, for `sitegen serve`.
        .target(name: "WebServer", dependencies: ["CMicroHTTPD", "LinkChain"]),
        // What several rooms share: HTML escaping, diagnostics (a position in a source file, its line, how a terminal
        // shows them), a value with where it was written, a file of the built site, the file system seam, SHA-256, a memo filled
        // once per build.
        .target(name: "SiteBasics", dependencies: ["Mustache", "LinkChain", "CCrypto"]),
        // CSS read into tokens as CSS Syntax Level 3 reads it (comments, strings, url(…), names, escapes), for the three
        // readers of CSS: the minifier, the published-SVG check and the stylesheet's colours.
        .target(name: "CSSSyntax"),
        // Colours: HexColor and its contrast arithmetic, the brand buttons' paint, the themes.
        .target(name: "Paint", dependencies: ["LinkChain", "CSSSyntax"]),
        // Pictures: the built-in glyphs, initials, QR codes (libqrencode), SVG reading and sanitising, the buttons' icons
        // (the icon sets, a site's own SVG files), and photos resized and stripped of their metadata (libvips).
        .target(name: "Artwork", dependencies: ["SiteBasics", "CSSSyntax", "LinkChain", "CQREncode", "CVips", "CLibXML2"]),
        // What goes beside a page: its contact card (vCard), its Content-Security-Policy (hashed with libcrypto) and its
        // share card (drawn by libvips, through Artwork).
        .target(name: "Companions", dependencies: ["SiteBasics", "Artwork", "Paint", "LinkChain", "Mustache"]),
        // The minifiers of a template's CSS and JSON, which copy its Mustache tags as the engine reads them.
        .target(name: "Minify", dependencies: ["Mustache", "CSSSyntax"]),
        // The page's runtime: pages inline it minified (Resources/minified: the base, one module per feature, the counter),
        // made from its readable source (Resources/runtime) by scripts/minify-runtime.py.
        .target(name: "Runtime", exclude: ["Resources/runtime"], resources: [.embedInCode("Resources/minified")]),
        // The output folder: what a build keeps there and its record of it (the manifest, sealed with the site's key),
        // ownership by proof, atomic per-file writes, what a page was made from, and the site's boundary.
        .target(name: "OutputFolder", dependencies: ["SiteBasics", "Companions", "LinkChain", "CCrypto"]),
        // The site's sources as written, read: front matter and site.yml (libyaml), a page's text as UTF-8, the words of
        // each language, schedules, addresses.
        // A page's sources as HTML fragments: its Markdown body (libcmark), a chain link's markup, and the email shield
        // that writes the page's addresses as character references in each value it makes.
        .target(name: "Markup", dependencies: ["SiteBasics", "Artwork", "LinkChain", "Mustache", "CCmark"]),
        .target(
            name: "SiteSource",
            dependencies: ["SiteBasics", "Paint", "Companions", "LinkChain", "Mustache", "CYAML"],
            // words.yml: what pages and the runtime show, in each language (Language.swift's WordTable reads it).
            resources: [.embedInCode("Resources/words.yml")]
        ),
        // The pipeline: load → parse → resolve → render, whose finished pages the output folder keeps.
        .target(
            name: "SiteGen",
            dependencies: ["SiteSource", "OutputFolder", "Markup", "SiteBasics", "Paint", "Artwork", "Companions", "Minify", "Runtime",
                           "LinkChain", "Mustache"]
        ),
        // `sitegen serve`: the dev server, the watcher, live reload, the preview script and --lan.
        .target(name: "Preview", dependencies: ["SiteGen", "SiteSource", "OutputFolder", "SiteBasics", "Artwork", "Companions", "LinkChain", "WebServer"],
                resources: [.embedInCode("Resources/preview.js"), .embedInCode("Resources/live-reload.js")]),
        // HTML that others wrote, as a tree (libxml2): a link page `sitegen import` reads, the profile fields
        // `check --online` fetches.
        .target(name: "HTMLReading", dependencies: ["CLibXML2"]),
        // `sitegen check --online`: fetches profiles (libcurl) and reads their rel="me" links.
        .target(name: "OnlineCheck", dependencies: ["SiteGen", "SiteSource", "Markup", "SiteBasics", "LinkChain", "HTMLReading", "CCurl"]),
        // `sitegen publish`: the built site committed to a branch of the site's git repository, through git's plumbing.
        .target(name: "Publishing", dependencies: ["SiteGen", "SiteSource", "OutputFolder", "SiteBasics"]),
        // The command line: one table of commands, `new` and `import` with the embedded templates, completions.
        .target(
            name: "SiteGenCLI",
            dependencies: ["SiteGen", "SiteSource", "SiteBasics", "Paint", "Artwork", "Preview", "OnlineCheck", "Publishing", "LinkChain",
                           "WebServer", "HTMLReading"],
            // Resources/templates links to the top-level templates/, so `sitegen new` embeds those very files.
            resources: [.embedInCode("Resources/templates"), .embedInCode("Resources/new-site-index.md"),
                        .embedInCode("Resources/new-site-site.yml"),
                        .embedInCode("Resources/new-site-gitignore"), .embedInCode("Resources/new-site-build-site.sh"),
                        .embedInCode("Resources/new-site-github-pages.yml"), .embedInCode("Resources/new-site-netlify.toml"),
                        .embedInCode("Resources/new-site-netlify.yml"), .embedInCode("Resources/new-site-cloudflare.yml")]
        ),
        .executableTarget(name: "sitegen", dependencies: ["SiteGenCLI"], linkerSettings: packedRelocations),
        // What the test suites share: a file system in memory, small sites and the example (Fixtures), an HTTP client, the
        // size a picture's header gives, the inline code a browser hashes (InlineCode).
        .target(name: "SiteGenTestSupport", dependencies: ["SiteGen", "SiteSource", "SiteBasics", "Artwork", "Companions", "SiteGenCLI", "HTMLReading"]),
        .testTarget(name: "LinkChainTests", dependencies: ["LinkChain"]),
        .testTarget(name: "MustacheTests", dependencies: ["Mustache"]),
        .testTarget(name: "SiteBasicsTests", dependencies: ["SiteBasics"]),
        .testTarget(name: "CSSSyntaxTests", dependencies: ["CSSSyntax"]),
        .testTarget(name: "PaintTests", dependencies: ["Paint"]),
        .testTarget(name: "ArtworkTests", dependencies: ["Artwork", "SiteBasics", "LinkChain", "CQREncode", "CVips", "CZlib",
                                                        "SiteGenTestSupport"]),
        .testTarget(name: "CompanionsTests", dependencies: ["Companions", "SiteBasics", "Paint", "SiteGenTestSupport"]),
        .testTarget(name: "MinifyTests", dependencies: ["Minify"]),
        // A page's fragments as values: Markdown trees dumped, chain link attributes read back by HTMLReading.
        .testTarget(name: "MarkupTests", dependencies: ["Markup", "SiteBasics", "LinkChain", "Mustache", "HTMLReading"]),
        .testTarget(name: "RuntimeTests", dependencies: ["Runtime", "Companions"]),
        .testTarget(name: "WebServerTests", dependencies: ["WebServer", "SiteGenTestSupport"]),
        .testTarget(name: "PreviewTests", dependencies: ["Preview", "SiteGen", "SiteSource", "OutputFolder", "SiteBasics", "Companions", "Runtime", "WebServer",
                                                        "SiteGenTestSupport", "sitegen"]),
        .testTarget(name: "HTMLReadingTests", dependencies: ["HTMLReading"]),
        // Front matter, site.yml, YAML, the words of each language and schedules read; site.yml and the words through a
        // build too.
        .testTarget(name: "SiteSourceTests", dependencies: ["SiteSource", "SiteBasics", "LinkChain", "SiteGen", "SiteGenTestSupport",
                                                           "sitegen"]),
        // `sitegen publish` through the binary, against a git repository made here.
        .testTarget(name: "PublishingTests", dependencies: ["Publishing", "SiteGen", "OutputFolder", "SiteBasics", "SiteGenTestSupport", "sitegen"]),
        // The command line: its table, help, man page and completions, `new`, `import`, the authoring commands, deploy recipes.
        .testTarget(name: "SiteGenCLITests", dependencies: ["SiteGenCLI", "SiteGen", "SiteSource", "SiteBasics", "Paint", "Artwork", "Companions",
                                                           "LinkChain", "SiteGenTestSupport", "sitegen"]),
        // check --online and --links through the command line and the binary, against fake servers.
        .testTarget(name: "OnlineCheckTests", dependencies: ["OnlineCheck", "HTMLReading", "SiteGen", "SiteGenCLI", "WebServer",
                                                            "SiteGenTestSupport", "sitegen"]),
        // The pipeline's stages, and the site through the binary end to end (golden, corpus, README).
        // The output folder: the writer and its manifest in memory, the site's boundary on disk, and what builds killed
        // or run at once do to the folder, through the binary.
        .testTarget(name: "OutputFolderTests", dependencies: ["OutputFolder", "SiteGen", "SiteBasics", "Companions", "SiteGenTestSupport",
                                                             "sitegen"]),
        .testTarget(name: "SiteGenTests", dependencies: ["SiteGen", "SiteSource", "OutputFolder", "Markup", "HTMLReading", "SiteBasics", "Paint", "Artwork", "Companions", "Minify", "Runtime", "Preview", "OnlineCheck", "SiteGenCLI",
                                                         "SiteGenTestSupport",
                                                         "LinkChain", "Mustache", "WebServer", "sitegen"], exclude: ["Golden"]),
    ]
)
