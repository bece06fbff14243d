// The services sitegen knows, as data: one entry per service.
//
// App URL formats and their sources are collected in shared/notes/app-links.md. An app whose format
// has no primary source (the vendor's documentation or the app's own source code) is marked
// unverified: it is listed, and a link can ask for it with `apps:`, but it is not tried by default, with one
// exception written into its entry: Opener stays first in Mastodon's default chain, because the product's seed
// chain puts it there. A service whose https link is itself a documented universal link / App Link (Bluesky)
// has that link alone as its default chain: its app stays in the chooser, since trying its scheme first would
// only cost a visitor without the app an alert on iOS.
// Profile URLs and handle rules follow each service's public profile pages and sign-up rules.

/// The standard catalog's entries.
public enum StandardServices {
    /// In the order `sitegen services` lists them.
    public static let all: [any Service] = fediverse + [EmailService()] + contact + social + chat + music + code + support + web

    // MARK: Fediverse

    /// Mastodon clients that open a profile. Order is the default chain's.
    public static let mastodonApps: [AppEntry] = [
        // Unverified, yet first in the default chain: it is the product's seed chain (Opener, Ivory, Ice Cubes,
        // Mastodon), and Opener's own developer documents the scheme; only the path is community knowledge.
        AppEntry(id: "opener", name: "Opener", url: "opener://x-callback-url/show-options?url={url}",
                 source: "timonus/OpenerManifest README (scheme); community libraries (x-callback-url/show-options path); in the default chain as the seed chain's first app",
                 verified: false, inDefaultChain: true, opensIn: .native),
        AppEntry(id: "ivory", name: "Ivory", url: "ivory:///user_profile/{user}@{host}",
                 source: "Tapbots URL-scheme tips page, via a transcription (gist)", verified: true, opensIn: .native),
        // Accepted, but since its deep-link handler was narrowed to posts (IceCubesApp PR #2026) a profile shows in a web view.
        AppEntry(id: "icecubes", name: "Ice Cubes", url: "icecubesapp://{host}/@{user}",
                 source: "Dimillian/IceCubesApp IceCubesApp/App/Router/SafariRouter.swift; profile links in a web view since PR #2026",
                 verified: true, opensIn: .webView),
        AppEntry(id: "mastodon", name: "Mastodon", url: "mastodon://profile/{user}@{host}",
                 source: "mastodon/mastodon-ios SceneDelegate.swift (does nothing unless logged in)", verified: true, opensIn: .native),
        // A search for the account, showing users: the form the cited list really uses.
        AppEntry(id: "mona", name: "Mona", url: "mona://search?text=@{user}@{host}&show=users",
                 source: "343max/fedi-follow mastodonApps.ts (community list, not the vendor): search?text=@USER@HOST&show=users",
                 verified: false, opensIn: .native),
        // Open source since 2024: its Info.plist registers the scheme; /@user links open in a web view. The
        // HOST/@USER path is still only community knowledge.
        AppEntry(id: "mammoth", name: "Mammoth", url: "mammoth://{host}/@{user}",
                 source: "TheBLVD/mammoth Mammoth/Info.plist (scheme mammoth); path from community lists (libcephei, Tapestry apps.json); /@user opens in a web view",
                 verified: false, opensIn: .webView),
        AppEntry(id: "toot", name: "Toot!", url: "cx-c3-toot://{host}/@{user}",
                 source: "app-links.md: no source found", verified: false),
        // A web client: verified by its routes, but not tried by default (it leaves the page for another site).
        AppEntry(id: "elk", name: "Elk (web)", url: "https://elk.zone/{host}/@{user}",
                 source: "elk-zone/elk app/pages/[[server]]/@[account]/index.vue (route /SERVER/@ACCOUNT)",
                 verified: true, inDefaultChain: false),
    ]

    /// A fediverse service whose profile page is `profileURL` (with `{user}` and `{host}`).
    static func fediverseService(_ id: String, _ name: String, profileURL: String, apps: [AppEntry] = [],
                                 brandColor: String, icon: ServiceIcon) -> ProfileService {
        ProfileService(id: id, displayName: name, handle: .fediverseAccount(name), profileURL: profileURL, apps: apps,
                       brandColor: brandColor, icon: icon, provesIdentity: true, accountURI: "acct:{user}@{host}")
    }

    static let fediverse: [any Service] = [
        fediverseService("mastodon", "Mastodon", profileURL: "https://{host}/@{user}", apps: mastodonApps, brandColor: "#563acc",
                         icon: ServiceIcon(fontAwesome: "mastodon", forkAwesome: "mastodon", glyph: "chat")),
        // Any ActivityPub server: /@user is the profile path of Mastodon, Misskey, GoToSocial, Akkoma and others.
        fediverseService("fediverse", "Fediverse", profileURL: "https://{host}/@{user}", brandColor: "#5c3ec2",
                         icon: ServiceIcon(forkAwesome: "activitypub", glyph: "chat")),
        fediverseService("pixelfed", "Pixelfed", profileURL: "https://{host}/{user}", brandColor: "#c12a6c",
                         icon: ServiceIcon(forkAwesome: "pixelfed", glyph: "chat")),
        // PeerTube: /a/NAME is an account (/c/NAME would be a channel).
        fediverseService("peertube", "PeerTube", profileURL: "https://{host}/a/{user}", brandColor: "#c35600",
                         icon: ServiceIcon(forkAwesome: "peertube", glyph: "chat")),
        fediverseService("misskey", "Misskey", profileURL: "https://{host}/@{user}", brandColor: "#86b300",
                         icon: ServiceIcon(forkAwesome: "activitypub", glyph: "chat")),
        fediverseService("gotosocial", "GoToSocial", profileURL: "https://{host}/@{user}", brandColor: "#3b4f7a",
                         icon: ServiceIcon(forkAwesome: "activitypub", glyph: "chat")),
    ]

    // MARK: Phone

    static let contact: [any Service] = [
        // RFC 3966: tel:+DIGITS.
        ProfileService(id: "phone", aliases: ["tel"], displayName: "Phone", handle: .phoneNumber, profileURL: "tel:+{digits}",
                       brandColor: "#1b7a3a", icon: ServiceIcon(glyph: "phone"), provesIdentity: false),
        // RFC 5724: sms:+DIGITS?body=TEXT.
        ProfileService(id: "sms", displayName: "SMS", handle: .phoneNumber, profileURL: "sms:+{digits}?body={body}",
                       optionNames: ["body"], brandColor: "#2a6f9e", icon: ServiceIcon(glyph: "chat"), provesIdentity: false),
    ]

    // MARK: Social networks

    static let social: [any Service] = [
        ProfileService(
            id: "bluesky", displayName: "Bluesky", handle: .blueskyHandle, profileURL: "https://bsky.app/profile/{handle}",
            // bsky.app links are a universal link (iOS) and a verified App Link (Android) in app.config.js, so the https
            // link alone opens the app where it is installed; the scheme waits in the chooser.
            apps: [AppEntry(id: "bluesky", name: "Bluesky", url: "bluesky://profile/{handle}", androidPackage: "xyz.blueskyweb.app",
                            source: "bluesky-social/social-app app.config.js (scheme bluesky, Android package xyz.blueskyweb.app, associatedDomains and autoVerify intent filter for bsky.app) and src/routes.ts (/profile/:name); not tried by default: the https link opens the app",
                            verified: true, inDefaultChain: false, opensIn: .native)],
            brandColor: "#1185fe", icon: ServiceIcon(fontAwesome: "bluesky", glyph: "chat"), provesIdentity: true),
        ProfileService(
            id: "threads", displayName: "Threads",
            handle: .username("Threads", example: "zuck", rule: UsernameRule(symbols: "_.", length: 1...30, lowercased: true), shownWithAt: true),
            profileURL: "https://www.threads.com/@{user}",
            apps: [AppEntry(id: "threads", name: "Threads", url: "barcelona://user?username={user}",
                            source: "app-links.md Other services: no vendor documentation", verified: false, opensIn: .native)],
            brandColor: "#000000", icon: ServiceIcon(fontAwesome: "threads", glyph: "chat"), provesIdentity: true),
        ProfileService(
            id: "instagram", displayName: "Instagram",
            handle: .username("Instagram", example: "nasa", rule: UsernameRule(symbols: "_.", length: 1...30, lowercased: true), shownWithAt: true),
            profileURL: "https://www.instagram.com/{user}/",
            apps: [AppEntry(id: "instagram", name: "Instagram", url: "instagram://user?username={user}",
                            source: "Instagram's iPhone Hooks page (removed with its legacy developer platform); app-links.md",
                            verified: false, opensIn: .native)],
            brandColor: "#d62976", icon: ServiceIcon(fontAwesome: "instagram", forkAwesome: "instagram", glyph: "link"), provesIdentity: true),
        ProfileService(
            id: "x", aliases: ["twitter"], displayName: "X",
            handle: .username("X", example: "nasa", rule: UsernameRule(symbols: "_", length: 1...15), shownWithAt: true),
            profileURL: "https://x.com/{user}",
            apps: [AppEntry(id: "x", name: "X", url: "twitter://user?screen_name={user}",
                            source: "app-links.md Other services: no vendor documentation", verified: false, opensIn: .native)],
            brandColor: "#000000", icon: ServiceIcon(fontAwesome: "x-twitter", glyph: "chat"), provesIdentity: true),
        ProfileService(
            id: "youtube", displayName: "YouTube",
            handle: .username("YouTube", example: "@nasa", rule: UsernameRule(symbols: "_-.", length: 3...30, notAtEdges: "."), shownWithAt: true, kind: "handle"),
            profileURL: "https://www.youtube.com/@{user}",
            brandColor: "#ff0000", icon: ServiceIcon(fontAwesome: "youtube", forkAwesome: "youtube-play", glyph: "link"), provesIdentity: true),
        ProfileService(
            id: "tiktok", displayName: "TikTok",
            handle: .username("TikTok", example: "@nasa", rule: UsernameRule(symbols: "_.", length: 2...24, notAtEdges: ".", lowercased: true), shownWithAt: true),
            profileURL: "https://www.tiktok.com/@{user}",
            brandColor: "#010101", icon: ServiceIcon(fontAwesome: "tiktok", glyph: "music"), provesIdentity: true),
        ProfileService(
            id: "twitch", displayName: "Twitch",
            handle: .username("Twitch", example: "nasa", rule: UsernameRule(symbols: "_", length: 4...25, lowercased: true)),
            profileURL: "https://www.twitch.tv/{user}",
            apps: [AppEntry(id: "twitch", name: "Twitch", url: "twitch://stream/{user}",
                            source: "dev.twitch.tv/docs/mobile-deeplinks (Twitch's own deep link guide)", verified: true, opensIn: .native)],
            brandColor: "#9146ff", icon: ServiceIcon(fontAwesome: "twitch", forkAwesome: "twitch", glyph: "link"), provesIdentity: true),
        ProfileService(
            id: "linkedin", displayName: "LinkedIn",
            handle: .username("LinkedIn", example: "satyanadella", rule: UsernameRule(symbols: "-", length: 3...100), kind: "profile name"),
            profileURL: "https://www.linkedin.com/in/{user}/",
            brandColor: "#0a66c2", icon: ServiceIcon(fontAwesome: "linkedin", forkAwesome: "linkedin", glyph: "link"), provesIdentity: true),
    ]

    // MARK: Messengers

    static let chat: [any Service] = [
        // core.telegram.org/api/links: t.me/USER and tg://resolve?domain=USER.
        ProfileService(
            id: "telegram", displayName: "Telegram",
            handle: .username("Telegram", example: "durov", rule: UsernameRule(symbols: "_", length: 5...32)),
            profileURL: "https://t.me/{user}",
            // On Android t.me opens the app only if the visitor picked it (its t.me filter is not auto-verified), so
            // the tg: intent goes first there.
            apps: [AppEntry(id: "telegram", name: "Telegram", url: "tg://resolve?domain={user}", androidPackage: "org.telegram.messenger",
                            source: "core.telegram.org/api/links (Telegram's own documentation); DrKLO/Telegram TMessagesProj/src/main/AndroidManifest.xml (tg: filter; t.me filter without autoVerify)",
                            verified: true, opensIn: .native)],
            brandColor: "#26a5e4", icon: ServiceIcon(fontAwesome: "telegram", forkAwesome: "telegram", glyph: "chat"), provesIdentity: false),
        // Signal-Android SignalMeUtil.kt: https://signal.me/#p/+E164.
        ProfileService(id: "signal", displayName: "Signal", handle: .phoneNumber, profileURL: "https://signal.me/#p/+{digits}",
                       brandColor: "#3a76f0", icon: ServiceIcon(fontAwesome: "signal-messenger", forkAwesome: "signalapp", glyph: "chat"),
                       provesIdentity: false),
        // faq.whatsapp.com "click to chat": https://wa.me/DIGITS.
        ProfileService(
            id: "whatsapp", displayName: "WhatsApp", handle: .phoneNumber, profileURL: "https://wa.me/{digits}",
            apps: [AppEntry(id: "whatsapp", name: "WhatsApp", url: "whatsapp://send?phone={digits}",
                            source: "community lists; WhatsApp documents only https://wa.me links", verified: false, opensIn: .native)],
            brandColor: "#25d366", icon: ServiceIcon(fontAwesome: "whatsapp", forkAwesome: "whatsapp", glyph: "chat"), provesIdentity: false),
        ProfileService(
            id: "matrix", displayName: "Matrix", handle: .matrixUser, profileURL: "https://matrix.to/#/@{user}:{server}",
            apps: [AppEntry(id: "matrix", name: "Matrix client", url: "matrix:u/{user}:{server}?action=chat",
                            source: "Matrix specification v1.2+, appendix \"matrix: URI scheme\" (MSC2312)", verified: true, opensIn: .native)],
            brandColor: "#000000", icon: ServiceIcon(forkAwesome: "matrix-org", glyph: "chat"), provesIdentity: true),
        ProfileService(
            id: "discord", displayName: "Discord",
            handle: .numericID(noun: "a Discord user ID", example: "80351110224678912", digits: 17...20),
            profileURL: "https://discord.com/users/{id}",
            brandColor: "#5865f2", icon: ServiceIcon(fontAwesome: "discord", forkAwesome: "discord", glyph: "chat"), provesIdentity: false),
    ]

    // MARK: Music

    static let music: [any Service] = [
        ProfileService(
            id: "spotify", displayName: "Spotify", handle: .spotifyItem, profileURL: "https://open.spotify.com/{kind}/{id}",
            apps: [AppEntry(id: "spotify", name: "Spotify", url: "spotify:{kind}:{id}", platforms: [.ios, .desktop],
                            source: "developer.spotify.com Web API concepts, \"Spotify URIs and IDs\"", verified: true, opensIn: .native)],
            brandColor: "#1db954", icon: ServiceIcon(fontAwesome: "spotify", forkAwesome: "spotify", glyph: "music"), provesIdentity: false),
        ProfileService(
            id: "apple-music", aliases: ["applemusic"], displayName: "Apple Music",
            handle: .numericID(noun: "an Apple Music artist ID", example: "909253 (from music.apple.com/…/artist/…/909253)", digits: 1...12),
            profileURL: "https://music.apple.com/artist/{id}",
            brandColor: "#fa243c", icon: ServiceIcon(fontAwesome: "itunes-note", forkAwesome: "music", glyph: "music"), provesIdentity: false),
        ProfileService(
            id: "soundcloud", displayName: "SoundCloud",
            handle: .username("SoundCloud", example: "nasa", rule: UsernameRule(symbols: "_-", length: 3...25, lowercased: true)),
            profileURL: "https://soundcloud.com/{user}",
            brandColor: "#ff5500", icon: ServiceIcon(fontAwesome: "soundcloud", forkAwesome: "soundcloud", glyph: "music"), provesIdentity: true),
        ProfileService(
            id: "bandcamp", displayName: "Bandcamp",
            handle: .username("Bandcamp", example: "myband (from myband.bandcamp.com)",
                              rule: UsernameRule(symbols: "-", length: 1...63, notAtEdges: "-", lowercased: true), kind: "site name"),
            profileURL: "https://{user}.bandcamp.com/",
            brandColor: "#1da0c3", icon: ServiceIcon(fontAwesome: "bandcamp", forkAwesome: "bandcamp", glyph: "music"), provesIdentity: true),
    ]

    // MARK: Code

    static let code: [any Service] = [
        ProfileService(
            id: "github", displayName: "GitHub",
            handle: .username("GitHub", example: "octocat", rule: UsernameRule(symbols: "-", length: 1...39, notAtEdges: "-", noDoubledSymbols: true)),
            profileURL: "https://github.com/{user}",
            brandColor: "#181717", icon: ServiceIcon(fontAwesome: "github", forkAwesome: "github", glyph: "code"), provesIdentity: true),
        ProfileService(
            id: "gitlab", displayName: "GitLab",
            handle: .username("GitLab", example: "gitlab-org", rule: UsernameRule(symbols: "_-.", length: 2...255, notAtEdges: "-.")),
            profileURL: "https://gitlab.com/{user}",
            brandColor: "#fc6d26", icon: ServiceIcon(fontAwesome: "gitlab", forkAwesome: "gitlab", glyph: "code"), provesIdentity: true),
        ProfileService(
            id: "codeberg", displayName: "Codeberg",
            handle: .username("Codeberg", example: "forgejo", rule: UsernameRule(symbols: "_-.", length: 1...40, notAtEdges: "-._", noDoubledSymbols: true)),
            profileURL: "https://codeberg.org/{user}",
            brandColor: "#2185d0", icon: ServiceIcon(glyph: "code"), provesIdentity: true),
    ]

    // MARK: Support

    static let support: [any Service] = [
        ProfileService(
            id: "patreon", displayName: "Patreon",
            handle: .username("Patreon", example: "nasa", rule: UsernameRule(symbols: "_", length: 1...64)),
            profileURL: "https://www.patreon.com/{user}",
            brandColor: "#f96854", icon: ServiceIcon(fontAwesome: "patreon", forkAwesome: "patreon", glyph: "heart"), provesIdentity: true),
        ProfileService(
            id: "ko-fi", aliases: ["kofi"], displayName: "Ko-fi",
            handle: .username("Ko-fi", example: "nasa", rule: UsernameRule(symbols: "_", length: 1...64)),
            profileURL: "https://ko-fi.com/{user}",
            brandColor: "#ff5e5b", icon: ServiceIcon(glyph: "heart"), provesIdentity: true),
    ]

    // MARK: Web

    static let web: [any Service] = [
        WebService(id: "rss", aliases: ["feed"], displayName: "RSS feed", brandColor: "#ee802f",
                   icon: ServiceIcon(forkAwesome: "rss", glyph: "rss")),
        WebService(),
    ]
}
