@testable import Companions
import SiteBasics
import Testing

/// The Content-Security-Policy on its own: its hashes and its <meta> tag (SiteGenTests: the policy of built pages).
@Suite struct SecurityPolicyTests {
    @Test func hashesAreSHA256InBase64() {
        // Known values: SHA-256 of "" and of "abc" (FIPS 180-2 example).
        #expect(SecurityPolicy.sha256Base64("") == "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=")
        #expect(SecurityPolicy.sha256Base64("abc") == "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=")
    }

    /// In its double-quoted attribute the policy keeps each `'` as it is; what could end the attribute or open a
    /// tag is still a character reference.
    @Test func thePolicyAttributeWritesQuotesAsTheyAreAndEscapesTheRest() {
        let policy = SecurityPolicy(scriptHashes: ["a+b/c="], styleHashes: [], connectOrigins: [#"https://x.example/"&<'>"#])
        #expect(policy.metaTag == #"<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self' https: data:; style-src 'none'; script-src 'sha256-a+b/c='; connect-src https: https://x.example/&quot;&amp;&lt;'&gt;; base-uri 'none'; form-action 'none'">"#)
        #expect(HTML.escapeDoubleQuotedAttribute("it's") == "it's" && HTML.escapeDoubleQuotedAttribute(#"'"'"#) == "'&quot;'")
    }
}
