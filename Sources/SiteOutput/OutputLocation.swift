import Foundation

/// The output folder split into the parts the publisher needs: staging and the lock live in
/// `parent`, named after `name`, so they share the output's filesystem.
struct OutputLocation {
    let path: String
    let parent: String
    let name: String

    init(_ url: URL) throws {
        let standardized = url.standardizedFileURL
        let path = standardized.path
        let name = standardized.lastPathComponent
        guard !name.isEmpty, name != "/", name != ".", name != ".." else {
            throw SiteOutputError.outputRefused(path: path, reason: "it is the root folder", forceable: false)
        }
        self.path = path
        self.name = name
        parent = standardized.deletingLastPathComponent().path
    }
}
