import CQREncode
#if canImport(Glibc)
import Glibc
import SiteBasics
#endif

/// A QR code drawn as SVG, encoded by libqrencode.
public struct QRCode: Equatable, Sendable {
    /// Modules per side.
    public let size: Int
    /// Row-major, `true` for a dark module.
    public let modules: [Bool]

    /// Encodes `text` as UTF-8 bytes with error correction level M (15 % of the code may be damaged), exactly as
    /// libqrencode's `QRcode_encodeString8bit(text, 0, QR_ECLEVEL_M)` does (which reads the bytes before a NUL).
    /// The library lays out the symbol; the mask is chosen here, by the library's own scoring on rows of bits,
    /// because its byte-per-module search through all eight masks was most of the cost of a page.
    public init?(_ text: String) {
        self.init(text, unmaskedLayout: Self.unmaskedLayout)
    }

    /// `unmaskedLayout` nil: the library chooses the mask too (the same symbol, slower).
    init?(_ text: String, unmaskedLayout: UnmaskedLayout?) {
        var text = text
        guard let (size, modules) = text.withUTF8({ bytes -> (Int, [Bool])? in
            let length = bytes.firstIndex(of: 0) ?? bytes.count
            guard length > 0, let input = QRinput_new2(0, QR_ECLEVEL_M) else { return nil }
            defer { QRinput_free(input) }
            guard QRinput_append(input, QR_MODE_8, Int32(length), bytes.baseAddress) == 0 else { return nil }
            guard let unmaskedLayout else {
                guard let code = QRcode_encodeInput(input) else { return nil }
                defer { QRcode_free(code) }
                let width = Int(code.pointee.width)
                return (width, (0..<width * width).map { code.pointee.data[$0] & 1 == 1 })
            }
            guard let code = unmaskedLayout(input, -2) else { return nil }  // -2: unmasked, no format information
            defer { QRcode_free(code) }
            let width = Int(code.pointee.width), frame = UnsafePointer(code.pointee.data!)
            return switch width {
            case ...64: (width, MaskChoice.modules(UInt64.self, frame: frame, width: width))
            case ...128: (width, MaskChoice.modules(UInt128.self, frame: frame, width: width))
            default: (width, MaskChoice.modules(WideModuleRow.self, frame: frame, width: width))
            }
        }) else { return nil }
        self.size = size
        self.modules = modules
    }

    typealias UnmaskedLayout = @convention(c) (OpaquePointer?, Int32) -> UnsafeMutablePointer<QRcode>?

    /// libqrencode's `QRcode_encodeMask(input, mask)`, looked up when the program starts: it is declared only in
    /// the library's internal header and exported only by builds made with its tests, as Debian's libqrencode4
    /// 4.1.1 is. Where a library keeps it private, QR codes come from `QRcode_encodeInput` instead: the same
    /// symbols, at the cost of the library's own mask search.
    static let unmaskedLayout: UnmaskedLayout? = dlsym(nil, "QRcode_encodeMask").map { unsafeBitCast($0, to: UnmaskedLayout.self) }

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
        // Written as bytes straight into a buffer long enough for a run at every other module (each at most 20
        // bytes): a site writes one per page, and appending to an array byte by byte was most of its cost.
        let path = [UInt8](unsafeUninitializedCapacity: size * (size + 1) / 2 * 20) { buffer, count in
            var end = buffer.baseAddress!
            modules.withUnsafeBufferPointer { modules in
                for row in 0..<size {
                    let dark = modules.baseAddress! + row * size
                    var column = 0
                    while column < size {
                        guard dark[column] else { column += 1; continue }
                        let start = column
                        repeat { column += 1 } while column < size && dark[column]
                        Self.write(UInt8(ascii: "M"), start + quiet, to: &end)
                        Self.write(UInt8(ascii: " "), row + quiet, to: &end)
                        Self.write(UInt8(ascii: "h"), column - start, to: &end)
                        for byte in "v1h-".utf8 {
                            end.initialize(to: byte)
                            end += 1
                        }
                        Self.write(nil, column - start, to: &end)
                        end.initialize(to: UInt8(ascii: "z"))
                        end += 1
                    }
                }
            }
            count = end - buffer.baseAddress!
        }
        let title = HTML.escape(title)
        return """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(side) \(side)" shape-rendering="crispEdges" role="img" aria-label="\(title)">\
            <title>\(title)</title><rect width="\(side)" height="\(side)" fill="#fff"/>\
            <path fill="#000" d="\(String(decoding: path, as: UTF8.self))"/></svg>

            """
    }

    /// Writes `letter` (if any), then `value` (0...999) in decimal, at `end`, and moves `end` past them.
    @inline(__always)
    private static func write(_ letter: UInt8?, _ value: Int, to end: inout UnsafeMutablePointer<UInt8>) {
        if let letter {
            end.initialize(to: letter)
            end += 1
        }
        if value >= 100 {
            end.initialize(to: UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value / 100))
            end += 1
        }
        if value >= 10 {
            end.initialize(to: UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value / 10 % 10))
            end += 1
        }
        end.initialize(to: UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10))
        end += 1
    }
}

/// libqrencode's choice of mask (its mask.c, `Mask_mask`), made on bits: each row and each column of a masked symbol
/// is one `ModuleRow`, so its penalty rules look at up to 64 modules an instruction instead of one. It scores
/// each mask with the format information for level M written, keeps the first mask with the lowest score, and
/// gives that symbol's modules.
enum MaskChoice {
    /// `frame` is libqrencode's unmasked symbol, a byte per module: bit 0 dark, bit 7 set where the module holds no
    /// data (finder, timing, alignment patterns, version and format information); the format information is light.
    static func modules<Row: ModuleRow>(_: Row.Type, frame: UnsafePointer<UInt8>, width: Int) -> [Bool] {
        withUnsafeTemporaryAllocation(of: Row.self, capacity: 7 * width) { storage in
            storage.initialize(repeating: .empty)
            let line = storage.baseAddress!
            // Unmasked rows and columns, where a mask may flip them (data), and the masked ones being scored.
            let (rows, dataRows, columns, dataColumns) = (line, line + width, line + 2 * width, line + 3 * width)
            var (masked, best) = (line + 4 * width, line + 6 * width)
            let maskedColumns = line + 5 * width
            // Each line gathered in a register, without a branch on the module (its bits are close to random).
            for index in 0..<width {
                var (dark, data) = (Row.empty, Row.empty)
                var module = frame + index * width  // row `index`
                for x in 0..<width {
                    dark.insert(x, if: module.pointee & 1 != 0)
                    data.insert(x, if: module.pointee & 0x80 == 0)
                    module += 1
                }
                (rows[index], dataRows[index]) = (dark, data)
                (dark, data) = (.empty, .empty)
                module = frame + index  // column `index`
                for y in 0..<width {
                    dark.insert(y, if: module.pointee & 1 != 0)
                    data.insert(y, if: module.pointee & 0x80 == 0)
                    module += width
                }
                (columns[index], dataColumns[index]) = (dark, data)
            }
            var inner = Row.empty  // modules 0..<width - 1: those with a right-hand (or lower) neighbour
            for x in 0..<width - 1 { inner.insert(x) }
            let area = width * width
            var lowest = Int.max
            Row.flips.withUnsafeBufferPointer { flips in
                for mask in 0..<8 {
                    let rowFlips = flips.baseAddress! + mask * 24, columnFlips = rowFlips + 12
                    flip(rows, where: dataRows, by: rowFlips, into: masked, count: width)
                    writeFormatInformation(mask: mask, into: masked, transposed: false, width: width)
                    // Along each row: N1 and N3; N2, 3 for each 2x2 block of one colour (overlapping ones each
                    // counted), with the row above; and its dark modules for N4. A score already too high to win stops.
                    var score = 0, dark = 0, above = Row.empty
                    for y in 0..<width {
                        let row = masked[y]
                        score += linePenalty(row, width: width, inner: inner)
                        if y > 0 {
                            let sameColumn = ~(above ^ row)
                            score += 3 * (sameColumn & sameColumn.ahead(1) & ~(row ^ row.ahead(1)) & inner).count
                        }
                        dark += row.count
                        above = row
                        if score >= lowest { break }
                    }
                    guard score < lowest else { continue }
                    // N4: 10 for each full 5 % the dark proportion (rounded to a whole per cent) is away from 50 %.
                    score += abs((200 * dark + area) / area / 2 - 50) / 5 * 10
                    // N1 and N3 along each column.
                    flip(columns, where: dataColumns, by: columnFlips, into: maskedColumns, count: width)
                    writeFormatInformation(mask: mask, into: maskedColumns, transposed: true, width: width)
                    for x in 0..<width where score < lowest {
                        score += linePenalty(maskedColumns[x], width: width, inner: inner)
                    }
                    if score < lowest {
                        lowest = score
                        swap(&best, &masked)  // keeps the winner's rows; the next mask writes over the loser's
                    }
                }
            }
            return [Bool](unsafeUninitializedCapacity: area) { modules, count in
                var module = modules.baseAddress!
                for y in 0..<width {
                    let row = best[y]
                    for x in 0..<width {
                        module.initialize(to: row.contains(x))
                        module += 1
                    }
                }
                count = area
            }
        }
    }

    /// The 15 format information bits for level M and `mask`: 5 data bits, 10 of BCH(15,5) code, XOR 101010000010010.
    static func formatInformation(mask: Int) -> Int {
        let data = mask  // level M is 00, then the 3 mask bits
        var remainder = data << 10
        for bit in stride(from: 14, through: 10, by: -1) where remainder >> bit & 1 == 1 {
            remainder ^= 0b101_0011_0111 << (bit - 10)
        }
        return (data << 10 | remainder) ^ 0b101_0100_0001_0010
    }

    /// `lines` (rows, or columns when `transposed`) with the modules of the format information for `mask` that
    /// are 1 made dark, where libqrencode writes them: each bit twice, around the top-left finder and split between
    /// the other two. The unmasked symbol has them light.
    static func writeFormatInformation<Row: ModuleRow>(
        mask: Int, into lines: UnsafeMutablePointer<Row>, transposed: Bool, width: Int
    ) {
        func dark(_ y: Int, _ x: Int) {
            if transposed { lines[x].insert(y) } else { lines[y].insert(x) }
        }
        let format = formatInformation(mask: mask)
        for bit in 0..<15 where format >> bit & 1 == 1 {
            if bit < 8 {
                dark(8, width - 1 - bit)
                dark(bit < 6 ? bit : bit + 1, 8)
            } else {
                let step = bit - 8
                dark(width - 7 + step, 8)
                dark(8, step == 0 ? 7 : 6 - step)
            }
        }
    }

    /// `into[i]` = `lines[i]` with the modules of `data[i]` the mask flips in line i flipped; `flips` is the mask's
    /// 12 lines, repeated.
    @inline(__always)
    static func flip<Row: ModuleRow>(
        _ lines: UnsafePointer<Row>, where data: UnsafePointer<Row>, by flips: UnsafePointer<Row>,
        into masked: UnsafeMutablePointer<Row>, count: Int
    ) {
        var phase = 0
        for i in 0..<count {
            masked[i] = lines[i] ^ (flips[phase] & data[i])
            phase = phase == 11 ? 0 : phase + 1
        }
    }

    /// N1 and N3 of one row or column (`line`, bit x module x), as libqrencode counts them on its runs of one colour.
    @inline(__always)
    static func linePenalty<Row: ModuleRow>(_ line: Row, width: Int, inner: Row) -> Int {
        let (next1, next2, next3, next4, next5) = (line.ahead(1), line.ahead(2), line.ahead(3), line.ahead(4), line.ahead(5))
        let lightBefore = ~line.behind(1)  // outside the symbol counts as light
        // N1: a run of 5 or more modules of one colour scores 3 + (its length - 5): "five" marks the length - 4
        // modules of such a run that start 5 of its colour, and with the next 2 modules, length - 2 of its modules.
        let same = ~(line ^ next1) & inner
        let five = same & same.ahead(1) & same.ahead(2) & same.ahead(3)
        var score = five == .empty ? 0 : (five | five.behind(1) | five.behind(2)).count
        // N3: 40 for each dark-light-dark-light-dark run of lengths 1:1:3:1:1 (each run whole), with light for 4
        // times the unit on at least one side (the symbol's edge stands in for any light run reaching it).
        let finder = line & lightBefore & ~next1 & next2 & next3 & next4 & ~next5 & line.ahead(6) & ~line.ahead(7)
        if finder != .empty {
            let lightBefore4 = ~(line.behind(1) | line.behind(2) | line.behind(3) | line.behind(4))
            let lightAfter4 = ~(line.ahead(7) | line.ahead(8) | line.ahead(9) | line.ahead(10))
            score += 40 * (finder & (lightBefore4 | lightAfter4)).count
        }
        // The same pattern at a unit of 2 or more has a middle run of 6, 9, 12... dark modules after at least 2
        // light ones: rare enough to check one by one (runs of 7, the finders' edges, are left out here).
        var middles = line & next1 & next2 & next3 & next4 & next5 & lightBefore & ~line.behind(2)
            & (~line.ahead(6) | line.ahead(7))
        while middles != .empty {
            score += scaledFinderPenalty(line, middle: middles.lowest, width: width)
            middles.removeLowest()
        }
        return score
    }

    /// 40 if the dark run starting at `middle` is the middle of a 1:1:3:1:1 pattern of unit 2 or more that N3
    /// counts, else 0.
    static func scaledFinderPenalty<Row: ModuleRow>(_ line: Row, middle: Int, width: Int) -> Int {
        func isDark(_ x: Int) -> Bool { x >= 0 && x < width && line.contains(x) }
        func all(_ start: Int, _ count: Int, dark: Bool) -> Bool {
            for x in start..<start + count where isDark(x) != dark { return false }
            return true
        }
        var length = 6
        while isDark(middle + length) { length += 1 }
        guard length % 3 == 0 else { return 0 }
        let unit = length / 3, end = middle + length
        guard all(middle - unit, unit, dark: false), all(middle - 2 * unit, unit, dark: true),
              !isDark(middle - 2 * unit - 1), all(end, unit, dark: false), all(end + unit, unit, dark: true),
              !isDark(end + 2 * unit) else { return 0 }
        return all(middle - 6 * unit, 4 * unit, dark: false) || all(end + 2 * unit, 4 * unit, dark: false) ? 40 : 0
    }

    /// Whether `mask` flips the module in column x, row y (ISO/IEC 18004's mask conditions).
    static func flips(mask: Int, x: Int, y: Int) -> Bool {
        switch mask {
        case 0: (x + y) % 2 == 0
        case 1: y % 2 == 0
        case 2: x % 3 == 0
        case 3: (x + y) % 3 == 0
        case 4: (y / 2 + x / 3) % 2 == 0
        case 5: x * y % 2 + x * y % 3 == 0
        case 6: (x * y % 2 + x * y % 3) % 2 == 0
        default: (x * y % 3 + (x + y) % 2) % 2 == 0
        }
    }

    /// For each mask, the modules it flips in rows 0..<12, then in columns 0..<12: every mask repeats after 12.
    static func flipTable<Row: ModuleRow>() -> [Row] {
        var table = [Row](repeating: .empty, count: 8 * 24)
        for mask in 0..<8 {
            for phase in 0..<12 {
                for i in 0..<Row.capacity {
                    if flips(mask: mask, x: i, y: phase) { table[mask * 24 + phase].insert(i) }
                    if flips(mask: mask, x: phase, y: i) { table[mask * 24 + 12 + phase].insert(i) }
                }
            }
        }
        return table
    }
}

/// A row or column of a symbol as bits, bit x for module x, 1 dark; bits past the symbol's width stay 0.
protocol ModuleRow: Equatable {
    static var empty: Self { get }
    /// The widest symbol it holds.
    static var capacity: Int { get }
    /// `MaskChoice.flipTable()` for this type, made once.
    static var flips: [Self] { get }
    static func & (lhs: Self, rhs: Self) -> Self
    static func | (lhs: Self, rhs: Self) -> Self
    static func ^ (lhs: Self, rhs: Self) -> Self
    static prefix func ~ (operand: Self) -> Self
    /// Bit x holds module x + `distance` (1...63), 0 past the end.
    func ahead(_ distance: Int) -> Self
    /// Bit x holds module x - `distance` (1...63), 0 before the start.
    func behind(_ distance: Int) -> Self
    /// How many bits are 1.
    var count: Int { get }
    /// The lowest 1 bit (the row not empty).
    var lowest: Int { get }
    mutating func removeLowest()
    mutating func insert(_ module: Int)
    /// `insert(module)` when `condition` holds, else nothing.
    mutating func insert(_ module: Int, if condition: Bool)
    func contains(_ module: Int) -> Bool
}

extension ModuleRow where Self: FixedWidthInteger & UnsignedInteger {
    static var empty: Self { 0 }
    static var capacity: Int { bitWidth }
    func ahead(_ distance: Int) -> Self { self &>> distance }
    func behind(_ distance: Int) -> Self { self &<< distance }
    var count: Int { nonzeroBitCount }
    var lowest: Int { trailingZeroBitCount }
    mutating func removeLowest() { self &= self &- 1 }
    mutating func insert(_ module: Int) { self |= 1 &<< module }
    mutating func insert(_ module: Int, if condition: Bool) { self |= Self(truncatingIfNeeded: condition ? 1 : 0) &<< module }
    func contains(_ module: Int) -> Bool { self &>> module & 1 != 0 }
}

/// Symbols up to version 11 (61 modules wide).
extension UInt64: ModuleRow { static let flips: [UInt64] = MaskChoice.flipTable() }

/// Symbols up to version 27 (125 modules wide).
extension UInt128: ModuleRow { static let flips: [UInt128] = MaskChoice.flipTable() }

/// Symbols of versions 28 to 40 (up to 177 modules wide), in three words.
struct WideModuleRow: ModuleRow {
    var low: UInt64, middle: UInt64, high: UInt64

    static let empty = WideModuleRow(low: 0, middle: 0, high: 0)
    static let capacity = 192
    static let flips: [WideModuleRow] = MaskChoice.flipTable()

    static func & (lhs: Self, rhs: Self) -> Self { Self(low: lhs.low & rhs.low, middle: lhs.middle & rhs.middle, high: lhs.high & rhs.high) }
    static func | (lhs: Self, rhs: Self) -> Self { Self(low: lhs.low | rhs.low, middle: lhs.middle | rhs.middle, high: lhs.high | rhs.high) }
    static func ^ (lhs: Self, rhs: Self) -> Self { Self(low: lhs.low ^ rhs.low, middle: lhs.middle ^ rhs.middle, high: lhs.high ^ rhs.high) }
    static prefix func ~ (operand: Self) -> Self { Self(low: ~operand.low, middle: ~operand.middle, high: ~operand.high) }

    func ahead(_ distance: Int) -> Self {
        let back = 64 - distance
        return Self(low: low &>> distance | middle &<< back, middle: middle &>> distance | high &<< back, high: high &>> distance)
    }

    func behind(_ distance: Int) -> Self {
        let back = 64 - distance
        return Self(low: low &<< distance, middle: middle &<< distance | low &>> back, high: high &<< distance | middle &>> back)
    }

    var count: Int { low.nonzeroBitCount + middle.nonzeroBitCount + high.nonzeroBitCount }

    var lowest: Int {
        low != 0 ? low.trailingZeroBitCount : middle != 0 ? 64 + middle.trailingZeroBitCount : 128 + high.trailingZeroBitCount
    }

    mutating func removeLowest() {
        if low != 0 { low &= low &- 1 } else if middle != 0 { middle &= middle &- 1 } else { high &= high &- 1 }
    }

    mutating func insert(_ module: Int, if condition: Bool) {
        if condition { insert(module) }
    }

    mutating func insert(_ module: Int) {
        let bit: UInt64 = 1 &<< (module & 63)
        switch module >> 6 {
        case 0: low |= bit
        case 1: middle |= bit
        default: high |= bit
        }
    }

    func contains(_ module: Int) -> Bool {
        let word = switch module >> 6 { case 0: low; case 1: middle; default: high }
        return word &>> (module & 63) & 1 != 0
    }
}
