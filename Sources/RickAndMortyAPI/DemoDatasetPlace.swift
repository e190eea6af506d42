/// The demo dataset's locations, authored for the project (names and kinds from the show, records our own).
enum DemoDatasetPlace: Int, CaseIterable, Sendable {
    case earthC137 = 1
    case earthReplacement
    case anatomyPark
    case citadelOfRicks
    case gromflomPrime

    var name: String {
        switch self {
        case .earthC137: "Earth (C-137)"
        case .earthReplacement: "Earth (Replacement Dimension)"
        case .anatomyPark: "Anatomy Park"
        case .citadelOfRicks: "Citadel of Ricks"
        case .gromflomPrime: "Gromflom Prime"
        }
    }

    var type: String {
        switch self {
        case .earthC137, .earthReplacement, .gromflomPrime: "Planet"
        case .anatomyPark: "Microverse"
        case .citadelOfRicks: "Space station"
        }
    }

    var dimension: String {
        switch self {
        case .earthC137, .anatomyPark: "Dimension C-137"
        case .earthReplacement, .gromflomPrime: "Replacement Dimension"
        case .citadelOfRicks: "unknown"
        }
    }

    var created: String {
        switch self {
        case .earthC137: "2017-11-10T12:42:04.162Z"
        case .earthReplacement: "2017-11-10T12:44:21.911Z"
        case .anatomyPark: "2017-11-10T13:08:13.191Z"
        case .citadelOfRicks: "2017-11-10T13:08:46.060Z"
        case .gromflomPrime: "2017-11-18T19:24:39.907Z"
        }
    }

    var url: String { DemoDataset.url(.location, rawValue) }

    var reference: NamedReference { NamedReference(name: name, url: url) }
}
