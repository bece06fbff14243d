import Foundation
import SiteBasics
import SiteGen

/// `sitegen new --ci HOST`: the files that publish the site from a push, each host's own, all running the one
/// script `build-site.sh` that builds the site with a pinned sitegen (and that the tests run here).
enum DeployRecipe: String, CaseIterable, Sendable {
    case github, netlify, cloudflare

    /// The script every recipe runs, in the site's folder.
    static let buildScript = "build-site.sh"

    /// Where sitegen's source is published, for the recipes to build it from. Not known in this checkout: the
    /// script refuses the placeholder with a sentence saying where to name it, until a release sets it here.
    static let sitegenRepository = "https://github.com/OWNER/sitegen.git"
    /// The release the recipes pin: the tag of the sitegen that writes them.
    static let sitegenRef = "v" + SiteGenVersion.current

    /// The hosts as a message lists them: "github, netlify or cloudflare".
    static var names: String {
        let names = allCases.map(\.rawValue)
        return names.dropLast().joined(separator: ", ") + " or " + names.last!
    }

    /// What `new` says of the files once written: what they do and the step left to do on the host.
    var advice: String {
        switch self {
        case .github:
            return "build-site.sh and .github/workflows/pages.yml publish it on every push to main once GitHub Pages' source is GitHub Actions (Settings -> Pages)."
        case .netlify:
            return "build-site.sh, netlify.toml and .github/workflows/netlify.yml publish it on Netlify on every push to main once the repository has the secrets NETLIFY_AUTH_TOKEN and NETLIFY_SITE_ID."
        case .cloudflare:
            return "build-site.sh and .github/workflows/cloudflare-pages.yml publish it on Cloudflare Pages on every push to main once the repository has the secrets CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID and the variable CLOUDFLARE_PROJECT_NAME."
        }
    }

    /// Path in the new site -> contents, the script included.
    var files: [(path: String, bytes: [UInt8])] {
        let hostFiles: [(String, [UInt8])]
        switch self {
        case .github: hostFiles = [(".github/workflows/pages.yml", PackageResources.new_site_github_pages_yml)]
        case .netlify: hostFiles = [("netlify.toml", PackageResources.new_site_netlify_toml),
                                    (".github/workflows/netlify.yml", PackageResources.new_site_netlify_yml)]
        case .cloudflare: hostFiles = [(".github/workflows/cloudflare-pages.yml", PackageResources.new_site_cloudflare_yml)]
        }
        return ([(Self.buildScript, PackageResources.new_site_build_site_sh)] + hostFiles).map { ($0.0, Self.pinned($0.1)) }
    }

    /// The text with the pinned source and release in place of its markers.
    static func pinned(_ bytes: [UInt8]) -> [UInt8] {
        let text = String(decoding: bytes, as: UTF8.self)
            .replacingOccurrences(of: "@SITEGEN_REPOSITORY@", with: sitegenRepository)
            .replacingOccurrences(of: "@SITEGEN_REF@", with: sitegenRef)
        return Array(text.utf8)
    }
}
