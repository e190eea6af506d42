/// Turns GraphQL's records into the REST records the snapshot holds: every value must be there, ids are
/// numbers, and the URLs GraphQL lacks are built from the ids the way REST writes them.
struct GraphQLRecordReader: Sendable {
    /// The REST base without trailing slashes.
    var base: String
    /// The query, for errors.
    var query: String

    // Paths are autoclosures: they are only written out for an error, and a fetch reads thousands of values.
    func value<Value>(_ value: Value?, _ path: @autoclosure () -> String) throws -> Value {
        guard let value else { throw GraphQLFetchError.unexpectedNull(query: query, path: path()) }
        return value
    }

    /// A wrong id came whole and would come again: not retried, as a fraction where REST has an id is not.
    func id(_ text: String?, _ path: @autoclosure () -> String) throws -> Int {
        let text = try value(text, path())
        guard let id = Int(text), id > 0 else {
            throw GraphQLFetchError.invalidValue(
                query: query, path: path(), problem: "expected a positive numeric id, found \"\(text.printable)\"")
        }
        return id
    }

    func url(_ kind: ResourceKind, _ id: Int) -> String {
        "\(base)/\(kind.rawValue)/\(id)"
    }

    /// A nested record list asked for as `{ id }`, as REST's list of URLs.
    func links(_ list: [GraphQLLink?]?, to kind: ResourceKind, _ path: @autoclosure () -> String) throws -> [String] {
        try value(list, path()).enumerated().map { index, link in
            let link = try value(link, "\(path())[\(index)]")
            return url(kind, try id(link.id, "\(path())[\(index)].id"))
        }
    }

    /// A character's origin or location. The service stands in for a place REST knows by name only
    /// ("unknown") with a record without id; REST gives it an empty URL, and so do we. A place whose record
    /// was deleted is null: GraphQL no longer knows its name, so it is "unknown" too, rather than a fetch that
    /// fails for good.
    func place(_ link: GraphQLLink?, _ path: @autoclosure () -> String) throws -> NamedReference {
        guard let link else { return NamedReference(name: "unknown", url: "") }
        let name = try value(link.name, "\(path()).name")
        guard let idText = link.id else { return NamedReference(name: name, url: "") }
        return NamedReference(name: name, url: url(.location, try id(idText, "\(path()).id")))
    }
}

/// A record as GraphQL answers it, and the REST record it stands for.
protocol GraphQLShape: Decodable, Sendable {
    associatedtype Record: Identifiable, Sendable where Record.ID == Int
    static var kind: ResourceKind { get }
    func record(_ reader: GraphQLRecordReader, at path: String) throws -> Record
}

extension GraphQLCharacter: GraphQLShape {
    static var kind: ResourceKind { .character }

    func record(_ reader: GraphQLRecordReader, at path: String) throws -> CharacterRecord {
        let id = try reader.id(id, "\(path).id")
        return CharacterRecord(
            id: id,
            name: try reader.value(name, "\(path).name"),
            status: try reader.value(status, "\(path).status"),
            species: try reader.value(species, "\(path).species"),
            type: try reader.value(type, "\(path).type"),
            gender: try reader.value(gender, "\(path).gender"),
            origin: try reader.place(origin, "\(path).origin"),
            location: try reader.place(location, "\(path).location"),
            image: try reader.value(image, "\(path).image"),
            episode: try reader.links(episode, to: .episode, "\(path).episode"),
            url: reader.url(.character, id),
            created: try reader.value(created, "\(path).created"))
    }
}

extension GraphQLLocation: GraphQLShape {
    static var kind: ResourceKind { .location }

    func record(_ reader: GraphQLRecordReader, at path: String) throws -> LocationRecord {
        let id = try reader.id(id, "\(path).id")
        return LocationRecord(
            id: id,
            name: try reader.value(name, "\(path).name"),
            type: try reader.value(type, "\(path).type"),
            dimension: try reader.value(dimension, "\(path).dimension"),
            residents: try reader.links(residents, to: .character, "\(path).residents"),
            url: reader.url(.location, id),
            created: try reader.value(created, "\(path).created"))
    }
}

extension GraphQLEpisode: GraphQLShape {
    static var kind: ResourceKind { .episode }

    func record(_ reader: GraphQLRecordReader, at path: String) throws -> EpisodeRecord {
        let id = try reader.id(id, "\(path).id")
        return EpisodeRecord(
            id: id,
            name: try reader.value(name, "\(path).name"),
            airDate: try reader.value(airDate, "\(path).air_date"),
            episode: try reader.value(episode, "\(path).episode"),
            characters: try reader.links(characters, to: .character, "\(path).characters"),
            url: reader.url(.episode, id),
            created: try reader.value(created, "\(path).created"))
    }
}
