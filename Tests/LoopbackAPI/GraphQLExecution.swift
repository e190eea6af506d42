import RickAndMortyAPI

/// Runs one parsed query over the loopback API's records, resolving as the public service does (see the
/// shared data's README): ids as strings, `info.next`/`prev` as page numbers, nested whole records, the
/// "unknown" place with a null id, unknown ids left out of `…ByIds`, a missing record null. Anything outside
/// the schema is a `GraphQLFailure`, and then no data is answered at all.
struct GraphQLExecution: Sendable {
    typealias Path = [GraphQLFailure.PathElement]

    /// What a field is resolved on.
    enum Node: Sendable {
        case query
        case character(CharacterRecord)
        case location(LocationRecord)
        /// The stand-in for a place REST names without a URL ("unknown").
        case unknownPlace(name: String)
        case episode(EpisodeRecord)
        case page(ResourceKind, number: Int, ids: [Int], count: Int, pages: Int)
        case info(count: Int, pages: Int, next: Int?, prev: Int?)

        var recordID: Int? {
            switch self {
            case .character(let record): record.id
            case .location(let record): record.id
            case .episode(let record): record.id
            case .query, .unknownPlace, .page, .info: nil
            }
        }
    }

    let characters: [Int: CharacterRecord]
    let locations: [Int: LocationRecord]
    let episodes: [Int: EpisodeRecord]
    let rewrite: URLRewriter
    let pageSize: Int
    /// Most ids one `…ByIds` field takes; nil for any number.
    let batchLimit: Int?
    /// How many records `info.count` leaves out (a test of a broken API).
    let countShortfall: Int
    /// Where records' answers are kept between requests, with the version of the data they are made from.
    let cache: (GraphQLFragmentCache, GraphQLFragmentCache.Version)?
    private var variables: [String: GraphQLInput] = [:]
    private var definitions: [String: GraphQLVariableDefinition] = [:]
    private var writer = GraphQLJSONWriter()
    /// Where the field being resolved answers, for errors: kept as one stack, not a copy per field.
    private var path: Path = []

    init(
        characters: [Int: CharacterRecord], locations: [Int: LocationRecord], episodes: [Int: EpisodeRecord],
        rewrite: URLRewriter, pageSize: Int, batchLimit: Int?, countShortfall: Int = 0,
        cache: (GraphQLFragmentCache, GraphQLFragmentCache.Version)? = nil
    ) {
        self.characters = characters
        self.locations = locations
        self.episodes = episodes
        self.rewrite = rewrite
        self.pageSize = max(1, pageSize)
        self.batchLimit = batchLimit
        self.countShortfall = countShortfall
        self.cache = cache
    }

    /// `{"data": …}` for the operation.
    mutating func run(
        _ operation: GraphQLOperation, variables: [String: GraphQLInput]
    ) throws(GraphQLFailure) -> [UInt8] {
        self.variables = variables
        definitions = [:]
        for definition in operation.variables {
            guard definitions.updateValue(definition, forKey: definition.name) == nil else {
                throw GraphQLFailure(#"There can be only one variable named "$\#(definition.name)"."#)
            }
            let given = variables[definition.name] ?? definition.defaultValue ?? .null
            if definition.type.hasSuffix("!"), given == .null {
                throw GraphQLFailure(
                    #"Variable "$\#(definition.name)" of required type "\#(definition.type)" was not provided."#,
                    code: "BAD_USER_INPUT")
            }
        }
        writer = GraphQLJSONWriter()
        writer.raw(#"{"data":"#)
        path = []
        try object(try Self.merged(operation.selections), of: .query)
        writer.raw("}")
        return writer.bytes
    }

    // MARK: Selections

    private mutating func object(_ fields: [GraphQLField], of node: Node) throws(GraphQLFailure) {
        writer.raw("{")
        for (index, field) in fields.enumerated() {
            if index > 0 { writer.raw(",") }
            writer.string(field.responseKey)
            writer.raw(":")
            path.append(.key(field.responseKey))
            try resolve(field, on: node)
            path.removeLast()
        }
        writer.raw("}")
    }

    /// The same field asked twice answers once; two different fields under one key cannot. Done once per
    /// query rather than once per record.
    static func merged(_ fields: [GraphQLField], path: Path = []) throws(GraphQLFailure) -> [GraphQLField] {
        var merged: [GraphQLField] = []
        var seen: [String: GraphQLField] = [:]
        for var field in fields {
            if let earlier = seen[field.responseKey] {
                guard earlier == field else {
                    throw GraphQLFailure(
                        #"Fields "\#(field.responseKey)" conflict because they differ; use different aliases."#,
                        path: path + [.key(field.responseKey)])
                }
                continue
            }
            seen[field.responseKey] = field
            if let selections = field.selections {
                field.selections = try Self.merged(selections, path: path + [.key(field.responseKey)])
            }
            merged.append(field)
        }
        return merged
    }

    private mutating func resolve(_ field: GraphQLField, on node: Node) throws(GraphQLFailure) {
        switch node {
        case .query: try resolveQuery(field)
        case .character(let record): try resolveCharacter(field, record)
        case .location(let record): try resolveLocation(field, record)
        case .unknownPlace(let name): try resolveUnknownPlace(field, name: name)
        case .episode(let record): try resolveEpisode(field, record)
        case let .page(kind, number, ids, count, pages): try resolvePage(field, kind, number, ids, count, pages)
        case let .info(count, pages, next, prev): try resolveInfo(field, count, pages, next, prev)
        }
    }

    private mutating func resolveQuery(_ field: GraphQLField) throws(GraphQLFailure) {
        if field.name == "__typename" { return try leaf(field, "String") { $0.string("Query") } }
        for kind in ResourceKind.allCases {
            let type = Self.typeName(kind)
            switch field.name {
            case kind.rawValue:
                let arguments = try self.arguments(of: field, allowed: ["id"], on: "Query")
                guard let id = arguments["id"], id != .null else {
                    throw GraphQLFailure(#"Field "\#(field.name)" argument "id" of type "ID!" is required, but it was not provided."#, path: path)
                }
                return try objectField(field, type, node: try self.id(id).flatMap { record(kind, $0) })
            case kind.rawValue + "s":
                let arguments = try self.arguments(of: field, allowed: ["page", "filter"], on: "Query")
                if let filter = arguments["filter"], filter != .null {
                    throw GraphQLFailure("filter is not supported by the loopback API.", path: path)
                }
                let number = try page(arguments["page"])
                return try objectField(field, type + "s", node: pageNode(kind, number: number))
            case kind.rawValue + "sByIds":
                let arguments = try self.arguments(of: field, allowed: ["ids"], on: "Query")
                guard let given = arguments["ids"], given != .null else {
                    throw GraphQLFailure(#"Field "\#(field.name)" argument "ids" of type "[ID!]!" is required, but it was not provided."#, path: path)
                }
                let items = if case .list(let items) = given { items } else { [given] }
                if let batchLimit, items.count > batchLimit {
                    throw GraphQLFailure(
                        "Too many ids for \(field.name): \(items.count) asked, at most \(batchLimit) per request.",
                        path: path, code: "BATCH_TOO_LARGE")
                }
                var nodes: [Node] = []
                for item in items {
                    if let id = try self.id(item), let node = record(kind, id) { nodes.append(node) }
                }
                return try list(field, type, nodes, cached: true)
            default:
                continue
            }
        }
        throw Self.unknownField(field, on: "Query", path: path)
    }

    private mutating func resolveCharacter(_ field: GraphQLField, _ record: CharacterRecord) throws(GraphQLFailure) {
        switch field.name {
        case "id": try leaf(field, "ID") { $0.string(String(record.id)) }
        case "name": try leaf(field, "String") { $0.string(record.name) }
        case "status": try leaf(field, "String") { $0.string(record.status) }
        case "species": try leaf(field, "String") { $0.string(record.species) }
        case "type": try leaf(field, "String") { $0.string(record.type) }
        case "gender": try leaf(field, "String") { $0.string(record.gender) }
        case "image": try leaf(field, "String") { [rewrite] in $0.string(rewrite(record.image)) }
        case "created": try leaf(field, "String") { $0.string(record.created) }
        case "origin": try objectField(field, "Location", node: place(record.origin))
        case "location": try objectField(field, "Location", node: place(record.location))
        case "episode": try list(field, "Episode", linked(record.episode, .episode))
        case "__typename": try leaf(field, "String") { $0.string("Character") }
        default: throw Self.unknownField(field, on: "Character", path: path)
        }
    }

    private mutating func resolveLocation(_ field: GraphQLField, _ record: LocationRecord) throws(GraphQLFailure) {
        switch field.name {
        case "id": try leaf(field, "ID") { $0.string(String(record.id)) }
        case "name": try leaf(field, "String") { $0.string(record.name) }
        case "type": try leaf(field, "String") { $0.string(record.type) }
        case "dimension": try leaf(field, "String") { $0.string(record.dimension) }
        case "created": try leaf(field, "String") { $0.string(record.created) }
        case "residents": try list(field, "Character", linked(record.residents, .character))
        case "__typename": try leaf(field, "String") { $0.string("Location") }
        default: throw Self.unknownField(field, on: "Location", path: path)
        }
    }

    private mutating func resolveUnknownPlace(_ field: GraphQLField, name: String) throws(GraphQLFailure) {
        switch field.name {
        case "name": try leaf(field, "String") { $0.string(name) }
        case "id": try leaf(field, "ID") { $0.null() }
        case "type", "dimension", "created": try leaf(field, "String") { $0.null() }
        case "residents": try list(field, "Character", [])
        case "__typename": try leaf(field, "String") { $0.string("Location") }
        default: throw Self.unknownField(field, on: "Location", path: path)
        }
    }

    private mutating func resolveEpisode(_ field: GraphQLField, _ record: EpisodeRecord) throws(GraphQLFailure) {
        switch field.name {
        case "id": try leaf(field, "ID") { $0.string(String(record.id)) }
        case "name": try leaf(field, "String") { $0.string(record.name) }
        case "air_date": try leaf(field, "String") { $0.string(record.airDate) }
        case "episode": try leaf(field, "String") { $0.string(record.episode) }
        case "created": try leaf(field, "String") { $0.string(record.created) }
        case "characters": try list(field, "Character", linked(record.characters, .character))
        case "__typename": try leaf(field, "String") { $0.string("Episode") }
        default: throw Self.unknownField(field, on: "Episode", path: path)
        }
    }

    private mutating func resolvePage(
        _ field: GraphQLField, _ kind: ResourceKind, _ number: Int, _ ids: [Int], _ count: Int, _ pages: Int
    ) throws(GraphQLFailure) {
        switch field.name {
        case "info":
            let info = Node.info(
                count: count, pages: pages, next: number < pages ? number + 1 : nil, prev: number > 1 ? number - 1 : nil)
            try objectField(field, "Info", node: info)
        case "results": try list(field, Self.typeName(kind), ids.compactMap { record(kind, $0) }, cached: true)
        case "__typename": try leaf(field, "String") { $0.string(Self.typeName(kind) + "s") }
        default: throw Self.unknownField(field, on: Self.typeName(kind) + "s", path: path)
        }
    }

    private mutating func resolveInfo(
        _ field: GraphQLField, _ count: Int, _ pages: Int, _ next: Int?, _ prev: Int?
    ) throws(GraphQLFailure) {
        func number(_ value: Int?) -> (inout GraphQLJSONWriter) -> Void {
            { writer in if let value { writer.int(value) } else { writer.null() } }
        }
        switch field.name {
        case "count": try leaf(field, "Int", write: number(count))
        case "pages": try leaf(field, "Int", write: number(pages))
        case "next": try leaf(field, "Int", write: number(next))
        case "prev": try leaf(field, "Int", write: number(prev))
        case "__typename": try leaf(field, "String") { $0.string("Info") }
        default: throw Self.unknownField(field, on: "Info", path: path)
        }
    }

    // MARK: Field shapes

    private mutating func leaf(
        _ field: GraphQLField, _ type: String, write: (inout GraphQLJSONWriter) -> Void
    ) throws(GraphQLFailure) {
        guard field.selections == nil else {
            throw GraphQLFailure(
                #"Field "\#(field.name)" must not have a selection since type "\#(type)" has no subfields."#, path: path)
        }
        if let argument = field.arguments.first {
            throw GraphQLFailure(#"Unknown argument "\#(argument.name)" on field "\#(field.name)"."#, path: path)
        }
        write(&writer)
    }

    private mutating func objectField(_ field: GraphQLField, _ type: String, node: Node?) throws(GraphQLFailure) {
        let selections = try self.selections(of: field, type)
        if let node {
            try object(selections, of: node)
        } else {
            writer.null()
        }
    }

    /// `cached`: the records of a top-level list, whose answers the cache keeps (nested ones are small, and
    /// part of their parent's answer).
    private mutating func list(
        _ field: GraphQLField, _ type: String, _ nodes: [Node], cached: Bool = false
    ) throws(GraphQLFailure) {
        let selections = try self.selections(of: field, type)
        let key = "\(type) \(selections)"
        let known = cached ? cache.map { $0.0.fragments(key, at: $0.1) } ?? [:] : [:]
        var fresh: [Int: [UInt8]] = [:]
        writer.raw("[")
        for (index, node) in nodes.enumerated() {
            if index > 0 { writer.raw(",") }
            if let id = node.recordID, let bytes = known[id] {
                writer.append(bytes)
                continue
            }
            let start = writer.bytes.count
            path.append(.index(index))
            try object(selections, of: node)
            path.removeLast()
            if cached, let id = node.recordID { fresh[id] = Array(writer.bytes[start...]) }
        }
        writer.raw("]")
        if let (cache, version) = cache { cache.store(fresh, key, at: version) }
    }

    private func selections(of field: GraphQLField, _ type: String) throws(GraphQLFailure) -> [GraphQLField] {
        guard let selections = field.selections else {
            throw GraphQLFailure(
                #"Field "\#(field.name)" of type "\#(type)" must have a selection of subfields. Did you mean "\#(field.name) { ... }"?"#,
                path: path)
        }
        return selections
    }

    // MARK: Arguments

    /// The field's arguments with variables replaced by their values.
    private func arguments(
        of field: GraphQLField, allowed: Set<String>, on type: String
    ) throws(GraphQLFailure) -> [String: GraphQLInput] {
        var values: [String: GraphQLInput] = [:]
        for argument in field.arguments {
            guard allowed.contains(argument.name) else {
                throw GraphQLFailure(#"Unknown argument "\#(argument.name)" on field "\#(type).\#(field.name)"."#, path: path)
            }
            values[argument.name] = try substitute(argument.value)
        }
        return values
    }

    private func substitute(_ value: GraphQLInput) throws(GraphQLFailure) -> GraphQLInput {
        switch value {
        case .variable(let name):
            guard let definition = definitions[name] else {
                throw GraphQLFailure(#"Variable "$\#(name)" is not defined."#, path: path)
            }
            return variables[name] ?? definition.defaultValue ?? .null
        case .list(let items):
            var substituted: [GraphQLInput] = []
            for item in items { substituted.append(try substitute(item)) }
            return .list(substituted)
        default:
            return value
        }
    }

    /// An `ID` as a record id; nil for an id no record can have (it then resolves to nothing).
    private func id(_ value: GraphQLInput) throws(GraphQLFailure) -> Int? {
        switch value {
        case .int(let id): return id
        case .string(let text): return Int(text)
        default: throw GraphQLFailure("ID cannot represent value: \(value)", path: path, code: "BAD_USER_INPUT")
        }
    }

    private func page(_ value: GraphQLInput?) throws(GraphQLFailure) -> Int {
        switch value {
        case nil, .null?: return 1
        case .int(let number)?: return number
        case let other?: throw GraphQLFailure("Int cannot represent non-integer value: \(other)", path: path, code: "BAD_USER_INPUT")
        }
    }

    // MARK: Records

    private func record(_ kind: ResourceKind, _ id: Int) -> Node? {
        switch kind {
        case .character: characters[id].map(Node.character)
        case .location: locations[id].map(Node.location)
        case .episode: episodes[id].map(Node.episode)
        }
    }

    /// A list of record URLs as the records that exist (the service fetches them by id, which leaves out
    /// the unknown ones).
    private func linked(_ urls: [String], _ kind: ResourceKind) -> [Node] {
        urls.compactMap { Self.id(in: $0, kind: kind) }.compactMap { record(kind, $0) }
    }

    private func place(_ reference: NamedReference) -> Node? {
        if reference.name == "unknown" { return .unknownPlace(name: reference.name) }
        return Self.id(in: reference.url, kind: .location).flatMap { record(.location, $0) }
    }

    /// `RecordReference.id(in:kind:)` for the URLs the loopback API itself serves (`…/kind/N`, no trailing
    /// slash), read from the end without splitting: a large query follows thousands of them.
    static func id(in url: String, kind: ResourceKind) -> Int? {
        guard let slash = url.utf8.lastIndex(of: UInt8(ascii: "/")),
              let id = Int(url[url.utf8.index(after: slash)...]), id > 0,
              url[..<slash].hasSuffix("/" + kind.rawValue)
        else { return nil }
        return id
    }

    /// Page `number` of 20 (the page size), or nil past the end; page 1 of nothing is empty, not missing.
    private func pageNode(_ kind: ResourceKind, number: Int) -> Node? {
        let ids: [Int] = switch kind {
        case .character: characters.keys.sorted()
        case .location: locations.keys.sorted()
        case .episode: episodes.keys.sorted()
        }
        let pages = (ids.count + pageSize - 1) / pageSize
        guard number >= 1, number <= max(pages, 1) else { return nil }
        let slice = Array(ids[min((number - 1) * pageSize, ids.count)..<min(number * pageSize, ids.count)])
        let reported = max(0, ids.count - countShortfall)
        return .page(kind, number: number, ids: slice, count: reported, pages: (reported + pageSize - 1) / pageSize)
    }

    private static func typeName(_ kind: ResourceKind) -> String {
        switch kind {
        case .character: "Character"
        case .location: "Location"
        case .episode: "Episode"
        }
    }

    private static func unknownField(_ field: GraphQLField, on type: String, path: Path) -> GraphQLFailure {
        GraphQLFailure(#"Cannot query field "\#(field.name)" on type "\#(type)"."#, path: path)
    }
}
