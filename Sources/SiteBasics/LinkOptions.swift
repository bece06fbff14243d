/// How a page's links behave, as its front matter chooses them: SiteSource reads them, the markup writes them. Here
/// so that neither room needs the other.

/// How a page keeps email addresses from harvesters. Either way a visitor without JavaScript can still use or
/// read the address.
public enum EmailProtection: String, Sendable, CaseIterable {
    /// Every character of the address as an HTML character reference: browsers read it, plain-text scrapers do not.
    case entities
    /// The address appears only sealed (reversed and base64-encoded) and is assembled at tap time; without
    /// JavaScript a written-out form ("ann (at) example.org") is shown beside the link.
    case sealed
}

/// What a tap on iOS does while nothing is learned about the visitor's apps (`first_tap` in front matter).
public enum FirstTap: String, Sendable, CaseIterable {
    /// Launch the chain's next untried app (one alert at most if it is missing), then the link.
    case `try`
    /// Open the chooser, "Open in browser" first: no alert at all, one more tap.
    case ask
}
