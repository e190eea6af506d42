import Primitives

/// A drawn placeholder portrait (300×300 SVG) for a demo character: head shape, hair, eyes, mouth and colours
/// are picked from a hash of the id and name, and the initials sit on the shirt. Same character, same bytes.
struct DemoDatasetAvatar: Sendable {
    let svg: String

    init(character: CharacterRecord) {
        var bits = FNV1a("\(character.id)|\(character.name)".utf8).value
        func pick<T>(_ choices: [T]) -> T {
            let choice = choices[Int(bits % UInt64(choices.count))]
            bits /= UInt64(choices.count)
            return choice
        }

        let background = pick(["#d8ecf3", "#f6e3c5", "#e3dcf4", "#d9f0dc", "#f7d9d9", "#e9eef2"])
        let skin: String = switch character.species {
        case "Human": pick(["#f2cfa8", "#e0ac7e", "#c68a5d", "#8d5a3b", "#f5d9c4"])
        case "Animal": pick(["#c9a27a", "#9c7b5c", "#d9d2c5"])
        default: pick(["#9fd68c", "#7cc6c9", "#b9a6e3", "#e6c35c", "#e59ab4"])
        }
        let hairColor = pick(["#9fc7e8", "#5b3a1e", "#e6b34c", "#2b2b2b", "#c65a2e", "#d9d9d9"])
        let shirt = pick(["#2f6f9f", "#7a3f8f", "#2f7d4f", "#a33d3d", "#4a4a6a", "#8a5a1f"])
        let head = pick([
            ##"<circle cx="150" cy="132" r="80" fill="\##(skin)"/>"##,
            ##"<ellipse cx="150" cy="132" rx="68" ry="90" fill="\##(skin)"/>"##,
            ##"<rect x="72" y="54" width="156" height="160" rx="48" fill="\##(skin)"/>"##,
        ])
        let hair = pick([
            ##"<path d="M68 118L74 52L100 76L112 30L138 64L154 22L172 62L196 32L204 76L232 56L232 118Q200 78 150 80Q100 78 68 118Z" fill="\##(hairColor)"/>"##,
            ##"<path d="M70 120Q70 40 150 40Q230 40 230 120Q200 80 150 84Q100 80 70 120Z" fill="\##(hairColor)"/>"##,
            ##"<circle cx="74" cy="108" r="26" fill="\##(hairColor)"/><circle cx="226" cy="108" r="26" fill="\##(hairColor)"/>"##,
            ##"<path d="M150 54V20" stroke="\##(hairColor)" stroke-width="6"/><circle cx="150" cy="18" r="9" fill="\##(hairColor)"/>"##,
        ])
        let gazeX = pick([-5, 0, 5])
        let gazeY = pick([-3, 0, 3])
        let mouth = pick([
            ##"<path d="M126 180Q150 202 174 180" fill="none" stroke="#3a2a2a" stroke-width="6" stroke-linecap="round"/>"##,
            ##"<ellipse cx="150" cy="186" rx="12" ry="9" fill="#3a2a2a"/>"##,
            ##"<path d="M130 186H170" stroke="#3a2a2a" stroke-width="6" stroke-linecap="round"/>"##,
        ])
        let eyes = [122, 178].map { x in
            ##"<circle cx="\##(x)" cy="136" r="16" fill="#fff"/><circle cx="\##(x + gazeX)" cy="\##(136 + gazeY)" r="7" fill="#222"/>"##
        }.joined()

        let name = XMLText.escape(character.name)
        let initials = XMLText.escape(Self.initials(of: character.name))
        svg = ##"<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300" viewBox="0 0 300 300" role="img" aria-labelledby="t">"##
            + ##"<title id="t">\##(name)</title>"##
            + ##"<rect width="300" height="300" fill="\##(background)"/>"##
            + ##"<path d="M36 300C36 238 92 216 150 216C208 216 264 238 264 300Z" fill="\##(shirt)"/>"##
            + head + hair + eyes + mouth
            + ##"<text x="150" y="284" text-anchor="middle" font-family="sans-serif" font-size="34" font-weight="bold" fill="#fff">\##(initials)</text>"##
            + "</svg>\n"
    }

    /// First letters of the first and last words ("Dr. Xenon Bloom" → "DB"), or "?" for a name without letters.
    static func initials(of name: String) -> String {
        let letters = name.split(whereSeparator: { $0 == " " || $0 == "-" }).compactMap { word in
            word.first(where: \.isLetter)
        }
        guard let first = letters.first else { return "?" }
        guard letters.count > 1, let last = letters.last else { return first.uppercased() }
        return first.uppercased() + last.uppercased()
    }
}
