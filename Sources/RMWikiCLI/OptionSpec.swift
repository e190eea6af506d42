/// Every `--flag` a command can take. Commands read flags by these cases, so a misspelt flag does not compile.
enum Flag: String, Sendable, Hashable {
    case demo, offline, force, quiet, watch, strict, help
    case allowShrink = "allow-shrink"
    case dryRun = "dry-run"
}

/// Every `--option VALUE` a command can take, read by these cases for the same reason.
enum ValueOption: String, Sendable, Hashable {
    case api, source, graphql, cache, concurrency, output, templates, port, host, data, partials
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
