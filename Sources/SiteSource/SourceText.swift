import Foundation
import SiteBasics

/// Decodes a source file as UTF-8, pointing at the first invalid byte when it is not.
package enum SourceText {
    package static func decode(_ data: Data) -> Result<String, YAMLError> {
        if let text = String(validating: data, as: UTF8.self) {
            // A byte-order mark is invisible in editors; drop it so column 1 is column 1.
            return .success(text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text)
        }
        // Find the first byte that does not start a valid sequence, and its line and column.
        let bytes = [UInt8](data)
        var line = 1, column = 1, index = 0
        while index < bytes.count {
            let length = validSequenceLength(bytes, at: index)
            if length == 0 {
                return .failure(YAMLError(position: SourcePosition(line: line, column: column),
                                          message: "the file is not valid UTF-8 (byte 0x\(String(bytes[index], radix: 16, uppercase: true)) at offset \(index)); save it as UTF-8"))
            }
            if bytes[index] == 0x0A { line += 1; column = 1 } else { column += 1 }
            index += length
        }
        return .failure(YAMLError(position: SourcePosition(line: line, column: column), message: "the file is not valid UTF-8"))
    }

    /// Length of the valid UTF-8 sequence starting at `index`, or 0.
    private static func validSequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let lead = bytes[index]
        let length: Int
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return 0
        }
        guard index + length <= bytes.count else { return 0 }
        return String(validating: bytes[index..<index + length], as: UTF8.self) == nil ? 0 : length
    }
}
