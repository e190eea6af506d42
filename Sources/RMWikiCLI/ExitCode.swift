/// The exit codes, documented in the README, so cron jobs and scripts can tell failures apart.
package enum ExitCode: Int32, Sendable {
    case success = 0
    /// Anything not covered below; also what `rmwiki render` returns for a bad template or bad JSON.
    case failure = 1
    case usage = 2
    /// Fetching or decoding the data failed, `--max-time` ran out, or there is no cache for `--offline`.
    case dataError = 3
    /// A template does not parse or does not render (strict mode), or a string is missing.
    case templateError = 4
    /// Reading or writing files failed, or another build holds the lock.
    case ioError = 5
}
