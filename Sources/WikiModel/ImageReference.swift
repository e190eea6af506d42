/// An `<img>`: every picture has alt text and intrinsic size (no layout shift) and loads lazily.
public struct ImageReference: Codable, Sendable, Equatable {
    public let src: String
    public let alt: String
    public let width: Int
    public let height: Int
}
