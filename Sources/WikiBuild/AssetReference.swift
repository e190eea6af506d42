// The WikiBuild module: the build pipeline (`SiteBuild`): theme, content, data, the no-change check, pictures,
// rendering and publishing.

import Primitives
import WikiModel

/// A shared file the pages link to (`{{site.root}}assets/site.css` in a template, or the picture the model
/// shows for characters without an avatar). A link to a file the site does not contain is a build error
/// naming the reference, not hundreds of broken pages: an empty or wrong `--public` fails at once.
struct AssetReference: Sendable, Equatable {
    /// Where it is written, e.g. `Templates/layout.mustache:25:31`, or what uses it.
    let origin: String
    /// Relative to the site root, e.g. `assets/site.css`.
    let path: String

    static let marker = "{{site.root}}"

    /// Every `{{site.root}}PATH` in the templates, with its file, line and column (in characters).
    static func scan(templates: [String: [UInt8]], folder: String) -> [AssetReference] {
        var references: [AssetReference] = []
        let marker = Array(Self.marker.utf8)
        let ends = Array("\"' )#?{<>\n".utf8)
        for (name, source) in templates.sorted(by: { $0.key < $1.key }) {
            var line = 1
            var lineStart = 0
            var counted = 0
            for found in source.occurrences(of: marker) {
                for index in counted..<found where source[index] == UInt8(ascii: "\n") {
                    line += 1
                    lineStart = index + 1
                }
                counted = found
                let path = source[(found + marker.count)...].prefix { !ends.contains($0) }
                guard !path.isEmpty else { continue }
                let column = String(decoding: source[lineStart..<found], as: UTF8.self).count + 1
                references.append(AssetReference(origin: "\(folder)/\(name).mustache:\(line):\(column)",
                                                 path: String(decoding: path, as: UTF8.self)))
            }
        }
        return references
    }

    static let placeholderAvatar = AssetReference(
        origin: "the picture of characters without an avatar", path: SiteModel.placeholderAvatarPath)

    /// Throws for the first reference whose file the site does not contain (`contains` says whether it does).
    static func check(_ references: [AssetReference], publicFolder: String, contains: (String) -> Bool) throws {
        guard let missing = references.first(where: { !contains($0.path) }) else { return }
        throw WikiBuildError.template(
            "\(missing.origin): links to \(missing.path), which is neither in \(publicFolder) nor made by the build "
                + "— add the file there, point --public at the folder that has it, or fix the link")
    }
}
