import RickAndMortyAPI

extension Dataset {
    /// The characters before and after one in the API's order (by id), found by binary search.
    package func neighbours(ofCharacter id: Int) -> (previous: CharacterRecord?, next: CharacterRecord?) {
        Self.neighbours(of: id, in: characters)
    }

    /// The episodes before and after one in the API's order (by id, which is air order).
    package func neighbours(ofEpisode id: Int) -> (previous: EpisodeRecord?, next: EpisodeRecord?) {
        Self.neighbours(of: id, in: episodes)
    }

    private static func neighbours<Record: Identifiable>(of id: Int, in records: [Record]) -> (previous: Record?, next: Record?)
        where Record.ID == Int
    {
        var low = 0, high = records.count
        while low < high {
            let middle = (low + high) / 2
            if records[middle].id < id { low = middle + 1 } else { high = middle }
        }
        guard low < records.count, records[low].id == id else { return (nil, nil) }
        return (low > 0 ? records[low - 1] : nil, low + 1 < records.count ? records[low + 1] : nil)
    }
}
