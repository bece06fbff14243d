import CCrypto
import Foundation
import LinkChain

/// SHA-256 (libcrypto), the one place it is computed: the Content-Security-Policy's hashes of inline code take it in
/// base64, the output manifest's content hashes as words, the resource cache's and share card's names in hex, and the
/// manifest's seal (an HMAC, ManifestKey's) from a running digest.
///
/// Through libcrypto's SHA256_Init/Update/Final, not EVP (nor SHA256(), which OpenSSL 3 runs through EVP): EVP's
/// first use loads OpenSSL's configuration and sets up its providers, 2.4 MB of memory and 1.4 ms of CPU in every
/// process, for the same digest from the same code (both use the CPU's SHA instructions).
public enum SHA256Digest {
    /// The 32 bytes of the digest of `bytes`.
    public static func of(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        var running = Running()
        running.update(bytes)
        return running.finish()
    }

    public static func of(_ bytes: ArraySlice<UInt8>) -> [UInt8] { bytes.withUnsafeBytes(of) }

    public static func of(_ data: Data) -> [UInt8] { data.withUnsafeBytes(of) }

    /// The digest in 64 lower-case hex digits.
    public static func hex(_ data: Data) -> String { HexDigits.text(of(data)) }

    public static func hex(_ text: String) -> String { hex(Data(text.utf8)) }

    /// A digest over bytes given a part at a time. A value: a copy goes on from the same bytes so far.
    public struct Running: Sendable {
        private var context = SHA256_CTX()

        public init() { SHA256_Init(&context) }

        public mutating func update(_ bytes: UnsafeRawBufferPointer) {
            guard let start = bytes.baseAddress else { return }
            SHA256_Update(&context, start, bytes.count)
        }

        public mutating func update(_ data: Data) { data.withUnsafeBytes { update($0) } }

        /// The 32 bytes of the digest of everything given.
        public func finish() -> [UInt8] {
            var context = context
            var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
            SHA256_Final(&digest, &context)
            return digest
        }
    }
}
