import Foundation
import LinkChain
import SiteBasics

/// `identity:` of the root page (or the site's settings): the site's domain as a fediverse alias and a Bluesky handle.
public struct SiteIdentity: Equatable, Sendable {
    /// `webfinger: "@eb@social.coop"`: the account that `@anything@this-domain` finds.
    public var webfinger: Located<String>?
    /// `actor: https://…`: the account's ActivityPub actor, for a server that is not Mastodon (whose layout sitegen knows).
    public var actor: Located<String>?
    /// `profile: https://…`: the account's profile page, for a server that is not Mastodon.
    public var profile: Located<String>?
    /// `subscribe: https://…?uri={uri}`: the server's remote-follow template, for a server that is not Mastodon.
    public var subscribe: Located<String>?
    /// `atproto_did: did:plc:…`: the DID this domain names as a Bluesky handle.
    public var atprotoDID: Located<String>?
    /// Where `identity:` was written.
    public var position: SourcePosition

    package init(position: SourcePosition) {
        self.position = position
    }

    public static let keys = ["webfinger", "actor", "profile", "subscribe", "atproto_did"]

    /// The same settings, wherever they were written (a site-wide setting seen from every page).
    package func sameSettings(as other: SiteIdentity) -> Bool {
        [webfinger, actor, profile, subscribe, atprotoDID].map { $0?.value } == [other.webfinger, other.actor, other.profile, other.subscribe, other.atprotoDID].map { $0?.value }
    }
}

/// The files an identity adds to the site, under `.well-known/`, and how hosts must serve them.
public enum IdentityFiles {
    package static let webfingerPath = ".well-known/webfinger"
    package static let atprotoPath = ".well-known/atproto-did"

    /// Response headers per file, for `_headers` and `sitegen serve`: a WebFinger answer is JRD, readable from any
    /// origin (RFC 7033 §5: browser clients such as a remote-follow page read it too).
    public static let headers: [String: [(name: String, value: String)]] = [
        webfingerPath: [("Content-Type", "application/jrd+json"), ("Access-Control-Allow-Origin", "*")],
        atprotoPath: [("Content-Type", "text/plain; charset=utf-8")],
    ]

    /// The files for a checked identity (the reader has refused bad values, so none fails here).
    package static func files(for identity: SiteIdentity) -> [OutputFile] {
        var files: [OutputFile] = []
        if let written = identity.webfinger, let account = try? FediverseAccount.parse(written.value, serviceName: "WebFinger") {
            files.append(OutputFile(path: webfingerPath, contents: .data(Data(webfinger(account, identity: identity).utf8))))
        }
        if let did = identity.atprotoDID {
            files.append(OutputFile(path: atprotoPath, contents: .data(Data((did.value + "\n").utf8))))
        }
        return files
    }

    /// The JRD the account's own server answers: Mastodon's layout unless `actor` is given.
    package static func webfinger(_ account: FediverseAccount, identity: SiteIdentity) -> String {
        let user = PercentEncoding.queryValue.encode(account.user)
        let mastodon = identity.actor == nil
        let actor = identity.actor?.value ?? "https://\(account.host)/users/\(user)"
        let profile = identity.profile?.value ?? (mastodon ? "https://\(account.host)/@\(user)" : nil)
        let subscribe = identity.subscribe?.value ?? (mastodon ? "https://\(account.host)/authorize_interaction?uri={uri}" : nil)
        func string(_ value: String) -> String { JSONText.string(value) }
        var links: [String] = []
        if let profile { links.append(#"{"rel": "http://webfinger.net/rel/profile-page", "type": "text/html", "href": \#(string(profile))}"#) }
        links.append(#"{"rel": "self", "type": "application/activity+json", "href": \#(string(actor))}"#)
        if let subscribe { links.append(#"{"rel": "http://ostatus.org/schema/1.0/subscribe", "template": \#(string(subscribe))}"#) }
        let aliases = ([profile, actor].compactMap { $0 }).map(string)
        return """
            {
              "subject": \(string(account.uri)),
              "aliases": [\(aliases.joined(separator: ", "))],
              "links": [
                \(links.joined(separator: ",\n    "))
              ]
            }

            """
    }
}

/// The syntax of the DIDs atproto accepts for a handle: did:plc and did:web.
package enum AtprotoDID {
    package static let expected = "did:plc: and 24 characters of a-z and 2-7 (did:plc:ewvi7nxzyoun6zhxrhs64oiz), or did:web: and a host name (did:web:example.org)"

    /// Nil when `did` is well formed, else the reason it is not.
    package static func problem(_ did: String) -> String? {
        if did.hasPrefix("did:plc:") {
            let id = did.dropFirst("did:plc:".count)
            if let bad = id.first(where: { !($0.isASCII && ($0.isLowercase || ("2"..."7").contains($0))) }) {
                return "'\(did)' is not a did:plc: after did:plc: come only a-z and 2-7 (lowercase base32), found '\(bad)'"
            }
            guard id.count == 24 else { return "'\(did)' is not a did:plc: expected 24 characters after did:plc:, found \(id.count)" }
            return nil
        }
        if did.hasPrefix("did:web:") {
            let host = did.dropFirst("did:web:".count)
            let labels = host.split(separator: ".", omittingEmptySubsequences: false)
            let validLabels = labels.count >= 2 && labels.allSatisfy { label in
                (1...63).contains(label.count) && label.first != "-" && label.last != "-"
                    && label.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }
            }
            guard validLabels, host.count <= 253 else {
                return "'\(did)' is not a did:web for atproto: expected did:web: and a lowercase host name such as did:web:example.org (no port, no path)"
            }
            return nil
        }
        let method = did.hasPrefix("did:") ? " (method '\(did.dropFirst(4).prefix { $0 != ":" })')" : ""
        return "'\(did)' is not a DID atproto accepts\(method): expected \(expected)"
    }
}
