/// The facts a character page shows, in order. Label, icon and colour of each are defined here once;
/// templates only place them (`#icon-<icon>` symbols, `--palette-<color>` colours).
public enum InfoField: String, CaseIterable, Sendable {
    case status, species, type, gender, origin, location, firstSeen, lastSeen, episodeCount, created

    /// The key of the label in the string table and of the row's colour class.
    public var key: String {
        switch self {
        case .firstSeen: "first-seen"
        case .lastSeen: "last-seen"
        case .episodeCount: "episode-count"
        default: rawValue
        }
    }

    /// The symbol in `Public/assets/icons.svg`.
    public var icon: String {
        switch self {
        case .status: "pulse"
        case .species: "dna"
        case .type: "tag"
        case .gender: "person"
        case .origin: "planet"
        case .location: "pin"
        case .firstSeen: "play"
        case .lastSeen: "stop"
        case .episodeCount: "film"
        case .created: "calendar"
        }
    }

    /// A palette colour of the stylesheet (`--palette-<name>`), tuned there for light and dark mode.
    public var color: String {
        switch self {
        case .status: "green"
        case .species: "teal"
        case .type: "slate"
        case .gender: "pink"
        case .origin: "blue"
        case .location: "indigo"
        case .firstSeen: "amber"
        case .lastSeen: "orange"
        case .episodeCount: "violet"
        case .created: "slate"
        }
    }

    func label(_ strings: StringTable) throws -> String { try strings("info_\(key.replacing("-", with: "_"))") }
}
