// Walking a chain from a SwiftUI app: the only Apple-only code in LinkChain, compiled only where
// SwiftUI exists (it compiles away on Linux).
#if canImport(SwiftUI)
import Foundation
import SwiftUI

@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
extension OpenURLAction {
    /// Opens the chain's URLs for `platform` in order (`Chain.attempts(for:)`): each app URL until one is
    /// accepted, finally the fallback. `completion` gets the URL that opened, or nil if none did.
    ///
    /// SwiftUI reports whether a URL was opened, so no `LSApplicationQueriesSchemes` entry is needed.
    @MainActor
    public func callAsFunction(_ chain: Chain, on platform: Platform = .ios,
                               completion: @escaping @MainActor (URL?) -> Void = { _ in }) {
        let urls = chain.attempts(for: platform).compactMap { URL(string: $0) }
        attempt(urls[...], completion: completion)
    }

    @MainActor
    private func attempt(_ urls: ArraySlice<URL>, completion: @escaping @MainActor (URL?) -> Void) {
        guard let url = urls.first else { return completion(nil) }
        self(url) { accepted in
            if accepted { completion(url) } else { attempt(urls.dropFirst(), completion: completion) }
        }
    }
}
#endif
