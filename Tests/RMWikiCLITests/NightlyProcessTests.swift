import Testing
import TestSupport

/// The suites that run real `rmwiki` processes, in three lanes side by side, each one suite after another: three
/// suites' processes at once at most, not every suite's, which would starve the rest of the test run on a two-core
/// machine. One lane was the run's longest chain (526 s of the 545 s the tests took, under load); with two, both
/// still ran on long after the browser suites had ended (560 s against 367, both cores kept busy).
@Suite(.serialized, .ownThread, .tags(.process), .skippable(.process)) enum NightlyProcessTests {}

/// Runs cut short: killed at many moments.
@Suite(.serialized, .ownThread, .tags(.process), .skippable(.process)) enum InterruptedProcessTests {}

/// What a run keeps within bounds: its peak memory (bodies that never end, pictures claiming huge sizes), one build
/// at a time on an output, its time when a fetch fails part-way (no hang).
@Suite(.serialized, .ownThread, .tags(.process), .skippable(.process)) enum BoundedProcessTests {}
