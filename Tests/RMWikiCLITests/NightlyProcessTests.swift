import Testing
import TestSupport

/// The suites that run real `rmwiki` processes, one after another: each build takes both cores for a moment,
/// and running them together would starve the rest of the test run (whose servers have timeouts) on a
/// two-core machine.
@Suite(.serialized, .ownThread, .tags(.process), .skippable(.process)) enum NightlyProcessTests {}
