import Foundation
import HTTPServer
import RickAndMortyAPI

/// Everything the loopback API knows and has seen: the records and pictures it serves, its fault plan, and its
/// counters. One actor, so a request sees one consistent state even while a test changes records.
actor LoopbackStore {
    var characters: RecordTable<CharacterRecord>
    var locations: RecordTable<LocationRecord>
    var episodes: RecordTable<EpisodeRecord>
    var rewrite: URLRewriter
    let pageSize: Int
    let latency: Duration
    let graphQLBatchLimit: Int?
    let countShortfall: Int
    let graphQLCache = GraphQLFragmentCache()
    /// Where pictures not given in memory are read from, as `N.jpeg`.
    let avatarFolder: URL?
    var avatars: [Int: LoopbackAvatar]
    var avatarBodies: [Int: ServedBody] = [:]
    var avatarsModified: Date
    var baseURL: URL?

    var counters = LoopbackCounters()
    var log: [LoopbackRequestRecord] = []
    var inFlight = 0
    var faults: [LoopbackFaultRule]
    var requestsSinceFaultPlan = 0
    var rateLimit: LoopbackRateLimit?
    /// When the requests the rate limit let through in its window arrived, oldest first.
    var letThrough: [ContinuousClock.Instant] = []

    init(snapshot: Snapshot, avatarFolder: URL?, avatars: [Int: LoopbackAvatar], options: LoopbackAPIOptions) {
        let date = options.lastModified.rounded()
        characters = RecordTable(snapshot.characters, lastModified: date)
        locations = RecordTable(snapshot.locations, lastModified: date)
        episodes = RecordTable(snapshot.episodes, lastModified: date)
        rewrite = URLRewriter(source: options.sourceBaseURL, target: options.sourceBaseURL)
        pageSize = options.pageSize
        latency = options.latency
        graphQLBatchLimit = options.graphQLBatchLimit
        countShortfall = options.countShortfall
        self.avatarFolder = avatarFolder
        self.avatars = avatars
        avatarsModified = date
        faults = options.faults
        rateLimit = options.rateLimit
    }

    func setBaseURL(_ url: URL) {
        baseURL = url
        rewrite.target = url.absoluteString
        characters.invalidate()
        locations.invalidate()
        episodes.invalidate()
    }

    func servedSnapshot() -> Snapshot {
        Snapshot(
            characters: characters.servedRecords(rewrite: rewrite),
            locations: locations.servedRecords(rewrite: rewrite),
            episodes: episodes.servedRecords(rewrite: rewrite))
    }

    // MARK: Changes at run time

    func upsert(_ record: CharacterRecord) { characters.upsert(record, at: Date()) }
    func upsert(_ record: LocationRecord) { locations.upsert(record, at: Date()) }
    func upsert(_ record: EpisodeRecord) { episodes.upsert(record, at: Date()) }

    func updateCharacter(_ id: Int, _ change: @Sendable (inout CharacterRecord) -> Void) throws {
        guard var record = characters.served(id, rewrite: rewrite) else {
            throw LoopbackAPIError.noSuchRecord(kind: "character", id: id)
        }
        change(&record)
        characters.upsert(record, at: Date())
    }

    func updateLocation(_ id: Int, _ change: @Sendable (inout LocationRecord) -> Void) throws {
        guard var record = locations.served(id, rewrite: rewrite) else {
            throw LoopbackAPIError.noSuchRecord(kind: "location", id: id)
        }
        change(&record)
        locations.upsert(record, at: Date())
    }

    func updateEpisode(_ id: Int, _ change: @Sendable (inout EpisodeRecord) -> Void) throws {
        guard var record = episodes.served(id, rewrite: rewrite) else {
            throw LoopbackAPIError.noSuchRecord(kind: "episode", id: id)
        }
        change(&record)
        episodes.upsert(record, at: Date())
    }

    func remove(_ kind: ResourceKind, id: Int) {
        switch kind {
        case .character: characters.remove(id, at: Date())
        case .location: locations.remove(id, at: Date())
        case .episode: episodes.remove(id, at: Date())
        }
    }

    func setAvatar(_ avatar: LoopbackAvatar, forCharacter id: Int) {
        avatars[id] = avatar
        avatarBodies[id] = nil
        avatarsModified = max(Date(), avatarsModified.addingTimeInterval(1)).rounded()
    }

    // MARK: Faults and counters

    func setFaults(_ rules: [LoopbackFaultRule]) {
        faults = rules
        requestsSinceFaultPlan = 0
    }

    func addFault(_ rule: LoopbackFaultRule) {
        faults.append(rule)
    }

    func setRateLimit(_ limit: LoopbackRateLimit?) {
        rateLimit = limit
        letThrough = []
    }

    func resetCounters() {
        counters = LoopbackCounters()
        log = []
    }

    /// Counts a request in, turns it away when over the rate limit, and otherwise picks its fault: the first rule
    /// that matches and has not run out.
    func begin(target: String, conditional: Bool) -> (number: Int, fault: LoopbackFault?, arrived: ContinuousClock.Instant) {
        let arrived = ContinuousClock.now
        counters.requests += 1
        if conditional { counters.conditionalRequests += 1 }
        inFlight += 1
        counters.maxInFlight = max(counters.maxInFlight, inFlight)
        if let limited = rateLimited(at: arrived) {
            counters.throttled += 1
            return (counters.requests, limited, arrived)
        }
        requestsSinceFaultPlan += 1
        var fault: LoopbackFault?
        if let index = faults.firstIndex(where: {
            ($0.times.map { $0 > 0 } ?? true) && $0.matches(target: target, number: requestsSinceFaultPlan)
        }) {
            fault = faults[index].fault
            if let times = faults[index].times { faults[index].times = times - 1 }
            counters.faultsInjected += 1
        }
        return (counters.requests, fault, arrived)
    }

    /// The 429 for a request over the limit; nil (and the request counted in the window) otherwise.
    private func rateLimited(at now: ContinuousClock.Instant) -> LoopbackFault? {
        guard let rateLimit else { return nil }
        let windowStart = now - rateLimit.window
        if let inWindow = letThrough.firstIndex(where: { $0 > windowStart }) {
            letThrough.removeFirst(inWindow)
        } else {
            letThrough.removeAll()
        }
        guard letThrough.count < rateLimit.requests else {
            return .tooManyRequests(retryAfter: rateLimit.retryAfter)
        }
        letThrough.append(now)
        return nil
    }

    func end(_ record: LoopbackRequestRecord, isImage: Bool, bytes: Int) {
        inFlight -= 1
        if record.status == 304 { counters.notModified += 1 }
        if isImage, record.status == 200 { counters.imagesServed += 1 }
        counters.bytesServed += bytes
        log.append(record)
    }
}
