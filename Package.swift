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
        .target(
            name: "SiteGen",
            dependencies: ["LinkChain", "Mustache", "CCmark", "CYAML", "CQREncode", "CCrypto"],
            resources: [.embedInCode("Resources/chain-decisions.js"), .embedInCode("Resources/chain-page.js")]
        ),
        .executableTarget(name: "sitegen", dependencies: ["SiteGen"]),
        .testTarget(name: "LinkChainTests", dependencies: ["LinkChain"]),
        .testTarget(name: "MustacheTests", dependencies: ["Mustache"]),
        .testTarget(name: "SiteGenTests", dependencies: ["SiteGen", "LinkChain", "Mustache", "sitegen"], exclude: ["Golden"]),
    ]
)
