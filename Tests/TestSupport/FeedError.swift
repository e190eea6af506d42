/// A feed that is not well-formed XML.
struct FeedError: Error, CustomStringConvertible {
    let description: String
}
