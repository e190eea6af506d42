/// One avatar to download: whose it is and where it is served.
package struct AvatarDownload: Sendable, Equatable {
    package var characterID: Int
    package var url: String

    package init(characterID: Int, url: String) {
        self.characterID = characterID
        self.url = url
    }
}
