import Foundation
import Testing

/// Families of slow tests, as tags. Swift Testing's `swift test` filters only by name (`--filter`, `--skip`),
/// so a suite carrying a family's tag also carries `.skippable(...)`, which leaves it out when the family is
/// named in `RMWIKI_SKIP` (a comma-separated list): `RMWIKI_SKIP=browser,fullData,process swift test` is the
/// inner loop.
extension Tag {
    /// Drives headless Chromium.
    @Tag package static var browser: Self
    /// Reads or builds the whole real dataset from `../shared`.
    @Tag package static var fullData: Self
    /// Spawns the `rmwiki` executable.
    @Tag package static var process: Self
    /// Kills a process mid-run and checks what it left.
    @Tag package static var kill: Self
}

enum TestFamilies {
    /// The families `RMWIKI_SKIP` names.
    static let skipped: Set<String> = Set(
        (ProcessInfo.processInfo.environment["RMWIKI_SKIP"] ?? "").split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) })

    /// Whether a test of these families runs.
    static func run(_ tags: [Tag]) -> Bool {
        tags.allSatisfy { !skipped.contains(name($0)) }
    }

    /// A tag's name as written after `@Tag static var`.
    static func name(_ tag: Tag) -> String {
        String(describing: tag).split(separator: ".").last.map(String.init) ?? ""
    }
}

extension Trait where Self == ConditionTrait {
    /// Leaves the test or suite out when `RMWIKI_SKIP` names one of `tags`; give it the same tags as `.tags(...)`.
    package static func skippable(_ tags: Tag...) -> Self {
        .enabled(if: TestFamilies.run(tags), "RMWIKI_SKIP leaves out \(tags.map(TestFamilies.name).joined(separator: ", ")) tests")
    }
}

extension Trait where Self == TimeLimitTrait {
    /// The time limit of a test that could hang: long enough that no loaded machine reaches it (with both cores
    /// busy a small fetch has taken over a minute, waiting behind other suites for the concurrency pool), short
    /// enough that a hang ends the run instead of stalling it.
    package static var hangGuard: Self { .timeLimit(.minutes(10)) }
}
