import Foundation
import SiteBasics

/// Simple line icons drawn by this project, used where a service has no brand icon (or no icon set is installed).
public enum Glyph: String, CaseIterable, Sendable {
    case envelope, globe, chat, link, phone, music, rss, code, heart

    /// The body of a 24x24 SVG `<symbol>`, drawn with `currentColor` strokes.
    var svgBody: String {
        switch self {
        case .envelope:
            return #"<rect x="3" y="5" width="18" height="14" rx="2"/><path d="M3.5 6.5 12 13l8.5-6.5"/>"#
        case .globe:
            return #"<circle cx="12" cy="12" r="9"/><ellipse cx="12" cy="12" rx="4" ry="9"/><path d="M3 12h18M4.5 7.5h15M4.5 16.5h15"/>"#
        case .chat:
            return #"<path d="M5 4h14a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2h-8l-5 4v-4H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z"/><path d="M8 9h8M8 12.5h5"/>"#
        case .link:
            return #"<path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1"/><path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1"/>"#
        case .phone:
            return #"<path d="M6.5 3h3l1.5 4.5-2 1.5a11 11 0 0 0 6 6l1.5-2 4.5 1.5v3a2 2 0 0 1-2 2A17 17 0 0 1 4.5 5a2 2 0 0 1 2-2z"/>"#
        case .music:
            return #"<path d="M9 18V5l11-2v13"/><circle cx="6.5" cy="18" r="2.5"/><circle cx="17.5" cy="16" r="2.5"/>"#
        case .rss:
            return #"<circle cx="6" cy="18" r="1.6"/><path d="M4.5 11a8.5 8.5 0 0 1 8.5 8.5M4.5 4.5a15 15 0 0 1 15 15"/>"#
        case .code:
            return #"<path d="m8.5 7-5 5 5 5M15.5 7l5 5-5 5M13.5 4.5l-3 15"/>"#
        case .heart:
            return #"<path d="M12 20s-7.5-4.6-8.8-9.3A4.6 4.6 0 0 1 12 7.2a4.6 4.6 0 0 1 8.8 3.5C19.5 15.4 12 20 12 20z"/>"#
        }
    }

    /// The glyph's `<symbol id="icon-NAME">`.
    package var symbol: String { symbol(named: rawValue) }

    /// The glyph as `<symbol id="icon-NAME">` with the name it has on its page.
    package func symbol(named name: String) -> String {
        #"<symbol id="icon-\#(HTML.escape(name))" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round">\#(svgBody)</symbol>"#
    }
}
