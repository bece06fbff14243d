import Foundation
import Testing
@testable import LinkChain

/// `ServiceCatalog.recognize`: a link read back into the service and handle whose button makes it.
@Suite("Link recognizer")
struct LinkRecognizerTests {
    let catalog = ServiceCatalog.standard

    /// Every service whose fallback is an https profile page reads its own fallback back to the same handle,
    /// given its name as the hint (the fediverse services share a template, so the hint tells them apart).
    @Test func everyProfileServiceReadsItsOwnLinkBack() throws {
        let profileServices = catalog.services.compactMap { $0 as? ProfileService }.filter { $0.profileURL.text.hasPrefix("https://") }
        #expect(profileServices.count >= 60)
        for service in profileServices {
            let handle = service.exampleHandle
            let target = try service.target(handle: handle, options: [:])
            let recognized = catalog.recognize(target.fallback, hint: service.displayName)
            // The same account: its handle may be written another way (a number's spaces), never lead elsewhere.
            #expect(recognized?.serviceID == service.id, "\(service.id): \(target.fallback)")
            #expect(recognized.flatMap { try? service.target(handle: $0.handle, options: [:]).fallback } == target.fallback, "\(service.id): \(target.fallback)")
        }
    }

    @Test(arguments: [
        ("https://www.instagram.com/rosa.quill/", "", "instagram", "@rosa.quill"),
        ("https://instagram.com/rosa.quill", "", "instagram", "@rosa.quill"),
        ("https://GitHub.com/octocat/", "", "github", "octocat"),
        ("https://www.youtube.com/@nasa", "", "youtube", "@nasa"),
        ("https://signal.me/#p/+4915112345678", "", "signal", "+49 151 12345678"),
        ("https://halbrook.bandcamp.com/", "", "bandcamp", "halbrook"),
        ("https://open.spotify.com/artist/0OdUWJ0sBjDrqHygGUXeCF", "", "spotify", "artist:0OdUWJ0sBjDrqHygGUXeCF"),
        ("https://matrix.to/#/@hal:matrix.org", "", "matrix", "@hal:matrix.org"),
        ("https://social.coop/@eb", "Mastodon", "mastodon", "@eb@social.coop"),
        ("https://social.coop/@eb/", "Follow me on mastodon", "mastodon", "@eb@social.coop"),
        ("https://pixelfed.social/olestrand", "Pixelfed", "pixelfed", "@olestrand@pixelfed.social"),
        ("https://mastodon.social/@eb@social.coop", "Mastodon", "mastodon", "@eb@social.coop"),
        ("https://framatube.org/a/eb", "PeerTube", "peertube", "@eb@framatube.org"),
        ("https://twitter.com/nasa", "", "x", "@nasa"),
        ("https://medium.com/@olestrand", "", "medium", "@olestrand"),
        ("https://signal.me/#eu/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCdEfGhIjKlMnOpQrStUvWx", "", "signal", "https://signal.me/#eu/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCdEfGhIjKlMnOpQrStUvWx"),
        ("https://www.threads.net/@zuck", "", "threads", "@zuck"),
        ("mailto:ann@example.org?subject=Hi", "", "email", "ann@example.org"),
        ("tel:+4930123456", "", "phone", "+4930123456"),
        ("sms:+4930123456", "", "sms", "+4930123456"),
    ])
    func profileLinksAreRead(link: String, hint: String, service: String, handle: String) {
        let recognized = catalog.recognize(link, hint: hint)
        #expect(recognized?.serviceID == service, "\(link)")
        #expect(recognized?.handle == handle, "\(link)")
    }

    @Test func anEmailKeepsItsOptions() {
        #expect(catalog.recognize("mailto:ann@example.org?subject=Hi%20there")?.options == ["subject": "Hi there"])
    }

    /// Another site's `/@name` page (a blog's, as Medium's were before Medium was a service) is not a fediverse account unless the hint says so; links the profile URL
    /// does not spell exactly (a query, a deeper path, another host, http) are not a profile.
    @Test(arguments: [
        ("https://blog.example/@olestrand", ""),
        ("https://social.coop/@eb", "my blog"),
        ("https://github.com/octocat/hello-world", ""),
        ("https://github.com/octocat?tab=repositories", ""),
        ("https://github.com/-bad-", ""),
        ("https://gist.github.com/octocat", ""),
        ("https://nottwitter.com/nasa", ""),
        ("http://github.com/octocat", ""),
        ("https://example.org/", ""),
        ("javascript:alert(1)", ""),
        ("/about.html", ""),
        ("mailto:not-an-address", ""),
    ])
    func otherLinksAreNotRead(link: String, hint: String) {
        #expect(catalog.recognize(link, hint: hint) == nil, "\(link)")
    }

    @Test func aSiteTemplateGivesEachPlaceholderItsSegment() {
        let pattern = ProfileURLPattern("https://{host}/@{user}")
        #expect(pattern.parts == [.literal("https://"), .placeholder("host"), .literal("/@"), .placeholder("user")])
        #expect(pattern.matches("https://social.coop/@eb") == [["host": "social.coop", "user": "eb"]])
        #expect(pattern.matches("https://social.coop/@eb/followers").isEmpty)
        #expect(ProfileURLPattern.handleText(["host": "social.coop", "user": "eb"]) == "@eb@social.coop")
        #expect(ProfileURLPattern.handleText(["kind": "album", "id": "1"]) == "album:1")
        #expect(ProfileURLPattern.handleText(["other": "x"]) == nil)
    }
}
