import SiteGen

/// The script `sitegen serve` puts in the head of every page it renders, right after the page's policy and
/// before the runtime: `?simulate=instagram-ios` makes the page behave as in that browser, `?debug` shows what
/// the runtime tells (Resources/preview.js). Built pages never carry it, so they honour neither parameter.
enum ServePreview {
    static let script = InlineScript(body: "\n" + String(decoding: PackageResources.preview_js, as: UTF8.self))
    static var scriptBody: String { script.body }
    static var scriptElement: [UInt8] { script.element }
    static var scriptHash: String { script.hash }
}

extension PageInjection {
    /// What every page `sitegen serve` renders carries: the preview script in the head, the reload script before
    /// `</body>` (which listens to the server's event stream).
    public static let servePreview = PageInjection(headScript: ServePreview.script, bodyEndScript: LiveReload.script,
                                                   connectsToOwnServer: true)
}
