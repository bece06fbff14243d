/// sitegen's version: what `--version`, the man page, the page's generator tag, the publish commit and the online
/// check's User-Agent say, and what every incremental record is made with.
public enum SiteGenVersion {
    public static let current = "0.1.0"
}
