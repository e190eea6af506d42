import Primitives

/// A subcommand: its spec (parsing and help) and what it does.
protocol Command: Sendable {
    static var spec: CommandSpec { get }
    init(_ arguments: ParsedArguments) throws(UsageError)
    func run(_ console: Console) async -> ExitCode
}

/// A command line the tool cannot make sense of.
struct UsageError: Error, CustomStringConvertible, Equatable {
    let command: String?
    let message: String

    var description: String {
        let help = command.map { "rmwiki help \($0)" } ?? "rmwiki --help"
        return "\(message) (see '\(help)')"
    }
}

/// Every `--flag` a command can take. Commands read flags by these cases, so a misspelt flag does not compile.
enum Flag: String, Sendable, Hashable {
    case demo, offline, force, full, quiet, watch, strict, help, unsafe
    case noExtensions = "no-extensions"
    case allowShrink = "allow-shrink"
    case dryRun = "dry-run"
    case noServiceWorker = "no-service-worker"
}

/// Every `--option VALUE` a command can take, read by these cases for the same reason.
enum ValueOption: String, Sendable, Hashable {
    case api, source, graphql, cache, concurrency, output, templates, port, host, data, partials, content
    case imageHost = "image-host"
    case maxTime = "max-time"
    case baseURL = "base-url"
    case publicFolder = "public"
}

/// One `--option` of a command: a flag, or an option that takes a value.
struct OptionSpec: Sendable {
    enum Key: Sendable, Hashable {
        case flag(Flag)
        case value(ValueOption)
    }

    let key: Key
    let valueName: String?
    let help: String

    var name: String {
        switch key {
        case .flag(let flag): flag.rawValue
        case .value(let option): option.rawValue
        }
    }

    static func flag(_ flag: Flag, _ help: String) -> OptionSpec { OptionSpec(key: .flag(flag), valueName: nil, help: help) }
    static func value(_ option: ValueOption, _ valueName: String, _ help: String) -> OptionSpec {
        OptionSpec(key: .value(option), valueName: valueName, help: help)
    }
}

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
        let all = options + [OptionSpec.flag(.help, "Show this help (also -h).")]
        lines += ["", "Options:"]
        let labels = all.map { option in "--\(option.name)" + (option.valueName.map { " \($0)" } ?? "") }
        let width = (labels.map(\.count).max() ?? 0) + 2
        for (label, option) in zip(labels, all) {
            lines.append("  " + label + String(repeating: " ", count: width - label.count) + option.help)
        }
        return lines.joined(separator: "\n")
    }
}

/// A command line split into options and positionals, checked against the command's spec.
struct ParsedArguments: Sendable, Equatable {
    private var values: [ValueOption: String] = [:]
    var flags: Set<Flag> = []
    var positionals: [String] = []

    init(_ arguments: [String], spec: CommandSpec) throws(UsageError) {
        var remaining = arguments[...]
        var optionsEnded = false
        while let argument = remaining.popFirst() {
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument == "-h" {
                flags.insert(.help)
                continue
            }
            guard argument.hasPrefix("--") else {
                throw UsageError(command: spec.name, message: "unknown option '\(argument)'"
                    + Self.suggestion(String(argument.drop { $0 == "-" }), spec: spec))
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if name == Flag.help.rawValue {
                flags.insert(.help)
                continue
            }
            guard let option = spec.option(named: name) else {
                throw UsageError(command: spec.name, message: "unknown option '--\(name)'" + Self.suggestion(name, spec: spec))
            }
            switch option.key {
            case .value(let valueOption):
                guard let value = inlineValue ?? remaining.popFirst() else {
                    throw UsageError(command: spec.name, message: "--\(name) needs a value (\(option.valueName ?? ""))")
                }
                // The last of two values winning silently would publish somewhere the user did not look.
                guard values[valueOption] == nil else {
                    throw UsageError(command: spec.name, message: "--\(name) was given twice ('\(values[valueOption] ?? "")' and "
                        + "'\(value)'): give it once")
                }
                values[valueOption] = value
            case .flag(let flag):
                guard inlineValue == nil else {
                    throw UsageError(command: spec.name, message: "--\(name) takes no value")
                }
                flags.insert(flag)
            }
        }
        guard flags.contains(.help) || spec.positionals.contains(positionals.count) else {
            let expected = spec.positionals.lowerBound == spec.positionals.upperBound
                ? "\(spec.positionals.lowerBound)" : "\(spec.positionals.lowerBound) to \(spec.positionals.upperBound)"
            throw UsageError(command: spec.name, message: positionals.count > spec.positionals.upperBound
                ? "unexpected argument '\(positionals[spec.positionals.upperBound])' (expected \(expected))"
                : "missing argument (expected \(expected))")
        }
    }

    static func suggestion(_ name: String, spec: CommandSpec) -> String {
        let candidates = spec.options.map(\.name) + ["help"]
        guard let best = ClosestMatch.find(name, in: candidates) else { return "" }
        return "; did you mean '--\(best)'?"
    }

    func has(_ flag: Flag) -> Bool { flags.contains(flag) }

    subscript(option: ValueOption) -> String? {
        get { values[option] }
        set { values[option] = newValue }
    }
}

/// Suggests the name a user probably meant, by edit distance, as shells and git do.
enum ClosestMatch {
    static func find(_ input: String, in candidates: [String]) -> String? {
        let scored = candidates.map { ($0, EditDistance.between(Array(input.lowercased()), Array($0))) }
        guard let best = scored.min(by: { ($0.1, $0.0) < ($1.1, $1.0) }) else { return nil }
        // Close enough: a third of the word may differ, or the input is a prefix of it.
        return best.1 <= max(2, best.0.count / 3) || best.0.hasPrefix(input.lowercased()) ? best.0 : nil
    }
}
