import LinkChain

/// A feature of the runtime that a page may lack. Each is a module, `Resources/runtime/features/NAME.js`, minified
/// into `Resources/minified/NAME.min.js` by scripts/minify-runtime.py, that a page inlines after the base only where
/// it has the feature; the page's words and style carry some of them the same way. A new feature is its module and a
/// case here, in the order of the modules' names, which is the order pages inline them in (a test holds the cases to
/// the files).
public enum RuntimeFeature: String, CaseIterable, Hashable, Sendable {
    /// `first_tap: ask` where a button has apps a tap tries (those get `data-first-tap`): its first tap opens the chooser.
    case ask
    /// A fediverse account, followed from the visitor's own server.
    case follow
    /// Sealed email addresses.
    case sealed
    /// Scheduled links, hidden once their window closes.
    case until

    /// The features a page has, from its buttons' and its Markdown's links.
    static func used(by page: ResolvedPage) -> Set<RuntimeFeature> {
        Set(allCases.filter { $0.isUsed(by: page) })
    }

    func isUsed(by page: ResolvedPage) -> Bool {
        // Asked of the links in place: copying every chain into one array costs more than the questions.
        func any(_ test: (Chain) -> Bool) -> Bool { page.links.contains { test($0.chain) } || page.markdownChains.contains(where: test) }
        let matter = page.parsed.frontMatter
        switch self {
        case .ask: return matter.firstTap == .ask && page.links.contains { !$0.chain.candidates.isEmpty }
        case .follow: return any { $0.fediverseAddress != nil || $0.accountURI != nil }
        case .sealed: return matter.emailProtection == .sealed && any { $0.kind == .email }
        case .until: return page.links.contains { $0.closesAt != nil }
        }
    }

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

    /// The click counter sending to `endpoint`, the endpoint written as a JSON string.
    public func counterScript(endpoint: String) -> String {
        counter.replacingOccurrences(of: "SITEGEN_COUNT_ENDPOINT", with: JSONText.string(endpoint, insideScript: true))
    }
}
