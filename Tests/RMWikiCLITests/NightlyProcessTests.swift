import Testing
import TestSupport

/// The suites that run real `rmwiki` processes, in two lanes side by side, each one suite after another: two
/// suites' processes at once at most (a lane a core), not every suite's, which would starve the rest of the test
/// run on a two-core machine. A single lane was the run's longest chain (526 s of the 545 s the tests took,
/// under load), longer than all the CPU the tests use spread over both cores.
@Suite(.serialized, .ownThread, .tags(.process), .skippable(.process)) enum NightlyProcessTests {}

/// The second lane: the kill suites and the peak-memory measures (endless bodies, pictures claiming huge sizes),
/// about as long as the first (105 and 110 s alone).
@Suite(.serialized, .ownThread, .tags(.process), .skippable(.process)) enum InterruptedProcessTests {}
