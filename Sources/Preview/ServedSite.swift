import Companions
import Foundation
import OutputFolder
import SiteBasics
import SiteGen
import WebServer

/// A build as `sitegen serve` serves it: generated pages from memory, every other file from its place
/// under `content/`, so nothing is written anywhere and a failed rebuild cannot disturb what is served.
struct ServedSite: Sendable {
    /// Output path -> bytes, for files the build generated; its pages carry the reload script (`PageInjection.servePreview`).
    var generated: [String: Data] = [:]
    /// Output path -> source path, for files the build copies.
    var copied: [String: String] = [:]
    /// Copied files are served only while the site's boundary still lets the build read them (nil: none are).
    var boundary: SiteBoundary?
    /// What the boundary's recheck reads: the build's file system.
    var fileSystem: any FileReading

    init(files: [OutputFile], boundary: SiteBoundary?, fileSystem: any FileReading = LocalFileSystem()) {
        self.boundary = boundary
        self.fileSystem = fileSystem
        for file in files {
            switch file.contents {
            case .data(let data): generated[file.path] = data
            case .copy(let source): copied[file.path] = source
            }
        }
    }

    func contains(_ path: String) -> Bool { generated[path] != nil || copied[path] != nil }

    func response(to request: HTTPRequest) -> HTTPResponse {
        let path: RequestPath
        switch RequestPath.parse(request.path) {
        case .success(let parsed): path = parsed
        case .failure(.malformed): return .text(400, "Bad Request: the path is not valid percent-encoded UTF-8")
        case .failure(.forbidden): return .text(403, "Forbidden: the path leads out of the site")
        }
        let relative = path.relativePath
        if path.isFolder { return file(joinPath(relative, "index.html")) ?? notFound(request) }
        if let response = file(relative) { return response }
        // A folder named without its slash: relative links inside its index.html need the slash.
        // Built from the decoded path, never the request's text: `//ada.dev` names the folder ada.dev here, and the
        // answer must say `/ada.dev/`, not `//ada.dev/`, which a browser reads as another host.
        if contains(joinPath(relative, "index.html")) {
            return .redirect(to: RequestPath(segments: path.segments, isFolder: true).location + request.queryString)
        }
        return notFound(request)
    }

    private func file(_ path: String, status: Int = 200) -> HTTPResponse? {
        let type = MediaType.forPath(path)
        if let data = generated[path] {
            // The identity files and SVG files (`qr.svg`) are served as hosts serve them by `_headers`.
            let headers = (IdentityFiles.headers[path] ?? [("Content-Type", type)]) + SVGServingPolicy.headers(for: path)
            return HTTPResponse(status: status, headers: headers, body: .bytes(data))
        }
        guard let source = copied[path], let boundary else { return nil }
        // Read again at each request: a file may have become a link (out of the site, to .git) since the build.
        let real: String
        switch boundary.recheck(source, fileSystem: fileSystem) {
        case .file(let realPath): real = realPath
        case .missing: return nil
        case .refused(let reason): return .text(403, "Forbidden: \(source): \(reason)")
        }
        // Byte for byte, HTML too: live reload covers the pages sitegen renders, whose policies allow its script.
        return HTTPResponse(status: status, headers: [("Content-Type", type)] + SVGServingPolicy.headers(for: path), body: .file(path: real))
    }

    /// The site's own `404.html` when it has one, as most hosts do; otherwise a short page of the server's own, which
    /// carries the reload script (it has no policy to allow it).
    private func notFound(_ request: HTTPRequest) -> HTTPResponse {
        if let page = file("404.html", status: 404) { return page }
        let html = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>Not found</title></head>
            <body><h1>Not found</h1><p>Nothing in the site is at <code>\(HTML.escape(request.path))</code>. <a href="/">Home</a></p>
            \(String(decoding: LiveReload.scriptElement, as: UTF8.self))</body></html>

            """
        return HTTPResponse(status: 404, headers: [("Content-Type", "text/html; charset=utf-8")], body: .bytes(Data(html.utf8)))
    }
}
