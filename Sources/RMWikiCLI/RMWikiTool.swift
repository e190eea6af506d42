import WikiBuild

/// The `rmwiki` command line: dispatches to a subcommand and turns every failure into one clear line
/// on standard error and a documented exit code.
package enum RMWikiTool {
    static let commands: [any Command.Type] = [BuildCommand.self, CheckCommand.self, FetchCommand.self, MarkdownCommand.self, RenderCommand.self, ServeCommand.self]

    static var overview: String {
        let width = (commands.map { $0.spec.name.count }.max() ?? 0) + 2
        var lines = [
            "rmwiki \(versionText): a static site generator for the Rick and Morty API.",
            "",
            "Usage: rmwiki COMMAND [OPTIONS]",
            "",
            "Commands:",
        ]
        for command in commands {
            lines.append("  " + command.spec.name + String(repeating: " ", count: width - command.spec.name.count)
                + command.spec.summary)
        }
        lines.append("  help" + String(repeating: " ", count: width - 4) + "Show the help of a command: rmwiki help COMMAND")
        lines += ["", "Options:", "  --help, -h  Show this help.", "  --version   Print the version.", "",
                  "Quick start, offline: rmwiki build --demo"]
        return lines.joined(separator: "\n")
    }

    /// `help` is no `Command` (it parses nothing), so its usage is written here.
    static let helpUsage = """
        Usage: rmwiki help [COMMAND]

        Show the help of a command (every option it takes), or without COMMAND the list of commands.
        `rmwiki COMMAND --help` and `rmwiki COMMAND -h` show the same.
        """

    static var versionText: String { WikiVersion.current }

    package static func run(_ arguments: [String], console: Console = .standard) async -> Int32 {
        guard let first = arguments.first else {
            console.out(overview)
            return ExitCode.success.rawValue
        }
        switch first {
        case "--help", "-h":
            console.out(overview)
            return ExitCode.success.rawValue
        case "--version":
            console.out("rmwiki \(versionText)")
            return ExitCode.success.rawValue
        case "help":
            guard arguments.count > 1 else {
                console.out(overview)
                return ExitCode.success.rawValue
            }
            if ["help", "--help", "-h"].contains(arguments[1]) {
                console.out(helpUsage)
                return ExitCode.success.rawValue
            }
            guard let command = command(named: arguments[1]) else {
                return usageFailure(unknownCommand(arguments[1]), console)
            }
            console.out(command.spec.help)
            return ExitCode.success.rawValue
        default:
            guard let command = command(named: first) else {
                return usageFailure(first.hasPrefix("-")
                    ? UsageError(command: nil, message: "unknown option '\(first)'"
                        + (ClosestMatch.find(first.drop { $0 == "-" }.description, in: ["help", "version"]).map { "; did you mean '--\($0)'?" } ?? ""))
                    : unknownCommand(first), console)
            }
            do {
                let parsed = try ParsedArguments(Array(arguments.dropFirst()), spec: command.spec)
                if parsed.has(.help) {
                    console.out(command.spec.help)
                    return ExitCode.success.rawValue
                }
                return try await command.init(parsed).run(console).rawValue
            } catch {
                return usageFailure(error, console)
            }
        }
    }

    static func command(named name: String) -> (any Command.Type)? { commands.first { $0.spec.name == name } }

    static func unknownCommand(_ name: String) -> UsageError {
        let suggestion = ClosestMatch.find(name, in: commands.map { $0.spec.name } + ["help"]).map { "; did you mean '\($0)'?" } ?? ""
        return UsageError(command: nil, message: "unknown command '\(name)'" + suggestion)
    }

    static func usageFailure(_ error: UsageError, _ console: Console) -> Int32 {
        console.err("rmwiki: \(error)")
        return ExitCode.usage.rawValue
    }
}
