import Mustache
import RickAndMortyAPI
import SiteOutput
import WikiBuild

/// Turns any error into the one line (or, for templates, the excerpt) a user reads, and its exit code.
enum FailureReport {
    static func exitCode(for error: any Error) -> ExitCode {
        switch error {
        case is UsageError: .usage
        case is APIError, is GraphQLFetchError: .dataError
        case let error as DataCacheError:
            switch error {
            case .writeFailed, .busy: .ioError
            case .noSnapshot, .unreadable: .dataError
            }
        case is MustacheError: .templateError
        case let error as WikiBuildError:
            switch error {
            case .template, .missingString, .badStringTable: .templateError
            case .missingFolder, .unreadableFile: .ioError
            }
        case let error as SiteOutputError:
            switch error {
            case .outputRefused, .outputNotADirectory: .usage
            default: .ioError
            }
        default: .failure
        }
    }

    static func report(_ error: any Error, doing action: String, console: Console) -> ExitCode {
        let text = String(describing: error)
        console.err("rmwiki: \(action) failed: \(text)")
        return exitCode(for: error)
    }
}
