import Foundation
import CLibXML2

/// An HTML page read with libxml2's HTML parser, which recovers from broken markup as browsers do, as a tree of
/// elements with their attributes and text: what `sitegen import` reads a saved link page with.
struct HTMLElement: Sendable {
    /// Lowercase tag name: "a", "script".
    var name: String
    /// Attributes by lowercase name.
    var attributes: [String: String]
    var children: [HTMLElement]
    /// The text inside, at any depth, with runs of white space as one space and trimmed.
    var text: String
    /// The text directly inside, as written (a script's JSON).
    var ownText: String
    /// The line of the source the element starts on.
    var line: Int

    /// The words of the `class` attribute.
    var classes: [String] { (attributes["class"] ?? "").split(whereSeparator: \.isWhitespace).map(String.init) }

    /// This element and every element inside it, in document order.
    var descendants: [HTMLElement] {
        var all: [HTMLElement] = []
        func visit(_ element: HTMLElement) {
            all.append(element)
            element.children.forEach(visit)
        }
        visit(self)
        return all
    }

    func first(_ name: String) -> HTMLElement? { descendants.first { $0.name == name } }
    func all(_ name: String) -> [HTMLElement] { descendants.filter { $0.name == name } }

    /// Parses `data` as UTF-8 HTML; nil only when libxml2 makes no document at all (empty input).
    static func parse(_ data: Data) -> HTMLElement? {
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
    static let maximumDepth = 256

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
        var children: [HTMLElement] = []
        var text = "", ownText = ""
        var child = node.pointee.children
        while let current = child {
            switch current.pointee.type {
            case XML_ELEMENT_NODE where depth < maximumDepth:
                let inner = element(current, depth: depth + 1)
                children.append(inner)
                text += " " + inner.text + " "
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = current.pointee.content { ownText += String(cString: content); text += String(cString: content) }
            default: break
            }
            child = current.pointee.next
        }
        return HTMLElement(name: string(node.pointee.name).lowercased(), attributes: attributes, children: children,
                           text: collapsed(text), ownText: ownText, line: Int(xmlGetLineNo(node)))
    }

    private static func string(_ pointer: UnsafePointer<xmlChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }

    /// Runs of white space as one space, trimmed: how a browser shows the text.
    static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
