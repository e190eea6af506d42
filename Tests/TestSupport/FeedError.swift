/// A feed that is not well-formed XML.
public struct FeedError: Error, CustomStringConvertible {
    public let description: String
}
