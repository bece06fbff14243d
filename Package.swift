// swift-tools-version:6.0
import PackageDescription

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
        .target(name: "Mustache"),
        .systemLibrary(name: "CCmark", pkgConfig: "libcmark", providers: [.apt(["libcmark-dev"])]),
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        // SHA-256 for the Content-Security-Policy hashes of inline script and style.
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CQREncode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        // HTTP(S) requests for `sitegen check --online`.
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        // renameat2(RENAME_EXCHANGE), which swaps the new site in for the old in one step.
        .target(name: "CFileSwap"),
        // A small read-only HTTP server with Server-Sent Events, for `sitegen serve`.
        .target(name: "WebServer", dependencies: ["CMicroHTTPD"]),
        .target(
            name: "SiteGen",
            dependencies: ["LinkChain", "Mustache", "CCmark", "CYAML", "CQREncode", "CCrypto", "WebServer", "CFileSwap", "CCurl"],
            // Resources/templates links to the top-level templates/, so `sitegen new` embeds those very files.
            // Pages inline the minified runtime, made from chain-decisions.js and chain-page.js by scripts/minify-runtime.py.
            exclude: ["Resources/chain-decisions.js", "Resources/chain-page.js", "Resources/chain-count.js"],
            resources: [.embedInCode("Resources/chain-runtime.min.js"), .embedInCode("Resources/chain-runtime-told.min.js"),
                        .embedInCode("Resources/chain-count.min.js"), .embedInCode("Resources/preview.js"),
                        .embedInCode("Resources/live-reload.js"), .embedInCode("Resources/templates"),
                        .embedInCode("Resources/new-site-index.md"),
                        .embedInCode("Resources/new-site-site.yml")]
        ),
        .executableTarget(name: "sitegen", dependencies: ["SiteGen"]),
        .testTarget(name: "LinkChainTests", dependencies: ["LinkChain"]),
        .testTarget(name: "MustacheTests", dependencies: ["Mustache"]),
        .testTarget(name: "SiteGenTests", dependencies: ["SiteGen", "LinkChain", "Mustache", "WebServer", "sitegen"], exclude: ["Golden"]),
    ]
)
