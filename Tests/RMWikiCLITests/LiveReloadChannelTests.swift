import Testing
@testable import RMWikiCLI

/// What the preview tells open pages after each build: a new generation (they reload) or an error, and nothing for a
/// build whose change was still being made (superseded) until a build of the whole change or `tellOwed`.
@Suite struct LiveReloadChannelTests {
    private func builds(_ channel: LiveReloadChannel) -> String {
        String(channel.generation.split(separator: ".").last ?? "")
    }

    @Test func aChangedSiteReloadsAnUnchangedOneDoesNot() {
        let channel = LiveReloadChannel()
        channel.built(changed: true)
        #expect(builds(channel) == "1")
        channel.built(changed: false)
        #expect(builds(channel) == "1")
        channel.failed("broken link")
        #expect(channel.error == "broken link")
        // The fix of a failure reloads the pages that show the error, even when the site is what they show.
        channel.built(changed: false)
        #expect(builds(channel) == "2" && channel.error == nil)
    }

    @Test func aSupersededBuildTellsNothingAndTheNextTellsWhatItChanged() {
        let channel = LiveReloadChannel()
        channel.built(changed: true, superseded: true)
        #expect(builds(channel) == "0")
        channel.failed("half a checkout", superseded: true)
        #expect(channel.error == nil)
        // The build of the whole change publishes nothing new (the superseded one did): the pages reload all the same.
        channel.built(changed: false)
        #expect(builds(channel) == "1")
        channel.built(changed: false)
        #expect(builds(channel) == "1")
    }

    @Test func whatNoBuildFollowsIsToldAtOnce() {
        let channel = LiveReloadChannel()
        channel.tellOwed()
        #expect(builds(channel) == "0")
        channel.built(changed: true, superseded: true)
        channel.tellOwed()
        #expect(builds(channel) == "1")
        channel.tellOwed()
        #expect(builds(channel) == "1")
        // A superseded build that changed nothing owes nothing.
        channel.built(changed: false, superseded: true)
        channel.tellOwed()
        #expect(builds(channel) == "1")
    }
}
