// The services sitegen knows, as data: one entry per service.
//
// App URL formats and their sources are collected in shared/notes/app-links.md. An app whose format
// has no primary source (the vendor's documentation or the app's own source code) is marked
// unverified: it is listed, and a link can ask for it with `apps:`, but it is not tried by default, with one
// exception written into its entry: Opener stays first in Mastodon's default chain, because the product's seed
// chain puts it there. Where a service's app claims its https links (`appClaimedLinks`, with a source each), the
// default chain tries no app scheme on that platform (the rule lives in `Service.defaultApps`): the https link
// alone opens the app there, and a scheme would only cost a prompt, or an alert where the app is missing.
// Profile URLs and handle rules follow each service's public profile pages and sign-up rules.
// Brand colours are Simple Icons' (16.36.0, the PyPI package simple-icons-pack); Tests/Browser/test_brand_colours.py
// holds every one to it and lists each exception with its source.
// Icons: `simpleIcons` names the brand's Simple Icons slug (16.36.0); `fontAwesome` a Font Awesome Free brand, the
// fallback where Simple Icons is not installed or lacks the brand (LinkedIn, Slack, Amazon, removed at their owners'
// request); where Font Awesome has none, Fork Awesome's brand, or a stand-in named in a comment, or the generic `glyph`.
// A slug Simple Icons does not have yet (GoToSocial) is kept, so that the build says the brand has no logo.

/// The standard catalog's entries.
public enum StandardServices {
    /// In the order `sitegen services` lists them.
    public static let all: [any Service] = fediverse + [EmailService()] + contact + social + chat + music + code + support
        + writing + research + work + play + shops + web

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
                         icon: ServiceIcon(simpleIcons: "mastodon", fontAwesome: "mastodon", forkAwesome: "mastodon", glyph: "chat")),
        // Any ActivityPub server: /@user is the profile path of Mastodon, Misskey, GoToSocial, Akkoma and others.
        fediverseService("fediverse", "Fediverse", profileURL: "https://{host}/@{user}", brandColor: "#f1007e",
                         icon: ServiceIcon(simpleIcons: "activitypub", forkAwesome: "activitypub", glyph: "chat")),
        fediverseService("pixelfed", "Pixelfed", profileURL: "https://{host}/{user}", brandColor: "#6366f1",
                         icon: ServiceIcon(simpleIcons: "pixelfed", forkAwesome: "pixelfed", glyph: "chat")),
        // PeerTube: /a/NAME is an account (/c/NAME would be a channel).
        fediverseService("peertube", "PeerTube", profileURL: "https://{host}/a/{user}", brandColor: "#f1680d",
                         icon: ServiceIcon(simpleIcons: "peertube", forkAwesome: "peertube", glyph: "chat")),
        fediverseService("misskey", "Misskey", profileURL: "https://{host}/@{user}", brandColor: "#a1ca03",
                         icon: ServiceIcon(simpleIcons: "misskey", glyph: "chat")),
        // No set has GoToSocial's sloth yet (Fork Awesome's ActivityPub logo would be another brand's): its glyph, and
        // the build says so.
        fediverseService("gotosocial", "GoToSocial", profileURL: "https://{host}/@{user}", brandColor: "#3b4f7a",
                         icon: ServiceIcon(simpleIcons: "gotosocial", glyph: "chat")),
        // Lemmy: /u/NAME is a user (/c/NAME a community).
        fediverseService("lemmy", "Lemmy", profileURL: "https://{host}/u/{user}", brandColor: "#000000",
                         icon: ServiceIcon(simpleIcons: "lemmy", forkAwesome: "activitypub", glyph: "chat")),
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

    /// A service whose handle is a name checked by `rule` and whose link is `url` with `{user}`: most services.
    static func named(_ id: String, _ name: String, aliases: [String] = [], example: String, _ rule: UsernameRule,
                      url: String, color: String, icon: ServiceIcon, provesIdentity: Bool = true, shownWithAt: Bool = false,
                      kind: String = "user name", sigil: String = "@") -> ProfileService {
        ProfileService(id: id, aliases: aliases, displayName: name,
                       handle: .username(name, example: example, rule: rule, shownWithAt: shownWithAt, kind: kind, sigil: sigil),
                       profileURL: url, brandColor: color, icon: icon, provesIdentity: provesIdentity)
    }

    /// A service whose handle is a number (`{id}`) read from the service's own address.
    static func numbered(_ id: String, _ name: String, aliases: [String] = [], noun: String, example: String,
                         url: String, color: String, icon: ServiceIcon, provesIdentity: Bool = false) -> ProfileService {
        ProfileService(id: id, aliases: aliases, displayName: name, handle: .numericID(noun: noun, example: example, digits: 1...20),
                       profileURL: url, brandColor: color, icon: icon, provesIdentity: provesIdentity)
    }

    // MARK: Social networks

    static let social: [any Service] = [
        ProfileService(
            id: "bluesky", aliases: ["bsky"], displayName: "Bluesky", handle: .blueskyHandle, profileURL: "https://bsky.app/profile/{handle}",
            apps: [AppEntry(id: "bluesky", name: "Bluesky", url: "bluesky://profile/{handle}", androidPackage: "xyz.blueskyweb.app",
                            source: "bluesky-social/social-app app.config.js (scheme bluesky, Android package xyz.blueskyweb.app) and src/routes.ts (/profile/:name)",
                            verified: true, opensIn: .native)],
            brandColor: "#1185fe", icon: ServiceIcon(simpleIcons: "bluesky", fontAwesome: "bluesky", glyph: "chat"), provesIdentity: true,
            appClaimedLinks: [AppClaimedLink(.ios, source: "bluesky-social/social-app app.config.js: associatedDomains applinks:bsky.app"),
                              AppClaimedLink(.android, source: "bluesky-social/social-app app.config.js: intent filter for bsky.app with autoVerify")]),
        ProfileService(
            id: "threads", displayName: "Threads",
            handle: .username("Threads", example: "zuck", rule: UsernameRule(symbols: "_.", length: 1...30, lowercased: true), shownWithAt: true),
            profileURL: "https://www.threads.com/@{user}",
            apps: [AppEntry(id: "threads", name: "Threads", url: "barcelona://user?username={user}",
                            source: "app-links.md Other services: no vendor documentation", verified: false, opensIn: .native)],
            brandColor: "#000000", icon: ServiceIcon(simpleIcons: "threads", fontAwesome: "threads", glyph: "chat"), provesIdentity: true),
        ProfileService(
            id: "instagram", aliases: ["insta", "ig"], displayName: "Instagram",
            handle: .username("Instagram", example: "nasa", rule: UsernameRule(symbols: "_.", length: 1...30, lowercased: true), shownWithAt: true),
            profileURL: "https://www.instagram.com/{user}/",
            apps: [AppEntry(id: "instagram", name: "Instagram", url: "instagram://user?username={user}",
                            source: "Instagram's iPhone Hooks page (removed with its legacy developer platform); app-links.md",
                            verified: false, opensIn: .native)],
            brandColor: "#ff0069", icon: ServiceIcon(simpleIcons: "instagram", fontAwesome: "instagram", forkAwesome: "instagram", glyph: "link"), provesIdentity: true),
        ProfileService(
            id: "x", aliases: ["twitter"], displayName: "X",
            handle: .username("X", example: "nasa", rule: UsernameRule(symbols: "_", length: 1...15), shownWithAt: true),
            profileURL: "https://x.com/{user}",
            apps: [AppEntry(id: "x", name: "X", url: "twitter://user?screen_name={user}",
                            source: "app-links.md Other services: no vendor documentation", verified: false, opensIn: .native)],
            brandColor: "#000000", icon: ServiceIcon(simpleIcons: "x", fontAwesome: "x-twitter", glyph: "chat"), provesIdentity: true),
        ProfileService(
            id: "youtube", aliases: ["yt"], displayName: "YouTube",
            handle: .username("YouTube", example: "@nasa", rule: UsernameRule(symbols: "_-.", length: 3...30, notAtEdges: "."), shownWithAt: true, kind: "handle"),
            profileURL: "https://www.youtube.com/@{user}",
            brandColor: "#ff0000", icon: ServiceIcon(simpleIcons: "youtube", fontAwesome: "youtube", forkAwesome: "youtube-play", glyph: "link"), provesIdentity: true),
        ProfileService(
            id: "tiktok", displayName: "TikTok",
            handle: .username("TikTok", example: "@nasa", rule: UsernameRule(symbols: "_.", length: 2...24, notAtEdges: ".", lowercased: true), shownWithAt: true),
            profileURL: "https://www.tiktok.com/@{user}",
            brandColor: "#000000", icon: ServiceIcon(simpleIcons: "tiktok", fontAwesome: "tiktok", glyph: "music"), provesIdentity: true),
        ProfileService(
            id: "twitch", displayName: "Twitch",
            handle: .username("Twitch", example: "nasa", rule: UsernameRule(symbols: "_", length: 4...25, lowercased: true)),
            profileURL: "https://www.twitch.tv/{user}",
            apps: [AppEntry(id: "twitch", name: "Twitch", url: "twitch://stream/{user}",
                            source: "dev.twitch.tv/docs/mobile-deeplinks (Twitch's own deep link guide)", verified: true, opensIn: .native)],
            brandColor: "#9146ff", icon: ServiceIcon(simpleIcons: "twitch", fontAwesome: "twitch", forkAwesome: "twitch", glyph: "link"), provesIdentity: true),
        ProfileService(
            id: "linkedin", displayName: "LinkedIn",
            handle: .username("LinkedIn", example: "satyanadella", rule: UsernameRule(symbols: "-", length: 3...100), kind: "profile name"),
            profileURL: "https://www.linkedin.com/in/{user}/",
            brandColor: "#0a66c2", icon: ServiceIcon(fontAwesome: "linkedin", forkAwesome: "linkedin", glyph: "link"), provesIdentity: true),
        named("facebook", "Facebook", aliases: ["fb"], example: "nasa", UsernameRule(symbols: ".", length: 1...50, lowercased: true),
              url: "https://www.facebook.com/{user}", color: "#0866ff",
              icon: ServiceIcon(simpleIcons: "facebook", fontAwesome: "facebook", forkAwesome: "facebook", glyph: "link")),
        named("reddit", "Reddit", example: "spez", UsernameRule(symbols: "_-", length: 3...20),
              url: "https://www.reddit.com/user/{user}/", color: "#ff4500",
              icon: ServiceIcon(simpleIcons: "reddit", fontAwesome: "reddit", forkAwesome: "reddit", glyph: "chat")),
        named("pinterest", "Pinterest", example: "nasa", UsernameRule(symbols: "_", length: 3...30, lowercased: true),
              url: "https://www.pinterest.com/{user}/", color: "#bd081c",
              icon: ServiceIcon(simpleIcons: "pinterest", fontAwesome: "pinterest", forkAwesome: "pinterest", glyph: "link")),
        named("snapchat", "Snapchat", example: "nasa", UsernameRule(symbols: "_-.", length: 3...15, notAtEdges: "_-.", lowercased: true),
              url: "https://www.snapchat.com/add/{user}", color: "#fffc00",
              icon: ServiceIcon(simpleIcons: "snapchat", fontAwesome: "snapchat", forkAwesome: "snapchat", glyph: "chat")),
        named("tumblr", "Tumblr", example: "staff", UsernameRule(symbols: "-", length: 1...32, notAtEdges: "-", lowercased: true),
              url: "https://www.tumblr.com/{user}", color: "#36465d",
              icon: ServiceIcon(simpleIcons: "tumblr", fontAwesome: "tumblr", forkAwesome: "tumblr", glyph: "link"), kind: "blog name"),
        named("flickr", "Flickr", example: "nasahqphoto", UsernameRule(symbols: "_-", length: 1...50),
              url: "https://www.flickr.com/photos/{user}/", color: "#0063dc",
              icon: ServiceIcon(simpleIcons: "flickr", fontAwesome: "flickr", forkAwesome: "flickr", glyph: "link"), kind: "photo address name"),
        named("vimeo", "Vimeo", example: "staff", UsernameRule(symbols: "_", length: 2...64, lowercased: true),
              url: "https://vimeo.com/{user}", color: "#1ab7ea",
              icon: ServiceIcon(simpleIcons: "vimeo", fontAwesome: "vimeo", forkAwesome: "vimeo", glyph: "link")),
        named("xing", "XING", example: "Ada_Lovelace", UsernameRule(symbols: "_", length: 3...100, notAtEdges: "_"),
              url: "https://www.xing.com/profile/{user}", color: "#006567",
              icon: ServiceIcon(simpleIcons: "xing", fontAwesome: "xing", forkAwesome: "xing", glyph: "link"), kind: "profile name"),
        named("kick", "Kick", example: "xqc", UsernameRule(symbols: "_", length: 3...25, lowercased: true),
              url: "https://kick.com/{user}", color: "#53fc19", icon: ServiceIcon(simpleIcons: "kick", glyph: "link")),
        named("onlyfans", "OnlyFans", example: "onlyfans", UsernameRule(symbols: "_.-", length: 1...50, lowercased: true),
              url: "https://onlyfans.com/{user}", color: "#00aff0", icon: ServiceIcon(simpleIcons: "onlyfans", glyph: "heart")),
        named("vsco", "VSCO", example: "vsco", UsernameRule(symbols: "_-.", length: 1...30, lowercased: true),
              url: "https://vsco.co/{user}/gallery", color: "#000000", icon: ServiceIcon(simpleIcons: "vsco", glyph: "link")),
        named("unsplash", "Unsplash", example: "@nasa", UsernameRule(symbols: "_", length: 1...60),
              url: "https://unsplash.com/@{user}", color: "#000000", icon: ServiceIcon(simpleIcons: "unsplash", fontAwesome: "unsplash", glyph: "link"),
              shownWithAt: true),
        named("deviantart", "DeviantArt", example: "spyed", UsernameRule(symbols: "-", length: 3...20),
              url: "https://www.deviantart.com/{user}", color: "#05cc47",
              icon: ServiceIcon(simpleIcons: "deviantart", fontAwesome: "deviantart", forkAwesome: "deviantart", glyph: "link")),
        named("artstation", "ArtStation", example: "artstation", UsernameRule(symbols: "_-", length: 3...63, lowercased: true),
              url: "https://www.artstation.com/{user}", color: "#13aff0", icon: ServiceIcon(simpleIcons: "artstation", fontAwesome: "artstation", glyph: "link")),
    ]

    // MARK: Messengers

    static let chat: [any Service] = [
        // core.telegram.org/api/links: t.me/USER and tg://resolve?domain=USER.
        ProfileService(
            id: "telegram", displayName: "Telegram",
            handle: .username("Telegram", example: "durov", rule: UsernameRule(symbols: "_", length: 5...32)),
            profileURL: "https://t.me/{user}",
            // On Android t.me opens the app only if the visitor picked it (its t.me filter is not auto-verified), so
            // the tg: intent goes first there; on iOS the app claims t.me, so the link alone is tried; Telegram
            // Desktop registers tg: on Linux, macOS and Windows, so desktops try it once, then the link.
            apps: [AppEntry(id: "telegram", name: "Telegram", url: "tg://resolve?domain={user}", platforms: [.ios, .desktop],
                            androidPackage: "org.telegram.messenger",
                            source: "core.telegram.org/api/links (Telegram's own documentation); DrKLO/Telegram TMessagesProj/src/main/AndroidManifest.xml (tg: filter; t.me filter without autoVerify); telegramdesktop/tdesktop lib/xdg/org.telegram.desktop.desktop (MimeType=x-scheme-handler/tg) and Telegram/Telegram.plist (CFBundleURLSchemes tg)",
                            verified: true, opensIn: .native)],
            brandColor: "#26a5e4", icon: ServiceIcon(simpleIcons: "telegram", fontAwesome: "telegram", forkAwesome: "telegram", glyph: "chat"), provesIdentity: false,
            appClaimedLinks: [AppClaimedLink(.ios, source: "TelegramMessenger/Telegram-iOS Telegram/BUILD: associated domain applinks:t.me")]),
        SignalService(),
        // faq.whatsapp.com "click to chat": https://wa.me/DIGITS.
        ProfileService(
            id: "whatsapp", aliases: ["wa"], displayName: "WhatsApp", handle: .phoneNumber, profileURL: "https://wa.me/{digits}",
            apps: [AppEntry(id: "whatsapp", name: "WhatsApp", url: "whatsapp://send?phone={digits}",
                            source: "community lists; WhatsApp documents only https://wa.me links", verified: false, opensIn: .native)],
            brandColor: "#25d366", icon: ServiceIcon(simpleIcons: "whatsapp", fontAwesome: "whatsapp", forkAwesome: "whatsapp", glyph: "chat"), provesIdentity: false),
        ProfileService(
            id: "matrix", displayName: "Matrix", handle: .matrixUser, profileURL: "https://matrix.to/#/@{user}:{server}",
            // Element X registers matrix: on Android, where its matrix.to filter is not auto-verified (so a tap on the
            // link shows the web page): the intent opens Element X there, or Chrome goes on to matrix.to. On iOS
            // Element X claims matrix.to, so the link alone is tried.
            apps: [AppEntry(id: "matrix", name: "Matrix client (Element X)", url: "matrix:u/{user}:{server}?action=chat",
                            androidPackage: "io.element.android.x",
                            source: "Matrix specification v1.2+, appendix \"matrix: URI scheme\" (MSC2312); element-hq/element-x-android app/src/main/AndroidManifest.xml (matrix: filter; matrix.to filter without autoVerify) and app/build.gradle.kts (applicationId io.element.android.x)",
                            verified: true, opensIn: .native)],
            brandColor: "#000000", icon: ServiceIcon(simpleIcons: "matrix", forkAwesome: "matrix-org", glyph: "chat"), provesIdentity: true,
            appClaimedLinks: [AppClaimedLink(.ios, source: "element-hq/element-x-ios ElementX/SupportingFiles/target.yml (the entitlements): associated domain applinks:matrix.to")]),
        ProfileService(
            id: "discord", displayName: "Discord",
            handle: .numericID(noun: "a Discord user ID", example: "80351110224678912", digits: 17...20),
            profileURL: "https://discord.com/users/{id}",
            brandColor: "#5865f2", icon: ServiceIcon(simpleIcons: "discord", fontAwesome: "discord", forkAwesome: "discord", glyph: "chat"), provesIdentity: false),
        named("messenger", "Messenger", example: "nasa", UsernameRule(symbols: ".", length: 1...50, lowercased: true),
              url: "https://m.me/{user}", color: "#0866ff",
              icon: ServiceIcon(simpleIcons: "messenger", fontAwesome: "facebook-messenger", forkAwesome: "facebook-messenger", glyph: "chat"), provesIdentity: false),
        // threema.id/ID: the contact link Threema's own share sheet writes; IDs are 8 letters and digits.
        named("threema", "Threema", example: "ECHOECHO", UsernameRule(symbols: "*", length: 8...8),
              url: "https://threema.id/{user}", color: "#3fe669", icon: ServiceIcon(simpleIcons: "threema", glyph: "chat"), provesIdentity: false, kind: "ID"),
        // line.me/ti/p/~ID: LINE's "add friend" link for a LINE ID.
        named("line", "LINE", example: "line_official", UsernameRule(symbols: "_-.", length: 4...20, lowercased: true),
              url: "https://line.me/ti/p/~{user}", color: "#00c300",
              icon: ServiceIcon(simpleIcons: "line", fontAwesome: "line", glyph: "chat"), provesIdentity: false, kind: "ID"),
        named("slack", "Slack", example: "myteam (from myteam.slack.com)", UsernameRule(symbols: "-", length: 1...21, notAtEdges: "-", lowercased: true),
              url: "https://{user}.slack.com/", color: "#4a154b",
              icon: ServiceIcon(fontAwesome: "slack", forkAwesome: "slack", glyph: "chat"), provesIdentity: false, kind: "workspace name"),
        // open.kakao.com/o/CODE: a KakaoTalk open chat's invitation link.
        named("kakaotalk", "KakaoTalk", aliases: ["kakao"], example: "gKvUj0Lf (from open.kakao.com/o/gKvUj0Lf)", UsernameRule(symbols: "", length: 6...16),
              url: "https://open.kakao.com/o/{user}", color: "#ffcd00", icon: ServiceIcon(simpleIcons: "kakaotalk", glyph: "chat"),
              provesIdentity: false, kind: "open chat code"),
        // zoom.us/my/NAME: a Zoom user's personal meeting link (5 to 40 letters, digits and dots).
        named("zoom", "Zoom", example: "myname (from zoom.us/my/myname)", UsernameRule(symbols: ".", length: 5...40, notAtEdges: ".", lowercased: true),
              url: "https://zoom.us/my/{user}", color: "#0b5cff", icon: ServiceIcon(simpleIcons: "zoom", glyph: "chat"),
              provesIdentity: false, kind: "personal link name"),
    ]

    // MARK: Music

    static let music: [any Service] = [
        ProfileService(
            id: "spotify", displayName: "Spotify", handle: .spotifyItem, profileURL: "https://open.spotify.com/{kind}/{id}",
            // On Android the intent names Spotify's package, so Chrome opens the app or goes on to open.spotify.com.
            apps: [AppEntry(id: "spotify", name: "Spotify", url: "spotify:{kind}:{id}", platforms: [.ios, .desktop],
                            androidPackage: "com.spotify.music",
                            source: "developer.spotify.com Web API concepts, \"Spotify URIs and IDs\"; developer.spotify.com Android content linking tutorial (the app registers spotify:, package com.spotify.music)",
                            verified: true, opensIn: .native)],
            brandColor: "#1ed760", icon: ServiceIcon(simpleIcons: "spotify", fontAwesome: "spotify", forkAwesome: "spotify", glyph: "music"), provesIdentity: false,
            appClaimedLinks: [AppClaimedLink(.ios, source: "developer.spotify.com iOS SDK content linking guide: prefer open.spotify.com web links, a spotify: URI \"will trigger an iOS confirmation prompt\"")]),
        ProfileService(
            id: "apple-music", aliases: ["applemusic"], displayName: "Apple Music",
            handle: .numericID(noun: "an Apple Music artist ID", example: "909253 (from music.apple.com/…/artist/…/909253)", digits: 1...12),
            profileURL: "https://music.apple.com/artist/{id}",
            brandColor: "#fa243c", icon: ServiceIcon(simpleIcons: "applemusic", fontAwesome: "itunes-note", forkAwesome: "music", glyph: "music"), provesIdentity: false),
        ProfileService(
            id: "soundcloud", displayName: "SoundCloud",
            handle: .username("SoundCloud", example: "nasa", rule: UsernameRule(symbols: "_-", length: 3...25, lowercased: true)),
            profileURL: "https://soundcloud.com/{user}",
            brandColor: "#ff5500", icon: ServiceIcon(simpleIcons: "soundcloud", fontAwesome: "soundcloud", forkAwesome: "soundcloud", glyph: "music"), provesIdentity: true),
        ProfileService(
            id: "bandcamp", displayName: "Bandcamp",
            handle: .username("Bandcamp", example: "myband (from myband.bandcamp.com)",
                              rule: UsernameRule(symbols: "-", length: 1...63, notAtEdges: "-", lowercased: true), kind: "site name"),
            profileURL: "https://{user}.bandcamp.com/",
            brandColor: "#408294", icon: ServiceIcon(simpleIcons: "bandcamp", fontAwesome: "bandcamp", forkAwesome: "bandcamp", glyph: "music"), provesIdentity: true),
        numbered("apple-podcasts", "Apple Podcasts", aliases: ["applepodcasts"], noun: "an Apple Podcasts show ID",
                 example: "1200361736 (from podcasts.apple.com/…/id1200361736)", url: "https://podcasts.apple.com/podcast/id{id}",
                 // Font Awesome Free has no Apple Podcasts brand: Fork Awesome's podcast icon stands in.
                 color: "#9933cc", icon: ServiceIcon(simpleIcons: "applepodcasts", forkAwesome: "podcast", glyph: "music", standsIn: true)),
        numbered("deezer", "Deezer", noun: "a Deezer artist ID", example: "27 (from deezer.com/artist/27)",
                 url: "https://www.deezer.com/artist/{id}", color: "#a238ff", icon: ServiceIcon(simpleIcons: "deezer", fontAwesome: "deezer", glyph: "music")),
        // Font Awesome has no YouTube Music brand: YouTube's stands in.
        ProfileService(id: "youtube-music", aliases: ["youtubemusic"], displayName: "YouTube Music",
                       handle: .username("YouTube Music", example: "UC-9-kyTW8ZkZNDHQJ6FgpwQ", rule: UsernameRule(symbols: "_-", length: 24...24), kind: "channel ID"),
                       profileURL: "https://music.youtube.com/channel/{user}", brandColor: "#ff0000",
                       icon: ServiceIcon(simpleIcons: "youtubemusic", fontAwesome: "youtube", forkAwesome: "youtube-play", glyph: "music", standsIn: true), provesIdentity: false),
        numbered("tidal", "TIDAL", noun: "a TIDAL artist ID", example: "3346 (from tidal.com/artist/3346)",
                 url: "https://tidal.com/artist/{id}", color: "#000000", icon: ServiceIcon(simpleIcons: "tidal", glyph: "music")),
        named("lastfm", "Last.fm", example: "rj", UsernameRule(symbols: "_-", length: 2...15),
              url: "https://www.last.fm/user/{user}", color: "#d51007",
              icon: ServiceIcon(simpleIcons: "lastdotfm", fontAwesome: "lastfm", forkAwesome: "lastfm", glyph: "music")),
        named("mixcloud", "Mixcloud", example: "nts", UsernameRule(symbols: "_-", length: 1...50),
              url: "https://www.mixcloud.com/{user}/", color: "#5000ff",
              icon: ServiceIcon(simpleIcons: "mixcloud", fontAwesome: "mixcloud", forkAwesome: "mixcloud", glyph: "music")),
    ]

    // MARK: Code

    static let code: [any Service] = [
        ProfileService(
            id: "github", aliases: ["gh"], displayName: "GitHub",
            handle: .username("GitHub", example: "octocat", rule: UsernameRule(symbols: "-", length: 1...39, notAtEdges: "-", noDoubledSymbols: true)),
            profileURL: "https://github.com/{user}",
            brandColor: "#181717", icon: ServiceIcon(simpleIcons: "github", fontAwesome: "github", forkAwesome: "github", glyph: "code"), provesIdentity: true),
        ProfileService(
            id: "gitlab", displayName: "GitLab",
            handle: .username("GitLab", example: "gitlab-org", rule: UsernameRule(symbols: "_-.", length: 2...255, notAtEdges: "-.")),
            profileURL: "https://gitlab.com/{user}",
            brandColor: "#fc6d26", icon: ServiceIcon(simpleIcons: "gitlab", fontAwesome: "gitlab", forkAwesome: "gitlab", glyph: "code"), provesIdentity: true),
        ProfileService(
            id: "codeberg", displayName: "Codeberg",
            handle: .username("Codeberg", example: "forgejo", rule: UsernameRule(symbols: "_-.", length: 1...40, notAtEdges: "-._", noDoubledSymbols: true)),
            profileURL: "https://codeberg.org/{user}",
            brandColor: "#2185d0", icon: ServiceIcon(simpleIcons: "codeberg", glyph: "code"), provesIdentity: true),
        numbered("stack-overflow", "Stack Overflow", aliases: ["stackoverflow"], noun: "a Stack Overflow user ID",
                 example: "22656 (from stackoverflow.com/users/22656)", url: "https://stackoverflow.com/users/{id}", color: "#f58025",
                 icon: ServiceIcon(simpleIcons: "stackoverflow", fontAwesome: "stack-overflow", forkAwesome: "stack-overflow", glyph: "code"), provesIdentity: true),
        named("dev", "DEV", aliases: ["devto"], example: "ben", UsernameRule(symbols: "_", length: 1...30),
              url: "https://dev.to/{user}", color: "#0a0a0a", icon: ServiceIcon(simpleIcons: "devdotto", fontAwesome: "dev", forkAwesome: "dev-to", glyph: "code")),
        named("keybase", "Keybase", example: "chris", UsernameRule(symbols: "_", length: 2...16, lowercased: true),
              url: "https://keybase.io/{user}", color: "#33a0ff", icon: ServiceIcon(simpleIcons: "keybase", fontAwesome: "keybase", forkAwesome: "keybase", glyph: "code")),
        named("bitbucket", "Bitbucket", example: "atlassian", UsernameRule(symbols: "_-", length: 1...30, lowercased: true),
              url: "https://bitbucket.org/{user}/", color: "#0052cc",
              icon: ServiceIcon(simpleIcons: "bitbucket", fontAwesome: "bitbucket", forkAwesome: "bitbucket", glyph: "code")),
        named("hugging-face", "Hugging Face", aliases: ["huggingface", "hf"], example: "huggingface", UsernameRule(symbols: "_-.", length: 1...96, notAtEdges: "-."),
              url: "https://huggingface.co/{user}", color: "#ffd21e", icon: ServiceIcon(simpleIcons: "huggingface", glyph: "code")),
        named("hashnode", "Hashnode", example: "@sandeep", UsernameRule(symbols: "_-", length: 1...40),
              url: "https://hashnode.com/@{user}", color: "#2962ff", icon: ServiceIcon(simpleIcons: "hashnode", fontAwesome: "hashnode", glyph: "code"),
              shownWithAt: true),
    ]

    // MARK: Support

    static let support: [any Service] = [
        ProfileService(
            id: "patreon", displayName: "Patreon",
            handle: .username("Patreon", example: "nasa", rule: UsernameRule(symbols: "_", length: 1...64)),
            profileURL: "https://www.patreon.com/{user}",
            brandColor: "#000000", icon: ServiceIcon(simpleIcons: "patreon", fontAwesome: "patreon", forkAwesome: "patreon", glyph: "heart"), provesIdentity: true),
        ProfileService(
            id: "ko-fi", aliases: ["kofi"], displayName: "Ko-fi",
            handle: .username("Ko-fi", example: "nasa", rule: UsernameRule(symbols: "_", length: 1...64)),
            profileURL: "https://ko-fi.com/{user}",
            brandColor: "#ff6433", icon: ServiceIcon(simpleIcons: "kofi", glyph: "heart"), provesIdentity: true),
        named("paypal", "PayPal", example: "nasa (from paypal.me/nasa)", UsernameRule(symbols: "", length: 1...20),
              url: "https://paypal.me/{user}", color: "#002991", icon: ServiceIcon(simpleIcons: "paypal", fontAwesome: "paypal", forkAwesome: "paypal", glyph: "heart"),
              provesIdentity: false, kind: "PayPal.Me name"),
        // Font Awesome Free has no Buy Me a Coffee brand: Fork Awesome's coffee cup stands in.
        named("buy-me-a-coffee", "Buy Me a Coffee", aliases: ["buymeacoffee"], example: "nasa", UsernameRule(symbols: "_-", length: 1...50),
              url: "https://buymeacoffee.com/{user}", color: "#ffdd00", icon: ServiceIcon(simpleIcons: "buymeacoffee", forkAwesome: "coffee", glyph: "heart", standsIn: true)),
        named("venmo", "Venmo", example: "nasa-gov", UsernameRule(symbols: "_-", length: 5...30),
              url: "https://venmo.com/u/{user}", color: "#008cff", icon: ServiceIcon(simpleIcons: "venmo", glyph: "heart"), provesIdentity: false, shownWithAt: true),
        // cash.app/$cashtag: a $ and 1 to 20 letters and digits.
        named("cash-app", "Cash App", aliases: ["cashapp"], example: "$nasa", UsernameRule(symbols: "", length: 1...20),
              url: "https://cash.app/${user}", color: "#00c244", icon: ServiceIcon(simpleIcons: "cashapp", glyph: "heart"), provesIdentity: false,
              shownWithAt: true, kind: "$cashtag", sigil: "$"),
        named("liberapay", "Liberapay", example: "Changaco", UsernameRule(symbols: "_-.", length: 1...32),
              url: "https://liberapay.com/{user}", color: "#f6c915", icon: ServiceIcon(simpleIcons: "liberapay", forkAwesome: "liberapay", glyph: "heart")),
        named("open-collective", "Open Collective", aliases: ["opencollective"], example: "webpack",
              UsernameRule(symbols: "-", length: 1...100, notAtEdges: "-", lowercased: true),
              url: "https://opencollective.com/{user}", color: "#7fadf2", icon: ServiceIcon(simpleIcons: "opencollective", glyph: "heart"), kind: "profile name"),
        named("kickstarter", "Kickstarter", example: "nasa", UsernameRule(symbols: "_-", length: 1...60),
              url: "https://www.kickstarter.com/profile/{user}", color: "#05ce78",
              icon: ServiceIcon(simpleIcons: "kickstarter", fontAwesome: "kickstarter", glyph: "heart"), kind: "profile name"),
        // gofundme.com/f/NAME: one fundraiser, by the name in its address.
        named("gofundme", "GoFundMe", example: "help-the-library (from gofundme.com/f/help-the-library)",
              UsernameRule(symbols: "-", length: 1...100, notAtEdges: "-", lowercased: true),
              url: "https://www.gofundme.com/f/{user}", color: "#00b964", icon: ServiceIcon(simpleIcons: "gofundme", glyph: "heart"),
              provesIdentity: false, kind: "fundraiser name"),
        named("gumroad", "Gumroad", example: "sahil (from sahil.gumroad.com)", UsernameRule(symbols: "", length: 1...63, lowercased: true),
              url: "https://{user}.gumroad.com/", color: "#ff90e8", icon: ServiceIcon(simpleIcons: "gumroad", glyph: "heart"), kind: "creator name"),
    ]

    // MARK: Writing

    static let writing: [any Service] = [
        named("medium", "Medium", example: "@ev", UsernameRule(symbols: "_.", length: 1...30),
              url: "https://medium.com/@{user}", color: "#000000", icon: ServiceIcon(simpleIcons: "medium", fontAwesome: "medium", forkAwesome: "medium", glyph: "link"),
              shownWithAt: true),
        named("substack", "Substack", example: "platformer (from platformer.substack.com)",
              UsernameRule(symbols: "-", length: 1...63, notAtEdges: "-", lowercased: true),
              url: "https://{user}.substack.com/", color: "#ff6719", icon: ServiceIcon(simpleIcons: "substack", glyph: "envelope"), kind: "publication name"),
        named("wordpress", "WordPress.com", example: "myblog (from myblog.wordpress.com)", UsernameRule(symbols: "", length: 4...63, lowercased: true),
              url: "https://{user}.wordpress.com/", color: "#21759b",
              icon: ServiceIcon(simpleIcons: "wordpress", fontAwesome: "wordpress", forkAwesome: "wordpress", glyph: "link"), kind: "site name"),
        // Kit (formerly ConvertKit): a creator's profile and newsletter sign-up at NAME.kit.com.
        named("kit", "Kit", aliases: ["convertkit"], example: "myname (from myname.kit.com)",
              UsernameRule(symbols: "-", length: 1...63, notAtEdges: "-", lowercased: true),
              url: "https://{user}.kit.com/", color: "#000000", icon: ServiceIcon(simpleIcons: "kit", glyph: "envelope"), kind: "creator name"),
        named("notion", "Notion", example: "mysite (from mysite.notion.site)", UsernameRule(symbols: "-", length: 1...63, notAtEdges: "-", lowercased: true),
              url: "https://{user}.notion.site/", color: "#000000", icon: ServiceIcon(simpleIcons: "notion", glyph: "link"), provesIdentity: false, kind: "site name"),
        numbered("goodreads", "Goodreads", noun: "a Goodreads user ID", example: "1 (from goodreads.com/user/show/1)",
                 url: "https://www.goodreads.com/user/show/{id}", color: "#1e1914", icon: ServiceIcon(simpleIcons: "goodreads", fontAwesome: "goodreads", glyph: "link"),
                 provesIdentity: true),
        named("letterboxd", "Letterboxd", example: "dave", UsernameRule(symbols: "_", length: 2...15, lowercased: true),
              url: "https://letterboxd.com/{user}/", color: "#202830", icon: ServiceIcon(simpleIcons: "letterboxd", fontAwesome: "letterboxd", glyph: "link")),
        named("micro-blog", "Micro.blog", aliases: ["microblog"], example: "manton", UsernameRule(symbols: "_", length: 1...30),
              url: "https://micro.blog/{user}", color: "#ff8800", icon: ServiceIcon(simpleIcons: "microdotblog", glyph: "chat")),
        named("ghost", "Ghost", example: "myblog (from myblog.ghost.io)", UsernameRule(symbols: "-", length: 1...63, notAtEdges: "-", lowercased: true),
              url: "https://{user}.ghost.io/", color: "#15171a", icon: ServiceIcon(simpleIcons: "ghost", glyph: "link"), kind: "site name"),
    ]

    // MARK: Research

    static let research: [any Service] = [
        // scholar.google.com/citations?user=ID: a Google Scholar profile, by the 12-character ID in its address.
        named("google-scholar", "Google Scholar", aliases: ["scholar"], example: "JicYPdAAAAAJ (from scholar.google.com/citations?user=JicYPdAAAAAJ)",
              UsernameRule(symbols: "_-", length: 12...12), url: "https://scholar.google.com/citations?user={user}", color: "#4285f4",
              icon: ServiceIcon(simpleIcons: "googlescholar", fontAwesome: "google-scholar", glyph: "link"), kind: "profile ID"),
        // orcid.org/iD: four groups of four digits (the last may be X), as ORCID writes them.
        named("orcid", "ORCID", example: "0000-0002-1825-0097", UsernameRule(symbols: "-", length: 19...19, notAtEdges: "-", noDoubledSymbols: true),
              url: "https://orcid.org/{user}", color: "#a6ce39", icon: ServiceIcon(simpleIcons: "orcid", fontAwesome: "orcid", forkAwesome: "orcid", glyph: "link"),
              kind: "iD"),
        numbered("semantic-scholar", "Semantic Scholar", aliases: ["semanticscholar"], noun: "a Semantic Scholar author ID",
                 example: "1741101 (from semanticscholar.org/author/…/1741101)", url: "https://www.semanticscholar.org/author/{id}", color: "#1857b6",
                 icon: ServiceIcon(simpleIcons: "semanticscholar", glyph: "link"), provesIdentity: true),
        named("researchgate", "ResearchGate", example: "Albert-Einstein", UsernameRule(symbols: "-_", length: 1...100, notAtEdges: "-_"),
              url: "https://www.researchgate.net/profile/{user}", color: "#00ccbb",
              icon: ServiceIcon(simpleIcons: "researchgate", fontAwesome: "researchgate", glyph: "link"), kind: "profile name"),
    ]

    // MARK: Work and play

    static let work: [any Service] = [
        named("behance", "Behance", example: "nasa", UsernameRule(symbols: "_-", length: 3...20),
              url: "https://www.behance.net/{user}", color: "#1769ff", icon: ServiceIcon(simpleIcons: "behance", fontAwesome: "behance", forkAwesome: "behance", glyph: "link")),
        named("dribbble", "Dribbble", example: "dribbble", UsernameRule(symbols: "_-", length: 2...20),
              url: "https://dribbble.com/{user}", color: "#ea4c89", icon: ServiceIcon(simpleIcons: "dribbble", fontAwesome: "dribbble", forkAwesome: "dribbble", glyph: "link")),
        named("figma", "Figma", example: "@figma", UsernameRule(symbols: "_-", length: 1...30),
              url: "https://www.figma.com/@{user}", color: "#f24e1e", icon: ServiceIcon(simpleIcons: "figma", fontAwesome: "figma", glyph: "link"), shownWithAt: true),
        named("trello", "Trello", example: "trello", UsernameRule(symbols: "_", length: 3...100, lowercased: true),
              url: "https://trello.com/u/{user}", color: "#0052cc", icon: ServiceIcon(simpleIcons: "trello", fontAwesome: "trello", forkAwesome: "trello", glyph: "link"),
              provesIdentity: false),
        named("product-hunt", "Product Hunt", aliases: ["producthunt"], example: "@rrhoover", UsernameRule(symbols: "_", length: 1...20),
              url: "https://www.producthunt.com/@{user}", color: "#da552f",
              icon: ServiceIcon(simpleIcons: "producthunt", fontAwesome: "product-hunt", forkAwesome: "product-hunt", glyph: "link"), shownWithAt: true),
        // Font Awesome has no Calendly brand: Fork Awesome's calendar stands in.
        named("calendly", "Calendly", example: "nasa", UsernameRule(symbols: "_-", length: 1...60, lowercased: true),
              url: "https://calendly.com/{user}", color: "#006bff", icon: ServiceIcon(simpleIcons: "calendly", forkAwesome: "calendar", glyph: "link", standsIn: true), provesIdentity: false),
        numbered("strava", "Strava", noun: "a Strava athlete ID", example: "1 (from strava.com/athletes/1)",
                 url: "https://www.strava.com/athletes/{id}", color: "#fc4c02", icon: ServiceIcon(simpleIcons: "strava", fontAwesome: "strava", glyph: "link"),
                 provesIdentity: true),
        named("steam", "Steam", example: "gabelogannewell (from steamcommunity.com/id/gabelogannewell)", UsernameRule(symbols: "_-", length: 2...32),
              url: "https://steamcommunity.com/id/{user}", color: "#000000", icon: ServiceIcon(simpleIcons: "steam", fontAwesome: "steam", forkAwesome: "steam", glyph: "link"),
              kind: "custom URL name"),
        named("itch-io", "itch.io", aliases: ["itch"], example: "leafo (from leafo.itch.io)", UsernameRule(symbols: "-_", length: 1...63, notAtEdges: "-_", lowercased: true),
              url: "https://{user}.itch.io/", color: "#fa5c5c", icon: ServiceIcon(simpleIcons: "itchdotio", fontAwesome: "itch-io", glyph: "link"), kind: "creator name"),
        named("cal-com", "Cal.com", aliases: ["calcom"], example: "peer", UsernameRule(symbols: "_-.", length: 1...60, lowercased: true),
              url: "https://cal.com/{user}", color: "#292929", icon: ServiceIcon(simpleIcons: "caldotcom", glyph: "link"), provesIdentity: false),
        // meetup.com/NAME/: a group, by the name in its address.
        named("meetup", "Meetup", example: "nycswift (from meetup.com/nycswift)", UsernameRule(symbols: "-", length: 1...100, notAtEdges: "-"),
              url: "https://www.meetup.com/{user}/", color: "#ed1c40", icon: ServiceIcon(simpleIcons: "meetup", fontAwesome: "meetup", forkAwesome: "meetup", glyph: "link"),
              provesIdentity: false, kind: "group name"),
        named("fiverr", "Fiverr", example: "fiverr", UsernameRule(symbols: "_", length: 4...15, lowercased: true),
              url: "https://www.fiverr.com/{user}", color: "#1dbf73", icon: ServiceIcon(simpleIcons: "fiverr", glyph: "link")),
        // upwork.com/freelancers/~ID: a freelancer's profile, by the ID after the tilde in its address.
        named("upwork", "Upwork", example: "~01c8a1e4b2d5f6a7b8", UsernameRule(symbols: "", length: 18...22, lowercased: true),
              url: "https://www.upwork.com/freelancers/~{user}", color: "#6fda44", icon: ServiceIcon(simpleIcons: "upwork", fontAwesome: "upwork", glyph: "link"),
              kind: "profile ID", sigil: "~"),
    ]

    // MARK: Games and hobbies

    static let play: [any Service] = [
        named("playstation", "PlayStation", aliases: ["psn"], example: "PlayStation", UsernameRule(symbols: "_-", length: 3...16),
              url: "https://profile.playstation.com/{user}", color: "#0070d1",
              icon: ServiceIcon(simpleIcons: "playstation", fontAwesome: "playstation", glyph: "link"), kind: "online ID"),
        // vrchat.com/home/user/usr_UUID: a VRChat user, by the ID in its address.
        named("vrchat", "VRChat", example: "usr_c1644b5b-3ca4-45b4-97c6-a2a0de70d469", UsernameRule(symbols: "_-", length: 40...40, lowercased: true),
              url: "https://vrchat.com/home/user/{user}", color: "#000000", icon: ServiceIcon(simpleIcons: "vrchat", glyph: "link"), kind: "user ID"),
        named("chess-com", "Chess.com", aliases: ["chesscom"], example: "hikaru", UsernameRule(symbols: "_-", length: 3...25, lowercased: true),
              url: "https://www.chess.com/member/{user}", color: "#81b64c", icon: ServiceIcon(simpleIcons: "chessdotcom", glyph: "link")),
        named("lichess", "Lichess", example: "DrNykterstein", UsernameRule(symbols: "_-", length: 2...30),
              url: "https://lichess.org/@/{user}", color: "#000000", icon: ServiceIcon(simpleIcons: "lichess", glyph: "link")),
        named("trakt", "Trakt", example: "sean", UsernameRule(symbols: "_-.", length: 1...50, lowercased: true),
              url: "https://trakt.tv/users/{user}", color: "#9f42c6", icon: ServiceIcon(simpleIcons: "trakt", glyph: "link")),
        named("myanimelist", "MyAnimeList", aliases: ["mal"], example: "Xinil", UsernameRule(symbols: "_-", length: 2...16),
              url: "https://myanimelist.net/profile/{user}", color: "#2e51a2", icon: ServiceIcon(simpleIcons: "myanimelist", glyph: "link")),
        named("discogs", "Discogs", example: "discogs", UsernameRule(symbols: "_-.", length: 1...50),
              url: "https://www.discogs.com/user/{user}", color: "#333333", icon: ServiceIcon(simpleIcons: "discogs", glyph: "music")),
        named("untappd", "Untappd", example: "untappd", UsernameRule(symbols: "_", length: 1...50),
              url: "https://untappd.com/user/{user}", color: "#ffc000", icon: ServiceIcon(simpleIcons: "untappd", fontAwesome: "untappd", glyph: "link")),
    ]

    // MARK: Shops and apps

    static let shops: [any Service] = [
        named("etsy", "Etsy", example: "myshop (from etsy.com/shop/myshop)", UsernameRule(symbols: "", length: 4...20),
              url: "https://www.etsy.com/shop/{user}", color: "#f16521", icon: ServiceIcon(simpleIcons: "etsy", fontAwesome: "etsy", forkAwesome: "etsy", glyph: "link"),
              provesIdentity: false, kind: "shop name"),
        // A public wish list on amazon.com, by the list ID in its address.
        ProfileService(id: "amazon", aliases: ["amazon-wishlist"], displayName: "Amazon wish list",
                       handle: .username("Amazon", example: "2LO3AVBFUMPAC (from amazon.com/hz/wishlist/ls/2LO3AVBFUMPAC)",
                                         rule: UsernameRule(symbols: "", length: 10...16), kind: "wish list ID"),
                       profileURL: "https://www.amazon.com/hz/wishlist/ls/{user}", brandColor: "#ff9900",
                       icon: ServiceIcon(fontAwesome: "amazon", forkAwesome: "amazon", glyph: "link"), provesIdentity: false),
        numbered("app-store", "App Store", aliases: ["appstore"], noun: "an App Store app ID", example: "1571998974 (from apps.apple.com/…/id1571998974)",
                 url: "https://apps.apple.com/app/id{id}", color: "#0d96f6",
                 icon: ServiceIcon(simpleIcons: "appstore", fontAwesome: "app-store-ios", forkAwesome: "apple", glyph: "link")),
        ProfileService(id: "google-play", aliases: ["googleplay"], displayName: "Google Play",
                       handle: .username("Google Play", example: "org.joinmastodon.android", rule: UsernameRule(symbols: "._", length: 3...150, notAtEdges: "._"), kind: "app ID"),
                       profileURL: "https://play.google.com/store/apps/details?id={user}", brandColor: "#414141",
                       icon: ServiceIcon(simpleIcons: "googleplay", fontAwesome: "google-play", forkAwesome: "google-play", glyph: "link"), provesIdentity: false),
    ]

    // MARK: Web

    static let web: [any Service] = [
        WebService(id: "rss", aliases: ["feed"], displayName: "RSS feed", brandColor: "#ffa500",
                   icon: ServiceIcon(simpleIcons: "rss", forkAwesome: "rss", glyph: "rss")),
        WebService(),
    ]
}
