import Mustache
import RickAndMortyAPI
import SiteOutput
import WikiBuild
import WikiModel

/// The exit codes, documented in the README, so cron jobs and scripts can tell failures apart.
package enum ExitCode: Int32, Sendable {
    case success = 0
    /// Anything not covered below; also what `rmwiki render` returns for a bad template or bad JSON.
    case failure = 1
    case usage = 2
    /// Fetching or decoding the data failed, `--max-time` ran out, or there is no cache for `--offline`.
    case dataError = 3
    /// A template does not parse or does not render (strict mode), a string is missing, or the content is wrong.
    case templateError = 4
    /// Reading or writing files failed, or another build holds the lock.
    case ioError = 5
}

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
            case .refused: .usage
            }
        case is MustacheError, is ContentError, is ContentErrors: .templateError
        case let error as WikiBuildError:
            switch error {
            case .template, .missingString, .missingStrings, .untranslatedWords, .badStringTable, .badLocaleList, .emptyPage: .templateError
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
