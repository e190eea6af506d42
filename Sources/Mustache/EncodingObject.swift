/// An object being encoded; shared by reference with the containers that fill it.
final class EncodingObject {
    var members: [String: EncodingNode] = [:]
}
