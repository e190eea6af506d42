/// A value under construction while encoding: containers hand out references to their parts so
/// nested containers can keep filling them after they were handed out.
enum EncodingNode {
    case value(MustacheValue)
    case object(EncodingObject)
    case array(EncodingArray)

    var finished: MustacheValue {
        switch self {
        case .value(let value): return value
        case .object(let object): return .object(object.members.mapValues(\.finished))
        case .array(let array): return .array(array.items.map(\.finished))
        }
    }
}
