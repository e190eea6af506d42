/// What a command accepts, used both to parse its arguments and to print its help.
struct CommandSpec: Sendable {
    let name: String
    let summary: String
    let usage: String
    let details: [String]
    let options: [OptionSpec]
    /// How many positional arguments the command takes.
    let positionals: ClosedRange<Int>

    func option(named name: String) -> OptionSpec? { options.first { $0.name == name } }

    var help: String {
        var lines = ["Usage: rmwiki \(usage)", "", summary]
        if !details.isEmpty { lines += [""] + details }
        let all = options + [OptionSpec.flag(.help, "Show this help.")]
        lines += ["", "Options:"]
        let labels = all.map { option in "--\(option.name)" + (option.valueName.map { " \($0)" } ?? "") }
        let width = (labels.map(\.count).max() ?? 0) + 2
        for (label, option) in zip(labels, all) {
            lines.append("  " + label + String(repeating: " ", count: width - label.count) + option.help)
        }
        return lines.joined(separator: "\n")
    }
}
