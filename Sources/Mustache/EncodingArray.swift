/// An array being encoded; shared by reference with the containers that fill it.
final class EncodingArray {
    var items: [EncodingNode] = []
}
