import Foundation

/// Where the lines of a text are, found on its UTF-8 bytes: "\n", "\r\n" and "\r" each end a line, as libyaml
/// and libcmark count them. Working on bytes keeps this cheap on every page of a large site.
package struct SourceLines {
    /// Byte offsets of each line's start and end (without its line end), in order.
    package let ranges: [Range<Int>]
    /// Offset where the line after each line starts (after its line end).
    package let nextStarts: [Int]

    package init(_ text: String) {
        var text = text
        // Local arrays, returned: appending to ones a closure captured went through a box per byte of every page.
        (ranges, nextStarts) = text.withUTF8 { bytes in
            var ranges: [Range<Int>] = [], nextStarts: [Int] = []
            var start = 0, index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte == 0x0A || byte == 0x0D {
                    ranges.append(start..<index)
                    index += byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
                    nextStarts.append(index)
                    start = index
                } else {
                    index += 1
                }
            }
            ranges.append(start..<bytes.count)
            nextStarts.append(bytes.count)
            return (ranges, nextStarts)
        }
    }

    package var count: Int { ranges.count }
}

extension String {
    /// The text of a byte range of this string's UTF-8 (ranges from `SourceLines` fall on character boundaries).
    package func utf8Slice(_ range: Range<Int>) -> String {
        let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        let end = utf8.index(start, offsetBy: range.count)
        return String(self[start..<end])
    }
}

extension String {
    /// Whether `needle`'s UTF-8 bytes occur in this string's (`utf8Offset(of:)`).
    package func containsUTF8(_ needle: String) -> Bool {
        utf8Offset(of: needle) != nil
    }

    /// Where `needle`'s UTF-8 bytes first occur in this string's, as a byte offset, found with `memchr` and
    /// `memcmp`: pages are searched whole, and byte search is many times faster than a generic collection search
    /// (the standard library's `firstRange(of:)` is not specialised for bytes) or Foundation's, through NSString.
    package func utf8Offset(of needle: String) -> Int? {
        guard !needle.isEmpty else { return 0 }
        var haystack = self, needle = needle
        return haystack.withUTF8 { h in
            needle.withUTF8 { n in
                guard let base = h.baseAddress, let first = n.first, h.count >= n.count else { return nil }
                var offset = 0
                while offset + n.count <= h.count {
                    guard let hit = memchr(base + offset, Int32(first), h.count - offset - n.count + 1) else { return nil }
                    let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                    if memcmp(base + at, n.baseAddress!, n.count) == 0 { return at }
                    offset = at + 1
                }
                return nil
            }
        }
    }
}

extension String {
    /// Whether the UTF-8 bytes hold `byte`, found with `memchr`.
    package func containsUTF8Byte(_ byte: UInt8) -> Bool {
        var text = self
        return text.withUTF8 { bytes in bytes.baseAddress.map { memchr($0, Int32(byte), bytes.count) != nil } ?? false }
    }
}
