import Foundation

/// Where a page may send its counts: an https URL, or an http one on loopback so tests need no certificate. The
/// page gets the endpoint's origin in its `connect-src`, so the URL must name exactly one origin.
enum AnalyticsEndpoint {
    struct Problem: Error { let message: String }

    static func check(_ text: String) -> Result<FrontMatter.Analytics, Problem> {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty,
              text.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else {
            return .failure(Problem(message: "is not a URL: expected one such as https://MYCODE.goatcounter.com/count"))
        }
        guard url.user == nil, url.password == nil else {
            return .failure(Problem(message: "holds a user name or password: the page would show it to every visitor"))
        }
        guard url.query == nil, url.fragment == nil, !text.contains("?"), !text.contains("#") else {
            return .failure(Problem(message: "has a query or fragment: sitegen adds the query (?p=click/SERVICE/OUTCOME&e=true)"))
        }
        let loopback = ["localhost", "127.0.0.1", "::1", "[::1]"].contains(host.lowercased()) || host.hasPrefix("127.")
        guard scheme == "https" || (scheme == "http" && loopback) else {
            return .failure(Problem(message: scheme == "http"
                ? "uses http: counts must go over https (http is allowed only on loopback, such as http://127.0.0.1:8000/count, for testing)"
                : "must be an https URL, such as https://MYCODE.goatcounter.com/count"))
        }
        let shownHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        let origin = "\(scheme)://\(shownHost.lowercased())" + (url.port.map { ":\($0)" } ?? "")
        return .success(FrontMatter.Analytics(endpoint: text, origin: origin))
    }
}
