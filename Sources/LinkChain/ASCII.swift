/// Letter case on bytes, for comparisons that read only ASCII letters (a scheme, a tag name) and copy no string.
public enum ASCII {
    /// `byte` with A–Z made a–z; every other byte as it is.
    @inlinable
    public static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }

    /// Whether `text` holds `word` (written in lower case) in any letter case of its ASCII letters, read in its bytes:
    /// no lower-cased copy and no Foundation search, which made an icon's kilobytes of path data its slowest part.
    public static func contains(_ word: String, inAnyCase text: String) -> Bool {
        let word = Array(word.utf8)
        guard let first = word.first else { return true }
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count >= word.count else { return false }
            for start in 0...(bytes.count - word.count) where lowercased(bytes[start]) == first {
                if zip(bytes[start...], word).allSatisfy({ lowercased($0) == $1 }) { return true }
            }
            return false
        }
    }
}
