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

    /// The code for a terminal, two module rows per line in Unicode half blocks, inside the 4-module quiet zone.
    /// The characters' ink is a light module and their background a dark one: terminals draw light text on a
    /// dark background, and `sitegen serve --lan` sets those colours when it writes to one.
    public func halfBlockLines() -> [String] {
        let quiet = 4, side = size + 2 * quiet
        func light(_ row: Int, _ column: Int) -> Bool {
            let (r, c) = (row - quiet, column - quiet)
            return !(0..<size).contains(r) || !(0..<size).contains(c) || !isDark(row: r, column: c)
        }
        return stride(from: 0, to: side, by: 2).map { row in
            String((0..<side).map { column -> Character in
                switch (light(row, column), light(row + 1, column)) {
                case (true, true): "\u{2588}"   // full block
                case (true, false): "\u{2580}"  // upper half
                case (false, true): "\u{2584}"  // lower half
                case (false, false): " "
                }
            })
        }
    }

    /// One `<path>` of the dark modules inside the 4-module quiet zone the QR standard asks for.
    /// Each horizontal run of dark modules is one rectangle, which keeps the file small.
    public func svg(title: String) -> String {
        let quiet = 4, side = size + 2 * quiet
        // Built as bytes: a site writes one per page, and string interpolation per run was most of its cost.
        var path: [UInt8] = []
        path.reserveCapacity(size * size)
        func number(_ value: Int) {  // at most 3 digits: a QR code is at most 177 modules wide
            if value >= 100 { path.append(UInt8(ascii: "0") + UInt8(value / 100)) }
            if value >= 10 { path.append(UInt8(ascii: "0") + UInt8(value / 10 % 10)) }
            path.append(UInt8(ascii: "0") + UInt8(value % 10))
        }
        for row in 0..<size {
            var column = 0
            while column < size {
                guard isDark(row: row, column: column) else { column += 1; continue }
                let start = column
                while column < size && isDark(row: row, column: column) { column += 1 }
                path.append(UInt8(ascii: "M")); number(start + quiet)
                path.append(UInt8(ascii: " ")); number(row + quiet)
                path.append(UInt8(ascii: "h")); number(column - start)
                path.append(UInt8(ascii: "v")); path.append(UInt8(ascii: "1")); path.append(UInt8(ascii: "h")); path.append(UInt8(ascii: "-"))
                number(column - start)
                path.append(UInt8(ascii: "z"))
            }
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(side) \(side)" shape-rendering="crispEdges" role="img" aria-label="\(HTML.escape(title))">\
            <title>\(HTML.escape(title))</title><rect width="\(side)" height="\(side)" fill="#fff"/>\
            <path fill="#000" d="\(String(decoding: path, as: UTF8.self))"/></svg>

            """
    }
}
