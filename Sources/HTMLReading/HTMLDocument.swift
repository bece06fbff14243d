import Foundation
import CLibXML2

/// An HTML page read with libxml2's HTML parser, which recovers from broken markup as browsers do, as a tree of
/// elements with their attributes and text: what `sitegen import` reads a saved link page with, and `check --online`
/// a profile field.
public struct HTMLElement: Sendable {
    /// Lowercase tag name: "a", "script".
    public var name: String
    /// Attributes by lowercase name.
    public var attributes: [String: String]
    /// The text and elements inside, in order.
    public var nodes: [HTMLNode]
    /// The line of the source the element starts on.
    public var line: Int

    public var children: [HTMLElement] { nodes.compactMap { if case .element(let element) = $0 { element } else { nil } } }

    /// The text directly inside, as written (a script's JSON).
    public var ownText: String { nodes.map { if case .text(let text) = $0 { text } else { "" } }.joined() }

    /// The text inside, at any depth, with runs of white space as one space and trimmed: how a browser shows it.
    /// Worked out when asked, for the few elements whose text is read, so a deep page holds its text once.
    public var text: String {
        var pieces: [String] = []
        func collect(_ element: HTMLElement) {
            for node in element.nodes {
                switch node {
                case .text(let text): pieces.append(text)
                case .element(let inner):
                    pieces.append(" ")
                    collect(inner)
                    pieces.append(" ")
                }
            }
        }
        collect(self)
        return Self.collapsed(pieces.joined())
    }

    /// The text inside, at any depth, joined as written (the DOM's `textContent`): `<span>https://</span><span>a.example</span>`
    /// is `https://a.example`.
    public var textContent: String {
        var text = ""
        func collect(_ element: HTMLElement) {
            for node in element.nodes {
                switch node {
                case .text(let piece): text += piece
                case .element(let inner): collect(inner)
                }
            }
        }
        collect(self)
        return text
    }

    /// The words of the `class` attribute.
    public var classes: [String] { (attributes["class"] ?? "").split(whereSeparator: \.isWhitespace).map(String.init) }

    /// This element and every element inside it, in document order.
    public var descendants: [HTMLElement] {
        var all: [HTMLElement] = []
        func visit(_ element: HTMLElement) {
            all.append(element)
            element.children.forEach(visit)
        }
        visit(self)
        return all
    }

    public func first(_ name: String) -> HTMLElement? { descendants.first { $0.name == name } }
    public func all(_ name: String) -> [HTMLElement] { descendants.filter { $0.name == name } }

    /// Parses `data` as UTF-8 HTML; nil only when libxml2 makes no document at all (empty input).
    public static func parse(_ data: Data) -> HTMLElement? {
        // No network (a DTD or entity would otherwise be fetched), and no error printing: the page is read as
        // browsers read it, broken parts and all.
        let options = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue)
        let document = data.withUnsafeBytes { bytes -> htmlDocPtr? in
            guard let base = bytes.baseAddress else { return nil }
            return htmlReadMemory(base.assumingMemoryBound(to: CChar.self), Int32(bytes.count), nil, "UTF-8", options)
        }
        guard let document else { return nil }
        defer { xmlFreeDoc(document) }
        guard let root = xmlDocGetRootElement(document) else { return nil }
        return element(root, depth: 0)
    }

    /// Deeper elements are left out: a page nested this far is not a link page, and the walk stays bounded.
    public static let maximumDepth = 256

    private static func element(_ node: xmlNodePtr, depth: Int) -> HTMLElement {
        var attributes: [String: String] = [:]
        var attribute = node.pointee.properties
        while let current = attribute {
            let name = string(current.pointee.name).lowercased()
            if let value = xmlGetProp(node, current.pointee.name) {
                attributes[name] = String(cString: value)
                sitegen_xml_free(value)
            }
            attribute = current.pointee.next
        }
        var nodes: [HTMLNode] = []
        var child = node.pointee.children
        while let current = child {
            switch current.pointee.type {
            case XML_ELEMENT_NODE where depth < maximumDepth:
                nodes.append(.element(element(current, depth: depth + 1)))
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = current.pointee.content { nodes.append(.text(String(cString: content))) }
            default: break
            }
            child = current.pointee.next
        }
        return HTMLElement(name: string(node.pointee.name).lowercased(), attributes: attributes, nodes: nodes, line: Int(xmlGetLineNo(node)))
    }

    private static func string(_ pointer: UnsafePointer<xmlChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }

    /// Runs of white space as one space, trimmed: how a browser shows the text.
    public static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}

/// What an element holds: text, or another element.
public indirect enum HTMLNode: Sendable {
    case text(String)
    case element(HTMLElement)
}
