import CQREncode

/// A QR code drawn as SVG, encoded by libqrencode.
public struct QRCode: Equatable, Sendable {
    /// Modules per side.
    public let size: Int
    /// Row-major, `true` for a dark module.
    public let modules: [Bool]

    /// Encodes `text` as UTF-8 bytes with error correction level M (15 % of the code may be damaged).
    public init?(_ text: String) {
        guard let code = QRcode_encodeString8bit(text, 0, QR_ECLEVEL_M) else { return nil }
        defer { QRcode_free(code) }
        size = Int(code.pointee.width)
        modules = (0..<size * size).map { code.pointee.data[$0] & 1 == 1 }
    }

    public func isDark(row: Int, column: Int) -> Bool { modules[row * size + column] }

    /// One `<path>` of the dark modules inside the 4-module quiet zone the QR standard asks for.
    /// Each horizontal run of dark modules is one rectangle, which keeps the file small.
    public func svg(title: String) -> String {
        let quiet = 4, side = size + 2 * quiet
        var path = ""
        for row in 0..<size {
            var column = 0
            while column < size {
                guard isDark(row: row, column: column) else { column += 1; continue }
                let start = column
                while column < size && isDark(row: row, column: column) { column += 1 }
                path += "M\(start + quiet) \(row + quiet)h\(column - start)v1h-\(column - start)z"
            }
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(side) \(side)" shape-rendering="crispEdges" role="img" aria-label="\(HTML.escape(title))">\
            <title>\(HTML.escape(title))</title><rect width="\(side)" height="\(side)" fill="#fff"/>\
            <path fill="#000" d="\(path)"/></svg>

            """
    }
}
