import Foundation
import SiteBasics

/// Solid icons drawn by this project in the style of the brand logos beside them (one filled shape each, on a
/// 24-unit grid), used where a service has no brand icon (or no icon set is installed).
public enum Glyph: String, CaseIterable, Sendable {
    case envelope, globe, chat, link, phone, music, rss, code, heart

    /// The body of a 24x24 SVG `<symbol>`, filled with `currentColor`; holes are cut with `fill-rule="evenodd"`.
    var svgBody: String {
        switch self {
        case .envelope:
            // The flap and the body, with a V-shaped gap between them.
            return #"<path d="M2 6.5A2.5 2.5 0 0 1 4.5 4h15A2.5 2.5 0 0 1 22 6.5v.3l-10 6.4L2 6.8zM2 9.2l10 6.4 10-6.4v8.3a2.5 2.5 0 0 1-2.5 2.5h-15A2.5 2.5 0 0 1 2 17.5z"/>"#
        case .globe:
            // A disc with a meridian (a lens between two ellipses) and the equator cut out.
            return #"<path fill-rule="evenodd" d="M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20zm0 1.4a4.6 8.6 0 1 0 0 17.2 4.6 8.6 0 1 0 0-17.2zm0 0a3 8.6 0 1 0 0 17.2 3 8.6 0 1 0 0-17.2zM3.6 11.2h3.82v1.6H3.6zm5.41 0h5.98v1.6H9.01zm7.57 0h3.82v1.6h-3.82z"/>"#
        case .chat:
            return #"<path fill-rule="evenodd" d="M5 3h14a3 3 0 0 1 3 3v9a3 3 0 0 1-3 3h-7l-5 4v-4H5a3 3 0 0 1-3-3V6a3 3 0 0 1 3-3zm2 5.2h10v1.6H7zm0 3.5h6.5v1.6H7z"/>"#
        case .link:
            // Two rings of a chain, each a capsule with a capsule cut out, turned to the diagonal.
            return #"<g transform="rotate(-45 12 12)"><path fill-rule="evenodd" d="M4 9h6a3 3 0 0 1 0 6H4a3 3 0 0 1 0-6zm.2 1.8a1.2 1.2 0 0 0 0 2.4h5.6a1.2 1.2 0 0 0 0-2.4z"/><path fill-rule="evenodd" d="M14 9h6a3 3 0 0 1 0 6h-6a3 3 0 0 1 0-6zm.2 1.8a1.2 1.2 0 0 0 0 2.4h5.6a1.2 1.2 0 0 0 0-2.4z"/></g>"#
        case .phone:
            return #"<path d="M6.5 2.5h3.2l1.8 5-2.2 1.6a11 11 0 0 0 5.6 5.6l1.6-2.2 5 1.8v3.2a2.5 2.5 0 0 1-2.5 2.5A17.5 17.5 0 0 1 4 5a2.5 2.5 0 0 1 2.5-2.5z"/>"#
        case .music:
            // Two notes on one beam: every part drawn the same way round, so that where they overlap stays filled.
            return #"<path d="M8.2 4.5 20.8 2v3.2L8.2 7.7zM8.2 5h1.6v13H8.2zm11-2.4h1.6V16h-1.6zM3.5 18a3 3 0 1 1 6 0 3 3 0 1 1-6 0zm11-2a3 3 0 1 1 6 0 3 3 0 1 1-6 0z"/>"#
        case .rss:
            return #"<path d="M3 5a16 16 0 0 1 16 16h-3A13 13 0 0 0 3 8zm0 6a10 10 0 0 1 10 10h-3a7 7 0 0 0-7-7zm0 7.5a2.5 2.5 0 1 1 5 0 2.5 2.5 0 1 1-5 0z"/>"#
        case .code:
            return #"<path d="M7.4 5.4 8.8 6.8 3.6 12l5.2 5.2-1.4 1.4L.8 12zm9.2 0-1.4 1.4 5.2 5.2-5.2 5.2 1.4 1.4 6.6-6.6zM13 4h2l-4 16H9z"/>"#
        case .heart:
            return #"<path d="M12 21s-8.3-5-9.7-10.2A5 5 0 0 1 12 6.6a5 5 0 0 1 9.7 4.2C20.3 16 12 21 12 21z"/>"#
        }
    }

    /// The glyph's `<symbol id="icon-NAME">`.
    package var symbol: String { symbol(named: rawValue) }

    /// The glyph as `<symbol id="icon-NAME">` with the name it has on its page.
    package func symbol(named name: String) -> String {
        #"<symbol id="icon-\#(HTML.escape(name))" viewBox="0 0 24 24" fill="currentColor">\#(svgBody)</symbol>"#
    }
}
