import CLibXML2
import Foundation
import SiteBasics

/// An attribute as the XML parser gives it: its name as written (`xlink:href`), the namespace its prefix stands for
/// (nil for an unprefixed one) and its value with character references decoded and white space normalised, as a
/// browser reads it.
struct XMLAttribute: Equatable, Sendable {
    var name: String
    var namespace: String?
    var value: String
    /// The name without its prefix.
    var localName: String

    init(name: String, namespace: String? = nil, value: String, localName: String? = nil) {
        self.name = name; self.namespace = namespace; self.value = value
        self.localName = localName ?? XMLElementNode.unprefixed(name)
    }
}

/// An element of a small XML document, with the line and column where its start tag ends (where libxml2 reports it).
struct XMLElementNode: Equatable, Sendable {
    /// As written, with its prefix (`svg`, `h:frame`).
    var name: String
    /// The namespace its prefix (or the default namespace) stands for; nil for none.
    var namespace: String?
    /// In the order they are written.
    var attributes: [XMLAttribute]
    var children: [XMLElementNode]
    /// Its own character data, text and CDATA sections joined with references decoded (not its children's, and
    /// not its comments): a `<style>`'s sheet as the browser reads it.
    var text: String = ""
    var position: SourcePosition
    /// The name without its prefix.
    var localName: String

    init(name: String, namespace: String? = nil, attributes: [XMLAttribute], children: [XMLElementNode], text: String = "",
         position: SourcePosition, localName: String? = nil) {
        self.name = name; self.namespace = namespace; self.attributes = attributes; self.children = children
        self.text = text; self.position = position; self.localName = localName ?? Self.unprefixed(name)
    }

    /// `name` without its prefix.
    static func unprefixed(_ name: String) -> String { name.firstIndex(of: ":").map { String(name[name.index(after: $0)...]) } ?? name }

    /// The value of the attribute written with this name (prefix included).
    func attribute(_ name: String) -> String? { attributes.first { $0.name == name }?.value }
}

/// A processing instruction (`<?xml-stylesheet …?>`); the XML declaration is not one.
struct XMLInstruction: Equatable, Sendable {
    var target: String
    var position: SourcePosition
}

/// A parsed document: its root element and the processing instructions anywhere in it.
struct XMLDocumentTree: Equatable, Sendable {
    var root: XMLElementNode
    var instructions: [XMLInstruction]
}

/// A problem in an SVG file, at a place in it.
package struct SVGProblem: Error, Equatable, Sendable {
    package var position: SourcePosition
    package var message: String
}

/// Reads XML into `XMLElementNode`s with libxml2's namespace-aware SAX2 parser: names resolved to namespaces, attribute
/// values and text with character references decoded, nothing fetched. Comments are dropped.
enum XMLTree {
    /// Deeper than any icon or avatar is drawn; deep enough nesting would exhaust the stack of whatever walks the tree.
    static let maximumDepth = 64

    /// libxml2 is set up once per process, before any thread parses.
    private static let initialised: Void = { xmlInitParser() }()

    /// Reads `data`, which must be UTF-8 (as declared, or undeclared): what the parser reads is then what a browser
    /// reads. Refuses documents with a DOCTYPE when `allowDoctype` is false: entity definitions can expand without
    /// bound or hide what a value says, and no SVG drawing needs one.
    static func parse(_ data: Data, allowDoctype: Bool) throws(SVGProblem) -> XMLDocumentTree {
        try checkEncoding(data)
        _ = initialised
        let builder = Builder(allowDoctype: allowDoctype)
        let parsed: Bool = data.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress, bytes.count > 0,
                  let context = xmlCreateMemoryParserCtxt(base.assumingMemoryBound(to: CChar.self), Int32(bytes.count)) else { return false }
            defer {
                // libxml2 makes a document of its own to hold an internal subset's entities (even for a parse it was
                // told to stop), which the context does not free.
                if let document = context.pointee.myDoc { xmlFreeDoc(document); context.pointee.myDoc = nil }
                xmlFreeParserCtxt(context)
            }
            // Nothing from the network, and (with no DOCTYPE allowed) only XML's own five entities, replaced.
            var options = Int32(XML_PARSE_NONET.rawValue)
            if !allowDoctype { options |= Int32(XML_PARSE_NOENT.rawValue) }
            xmlCtxtUseOptions(context, options)
            context.pointee.sax.pointee = Builder.handler()
            builder.context = context
            context.pointee.userData = Unmanaged.passUnretained(builder).toOpaque()
            // The callbacks reach the builder through a raw pointer: it must outlive the parse.
            _ = withExtendedLifetime(builder) { xmlParseDocument(context) }
            builder.context = nil
            if builder.problem == nil, context.pointee.wellFormed == 0 || context.pointee.nsWellFormed == 0 || builder.root == nil {
                let error = builder.firstError
                let reason = error.map { describe($0.code) } ?? "it is not well-formed XML"
                // Where the first error is (the parser may have gone on past it), else where the parser stopped.
                let position = error.flatMap { $0.position.line > 0 ? $0.position : nil }
                    ?? SourcePosition(line: Int(context.pointee.input.pointee.line), column: Int(context.pointee.input.pointee.col))
                builder.problem = SVGProblem(position: position, message: "the file is not valid XML: \(reason)")
            }
            return true
        }
        if let problem = builder.problem { throw problem }
        guard parsed, let root = builder.root else {
            throw SVGProblem(position: SourcePosition(line: 1, column: 1), message: "the file is not valid XML: \(describe(4))")
        }
        return XMLDocumentTree(root: root, instructions: builder.instructions)
    }

    /// Refuses bytes a browser could read differently from the parser: anything but UTF-8, by its bytes or its
    /// declaration (libxml2 guesses UTF-16 and UCS-4 from NULs, EBCDIC from bytes that are not UTF-8).
    private static func checkEncoding(_ data: Data) throws(SVGProblem) {
        guard let text = String(validating: data, as: UTF8.self) else {
            // The line of the first byte that is not UTF-8.
            var parser = Unicode.UTF8.ForwardParser(), bytes = data.makeIterator(), line = 1
            while case .valid(let scalar) = parser.parseScalar(from: &bytes) {
                if scalar.count == 1, scalar.first == 0x0A { line += 1 }
            }
            throw SVGProblem(position: SourcePosition(line: line, column: 0), message: "the file is not UTF-8 text: save it as UTF-8")
        }
        // XML has no NUL character, and libxml2 would read `<` followed by NULs as UTF-16 or UCS-4, unlike the check.
        // Searched in the bytes at once: Data's element-by-element search checked exclusive access at every byte, and
        // cost a one-page build more than anything else (the Fork Awesome font is half a megabyte).
        let nul = data.withUnsafeBytes { bytes -> Int? in
            guard let start = bytes.baseAddress, let found = memchr(start, 0, bytes.count) else { return nil }
            return start.distance(to: UnsafeRawPointer(found))
        }
        if let nul {
            let line = data.prefix(nul).filter { $0 == 0x0A }.count + 1
            throw SVGProblem(position: SourcePosition(line: line, column: 0), message: "the file holds a NUL byte, which XML text cannot: save it as UTF-8 text")
        }
        let head = text.hasPrefix("\u{FEFF}") ? text.dropFirst() : Substring(text)
        guard head.hasPrefix("<?xml"), let end = head.range(of: "?>") else { return }
        let declaration = head[..<end.lowerBound]
        guard let name = declaration.range(of: "encoding") else { return }
        let rest = declaration[name.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return }
        let label = rest.dropFirst().prefix { $0 != quote }
        guard !["utf-8", "utf8", "us-ascii"].contains(label.lowercased()) else { return }
        throw SVGProblem(position: SourcePosition(line: 1, column: 0),
                         message: "the file declares encoding=\"\(label)\": save it as UTF-8 and declare encoding=\"UTF-8\" (or nothing)")
    }

    /// libxml2's error codes in words.
    static func describe(_ code: Int) -> String {
        switch code {
        case 4: return "it holds no element"
        case 26: return "an entity such as &nbsp; is not declared: XML knows only &amp;, &lt;, &gt;, &quot; and &apos;"
        case 38, 68: return "a '<' inside an attribute value must be written &lt;"
        case 42: return "an attribute is given twice"
        case 76: return "an end tag does not match the element it should close"
        case 201: return "a prefix is used without its xmlns: declaration"
        default: return "an element is not closed, a tag or attribute is malformed, or text follows the root element (libxml2 error \(code))"
        }
    }

    /// A parser error as libxml2 reported it.
    struct ParserError {
        var code: Int
        var position: SourcePosition
    }

    /// Builds the tree from libxml2's SAX2 events (C callbacks, which find it through the parser's user data).
    private final class Builder {
        let allowDoctype: Bool
        var context: xmlParserCtxtPtr?
        var stack: [XMLElementNode] = []
        var root: XMLElementNode?
        var instructions: [XMLInstruction] = []
        var problem: SVGProblem?
        var firstError: ParserError?

        init(allowDoctype: Bool) { self.allowDoctype = allowDoctype }

        var position: SourcePosition {
            guard let input = context?.pointee.input else { return SourcePosition(line: 0, column: 0) }
            return SourcePosition(line: Int(input.pointee.line), column: Int(input.pointee.col))
        }

        /// Stops the parse with `problem`.
        func stop(_ message: String) {
            problem = SVGProblem(position: position, message: message)
            if let context { xmlStopParser(context) }
        }

        static func from(_ pointer: UnsafeMutableRawPointer?) -> Builder? {
            pointer.map { Unmanaged<Builder>.fromOpaque($0).takeUnretainedValue() }
        }

        static func string(_ pointer: UnsafePointer<xmlChar>?) -> String? {
            pointer.map { String(cString: $0) }
        }

        func startElement(_ name: String, localName: String, namespace: String?, attributes: [XMLAttribute]) {
            guard problem == nil else { return }
            guard stack.count < XMLTree.maximumDepth else {
                stop("the SVG is nested more than \(XMLTree.maximumDepth) elements deep")
                return
            }
            stack.append(XMLElementNode(name: name, namespace: namespace, attributes: attributes, children: [], position: position,
                                        localName: localName))
        }

        func endElement() {
            guard let element = stack.popLast() else { return }
            if stack.isEmpty { root = element } else { stack[stack.count - 1].children.append(element) }
        }

        func characters(_ bytes: UnsafePointer<xmlChar>?, _ count: Int32) {
            guard let bytes, count > 0, !stack.isEmpty else { return }
            stack[stack.count - 1].text += String(decoding: UnsafeBufferPointer(start: bytes, count: Int(count)), as: UTF8.self)
        }

        /// The callbacks (a C struct of function pointers, made for each parse).
        static func handler() -> xmlSAXHandler {
            var handler = xmlSAXHandler()
            handler.initialized = UInt32(XML_SAX2_MAGIC)
            handler.startElementNs = { user, localName, prefix, uri, _, _, attributeCount, _, attributes in
                guard let builder = Builder.from(user), let localName = Builder.string(localName) else { return }
                let name = Builder.string(prefix).map { $0 + ":" + localName } ?? localName
                var list: [XMLAttribute] = []
                if let attributes {
                    // Five pointers an attribute: local name, prefix, namespace, value start, value end.
                    for index in 0..<Int(max(attributeCount, 0)) {
                        let base = index * 5
                        guard let local = Builder.string(attributes[base]), let start = attributes[base + 3], let end = attributes[base + 4] else { continue }
                        let value = String(decoding: UnsafeBufferPointer(start: start, count: end - start), as: UTF8.self)
                        let qualified = Builder.string(attributes[base + 1]).map { $0 + ":" + local } ?? local
                        list.append(XMLAttribute(name: qualified, namespace: Builder.string(attributes[base + 2]), value: value, localName: local))
                    }
                }
                builder.startElement(name, localName: localName, namespace: Builder.string(uri), attributes: list)
            }
            handler.endElementNs = { user, _, _, _ in Builder.from(user)?.endElement() }
            handler.characters = { user, bytes, count in Builder.from(user)?.characters(bytes, count) }
            handler.ignorableWhitespace = { user, bytes, count in Builder.from(user)?.characters(bytes, count) }
            handler.cdataBlock = { user, bytes, count in Builder.from(user)?.characters(bytes, count) }
            handler.processingInstruction = { user, target, _ in
                guard let builder = Builder.from(user) else { return }
                builder.instructions.append(XMLInstruction(target: Builder.string(target) ?? "", position: builder.position))
            }
            handler.internalSubset = { user, _, _, _ in
                guard let builder = Builder.from(user), !builder.allowDoctype else { return }
                builder.stop("the SVG has a DOCTYPE, which an SVG drawing does not need: remove it")
            }
            // Errors are kept, not printed: the first says why the file is refused.
            handler.serror = { user, error in
                guard let builder = Builder.from(user), let error, builder.firstError == nil else { return }
                guard error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
                builder.firstError = ParserError(code: Int(error.pointee.code), position: SourcePosition(line: Int(error.pointee.line), column: Int(error.pointee.int2)))
            }
            return handler
        }
    }
}
