import CCrypto
import Foundation
import LinkChain

/// SHA-256 (libcrypto), the one place it is computed: the Content-Security-Policy's hashes of inline code take it in
/// base64, the output manifest's content hashes as words, the resource cache's and share card's names in hex. (The
/// manifest's seal is an HMAC, ManifestKey's.)
public enum SHA256Digest {
    /// The 32 bytes of the digest of `bytes`.
    public static func of(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        _ = SHA256(bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count, &digest)
        return digest
    }

    public static func of(_ bytes: ArraySlice<UInt8>) -> [UInt8] { bytes.withUnsafeBytes(of) }

    public static func of(_ data: Data) -> [UInt8] { data.withUnsafeBytes(of) }

    /// The digest in 64 lower-case hex digits.
    public static func hex(_ data: Data) -> String { HexDigits.text(of(data)) }

    public static func hex(_ text: String) -> String { hex(Data(text.utf8)) }
}
