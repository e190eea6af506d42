/// A command line the tool cannot make sense of.
struct UsageError: Error, CustomStringConvertible, Equatable {
    let command: String?
    let message: String

    var description: String {
        let help = command.map { "rmwiki help \($0)" } ?? "rmwiki --help"
        return "\(message) (see '\(help)')"
    }
}
