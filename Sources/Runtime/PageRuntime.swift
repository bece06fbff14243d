/// A feature of the runtime that a page may lack. Each is a module, `Resources/runtime/features/NAME.js`, minified
/// into `Resources/minified/NAME.min.js` by scripts/minify-runtime.py, that a page inlines after the base only where
/// it has the feature; the page's words and style carry some of them the same way. A new feature is its module and a
/// case here, in the order of the modules' names, which is the order pages inline them in (a test holds the cases to
/// the files). Which pages have a feature is the renderer's to say (`RuntimeFeature.isUsed(by:)`, in SiteGen): it reads the
/// resolved page.
public enum RuntimeFeature: String, CaseIterable, Hashable, Sendable {
    /// `first_tap: ask` where a button has apps a tap tries (those get `data-first-tap`): its first tap opens the chooser.
    case ask
    /// A fediverse account, followed from the visitor's own server.
    case follow
    /// Sealed email addresses.
    case sealed
    /// Scheduled links, hidden once their window closes.
    case until

    /// The module as the binary embeds it.
    var embeddedModule: [UInt8] {
        switch self {
        case .ask: PackageResources.ask_min_js
        case .follow: PackageResources.follow_min_js
        case .sealed: PackageResources.sealed_min_js
        case .until: PackageResources.until_min_js
        }
    }
}

/// The runtime pages inline (Resources/runtime, minified into Resources/minified by scripts/minify-runtime.py; a
/// test checks the minified files are made from today's sources): loaded once, before rendering, and given to the
/// renderer. A page's script is the base and the modules of the features it has, in one function so that their names
/// stay out of the page's globals and the modules use the base's as their own.
public struct PageRuntime: Equatable, Sendable {
    /// The decisions and the page code every page carries, minified.
    public let base: String
    /// Each feature's module, minified.
    public let modules: [RuntimeFeature: String]
    /// The click counter (runtime/count.js), a function of `SITEGEN_COUNT_ENDPOINT`.
    public let counter: String

    public init(base: String, modules: [RuntimeFeature: String], counter: String) {
        self.base = base
        self.modules = modules
        self.counter = counter
    }

    /// The runtime embedded in the binary, so `sitegen` works when copied alone.
    public static let embedded = PageRuntime(
        base: text(PackageResources.runtime_min_js),
        modules: Dictionary(uniqueKeysWithValues: RuntimeFeature.allCases.map { ($0, text($0.embeddedModule)) }),
        counter: String(decoding: PackageResources.count_min_js, as: UTF8.self))

    /// A minified file's text, without the newline that ends it.
    private static func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes.last == UInt8(ascii: "\n") ? bytes.dropLast() : bytes[...], as: UTF8.self)
    }

    /// The script of a page with these features: the base, then their modules in `RuntimeFeature` order.
    public func script(features: Set<RuntimeFeature>) -> String {
        "(function(){" + base + RuntimeFeature.allCases.filter(features.contains).compactMap { modules[$0] }.joined() + "})();\n"
    }
}
