@testable import Artwork
import Testing

/// QR codes on their own: the symbol, its SVG and the terminal's half blocks (SiteGenTests: the code a page gets).
@Suite struct QRCodeTests {
    @Test func encodesWithFinderPatternsAndAQuietZone() throws {
        let code = try #require(QRCode("https://loveyourmusic.example/"))
        #expect(code.size == 29)  // version 3 holds 30 bytes at level M
        // The three finder patterns: a dark 7x7 ring with a dark 3x3 centre.
        for (row, column) in [(0, 0), (0, code.size - 7), (code.size - 7, 0)] {
            #expect(code.isDark(row: row, column: column) && code.isDark(row: row + 6, column: column + 6))
            #expect(!code.isDark(row: row + 1, column: column + 1) && code.isDark(row: row + 3, column: column + 3))
        }
        let svg = code.svg(title: "https://loveyourmusic.example/")
        #expect(svg.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 37 37""#))
    }

    /// Read back from the characters, the half blocks hold exactly the code's modules, inside a light quiet zone.
    @Test func halfBlocksDrawEveryModule() throws {
        let code = try #require(QRCode("http://192.168.1.20:8080/"))
        let lines = code.halfBlockLines().map { Array($0) }
        let side = code.size + 8
        #expect(lines.count == (side + 1) / 2 && lines.allSatisfy { $0.count == side })
        for row in 0..<side {
            for column in 0..<side {
                let cell = lines[row / 2][column]
                let light = row % 2 == 0 ? cell == "\u{2588}" || cell == "\u{2580}" : cell == "\u{2588}" || cell == "\u{2584}"
                let inside = (4..<code.size + 4).contains(row) && (4..<code.size + 4).contains(column)
                #expect(light == !(inside && code.isDark(row: row - 4, column: column - 4)), "row \(row), column \(column)")
            }
        }
    }
}
