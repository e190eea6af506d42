/// `S01E01` split into season and number; anything else (hostile data) has no season.
package struct EpisodeCode: Sendable, Hashable {
    let season: Int
    let number: Int

    package init?(_ code: String) {
        let upper = code.uppercased()
        guard upper.hasPrefix("S"), let e = upper.firstIndex(of: "E"),
              let season = Int(upper[upper.index(after: upper.startIndex)..<e]),
              let number = Int(upper[upper.index(after: e)...]), season >= 0, number >= 0
        else { return nil }
        self.season = season
        self.number = number
    }
}
