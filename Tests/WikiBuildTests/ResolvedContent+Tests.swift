@testable import WikiModel

extension ResolvedContent {
    /// Every page the texts link to, text by text in key and language order, each in the order written.
    var linkTargets: [Target] {
        texts.sorted { $0.key < $1.key }.flatMap { _, languages in
            languages.sorted { $0.key < $1.key }.flatMap { _, text in
                text.links.sorted { $0.key.index < $1.key.index }.map(\.value.target)
            }
        }
    }
}
