import Testing
@testable import LinkChain

/// One row per service: a shorthand, the handle people see, the fallback, and the default chain's URLs on
/// each platform, in order.
struct ServiceCase: Sendable, CustomTestStringConvertible {
    var shorthand: String
    var handle: String
    var fallback: String
    var ios: [String] = []
    var android: [String] = []
    var desktop: [String] = []
    var testDescription: String { shorthand }
}

/// One row per refused handle: the shorthand and the whole message.
struct RefusalCase: Sendable, CustomTestStringConvertible {
    var shorthand: String
    var message: String
    var testDescription: String { shorthand }
}

@Suite("Every service")
struct ServiceTableTests {
    static let valid: [ServiceCase] = [
        ServiceCase(shorthand: "mastodon:@eb@social.coop", handle: "@eb@social.coop", fallback: "https://social.coop/@eb",
                    ios: ["opener://x-callback-url/show-options?url=https%3A%2F%2Fsocial.coop%2F%40eb",
                          "ivory:///user_profile/eb@social.coop", "icecubesapp://social.coop/@eb", "mastodon://profile/eb@social.coop"]),
        ServiceCase(shorthand: "fediverse:@eb@gts.example", handle: "@eb@gts.example", fallback: "https://gts.example/@eb"),
        ServiceCase(shorthand: "pixelfed:@eb@pixelfed.social", handle: "@eb@pixelfed.social", fallback: "https://pixelfed.social/eb"),
        ServiceCase(shorthand: "peertube:@eb@tube.example", handle: "@eb@tube.example", fallback: "https://tube.example/a/eb"),
        ServiceCase(shorthand: "misskey:eb@misskey.io", handle: "@eb@misskey.io", fallback: "https://misskey.io/@eb"),
        ServiceCase(shorthand: "gotosocial:https://gts.example/@eb", handle: "@eb@gts.example", fallback: "https://gts.example/@eb"),
        ServiceCase(shorthand: "email:eb@example.org", handle: "eb@example.org", fallback: "mailto:eb@example.org"),
        ServiceCase(shorthand: "phone:+49 (30) 123-4567", handle: "+49 (30) 123-4567", fallback: "tel:+49301234567"),
        ServiceCase(shorthand: "tel:+14155550100", handle: "+1 415 555 0100", fallback: "tel:+14155550100"),
        ServiceCase(shorthand: "sms:+14155550100", handle: "+1 415 555 0100", fallback: "sms:+14155550100"),
        // bsky.app is a universal link and a verified App Link: the https link alone is the default chain.
        ServiceCase(shorthand: "bluesky:@EB.bsky.social", handle: "@eb.bsky.social", fallback: "https://bsky.app/profile/eb.bsky.social"),
        ServiceCase(shorthand: "bluesky:did:plc:z72i7hdynmk6r22z27h6tvur", handle: "did:plc:z72i7hdynmk6r22z27h6tvur",
                    fallback: "https://bsky.app/profile/did%3Aplc%3Az72i7hdynmk6r22z27h6tvur"),
        ServiceCase(shorthand: "threads:@Zuck", handle: "@zuck", fallback: "https://www.threads.com/@zuck"),
        ServiceCase(shorthand: "instagram:nasa", handle: "@nasa", fallback: "https://www.instagram.com/nasa/"),
        ServiceCase(shorthand: "x:@NASA", handle: "@NASA", fallback: "https://x.com/NASA"),
        ServiceCase(shorthand: "twitter:nasa", handle: "@nasa", fallback: "https://x.com/nasa"),
        ServiceCase(shorthand: "youtube:@NASA", handle: "@NASA", fallback: "https://www.youtube.com/@NASA"),
        ServiceCase(shorthand: "tiktok:@nasa.gov", handle: "@nasa.gov", fallback: "https://www.tiktok.com/@nasa.gov"),
        ServiceCase(shorthand: "twitch:NASA", handle: "nasa", fallback: "https://www.twitch.tv/nasa", ios: ["twitch://stream/nasa"]),
        ServiceCase(shorthand: "linkedin:satya-nadella", handle: "satya-nadella", fallback: "https://www.linkedin.com/in/satya-nadella/"),
        // Telegram claims t.me on iOS (a universal link), not on Android (no autoVerify): the tg: intent is tried there.
        // Telegram Desktop registers tg: (tdesktop's desktop file and Info.plist); on iOS the app claims t.me.
        ServiceCase(shorthand: "telegram:durov", handle: "durov", fallback: "https://t.me/durov",
                    android: ["intent://resolve?domain=durov#Intent;scheme=tg;package=org.telegram.messenger;S.browser_fallback_url=https%3A%2F%2Ft.me%2Fdurov;end"],
                    desktop: ["tg://resolve?domain=durov"]),
        ServiceCase(shorthand: "signal:+49 151 12345678", handle: "+49 151 12345678", fallback: "https://signal.me/#p/+4915112345678"),
        ServiceCase(shorthand: "whatsapp:+4915112345678", handle: "+49 151 12345678", fallback: "https://wa.me/4915112345678"),
        // Element X claims matrix.to on iOS: the matrix: scheme waits in the chooser. On Android, where its matrix.to
        // filter is not verified, the intent opens Element X (its matrix: filter) or goes on to matrix.to.
        ServiceCase(shorthand: "matrix:@eb:Matrix.org", handle: "@eb:matrix.org", fallback: "https://matrix.to/#/@eb:matrix.org",
                    android: ["intent:u/eb:matrix.org?action=chat#Intent;scheme=matrix;package=io.element.android.x;S.browser_fallback_url=https%3A%2F%2Fmatrix.to%2F%23%2F%40eb%3Amatrix.org;end"]),
        ServiceCase(shorthand: "discord:80351110224678912", handle: "80351110224678912", fallback: "https://discord.com/users/80351110224678912"),
        ServiceCase(shorthand: "spotify:artist:0OdUWJ0sBjDrqHygGUXeCF", handle: "artist:0OdUWJ0sBjDrqHygGUXeCF",
                    fallback: "https://open.spotify.com/artist/0OdUWJ0sBjDrqHygGUXeCF",
                    android: ["intent:artist:0OdUWJ0sBjDrqHygGUXeCF#Intent;scheme=spotify;package=com.spotify.music;S.browser_fallback_url=https%3A%2F%2Fopen.spotify.com%2Fartist%2F0OdUWJ0sBjDrqHygGUXeCF;end"],
                    desktop: ["spotify:artist:0OdUWJ0sBjDrqHygGUXeCF"]),
        ServiceCase(shorthand: "apple-music:909253", handle: "909253", fallback: "https://music.apple.com/artist/909253"),
        ServiceCase(shorthand: "soundcloud:NASA", handle: "nasa", fallback: "https://soundcloud.com/nasa"),
        ServiceCase(shorthand: "bandcamp:MyBand", handle: "myband", fallback: "https://myband.bandcamp.com/"),
        ServiceCase(shorthand: "github:octo-cat", handle: "octo-cat", fallback: "https://github.com/octo-cat"),
        ServiceCase(shorthand: "gitlab:gitlab-org", handle: "gitlab-org", fallback: "https://gitlab.com/gitlab-org"),
        ServiceCase(shorthand: "codeberg:forgejo", handle: "forgejo", fallback: "https://codeberg.org/forgejo"),
        ServiceCase(shorthand: "patreon:nasa", handle: "nasa", fallback: "https://www.patreon.com/nasa"),
        ServiceCase(shorthand: "ko-fi:nasa", handle: "nasa", fallback: "https://ko-fi.com/nasa"),
        ServiceCase(shorthand: "signal:https://signal.me/#eu/Qd6dzZ1bZx1kVvmT2qC4Hk1X5d0Lr2v0d2z8c2YtFv7b3Yw9z2JcVnW4xPq8rS6t",
                    handle: "Signal username", fallback: "https://signal.me/#eu/Qd6dzZ1bZx1kVvmT2qC4Hk1X5d0Lr2v0d2z8c2YtFv7b3Yw9z2JcVnW4xPq8rS6t"),
        ServiceCase(shorthand: "lemmy:@eb@lemmy.ml", handle: "@eb@lemmy.ml", fallback: "https://lemmy.ml/u/eb"),
        ServiceCase(shorthand: "facebook:NASA", handle: "nasa", fallback: "https://www.facebook.com/nasa"),
        ServiceCase(shorthand: "fb:zuck.berg", handle: "zuck.berg", fallback: "https://www.facebook.com/zuck.berg"),
        ServiceCase(shorthand: "reddit:spez", handle: "spez", fallback: "https://www.reddit.com/user/spez/"),
        ServiceCase(shorthand: "pinterest:NASA", handle: "nasa", fallback: "https://www.pinterest.com/nasa/"),
        ServiceCase(shorthand: "snapchat:team.snap", handle: "team.snap", fallback: "https://www.snapchat.com/add/team.snap"),
        ServiceCase(shorthand: "tumblr:staff", handle: "staff", fallback: "https://www.tumblr.com/staff"),
        ServiceCase(shorthand: "flickr:nasahqphoto", handle: "nasahqphoto", fallback: "https://www.flickr.com/photos/nasahqphoto/"),
        ServiceCase(shorthand: "vimeo:Staff", handle: "staff", fallback: "https://vimeo.com/staff"),
        ServiceCase(shorthand: "xing:Ada_Lovelace", handle: "Ada_Lovelace", fallback: "https://www.xing.com/profile/Ada_Lovelace"),
        ServiceCase(shorthand: "messenger:nasa", handle: "nasa", fallback: "https://m.me/nasa"),
        ServiceCase(shorthand: "threema:ECHOECHO", handle: "ECHOECHO", fallback: "https://threema.id/ECHOECHO"),
        ServiceCase(shorthand: "line:line_official", handle: "line_official", fallback: "https://line.me/ti/p/~line_official"),
        ServiceCase(shorthand: "slack:MyTeam", handle: "myteam", fallback: "https://myteam.slack.com/"),
        ServiceCase(shorthand: "apple-podcasts:1200361736", handle: "1200361736", fallback: "https://podcasts.apple.com/podcast/id1200361736"),
        ServiceCase(shorthand: "deezer:27", handle: "27", fallback: "https://www.deezer.com/artist/27"),
        ServiceCase(shorthand: "youtube-music:UC-9-kyTW8ZkZNDHQJ6FgpwQ", handle: "UC-9-kyTW8ZkZNDHQJ6FgpwQ",
                    fallback: "https://music.youtube.com/channel/UC-9-kyTW8ZkZNDHQJ6FgpwQ"),
        ServiceCase(shorthand: "tidal:3346", handle: "3346", fallback: "https://tidal.com/artist/3346"),
        ServiceCase(shorthand: "lastfm:rj", handle: "rj", fallback: "https://www.last.fm/user/rj"),
        ServiceCase(shorthand: "mixcloud:nts", handle: "nts", fallback: "https://www.mixcloud.com/nts/"),
        ServiceCase(shorthand: "stack-overflow:22656", handle: "22656", fallback: "https://stackoverflow.com/users/22656"),
        ServiceCase(shorthand: "dev:ben", handle: "ben", fallback: "https://dev.to/ben"),
        ServiceCase(shorthand: "keybase:Chris", handle: "chris", fallback: "https://keybase.io/chris"),
        ServiceCase(shorthand: "paypal:nasa", handle: "nasa", fallback: "https://paypal.me/nasa"),
        ServiceCase(shorthand: "buy-me-a-coffee:nasa", handle: "nasa", fallback: "https://buymeacoffee.com/nasa"),
        ServiceCase(shorthand: "venmo:@nasa-gov", handle: "@nasa-gov", fallback: "https://venmo.com/u/nasa-gov"),
        ServiceCase(shorthand: "cash-app:$nasa", handle: "$nasa", fallback: "https://cash.app/$nasa"),
        ServiceCase(shorthand: "cashapp:nasa", handle: "$nasa", fallback: "https://cash.app/$nasa"),
        ServiceCase(shorthand: "liberapay:Changaco", handle: "Changaco", fallback: "https://liberapay.com/Changaco"),
        ServiceCase(shorthand: "open-collective:webpack", handle: "webpack", fallback: "https://opencollective.com/webpack"),
        ServiceCase(shorthand: "kickstarter:nasa", handle: "nasa", fallback: "https://www.kickstarter.com/profile/nasa"),
        ServiceCase(shorthand: "medium:@ev", handle: "@ev", fallback: "https://medium.com/@ev"),
        ServiceCase(shorthand: "substack:platformer", handle: "platformer", fallback: "https://platformer.substack.com/"),
        ServiceCase(shorthand: "wordpress:myblog", handle: "myblog", fallback: "https://myblog.wordpress.com/"),
        ServiceCase(shorthand: "kit:myname", handle: "myname", fallback: "https://myname.kit.com/"),
        ServiceCase(shorthand: "notion:my-site", handle: "my-site", fallback: "https://my-site.notion.site/"),
        ServiceCase(shorthand: "goodreads:1", handle: "1", fallback: "https://www.goodreads.com/user/show/1"),
        ServiceCase(shorthand: "letterboxd:Dave", handle: "dave", fallback: "https://letterboxd.com/dave/"),
        ServiceCase(shorthand: "behance:nasa", handle: "nasa", fallback: "https://www.behance.net/nasa"),
        ServiceCase(shorthand: "dribbble:dribbble", handle: "dribbble", fallback: "https://dribbble.com/dribbble"),
        ServiceCase(shorthand: "figma:@figma", handle: "@figma", fallback: "https://www.figma.com/@figma"),
        ServiceCase(shorthand: "trello:trello", handle: "trello", fallback: "https://trello.com/u/trello"),
        ServiceCase(shorthand: "product-hunt:rrhoover", handle: "@rrhoover", fallback: "https://www.producthunt.com/@rrhoover"),
        ServiceCase(shorthand: "calendly:nasa", handle: "nasa", fallback: "https://calendly.com/nasa"),
        ServiceCase(shorthand: "strava:1", handle: "1", fallback: "https://www.strava.com/athletes/1"),
        ServiceCase(shorthand: "steam:gabelogannewell", handle: "gabelogannewell", fallback: "https://steamcommunity.com/id/gabelogannewell"),
        ServiceCase(shorthand: "itch-io:leafo", handle: "leafo", fallback: "https://leafo.itch.io/"),
        ServiceCase(shorthand: "etsy:myshop", handle: "myshop", fallback: "https://www.etsy.com/shop/myshop"),
        ServiceCase(shorthand: "amazon:2LO3AVBFUMPAC", handle: "2LO3AVBFUMPAC", fallback: "https://www.amazon.com/hz/wishlist/ls/2LO3AVBFUMPAC"),
        ServiceCase(shorthand: "app-store:1571998974", handle: "1571998974", fallback: "https://apps.apple.com/app/id1571998974"),
        ServiceCase(shorthand: "google-play:org.joinmastodon.android", handle: "org.joinmastodon.android",
                    fallback: "https://play.google.com/store/apps/details?id=org.joinmastodon.android"),
        ServiceCase(shorthand: "kick:xqc", handle: "xqc", fallback: "https://kick.com/xqc"),
        ServiceCase(shorthand: "onlyfans:OnlyFans", handle: "onlyfans", fallback: "https://onlyfans.com/onlyfans"),
        ServiceCase(shorthand: "vsco:vsco", handle: "vsco", fallback: "https://vsco.co/vsco/gallery"),
        ServiceCase(shorthand: "unsplash:@nasa", handle: "@nasa", fallback: "https://unsplash.com/@nasa"),
        ServiceCase(shorthand: "deviantart:spyed", handle: "spyed", fallback: "https://www.deviantart.com/spyed"),
        ServiceCase(shorthand: "artstation:artstation", handle: "artstation", fallback: "https://www.artstation.com/artstation"),
        ServiceCase(shorthand: "kakaotalk:gKvUj0Lf", handle: "gKvUj0Lf", fallback: "https://open.kakao.com/o/gKvUj0Lf"),
        ServiceCase(shorthand: "zoom:MyName", handle: "myname", fallback: "https://zoom.us/my/myname"),
        ServiceCase(shorthand: "bitbucket:atlassian", handle: "atlassian", fallback: "https://bitbucket.org/atlassian/"),
        ServiceCase(shorthand: "hugging-face:huggingface", handle: "huggingface", fallback: "https://huggingface.co/huggingface"),
        ServiceCase(shorthand: "hashnode:@sandeep", handle: "@sandeep", fallback: "https://hashnode.com/@sandeep"),
        ServiceCase(shorthand: "gofundme:help-the-library", handle: "help-the-library", fallback: "https://www.gofundme.com/f/help-the-library"),
        ServiceCase(shorthand: "gumroad:sahil", handle: "sahil", fallback: "https://sahil.gumroad.com/"),
        ServiceCase(shorthand: "micro-blog:manton", handle: "manton", fallback: "https://micro.blog/manton"),
        ServiceCase(shorthand: "ghost:myblog", handle: "myblog", fallback: "https://myblog.ghost.io/"),
        ServiceCase(shorthand: "google-scholar:JicYPdAAAAAJ", handle: "JicYPdAAAAAJ", fallback: "https://scholar.google.com/citations?user=JicYPdAAAAAJ"),
        ServiceCase(shorthand: "orcid:0000-0002-1825-0097", handle: "0000-0002-1825-0097", fallback: "https://orcid.org/0000-0002-1825-0097"),
        ServiceCase(shorthand: "semantic-scholar:1741101", handle: "1741101", fallback: "https://www.semanticscholar.org/author/1741101"),
        ServiceCase(shorthand: "researchgate:Albert-Einstein", handle: "Albert-Einstein", fallback: "https://www.researchgate.net/profile/Albert-Einstein"),
        ServiceCase(shorthand: "cal-com:peer", handle: "peer", fallback: "https://cal.com/peer"),
        ServiceCase(shorthand: "meetup:nycswift", handle: "nycswift", fallback: "https://www.meetup.com/nycswift/"),
        ServiceCase(shorthand: "fiverr:fiverr", handle: "fiverr", fallback: "https://www.fiverr.com/fiverr"),
        ServiceCase(shorthand: "upwork:~01c8a1e4b2d5f6a7b8", handle: "01c8a1e4b2d5f6a7b8", fallback: "https://www.upwork.com/freelancers/~01c8a1e4b2d5f6a7b8"),
        ServiceCase(shorthand: "playstation:PlayStation", handle: "PlayStation", fallback: "https://profile.playstation.com/PlayStation"),
        ServiceCase(shorthand: "vrchat:usr_c1644b5b-3ca4-45b4-97c6-a2a0de70d469", handle: "usr_c1644b5b-3ca4-45b4-97c6-a2a0de70d469", fallback: "https://vrchat.com/home/user/usr_c1644b5b-3ca4-45b4-97c6-a2a0de70d469"),
        ServiceCase(shorthand: "chess-com:hikaru", handle: "hikaru", fallback: "https://www.chess.com/member/hikaru"),
        ServiceCase(shorthand: "lichess:DrNykterstein", handle: "DrNykterstein", fallback: "https://lichess.org/@/DrNykterstein"),
        ServiceCase(shorthand: "trakt:sean", handle: "sean", fallback: "https://trakt.tv/users/sean"),
        ServiceCase(shorthand: "myanimelist:Xinil", handle: "Xinil", fallback: "https://myanimelist.net/profile/Xinil"),
        ServiceCase(shorthand: "discogs:discogs", handle: "discogs", fallback: "https://www.discogs.com/user/discogs"),
        ServiceCase(shorthand: "untappd:untappd", handle: "untappd", fallback: "https://untappd.com/user/untappd"),
        ServiceCase(shorthand: "rss:https://example.org/feed.xml", handle: "https://example.org/feed.xml", fallback: "https://example.org/feed.xml"),
        ServiceCase(shorthand: "https://example.org/", handle: "https://example.org/", fallback: "https://example.org/"),
    ]

    @Test("valid handles give the documented URLs in order, per platform", arguments: valid)
    func validHandle(_ row: ServiceCase) throws {
        let chain = try ServiceCatalog.standard.chain(shorthand: row.shorthand)
        #expect(chain.handle == row.handle)
        #expect(chain.fallback == row.fallback)
        #expect(chain.candidates(for: .ios).map(\.url) == row.ios)
        #expect(chain.candidates(for: .android).map(\.url) == row.android)
        #expect(chain.candidates(for: .desktop).map(\.url) == row.desktop)
        #expect(chain.attempts(for: .ios) == row.ios + [row.fallback])
    }

    @Test func everyServiceHasARow() {
        let covered = Set(Self.valid.compactMap { try? ServiceCatalog.standard.chain(shorthand: $0.shorthand).serviceID })
        #expect(covered == Set(ServiceCatalog.standard.services.map(\.id)))
    }

    static let refused: [RefusalCase] = [
        RefusalCase(shorthand: "pixelfed:eb", message: #""eb" is not a Pixelfed handle: expected @user@host, like @eb@social.coop. The server name is missing."#),
        RefusalCase(shorthand: "phone:030 1234567", message: #""030 1234567" is not a phone number: expected an international number starting with +, like +49 30 1234567. It must start with + and the country code, so it works from every country."#),
        RefusalCase(shorthand: "sms:+49 30 12x", message: #""+49 30 12x" is not a phone number: expected an international number starting with +, like +49 30 1234567. The character "x" (U+0078) is not allowed: use digits, with spaces, dots, hyphens or parentheses between them."#),
        RefusalCase(shorthand: "whatsapp:+123", message: #""+123" is not a phone number: expected an international number starting with +, like +49 30 1234567. It has 3 digits; international numbers have 7 to 15."#),
        RefusalCase(shorthand: "bluesky:eb", message: #""eb" is not a Bluesky handle: expected a domain handle, like eb.bsky.social, or a did:plc: identifier. "eb" is not a domain name: it is not a full domain name (it has no dot)."#),
        RefusalCase(shorthand: "x:nasa.gov", message: #""nasa.gov" is not an X user name: expected a user name, like nasa. The character "." (U+002E) is not allowed: use letters, digits and underscores."#),
        RefusalCase(shorthand: "x:abcdefghijklmnop", message: #""abcdefghijklmnop" is not an X user name: expected a user name, like nasa. It is 16 characters long; X names have 1 to 15."#),
        RefusalCase(shorthand: "github:-octocat", message: #""-octocat" is not a GitHub user name: expected a user name, like octocat. It may not start or end with hyphens."#),
        RefusalCase(shorthand: "github:octo--cat", message: #""octo--cat" is not a GitHub user name: expected a user name, like octocat. It may not have two of hyphens in a row."#),
        // Another site's address (GitHub's own is read back into its user name).
        RefusalCase(shorthand: "github:https://gitlab.com/octocat", message: #""https://gitlab.com/octocat" is not a GitHub user name: expected a user name, like octocat. Give the user name alone, not the address of the profile."#),
        RefusalCase(shorthand: "twitch:abc", message: #""abc" is not a Twitch user name: expected a user name, like nasa. It is 3 characters long; Twitch names have 4 to 25."#),
        RefusalCase(shorthand: "telegram:dur ov", message: #""dur ov" is not a Telegram user name: expected a user name, like durov. The character (U+0020) is not allowed: use letters, digits and underscores."#),
        RefusalCase(shorthand: "matrix:eb@matrix.org", message: #""eb@matrix.org" is not a Matrix user ID: expected @user:server, like @eb:matrix.org. A Matrix ID starts with @ and has a : before the server."#),
        RefusalCase(shorthand: "matrix:@EB:matrix.org", message: #""@EB:matrix.org" is not a Matrix user ID: expected @user:server, like @eb:matrix.org. The user part may contain only lowercase letters, digits and . _ = - / +."#),
        RefusalCase(shorthand: "discord:eb#1234", message: #""eb#1234" is not a Discord user ID: expected a number, like 80351110224678912. It may contain only digits."#),
        RefusalCase(shorthand: "spotify:song:123", message: #""song:123" is not a Spotify item: expected kind:ID, like artist:0OdUWJ0sBjDrqHygGUXeCF (kinds: artist, album, playlist, show, track, user). It must be one of artist, album, playlist, show, track, user, a colon and the ID from the Spotify link."#),
        RefusalCase(shorthand: "apple-music:", message: #""" is not an Apple Music artist ID: expected a number, like 909253 (from music.apple.com/…/artist/…/909253). It is empty."#),
        RefusalCase(shorthand: "bandcamp:my_band", message: #""my_band" is not a Bandcamp site name: expected a site name, like myband (from myband.bandcamp.com). The character "_" (U+005F) is not allowed: use letters, digits and hyphens."#),
        RefusalCase(shorthand: "signal:eb.01", message: #""eb.01" is not a Signal number or username link: expected an international number starting with +, like +49 151 12345678, or a username link, like https://signal.me/#eu/… (Signal: Settings, Profile, Username, Share). A username cannot be linked by its name alone: copy its link from Signal, or give a number starting with +."#),
        RefusalCase(shorthand: "signal:https://signal.me/#eu/short", message: #""https://signal.me/#eu/short" is not a Signal number or username link: expected an international number starting with +, like +49 151 12345678, or a username link, like https://signal.me/#eu/… (Signal: Settings, Profile, Username, Share). The part after #eu/ must be the 40 to 128 letters, digits, - and _ Signal wrote."#),
        RefusalCase(shorthand: "threema:ECHO", message: #""ECHO" is not a Threema ID: expected an ID, like ECHOECHO. It is 4 characters long; Threema names have 8."#),
        RefusalCase(shorthand: "cash-app:$na sa", message: #""$na sa" is not a Cash App $cashtag: expected a $cashtag, like $nasa. The character (U+0020) is not allowed: use letters, digits."#),
        RefusalCase(shorthand: "deezer:artist/27", message: #""artist/27" is not a Deezer artist ID: expected a number, like 27 (from deezer.com/artist/27). It may contain only digits."#),
        RefusalCase(shorthand: "google-play:.org.example", message: #"".org.example" is not a Google Play app ID: expected an app ID, like org.joinmastodon.android. It may not start or end with dots and underscores."#),
        RefusalCase(shorthand: "rss:http://example.org/feed", message: #""http://example.org/feed" is not an https web address: expected an https:// URL, like https://example.org/contact. Only https links are allowed; use https://example.org/feed if the site supports it."#),
    ]

    @Test("invalid handles are refused with the value, the expected form and the reason", arguments: refused)
    func refusedHandle(_ row: RefusalCase) {
        do throws(LinkChainError) {
            _ = try ServiceCatalog.standard.chain(shorthand: row.shorthand)
            Issue.record("accepted \(row.shorthand)")
        } catch {
            #expect(error.message == row.message)
        }
    }

    /// The universal-link rule: where a service's app claims its https link on a platform, the default chain tries
    /// no app scheme there, and the chooser still offers the app.
    @Test("an app that claims the https link is not tried, yet offered", arguments: [
        ("telegram:durov", Platform.ios, "tg://resolve?domain=durov"),
        ("spotify:artist:0OdUWJ0sBjDrqHygGUXeCF", Platform.ios, "spotify:artist:0OdUWJ0sBjDrqHygGUXeCF"),
        ("matrix:@eb:matrix.org", Platform.ios, "matrix:u/eb:matrix.org?action=chat"),
        ("bluesky:eb.bsky.social", Platform.ios, "bluesky://profile/eb.bsky.social"),
    ])
    func claimedLinksAreNotTriedButOffered(_ shorthand: String, _ platform: Platform, _ app: String) throws {
        let catalog = ServiceCatalog.standard
        let (service, request) = try catalog.parse(shorthand: shorthand)
        #expect(service.appClaimedLinks.contains { $0.platform == platform && !$0.source.isEmpty })
        let target = try service.target(handle: request.handle, options: request.options)
        let chain = service.chain(target: target, apps: service.defaultApps)
        #expect(chain.candidates(for: platform).isEmpty, "\(shorthand) tries \(chain.candidates(for: platform).map(\.url))")
        let offered = service.otherChoices(target: target, besides: service.defaultApps).filter { $0.platforms.contains(platform) }
        #expect(offered.map(\.url) == [app])
        // Named by the page, the app is tried.
        #expect(try catalog.chain(shorthand: shorthand, apps: .all).candidates(for: platform).map(\.url).contains(app))
    }

    @Test func smsBodyIsAnOptionEncodedLikeEveryValue() throws {
        let chain = try ServiceCatalog.standard.chain(service: "sms", handle: "+14155550100", options: ["body": "Hi & bye? #1"])
        #expect(chain.fallback == "sms:+14155550100?body=Hi%20%26%20bye%3F%20%231")
    }

    /// The catalog's data holds together: templates use only placeholders their service fills, unverified apps
    /// stay out of the default chain, colours are #rrggbb, names do not clash.
    @Test func catalogDataIsConsistent() throws {
        for service in ServiceCatalog.standard.services {
            #expect(service.brandColor.count == 7 && service.brandColor.hasPrefix("#") && service.brandColor.dropFirst().allSatisfy(\.isHexDigit),
                    "\(service.id) colour")
            #expect(Set(service.apps.map(\.id)).count == service.apps.count, "\(service.id) app ids")
            for app in service.apps {
                #expect(!app.source.isEmpty, "\(service.id)/\(app.id) has no source")
                // An unverified app may be in the default chain only where its entry says why.
                #expect(app.verified || !app.inDefaultChain || app.source.contains("in the default chain"),
                        "\(service.id)/\(app.id) is unverified but in the default chain without saying why")
                #expect(try URLTemplate.parse(app.url.text, placeholders: service.placeholders) == app.url, "\(service.id)/\(app.id)")
                #expect(app.androidPackage == nil || app.verified, "\(service.id)/\(app.id): a package name needs a primary source")
                // Each app says how it shows the target; only an app with no source at all may not know.
                #expect(app.opensIn != .unknown || app.source.contains("no source found"), "\(service.id)/\(app.id) does not say how it opens")
                #expect((app.opensIn == .website) == (app.url.scheme == "https"), "\(service.id)/\(app.id)")
            }
        }
    }
}

@Suite("App URL templates")
struct URLTemplateTests {
    let mastodon = ServiceCatalog.standard.service(named: "mastodon")!

    @Test func customAppValuesAreEncodedSafely() throws {
        let web = ServiceCatalog.standard.service(named: "web")!
        let app = try AppEntry.custom(name: "My App", url: "myapp://open/{url}?u={url}#x", placeholders: web.placeholders)
        #expect(app.id == "my-app" && !app.verified && app.platforms == [.ios])
        let chain = try web.chain(handle: "https://example.org/a b/é?x=1&y=@2#frag", apps: [app])
        // {url} is the fallback, itself already encoded: its "%" becomes "%25", so decoding once gives it back.
        #expect(chain.fallback == "https://example.org/a%20b/%C3%A9?x=1&y=@2#frag")
        let encoded = "https%3A%2F%2Fexample.org%2Fa%2520b%2F%25C3%25A9%3Fx%3D1%26y%3D%402%23frag"
        #expect(chain.candidates.map(\.url) == ["myapp://open/\(encoded)?u=\(encoded)#x"])
    }

    @Test func emailValuesWithDelimitersStayInTheirParameter() throws {
        let email = ServiceCatalog.standard.service(named: "email")!
        let app = try AppEntry.custom(name: "Mailer", url: "mailer://new?to={to}&s={subject}&b={body}", placeholders: email.placeholders)
        let chain = try email.chain(handle: "a+b@example.org", options: ["subject": "Q&A #1 / é?", "body": "x=1 & y"], apps: [app])
        #expect(chain.candidates[0].url == "mailer://new?to=a%2Bb%40example.org&s=Q%26A%20%231%20%2F%20%C3%A9%3F&b=x%3D1%20%26%20y")
        // An absent value drops its query parameter.
        #expect(try email.chain(handle: "a@example.org", apps: [app]).candidates[0].url == "mailer://new?to=a%40example.org")
    }

    @Test("hostile or broken templates are refused", arguments: [
        ("javascript:alert({user})", #"the scheme "javascript:" is not allowed: it runs code or reads local data instead of opening an app"#),
        (" JavaScript:alert(1)", #"the scheme "javascript:" is not allowed: it runs code or reads local data instead of opening an app"#),
        ("data:text/html,{user}", #"the scheme "data:" is not allowed: it runs code or reads local data instead of opening an app"#),
        ("vbscript:msgbox", #"the scheme "vbscript:" is not allowed: it runs code or reads local data instead of opening an app"#),
        ("file:///etc/passwd", #"the scheme "file:" is not allowed: it runs code or reads local data instead of opening an app"#),
        ("http://example.org/{user}", #"the scheme "http:" is not allowed; use https:"#),
        ("//example.org/{user}", "it does not start with a scheme such as myapp:"),
        ("{user}://x", "it does not start with a scheme such as myapp:"),
        ("myapp://{usr}", "unknown placeholder {usr} (did you mean {user}?)"),
        ("myapp://{user", "a { has no closing }"),
        ("myapp://user}", "it has a } without a {"),
        ("myapp://{User}", "{User} is not a placeholder name (lowercase letters, digits and _)"),
        ("myapp://a b/{user}", "the character (U+0020) must be percent-encoded"),
        ("myapp://\"x\"/{user}", #"the character """ (U+0022) must be percent-encoded"#),
        ("", "it is empty"),
    ])
    func refused(_ template: String, _ reason: String) {
        do throws(LinkChainError) {
            _ = try AppEntry.custom(name: "X", url: template, placeholders: mastodon.placeholders)
            Issue.record("accepted \(template)")
        } catch {
            let text = template.trimmingCharacters(in: .whitespaces)
            #expect(error.message == "\"\(text)\" is not an app URL template: expected an app URL such as myapp://profile/{user}, using {user}, {host}, {url}. " + LinkChainError.sentence(reason))
        }
    }

    @Test func unknownAppSuggestsTheNearest() {
        #expect(mastodon.unknownApp("ivroy").message == #"unknown app "ivroy" for Mastodon (did you mean "ivory"?): expected one of opener, ivory, icecubes, mastodon, mona, mammoth, toot, elk"#)
        let github = ServiceCatalog.standard.service(named: "github")!
        #expect(github.unknownApp("x").message == #"unknown app "x" for GitHub: expected no apps: GitHub links have none"#)
    }

    @Test func androidIntentNeedsAPackageAndNoFragment() {
        #expect(AppEntry.androidIntent("tg://resolve?domain=x", package: "org.example", fallback: "https://t.me/x")
                == "intent://resolve?domain=x#Intent;scheme=tg;package=org.example;S.browser_fallback_url=https%3A%2F%2Ft.me%2Fx;end")
        #expect(AppEntry.androidIntent("spotify:artist:1", package: "com.example", fallback: "https://o.example/a?b=1&c")
                == "intent:artist:1#Intent;scheme=spotify;package=com.example;S.browser_fallback_url=https%3A%2F%2Fo.example%2Fa%3Fb%3D1%26c;end")
        #expect(AppEntry.androidIntent("x://a#b", package: "p", fallback: "https://e.example") == nil)
    }
}
