import Foundation
import HTMLReading

/// LinkStack (LinkStackOrg/LinkStack, a self-hosted LittleLink descendant): its public profile page, as its Blade
/// templates under resources/views/linkstack/ write it, and the JSON its "Export all data" and "Export links"
/// give (app/Http/Controllers/UserController.php: the user's fields and `links`, each with a `button_id`).
extension ImportedPage {
    /// Whether a page is LinkStack's: every button of its buttons template carries `button-click` (the click counter's
    /// hook) inside a `button-entrance` block, which LittleLink's page has neither of.
    static func isLinkStackPage(_ document: HTMLElement) -> Bool {
        document.descendants.contains { $0.classes.contains("button-click") || $0.classes.contains("button-entrance") }
    }

    /// The classes on a LinkStack button that are its behaviour, not its brand (`button button-mastodon button-click
    /// button-hover icon-hover`), and the brands that name no service (`button-default` for an email, a phone number
    /// or a contact card; `button-custom_website` and `button-custom` for a site of the author's own).
    static let linkStackNonBrands: Set<String> = ["click", "hover", "entrance", "default", "custom", "custom_website"]

    /// LinkStack's address of its own contact card (`route('vcard')/ID`): sitegen makes its own (Save contact).
    static func isLinkStackCard(_ url: String) -> Bool {
        url.split(separator: "?").first.map { $0.split(separator: "/").dropLast().last == "vcard" } ?? false
    }
    static let linkStackCardReason = "LinkStack's contact card, which only LinkStack serves: sitegen's page has its own (Save contact)"

    /// The profile page: the avatar `<img alt="avatar">` (LinkStack's own logo when the author has none), the name in
    /// `<h1>` (its verified badge aside), the bio in the `description-parent` block, then in the page's order the
    /// social icons (`<a class="social-link" title="Mastodon">`), the headings (`<h2>`) and the buttons
    /// (`<a class="button button-BRAND button-click …">`, the label their text).
    static func linkStack(_ document: HTMLElement) -> ImportedPage {
        let body = document.first("body") ?? document
        var page = ImportedPage(format: .linkStack)
        let avatar = body.all("img").first { $0.attributes["alt"] == "avatar" }?.attributes["src"]
        page.avatar = avatar.flatMap { $0.hasSuffix("assets/linkstack/images/logo.svg") ? nil : $0.nonEmpty }
        let heading = body.first("h1")
        page.name = heading.flatMap { HTMLElement.collapsed($0.ownText).nonEmpty ?? $0.text.nonEmpty }
        page.bio = body.descendants.first { $0.classes.contains("description-parent") }?.text.nonEmpty
        for element in body.descendants {
            switch element.name {
            case "h2":
                if let title = element.text.nonEmpty { page.items.append(.section(title)) }
            case "a" where element.classes.contains("social-link"):
                page.items.append(.link(url: element.attributes["href"] ?? "", label: "",
                                        brand: (element.attributes["title"] ?? element.attributes["aria-label"] ?? "").lowercased()))
            case "a" where element.classes.contains("button-click"):
                let url = element.attributes["href"] ?? ""
                // The card's button is a `button-default` one (as email's and phone's are) whose address is LinkStack's route.
                if element.classes.contains("button-default"), isLinkStackCard(url) {
                    page.items.append(.unusable(url: url, reason: linkStackCardReason))
                    continue
                }
                let brand = element.classes.lazy.filter { $0.hasPrefix("button-") }.map { String($0.dropFirst("button-".count)) }
                    .first { !linkStackNonBrands.contains($0) } ?? ""
                page.items.append(.link(url: url, label: HTMLElement.collapsed(element.text), brand: brand))
            default:
                continue
            }
        }
        return page
    }

    /// Whether a JSON object is LinkStack's export: `links` whose entries carry a `button_id`.
    static func isLinkStackExport(_ object: [String: Any]) -> Bool {
        (object["links"] as? [[String: Any]])?.contains { $0["button_id"] != nil } ?? false
    }

    /// LinkStack's export: `name`, `littlelink_description` (HTML, read as its text), `image_data` (the avatar, not
    /// written: import makes only the site's own files), and `links` in their `order`, each a `button_id` of
    /// `linkStackButtons`, a `link` and a `title`.
    static func linkStackExport(_ object: [String: Any]) -> ImportedPage {
        var page = ImportedPage(format: .linkStackExport)
        page.name = (object["name"] as? String)?.nonEmpty
        // Inline markup (`<strong>`) joins the text as written, as a browser shows it.
        page.bio = (object["littlelink_description"] as? String).flatMap { HTMLElement.parse(Data($0.utf8)).map { HTMLElement.collapsed($0.textContent) }?.nonEmpty }
        let links = (object["links"] as? [[String: Any]] ?? []).enumerated().sorted {
            (($0.element["order"] as? Int) ?? $0.offset, $0.offset) < (($1.element["order"] as? Int) ?? $1.offset, $1.offset)
        }.map(\.element)
        for link in links {
            let url = link["link"] as? String ?? "", title = HTMLElement.collapsed(link["title"] as? String ?? "")
            let id = link["button_id"] as? Int ?? 0
            let button = (1...linkStackButtons.count).contains(id) ? linkStackButtons[id - 1] : ""
            switch button {
            case "heading": if let title = title.nonEmpty { page.items.append(.section(title)) }
            case "text", "space": continue  // text between buttons, not a link
            case "vcard": page.items.append(.unusable(url: url, reason: linkStackCardReason))
            case "icon": page.items.append(.link(url: url, label: "", brand: title.lowercased()))
            default:
                // A brand's button shows its brand's name ("default NAME" titles are LinkStack's own); a custom one its title.
                let label = title.hasPrefix("default ") ? "" : title
                page.items.append(.link(url: url, label: label, brand: linkStackNonBrands.contains(button) ? "" : button))
            }
        }
        return page
    }

    /// LinkStack's buttons by `button_id`: the ids are the order database/seeders/ButtonSeeder.php inserts them in
    /// ("always add new buttons to the end of the file"), read from LinkStack 4.8.
    static let linkStackButtons = [
        "custom", "custom_website", "bandcamp", "coffee", "cashapp", "default email", "default email_alt", "discord", "facebook",
        "figma", "github", "gitlab", "goodreads", "instagram", "kit", "linkedin", "mastodon", "medium", "messenger", "patreon",
        "paypal", "pinterest", "reddit", "signal", "skoob", "snapchat", "soundcloud", "spotify", "steam", "telegram", "tiktok",
        "tumblr", "twitch", "twitter", "venmo", "vimeo", "website", "whatsapp", "wordpress", "xing", "youtube", "heading",
        "space", "phone", "trello", "littlelink-custom", "space", "amazon", "appstore", "apple-music", "apple-podcasts",
        "briar", "castopod", "codepen", "codeberg", "cryptpad", "dev-to", "deezer", "epic-games", "etsy", "firefox", "flickr",
        "funkwhale", "f-droid", "itchio", "humble-bundle", "kickstarter", "ko-fi", "lemmy", "letterboxd", "liberapay",
        "matrix", "misskey", "notion", "odysee", "openstreetmap", "owncast", "peertube", "pixelfed", "piwigo", "playstore",
        "pleroma", "producthunt", "session", "strava", "unity", "unraid", "untappd", "upptime", "vrchat", "youtube-music",
        "all-inkl", "text", "icon", "bookwyrm", "vcard", "apple-books", "scribd", "linkstack", "picarto", "trakt", "last-fm",
        "itaku", "furaffinity", "bluesky", "firefish", "streams", "pronounspage", "booth", "hearthisat", "throne", "behance",
        "gdrive", "friendica", "simplex", "xbox", "threads",
    ]
}
