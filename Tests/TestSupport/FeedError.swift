/// A feed that is not well-formed XML.
package struct FeedError: Error, CustomStringConvertible {
    package let description: String
}
