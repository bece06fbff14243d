import SiteBasics

/// What `sitegen new` writes for the author to replace. A build warns of each one still there, so a page is never
/// published with `you@example.org` on it without a word (`build --strict` makes that an error, for CI).
/// `new` writes these values from here; a test builds a fresh `new` site and expects a warning for each.
package enum StarterPlaceholder {
    package static let title = "Your Name"
    package static let description = "What you do, in one line."
    package static let url = "https://you.example/"
    package static let email = "you@example.org"
    /// The start of the body `new` writes.
    package static let bodyStart = "A few words about you, in **Markdown**."

    /// Front matter fields `new` fills in, by name.
    static let fields = ["title": title, "description": description, "url": url]
    /// The handles of the example buttons and links: reserved names (RFC 2606) no one publishes but `new`.
    package static let handles: Set<String> = [email, url]

    static func fieldMessage(_ field: String, _ value: String) -> String {
        "'\(field)' is still sitegen new's placeholder '\(value)': put your own"
    }

    package static func linkMessage(_ handle: String) -> String {
        "this link is still sitegen new's example, \(handle): put your own, or remove it"
    }

    package static let bodyMessage = "this text is still sitegen new's example: write your own"

    /// The 1-based line of `body` (which starts at `firstLine` of its file) that holds the example text, if any.
    package static func bodyLine(_ body: String, firstLine: Int) -> Int? {
        // By bytes (`utf8Offset`): a body of thousands of links is searched on every build.
        guard let found = body.utf8Offset(of: bodyStart) else { return nil }
        return firstLine + body.utf8.prefix(found).count { $0 == UInt8(ascii: "\n") }
    }
}
