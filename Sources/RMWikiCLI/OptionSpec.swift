/// One `--option` of a command: a flag, or an option that takes a value.
struct OptionSpec: Sendable {
    let name: String
    let valueName: String?
    let help: String

    static func flag(_ name: String, _ help: String) -> OptionSpec { OptionSpec(name: name, valueName: nil, help: help) }
    static func value(_ name: String, _ valueName: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, valueName: valueName, help: help)
    }
}
