/// The demo dataset's episodes: the first three of seasons 1 and 2, with their real titles and air dates.
enum DemoDatasetEpisode: Int, CaseIterable, Sendable {
    case pilot = 1
    case lawnmowerDog
    case anatomyPark
    case aRickleInTime
    case mortynightRun
    case autoEroticAssimilation

    var name: String {
        switch self {
        case .pilot: "Pilot"
        case .lawnmowerDog: "Lawnmower Dog"
        case .anatomyPark: "Anatomy Park"
        case .aRickleInTime: "A Rickle in Time"
        case .mortynightRun: "Mortynight Run"
        case .autoEroticAssimilation: "Auto Erotic Assimilation"
        }
    }

    var airDate: String {
        switch self {
        case .pilot: "December 2, 2013"
        case .lawnmowerDog: "December 9, 2013"
        case .anatomyPark: "December 16, 2013"
        case .aRickleInTime: "July 26, 2015"
        case .mortynightRun: "August 2, 2015"
        case .autoEroticAssimilation: "August 9, 2015"
        }
    }

    var code: String {
        switch self {
        case .pilot: "S01E01"
        case .lawnmowerDog: "S01E02"
        case .anatomyPark: "S01E03"
        case .aRickleInTime: "S02E01"
        case .mortynightRun: "S02E02"
        case .autoEroticAssimilation: "S02E03"
        }
    }

    var created: String {
        switch self {
        case .pilot: "2017-11-10T12:56:33.798Z"
        case .lawnmowerDog: "2017-11-10T12:56:33.916Z"
        case .anatomyPark: "2017-11-10T12:56:34.022Z"
        case .aRickleInTime: "2017-11-10T12:56:35.160Z"
        case .mortynightRun: "2017-11-10T12:56:35.261Z"
        case .autoEroticAssimilation: "2017-11-10T12:56:35.364Z"
        }
    }

    var url: String { DemoDataset.url(.episode, rawValue) }
}
