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

    /// `S06E03`, however the code was written (`s6e3`): two digits at least, as the API writes its codes.
    package var text: String {
        func padded(_ number: Int) -> String { number < 10 ? "0\(number)" : String(number) }
        return "S\(padded(season))E\(padded(number))"
    }
}
