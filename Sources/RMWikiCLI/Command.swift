/// A subcommand: its spec (parsing and help) and what it does.
protocol Command: Sendable {
    static var spec: CommandSpec { get }
    init(_ arguments: ParsedArguments) throws(UsageError)
    func run(_ console: Console) async -> ExitCode
}
