import Testing

// The suites that run real `rmwiki` processes, in five lanes side by side, each one suite after another: five
// suites' processes at once at most, not every suite's, which would starve the rest of the test run on a two-core
// machine. The lanes are balanced on a loaded run's suite times (`README.md`, Tests): with three, the longest
// lane (`NightlyProcessTests`, 581 s of a 604-s test phase at a load of 10 to 30) ended the run while the cores
// still had room. They are declared here, beside neither test target, so that the suites of `ProcessTests` and of
// `RMWikiCLITests` (those that need the build's modules) share them.
// Swift Testing (6.3) runs at most twice as many test cases at once as there are cores, and a lane's next test waits
// at the back of that queue: in a quiet test phase, `NightlyProcessTests` went from one suite to the next after 80 s
// (the queue held by the browser walks' long cases), and its lanes' last suites ran after Chromium had finished.
// Without the limit (`--experimental-maximum-parallelization-width 64`) the phase took 236 s against 214-218.

/// Nightly runs: redirects, time limits, a rebuild's writes, hostile data and API answers, an empty home, long strings.
@Suite(.serialized, .ownThread, .tags(.process), .skippable(.process)) package enum NightlyProcessTests {}

/// Rebuilds over the API's history: what's new from 2018 to today, records the API deleted.
@Suite(.serialized, .ownThread, .tags(.process), .skippable(.process)) package enum HistoryProcessTests {}

/// Runs cut short: builds and fetches killed at many moments.
@Suite(.serialized, .ownThread, .tags(.process), .skippable(.process)) package enum InterruptedProcessTests {}

/// Pictures under stress: builds and fetches killed while they make picture copies, pictures claiming huge sizes.
@Suite(.serialized, .ownThread, .tags(.process), .skippable(.process)) package enum PictureProcessTests {}

/// What a run keeps within bounds: its peak memory (bodies that never end), one build at a time on an output, its
/// time when a fetch fails part-way (no hang).
@Suite(.serialized, .ownThread, .tags(.process), .skippable(.process)) package enum BoundedProcessTests {}
