/// Points the data's absolute URLs at the server that serves them.
struct URLRewriter: Sendable {
    var source: String
    var target: String

    func callAsFunction(_ url: String) -> String {
        guard !source.isEmpty, url.hasPrefix(source) else { return url }
        return target + url.dropFirst(source.count)
    }
}
