/// One avatar to download: whose it is and where it is served.
public struct AvatarDownload: Sendable, Equatable {
    public var characterID: Int
    public var url: String

    public init(characterID: Int, url: String) {
        self.characterID = characterID
        self.url = url
    }
}
