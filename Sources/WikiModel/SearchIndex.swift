/// The compact index the search page's script loads: each vocabulary once, each character as one row
/// `[id, name, status index, gender index, species index, image path]`; the page link follows from the id.
public struct SearchIndex: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public let id: Int
        public let name: String
        public let status: Int
        public let gender: Int
        public let species: Int
        public let image: String
    }

    public let statuses: [Badge]
    public let genders: [Badge]
    public let species: [String]
    public let entries: [Entry]
}
