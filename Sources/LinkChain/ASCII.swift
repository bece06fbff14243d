/// Letter case on bytes, for comparisons that read only ASCII letters (a scheme, a tag name) and copy no string.
public enum ASCII {
    /// `byte` with A–Z made a–z; every other byte as it is.
    @inlinable
    public static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }
}
