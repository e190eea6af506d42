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
