import LinkChain

/// Where a page may send its counts: an https URL, or an http one on this machine so tests need no certificate
/// (`HTTPSAddress`). The page gets the endpoint's origin in its `connect-src`, and sitegen adds the query.
enum AnalyticsEndpoint {
    struct Problem: Error { let message: String }

    static func check(_ text: String) -> Result<FrontMatter.Analytics, Problem> {
        switch HTTPSAddress.parse(text) {
        case .failure(let problem):
            return .failure(Problem(message: problem.reason))
        case .success(let address):
            guard !address.url.contains("?"), !address.url.contains("#") else {
                return .failure(Problem(message: "\(LinkChainError.quoted(text)) has a query or fragment: sitegen adds the query (?p=click/SERVICE/OUTCOME&e=true)"))
            }
            return .success(FrontMatter.Analytics(endpoint: address.url, origin: address.origin))
        }
    }
}
