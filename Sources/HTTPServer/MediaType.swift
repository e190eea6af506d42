/// `Content-Type` values by file extension.
enum MediaType {
    static func forExtension(_ fileExtension: String) -> String {
        switch fileExtension.lowercased() {
        case "html", "htm": "text/html; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "js", "mjs": "text/javascript; charset=utf-8"
        case "json": "application/json"
        case "xml": "application/xml"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "gif": "image/gif"
        case "webp": "image/webp"
        case "ico": "image/x-icon"
        case "txt": "text/plain; charset=utf-8"
        case "webmanifest": "application/manifest+json"
        case "woff2": "font/woff2"
        default: "application/octet-stream"
        }
    }
}
