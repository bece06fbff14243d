import CCmark
import CYAML
import LinkChain
import Mustache
public enum SiteGenPlaceholder { public static let runtime = PackageResources.runtime_js }
