/// The script `sitegen serve` puts in the head of every page it renders, right after the page's policy and
/// before the runtime: `?simulate=instagram-ios` makes the page behave as in that browser, `?debug` shows what
/// the runtime tells (Resources/preview.js). Built pages never carry it, so they honour neither parameter.
enum ServePreview {
    static let scriptBody = "\n" + String(decoding: PackageResources.preview_js, as: UTF8.self)
    static let scriptElement = Array("<script>\(scriptBody)</script>\n".utf8)
    static let scriptHash = SecurityPolicy.sha256Base64(scriptBody)
}
