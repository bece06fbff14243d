import Foundation
import HTMLReading

/// A finished page read back with libxml2 as values a test compares whole (`page.buttons.map(\.href) == [...]`),
/// instead of searching its HTML for fragments.
package struct PageReader {
    package let root: HTMLElement

    package init(_ html: String) {
        root = HTMLElement.parse(Data(html.utf8)) ?? HTMLElement.parse(Data("<html></html>".utf8))!
    }

    /// A link as the page shows it: its text, its address and every attribute by name.
    package struct Link: Equatable, CustomStringConvertible {
        package var text: String
        package var attributes: [String: String]
        package var href: String? { attributes["href"] }
        package var rel: String? { attributes["rel"] }
        /// The button's ordered app chain (`data-chain`), as written.
        package var chain: String? { attributes["data-chain"] }
        /// The text of its `<span class="label">` (without the detail), if it has one.
        package var label: String?
        /// The text of its `<bdi class="detail">`: the handle or address a button shows under its label.
        package var detail: String?
        package var description: String { "\(text) \(attributes.sorted { $0.key < $1.key })" }
    }

    /// The text of the page's `<title>`, as written (character references decoded); nil without one.
    package var title: String? { root.first("title")?.ownText }

    /// Every `<a>`, in document order.
    package var links: [Link] { root.all("a").map { Self.link($0) } }

    /// The `<a class="button …">` elements: the page's link buttons, in order.
    package var buttons: [Link] {
        root.all("a").filter { $0.classes.contains("button") }.map { Self.link($0) }
    }

    /// The `<a>` elements without a class: links written in the text (the buttons and the layout's own links,
    /// such as "Save contact", have one).
    package var textLinks: [Link] {
        root.all("a").filter { $0.attributes["class"] == nil }.map { Self.link($0) }
    }

    private static func link(_ element: HTMLElement) -> Link {
        let label = element.descendants.first { $0.name == "span" && $0.classes.contains("label") }
        return Link(text: element.text, attributes: element.attributes, label: label.map { HTMLElement.collapsed($0.ownText) },
                    detail: element.descendants.first { $0.name == "bdi" && $0.classes.contains("detail") }?.text)
    }

    /// The rules of the page's `<style>` elements, in order, as (selector, declarations); a rule inside `@media`
    /// appears with its own selector.
    package var cssRules: [(selector: String, declarations: String)] {
        styles.joined().matches(of: #/([^{}]+)\{([^{}]*)\}/#).map {
            (String($0.output.1).trimmingCharacters(in: .whitespacesAndNewlines), String($0.output.2))
        }
    }

    /// The declarations of every rule whose selector is `selector`, in order.
    package func declarations(of selector: String) -> [String] {
        cssRules.filter { $0.selector == selector }.map(\.declarations)
    }

    /// Each `<link>` element's attributes, in order.
    package var headLinks: [[String: String]] { root.all("link").map(\.attributes) }

    /// The `href` of every `<link rel="me">`, in order.
    package var relMe: [String] { headLinks.filter { $0["rel"] == "me" }.compactMap { $0["href"] } }

    /// The `<meta>` tags as name (or property, or http-equiv) → content.
    package var meta: [String: String] {
        var tags: [String: String] = [:]
        for element in root.all("meta") {
            guard let key = element.attributes["name"] ?? element.attributes["property"] ?? element.attributes["http-equiv"] else { continue }
            tags[key] = element.attributes["content"] ?? ""
        }
        return tags
    }

    /// The Content-Security-Policy's directives, name → sources, from the page's `<meta http-equiv>`.
    package var policy: [String: [String]] { Self.directives(meta["Content-Security-Policy"] ?? "") }

    /// A Content-Security-Policy's directives, name → sources: `default-src 'none'; img-src 'self'`.
    package static func directives(_ policy: String) -> [String: [String]] {
        var directives: [String: [String]] = [:]
        for directive in policy.split(separator: ";") {
            let words = directive.split(separator: " ").map(String.init)
            guard let name = words.first else { continue }
            directives[name] = Array(words.dropFirst())
        }
        return directives
    }

    /// The text of every `<style>` and `<script>` element, in order.
    package var styles: [String] { root.all("style").map(\.ownText) }
    package var scripts: [String] { root.all("script").map(\.ownText) }

    /// The `<img>` elements' attributes, in order.
    package var images: [[String: String]] { root.all("img").map(\.attributes) }
}
