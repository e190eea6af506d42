import Foundation
import Primitives
import RickAndMortyAPI
import SiteOutput
import Synchronization
import WikiModel

/// The whole build, the one place that runs it: a list of named, timed steps.
///
/// lock → theme | data | output → merge → check → (resolve → links | pictures) → render → publish → state. The theme,
/// the cached data and the scan of the last build's output are read at the same time; data that needs the network
/// waits for the theme, so a broken template fails before any request. The check skips everything after it when the
/// inputs and the output are those of the last build; inputs that are not the last build's are rendered whatever the
/// output holds, so what pages are made of is made while the output is still being looked at. `rmwiki build` and
/// `serve` only parse options into a `SiteBuild`, run it and report.
package struct SiteBuild: Sendable {
    package struct Settings: Sendable {
        var templates: URL
        var publicFolder: URL
        var output: URL
        /// Protected from `--output` even for builds that do not read it (the demo).
        var cache: URL
        var configuration: SiteConfiguration
        /// Plans the publish and writes nothing anywhere, not even the cache.
        package var dryRun = false
        /// Publish into a folder rmwiki did not publish (see `OutputGuard`).
        package var force = false
        /// Render every page (`--full`), not only those whose page key changed since the last build (see `PageRecords`).
        package var renderAll = false
        /// How long to wait for another build that holds the output: `build` fails at once, `serve` waits.
        package var lockWait: Duration = .zero
        /// What fans wrote, and the records the API lacks (see `ContentFolder`); none by default.
        package var content: ContentInput = .none
        /// The build's time (`SOURCE_DATE_EPOCH` or the clock): a local record cannot have been added after it.
        package var now = Date()
        /// A word of the data that a language's table lacks stops the build (`--strict`) instead of being a warning.
        package var strictWords = false
        /// What the builds of one `serve` keep between them; nil for a build of its own.
        package var memory: Memory?

        package init(templates: URL, publicFolder: URL, output: URL, cache: URL, configuration: SiteConfiguration) {
            self.templates = templates
            self.publicFolder = publicFolder
            self.output = output
            self.cache = cache
            self.configuration = configuration
        }
    }

    /// Where the content comes from: a folder on disk, or files handed over (the demo's, a test's).
    package enum ContentInput: Sendable {
        case none
        case folder(ContentFolder)
        case files([ContentFolder.File])
    }

    /// Where the records come from.
    package enum DataSource: Sendable {
        /// Records in hand: the demo dataset, or a test's.
        case records(Snapshot, avatars: [Int: AvatarImage], history: ChangeHistory)
        /// The cache as it is.
        case cache(DataService)
        /// The cache refreshed from the API first, within `maxTime`.
        case refresh(DataService, maxTime: Duration, progress: ProgressReporter, at: Date)
    }

    /// Where the build says what it does: `say` for the log (silenced by `--quiet`), `warn` for what the
    /// maintainer must see whatever the log level.
    package struct Log: Sendable {
        package var say: @Sendable (String) -> Void
        package var warn: @Sendable (String) -> Void

        package init(say: @escaping @Sendable (String) -> Void, warn: @escaping @Sendable (String) -> Void) {
            self.say = say
            self.warn = warn
        }

        static let silent = Log(say: { _ in }, warn: { _ in })
    }

    /// What one `serve` keeps in memory from a build for the next: each language's page model and search index, and the
    /// page records it saved (not read back from disk), with the build state of the build that made them. A build whose
    /// last build is that one, and whose records, pictures, base and content shape are its (only texts changed), takes
    /// them with the new texts instead of making every card, the search index and the statistics again (see
    /// `SiteModel.replacing(content:)`). The dataset is kept with the inputs it was resolved from, for any build whose
    /// inputs differ from those in texts alone, the avatars' copies with the stamps they were found by, and the sitemap
    /// with what it was made of.
    ///
    /// It keeps the theme too, with the stamps (size, inode, time) of everything under the templates and static files
    /// folders when it was read: a build that finds the same stamps takes it instead of reading and parsing them again;
    /// the cache's records, by their generation; and what the last build left in the output, for `serve` owns its output
    /// between its builds: the build state it saved and the standby's record, taken as they are while they are the files
    /// it wrote (see `lastBuild(for:)`).
    package final class Memory: Sendable {
        private let kept = Mutex<(
            state: String, models: [String: SiteRenderer.LanguageModel], pages: PageRecords?, publish: KeptPublish?
        )?>(nil)
        private let theme = Mutex<(stamps: [String: FileStamp], theme: Theme)?>(nil)
        private let dataset = Mutex<(inputs: [String: String], dataset: Dataset)?>(nil)
        private let pictures = Mutex<AvatarCopyMaker.Kept?>(nil)
        private let siteWide = Mutex<SiteRenderer.SiteWide?>(nil)
        private let lastBuild = Mutex<(stamp: FileStamp, state: BuildState, top: [PublishedFileState])?>(nil)
        private let standby = Mutex<RecordedStandby?>(nil)
        private let records = Mutex<(generation: CacheGeneration, snapshot: FileStamp, records: CachedRecords, digest: String)?>(nil)
        private let picturesDigest = Mutex<(avatars: [Int: AvatarImage], watched: [String: FileStamp], digest: String)?>(nil)

        package init() {}

        /// The last build's state as this `serve` saved it, and its output taken as untouched, while the state file is
        /// the one it wrote (another build into the same output writes its own) and the output's root and top folders
        /// are as published (the output deleted or a section removed); nil otherwise, for a full look at the output.
        ///
        /// Between its own builds `serve` owns the output: looking at every published file again (an `lstat` each,
        /// 200 ms at ten times the data) is what kept a preview of a large wiki from reloading at once. A file edited by
        /// hand inside it may stay as edited until its page is rendered again; `build` looks at every file.
        func lastBuild(for output: URL) -> BuildState.LastBuild? {
            guard let kept = lastBuild.withLock({ $0 }),
                  FileStamp(path: BuildState.location(for: output).path) == kept.stamp else { return nil }
            guard PublishedFileState.stillMatch(kept.top, in: output) else { return nil }
            return BuildState.LastBuild(state: kept.state, outputUntouched: true)
        }

        /// The cache's records as read last, with the digest of their files, while the cache's generation is the one they
        /// were read from and its snapshot the same file (a committed generation never changes: a fetch commits a new
        /// one); else `read`'s. Reading and digesting them again was a tenth of a preview's rebuild at ten times the data.
        func records(of generation: CacheGeneration, read: () throws -> CachedRecords) throws
            -> (records: CachedRecords, digest: String) {
            let stamp = FileStamp(path: generation.snapshotFile.path)
            if let kept = records.withLock({ $0 }), kept.generation == generation, kept.snapshot == stamp {
                return (kept.records, kept.digest)
            }
            let read = try read()
            let digest = try BuildState.InputDigests.digest(of: .files(read.files))
            // Kept only when the snapshot's stamp is settled: a file rewritten within the clock's step keeps its stamp.
            records.withLock { $0 = stamp.flatMap { $0.isSettled(at: FileStamp.now) ? (generation, $0, read, digest) : nil } }
            return (read, digest)
        }

        /// The pictures' digest (`BuildState.InputDigests.digest(of:)`) of the last build's pictures when these are the
        /// same files by path and nothing that could change under those paths did; else made. A cache generation never
        /// changes once committed (a fetch links its pictures into a new one, under new paths): the folders the cache's
        /// pictures are in are watched (a cache removed and fetched again makes them anew), and every other picture
        /// file (the content folder's, which a fan may replace under its name). A `stat` of each picture was 10 ms of a
        /// preview at ten times the data.
        func picturesDigest(of avatars: [Int: AvatarImage], cache: URL) -> String {
            let watched = Self.watched(avatars, cache: cache.standardizedFileURL.path + "/")
            if let kept = picturesDigest.withLock({ $0 }), kept.avatars == avatars, kept.watched == watched { return kept.digest }
            let digest = BuildState.InputDigests.digest(of: avatars)
            let now = FileStamp.now
            // Kept only when settled, as the theme is: a file rewritten within the clock's step keeps its stamp.
            picturesDigest.withLock {
                $0 = watched.values.allSatisfy { $0.isSettled(at: now) } ? (avatars, watched, digest) : nil
            }
            return digest
        }

        /// The stamps of the folders the cache's pictures are in, and of every other picture file (a missing one is
        /// left out, and so differs from one there).
        private static func watched(_ avatars: [Int: AvatarImage], cache: String) -> [String: FileStamp] {
            var stamps: [String: FileStamp] = [:]
            var folders = OpenFolders()
            defer { folders.close() }
            for avatar in avatars.values {
                guard case .file(let path) = avatar.source else { continue }
                var watched = path
                if path.hasPrefix(cache), let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) { watched = String(path[..<slash]) }
                if stamps[watched] == nil, let stamp = folders.stamp(watched) { stamps[watched] = stamp }
            }
            return stamps
        }

        /// The standby tree as the last publish that switched recorded it (see `RecordedStandby`).
        var recordedStandby: RecordedStandby? { standby.withLock { $0 } }

        /// Keeps what a publish recorded of its standby; one that recorded nothing left the record as it was.
        func keep(_ recorded: RecordedStandby?) {
            if let recorded { standby.withLock { $0 = recorded } }
        }

        /// Keeps `state`, just saved for `output`, with its root and top folders (what `lastBuild(for:)` looks at); forgets
        /// it when it could not be saved.
        func keep(_ state: BuildState?, savedFor output: URL) {
            let stamp = FileStamp(path: BuildState.location(for: output).path)
            let top = state?.files.filter { $0.isFolder && $0.path.utf8.count(where: { $0 == UInt8(ascii: "/") }) == 1 } ?? []
            lastBuild.withLock { $0 = state.flatMap { state in stamp.map { ($0, state, top) } } }
        }

        /// The theme read last, when nothing under `folders` changed since; else `load`'s, kept unless a file had
        /// changed too recently for its stamp to tell a second change (within the clock's step, size and time stay).
        func theme(folders: [URL], load: () throws -> Theme) throws -> Theme {
            let stamps = FileStamp.tree(folders.map(\.path))
            if let kept = theme.withLock({ $0 }), kept.stamps == stamps { return kept.theme }
            let loaded = try load()
            let now = FileStamp.now
            theme.withLock { $0 = stamps.values.allSatisfy { $0.isSettled(at: now) } ? (stamps, loaded) : nil }
            return loaded
        }

        /// The models made by the build whose state is `state`; empty for any other.
        func models(madeFor state: String?) -> [String: SiteRenderer.LanguageModel] {
            kept.withLock { kept in kept.flatMap { $0.state == state ? $0.models : nil } ?? [:] }
        }

        /// The dataset of the last build, when this build's inputs differ from that build's in texts alone (the
        /// records, local records, pictures and settings are the same).
        func dataset(for inputs: [String: String]) -> Dataset? {
            dataset.withLock { kept in
                guard let kept, kept.inputs.keys.allSatisfy({ inputs[$0] == kept.inputs[$0] || ContentFolder.isText($0) }),
                      inputs.keys.allSatisfy({ inputs[$0] == kept.inputs[$0] || ContentFolder.isText($0) }) else { return nil }
                return kept.dataset
            }
        }

        func keep(_ dataset: Dataset, inputs: [String: String]) {
            self.dataset.withLock { $0 = (inputs, dataset) }
        }

        /// The avatars' copies as `make` makes them given what it kept last time (see `AvatarCopyMaker.Kept`).
        func pictures(
            _ make: (AvatarCopyMaker.Kept?) -> (made: AvatarCopyMaker.Made, kept: AvatarCopyMaker.Kept?)
        ) -> AvatarCopyMaker.Made {
            let (made, kept) = make(pictures.withLock { $0 })
            pictures.withLock { $0 = kept }
            return made
        }

        /// The sitemap and robots.txt the last build made, with their key (see `SiteRenderer.SiteWide`).
        var keptSiteWide: SiteRenderer.SiteWide? { siteWide.withLock { $0 } }

        func keep(_ siteWide: SiteRenderer.SiteWide?) {
            self.siteWide.withLock { $0 = siteWide }
        }

        /// The page records saved by the build whose state is `state`, as that build saved them; nil for any other.
        func pages(madeFor state: String) -> PageRecords? {
            kept.withLock { kept in kept.flatMap { $0.state == state ? $0.pages : nil } }
        }

        /// What the build whose state is `state` published, for the next to carry (see `KeptPublish`); nil for any other,
        /// or when it kept no page records.
        func publish(madeFor state: String?) -> KeptPublish? {
            kept.withLock { kept in kept.flatMap { $0.state == state && $0.pages != nil ? $0.publish : nil } }
        }

        /// Keeps what the next build takes, its page records made ready for it here (after the reload), not at its edit.
        func keep(_ models: [String: SiteRenderer.LanguageModel], pages: PageRecords?, publish: KeptPublish?, state: String) {
            pages?.prepareForReuse()
            kept.withLock { $0 = (state, models, pages, publish) }
        }
    }

    package struct Report: Sendable {
        package let summary: PublishSummary
        let fileCount: Int
        /// True when the inputs and the output were exactly those of the last build, so nothing was rendered.
        let skipped: Bool
        let timings: PhaseTimings
        /// "826 characters, 126 locations, 51 episodes, 2112 files".
        let counts: String
        /// The page models were the last build's, kept in `Settings.memory`.
        var modelsKept = false
        /// The publish carried the last site (see `KeptPublish`).
        var siteCarried = false

        /// "phases: lock 1 ms, theme 12 ms | data 11 ms | output 20 ms, check 1 ms, … (826 characters, …)": one
        /// line for the log; phases joined by " | " ran at the same time.
        package var phasesLine: String {
            "phases: " + timings.line + " (\(counts))"
        }
    }

    let settings: Settings
    let data: DataSource

    package init(settings: Settings, data: DataSource) {
        self.settings = settings
        self.data = data
    }

    /// `onPublished` is told what the publish changed as soon as the new site is in place, before the build state is
    /// saved: the preview reloads its pages then (the state only serves the next build).
    ///
    /// The report comes once the build state is saved and the output unlocked; the build's values (the records, each
    /// language's model, the page records, the publish plan) are freed after, in the build's own task, which a `build`
    /// process does not wait for: freeing them one by one took 10 to 18 ms of a 230-ms record change.
    package func run(log: Log = .silent, onPublished: @escaping @Sendable (PublishSummary) -> Void = { _ in }) async throws -> Report {
        let (reports, finish) = AsyncThrowingStream<Report, any Error>.makeStream()
        let steps = Task {
            do {
                var timings = PhaseTimings()
                let lock = try await timings.measure("lock") { try await lockOutput() }
                defer { lock?.release() }
                try await build(log: log, timings: timings, onPublished: onPublished) { report in
                    lock?.release()
                    finish.yield(report)
                    finish.finish()
                }
            } catch {
                finish.finish(throwing: error)
            }
        }
        return try await withTaskCancellationHandler {
            for try await report in reports { return report }
            throw CancellationError()
        } onCancel: {
            steps.cancel()
        }
    }

    /// The build's steps, in order, once the output is locked (`timings`: the lock's); `finished` is given the report
    /// as the last step, before the build's values go.
    private func build(
        log: Log, timings: PhaseTimings, onPublished: @Sendable (PublishSummary) -> Void, finished: @Sendable (Report) -> Void
    ) async throws {
        var timings = timings
        // Cached data costs no request, so it loads beside the theme; fetched data waits for the theme, so a
        // broken template fails before any request. Whether the last build's output is untouched depends on
        // neither: it is looked at meanwhile (started after the data, which would otherwise wait behind it).
        let source = effectiveData
        async let cached = PhaseTimings.timed { source.isFetch ? nil : try await load(source, published: nil, log: log) }
        async let lastBuild = PhaseTimings.timed {
            settings.memory?.lastBuild(for: settings.output) ?? BuildState.LastBuild.read(for: settings.output)
        }
        let theme = try await timings.measure("theme") { try loadTheme() }
        // Before any request, like the theme: a mistake in the content's or local records' shape fails at once.
        // A build given no content has no content phase in its log.
        let content = if case .none = settings.content { WrittenContent.none } else {
            try await timings.measure("content") { try loadContent(languages: theme.languages.map(\.code)) }
        }
        let loaded: LoadedRecords
        if case (let early?, let duration) = try await cached {
            loaded = timings.record("data", alongside: (early, duration))
        } else {
            // The published site's counts back the shrink check when the cache is cold.
            let published = await lastBuild.0.state?.collections
            loaded = try await timings.measure("data") { try await load(source, published: published, log: log) }
        }
        let records = try await timings.measure("merge") { try merge(loaded, content: content, log: log) }
        try Self.failOnMistakes(content, records)
        let digests = try await timings.measure("check") { try inputDigests(theme: theme, loaded, records, content) }
        // Inputs other than the last build's are rendered whatever the output holds: what pages are made of is made
        // while the output is looked at, the longest step before (some 7,300 `lstat`s).
        let lastInputs = BuildState.lastInputs(for: settings.output)
        let renders = settings.renderAll || lastInputs != digests.whole
        async let early = renders ? prepare(records, content: content, inputs: digests, pagesOf: lastInputs, log: log) : nil
        let last = timings.record("output", alongside: await lastBuild)
        let check = BuildState.Check(parts: digests, output: settings.output, lastBuild: last)
        if let unchanged = check.unchangedFiles, !settings.renderAll {
            onPublished(PublishSummary(unchanged: unchanged))
            return finished(Report(unchanged: unchanged, timings: timings, counts: records.counts(files: unchanged.count)))
        }
        // The publish's session (what the output holds, the standby's record) is opened beside what the pages read.
        async let opened = openSession(check)
        let prepared: Prepared
        if let made = try await early { prepared = made } else {
            prepared = try await prepare(records, content: content, inputs: digests, pagesOf: lastInputs, log: log)
        }
        timings.record(prepared.timings, alongside: renders)
        let earlier = check.untouchedBuild != nil && check.untouchedBuild == lastInputs ? prepared.earlier : nil
        let (fileCount, summary, record) = try await renderAndPublish(
            prepared.input, earlier: earlier, theme: theme, check: check, session: try await opened, timings: &timings, log: log)
        onPublished(summary)
        if let record {
            // The API's counts, not the merged ones: the shrink check compares the next fetch with them.
            await saveState(record, collections: CollectionCounts(loaded.snapshot), check: check,
                            dataset: prepared.input.dataset, timings: &timings)
        }
        finished(Report(summary: summary, fileCount: fileCount, timings: timings, counts: records.counts(files: fileCount),
                        published: record))
    }

    /// The digest of each input: the data's and (in `serve`, for the same pictures) the pictures' as kept.
    private func inputDigests(
        theme: Theme, _ loaded: LoadedRecords, _ records: MergedRecords, _ content: WrittenContent
    ) throws -> BuildState.InputDigests {
        try BuildState.InputDigests(theme: theme, configuration: settings.configuration, data: loaded.origin,
                                    avatars: records.avatars, content: content.folder.files, dataDigest: loaded.digest,
                                    picturesDigest: settings.memory?.picturesDigest(of: records.avatars, cache: settings.cache))
    }

    /// The "state" step: the standby's record, the build state and the page records, for the next build; what `serve`
    /// keeps of this one.
    private func saveState(
        _ record: Published, collections: CollectionCounts, check: BuildState.Check, dataset: Dataset, timings: inout PhaseTimings
    ) async {
        let saved = await timings.measure("state") {
            // Recorded whether or not `serve` keeps it (not as the argument of an optional call, which may not run),
            // beside the states and page records, which it shares nothing with.
            async let standby = record.recordStandby()
            let saved = await check.save(states: record.states, collections: collections, pages: record.pages)
            settings.memory?.keep(await standby)
            return saved
        }
        settings.memory?.keep(saved?.state, savedFor: settings.output)
        settings.memory?.keep(record.models, pages: saved?.pages, publish: record.publish(), state: check.inputs)
        settings.memory?.keep(dataset, inputs: check.parts.named)
        settings.memory?.keep(record.siteWide)
    }

    /// The build's checks of the content alone (`rmwiki check`): the theme's string tables, the content folder and
    /// local records over the data as it is (cached or in hand, never fetched), every link; nothing is rendered,
    /// written or locked. Throws every mistake at once; returns what was checked ("12 files over 826 characters, …").
    package func check(log: Log = .silent) async throws -> String {
        let theme = try loadTheme()
        let content = try loadContent(languages: theme.languages.map(\.code))
        let source: DataSource = if case .refresh(let service, _, _, _) = data { .cache(service) } else { data }
        let records = try merge(try await load(source, published: nil, log: log), content: content, log: log)
        try Self.failOnMistakes(content, records, resolvingAnyway: true)
        return CountText.of(content.folder.files.count, "content file") + " over " + records.recordCounts
    }

    /// A mistake so far still lets the links be checked against the records that have none, so that one build
    /// lists every mistake of the content. Without one, links are checked only when `resolvingAnyway`: a build
    /// resolves them later, once it knows the site must be rendered.
    private static func failOnMistakes(
        _ content: WrittenContent, _ records: MergedRecords, resolvingAnyway: Bool = false
    ) throws(ContentErrors) {
        var mistakes = content.errors + records.errors
        guard !mistakes.isEmpty || resolvingAnyway else { return }
        do throws(ContentErrors) {
            _ = try ResolvedContent(content.folder.content, dataset: Dataset(records.snapshot, datedLocally: content.local.datedLocally))
        } catch {
            mistakes += error.errors
        }
        if !mistakes.isEmpty { throw ContentErrors(mistakes) }
    }

    /// What pages are made of, once the build knows it renders: the dataset, the content with every link resolved (a
    /// broken one fails the build before anything is written), the avatars' copies, and the page records of the build
    /// whose fingerprint is `state` (kept in memory by `serve`, else read), which the render may use only if the
    /// output is that build's.
    private func prepare(
        _ records: MergedRecords, content: WrittenContent, inputs: BuildState.InputDigests, pagesOf state: String?, log: Log
    ) async throws -> Prepared {
        // The copies need no dataset: they are looked up beside it, as the last build's page records are read.
        async let madeCopies = PhaseTimings.timed {
            makeCopies(of: records.avatars, for: records.snapshot, digest: inputs.named[BuildState.InputDigests.picturesName] ?? "",
                       log: log)
        }
        async let earlier = settings.renderAll ? nil : state.flatMap { state in
            settings.memory?.pages(madeFor: state) ?? PageRecords.load(for: settings.output, state: state)
        }
        var timings = PhaseTimings()
        let dataset = await timings.measure("resolve") {
            settings.memory?.dataset(for: inputs.named) ?? Dataset(records.snapshot, datedLocally: content.local.datedLocally)
        }
        let resolved = try await timings.measure("links") { try ResolvedContent(content.folder.content, dataset: dataset) }
        let copies = timings.record("pictures", alongside: await madeCopies)
        let earlierRecords = await earlier
        return Prepared(
            input: SiteRenderer.Input(dataset: dataset, avatars: records.avatars, copies: copies, history: records.history,
                                      content: resolved),
            earlier: earlierRecords, timings: timings)
    }

    private struct Prepared: Sendable {
        var input: SiteRenderer.Input
        var earlier: PageRecords?
        var timings: PhaseTimings
    }

    /// The content folder as read, and the local records parsed from it.
    private struct WrittenContent: Sendable {
        var folder: ContentFolder.Loaded
        var local: LocalRecords

        static let none = WrittenContent(folder: .none, local: .none)

        /// The mistakes of the folder and of the local records' shape.
        var errors: [ContentError] { folder.errors + local.errors }
    }

    /// The records pages are made of: the API's with the local records merged in, every string within its limit.
    private struct MergedRecords: Sendable {
        var snapshot: Snapshot
        var history: ChangeHistory
        /// The API's pictures, with those local characters give in their place.
        var avatars: [Int: AvatarImage]
        /// The local records merging refused.
        var errors: [ContentError]

        /// "826 characters, 126 locations, 51 episodes, 2112 files".
        func counts(files: Int) -> String { recordCounts + ", " + CountText.of(files, "file") }

        /// "826 characters, 126 locations, 51 episodes".
        var recordCounts: String {
            CountText.of(snapshot.characters.count, "character") + ", " + CountText.of(snapshot.locations.count, "location")
                + ", " + CountText.of(snapshot.episodes.count, "episode")
        }
    }

    /// Merged here, whatever the data came from: the cache keeps what the API served. Bounded here too, local
    /// records included.
    private func merge(_ loaded: LoadedRecords, content: WrittenContent, log: Log) throws -> MergedRecords {
        let merged = content.local.merge(into: loaded.snapshot, images: content.folder.content.images)
        merged.warnings.forEach(log.warn)
        let (snapshot, cuts) = StringLimit.apply(to: merged.snapshot)
        StringLimit.warning(for: cuts).map(log.warn)
        // A local character's picture is made copies of and shown as the API's are: it is one more avatar.
        var avatars = loaded.avatars
        for (id, source) in merged.pictures {
            avatars[id] = source.map { path in
                AvatarImage(source: .file(path: path), fileExtension: path.split(separator: ".").last.map { $0.lowercased() } ?? "")
            }
        }
        return MergedRecords(snapshot: snapshot, history: StringLimit.apply(to: loaded.history), avatars: avatars,
                             errors: merged.errors)
    }

    /// The avatars' smaller copies, kept in the cache folder when the records come from it. `digest`, the pictures'
    /// (every picture file by its stamp), tells whether the copies kept or recorded are still theirs.
    private func makeCopies(of avatars: [Int: AvatarImage], for snapshot: Snapshot, digest: String, log: Log) -> AvatarCopyMaker.Made {
        let folder: URL? = settings.dryRun || !effectiveData.usesCache ? nil
            : settings.cache.appendingPathComponent(DataCache.picturesFolderName, isDirectory: true)
        let characters = Set(snapshot.characters.map(\.id))
        let maker = AvatarCopyMaker(folder: folder)
        let copies: AvatarCopyMaker.Made
        if let memory = settings.memory {
            copies = memory.pictures { maker.make(avatars: avatars, characters: characters, kept: $0, digest: digest) }
        } else {
            copies = maker.make(avatars: avatars, characters: characters, digest: digest)
        }
        copies.warnings.forEach(log.warn)
        if !avatars.isEmpty || copies.withoutPicture > 0 { log.say(copies.summary) }
        return copies
    }

    /// The content's shape digest and the avatars' extensions and their copies' sides, sizes and extensions, by
    /// character, in one digest.
    /// The digest of each part of the content a page can read, by the name `MakerReads` notes it under.
    private static func reads(of pages: SiteRenderer.Input, inputs: [String: String]) -> [String: String] {
        var reads = pages.content.readDigests()
        // Every card shows its avatar's copies (their srcset), which no text records: a change to them is one of
        // shape, which runs every maker.
        reads[MakerReads.shape] = shape(reads[MakerReads.shape], withPicturesOf: pages)
        reads[MakerReads.allRecords] = recordsDigest(inputs)
        return reads
    }

    /// Written as bytes and digested once: a line of text per avatar was a tenth of a preview's rebuild at ten times the data.
    private static func shape(_ content: String?, withPicturesOf pages: SiteRenderer.Input) -> String {
        var bytes = Array((content ?? "").utf8)
        bytes.reserveCapacity(bytes.count + pages.avatars.count * 40)
        for id in pages.avatars.keys.sorted() {
            bytes.append(decimal: Int64(id))
            bytes.append(UInt8(ascii: "."))
            bytes.append(contentsOf: (pages.avatars[id]?.fileExtension ?? "").utf8)
            bytes.append(UInt8(ascii: ":"))
            let copies = pages.copies.copies[id] ?? []
            let sorted = zip(copies, copies.dropFirst()).allSatisfy { $0.side <= $1.side }
            for copy in sorted ? copies : copies.sorted(by: { $0.side < $1.side }) {
                bytes.append(decimal: Int64(copy.side))
                bytes.append(UInt8(ascii: " "))
                bytes.append(decimal: Int64(copy.width))
                bytes.append(UInt8(ascii: "x"))
                bytes.append(decimal: Int64(copy.height))
                bytes.append(UInt8(ascii: "."))
                bytes.append(contentsOf: copy.fileExtension.utf8)
                bytes.append(UInt8(ascii: ";"))
            }
        }
        var digest = FNV1a()
        digest.addWords(bytes)
        return digest.hex
    }

    /// Pages go to the publisher as they are rendered: staged on disk at once, switched in by `finish`; a page
    /// whose key is the last build's is left as published, not rendered (see `PageRecords`). Returns what was
    /// published, with every page's record, nil for a dry run.
    private func renderAndPublish(
        _ pages: SiteRenderer.Input, earlier: PageRecords?, theme: Theme, check: BuildState.Check,
        session opened: (session: PublishSession, kept: KeptPublish?), timings: inout PhaseTimings, log: Log
    ) async throws -> (fileCount: Int, summary: PublishSummary, published: Published?) {
        let (session, kept) = opened
        let reads = Self.reads(of: pages, inputs: check.parts.named)
        var pages = pages
        pages.alphabeticalHints = earlier?.alphabeticalHints ?? [:]
        let (earlier, changedReads, reason) = reusable(earlier, check: check, reads: reads)
        // A model is kept only over the same records: it is made of them.
        if let changedReads, !changedReads.contains(MakerReads.allRecords), let memory = settings.memory {
            pages.models = memory.models(madeFor: check.untouchedBuild)
        }
        pages.siteWide = settings.memory?.keptSiteWide
        // The output is the last build's (else no page records were kept) and so are the avatars, their copies' sides
        // and sizes (the shape) and where they come from.
        pages.picturesPublished = check.untouchedOutput != nil && !earlier.inputs.isEmpty
            && earlier.inputs[BuildState.InputDigests.picturesName] == check.parts.named[BuildState.InputDigests.picturesName]
            && earlier.reads[MakerReads.shape] == reads[MakerReads.shape]
        // Carried only by a build that knows which of the last site's pages it leaves (it runs only the makers that read
        // what changed, over `serve`'s own records of them); the files that are neither pages nor pictures it makes again.
        let carried = changedReads != nil && !earlier.pages.isEmpty ? kept : nil
        if let kept {
            if carried == nil { try session.releaseAll() } else { session.release(kept.others) }
        }
        let ledger = PocketFiles.Ledger(earlier: earlier, carried: carried?.notes ?? [:])
        let reuse = PageReuse(earlier: earlier, changedReads: changedReads, ledger: ledger,
                              carriedPictures: carried.map { ($0.pictures, $0.originals) }, keepPublished: session.keep,
                              release: session.release)
        pages.offlineLists = carried?.offlineLists ?? [:]
        var made: SiteRenderer.Rendered?
        do {
            let fileCount = try await timings.measure("render") {
                let rendered = try await SiteRenderer(theme: theme, configuration: settings.configuration)
                    .render(pages, reuse: reuse, ledger: ledger, emit: session.add)
                log.say(reuse.line(reason: reason))
                made = rendered
                // The files a template links to are the theme's and the build's own (not a page or avatar, whose paths
                // are looked through only for a link to one): a set of every path was a tenth of a preview's rebuild.
                let others = Set(rendered.others)
                try AssetReference.check(theme.assetReferences + [.placeholderAvatar], publicFolder: theme.publicDirectory) {
                    others.contains($0) || rendered.paths.contains($0)
                }
                try reportUntranslated(rendered.untranslated, theme: theme, log: log)
                return rendered.paths.count
            }
            let summary = try await timings.measure(settings.dryRun ? "plan" : "publish") { try session.finish() }
            guard let rendered = made, !settings.dryRun else { return (fileCount, summary, nil) }
            let (base, inputs, reads) = (check.parts.base, check.parts.named, reads)
            let hints = rendered.models.mapValues(\.model.alphabeticalHint)
            return (fileCount, summary, Published(
                states: session.publishedStates, recordStandby: session.recordStandby,
                pages: { reuse.records(base: base, inputs: inputs, reads: reads, alphabeticalHints: hints) },
                publish: { session.carriedSite().map { KeptPublish(site: $0, rendered: rendered, notes: ledger.notes) } },
                models: rendered.models, modelsKept: !pages.models.isEmpty, siteCarried: carried != nil,
                siteWide: rendered.siteWide))
        } catch {
            session.abandon()
            throw error
        }
    }

    /// The publish's session, and what `serve` kept of its last publish when the output is as that publish left it
    /// (the session then carries that site). Opening it removes only what earlier builds left behind (a stale staging
    /// folder, a standby's leftovers); the output is not touched before the first file is added.
    private func openSession(_ check: BuildState.Check) throws -> (session: PublishSession, kept: KeptPublish?) {
        let (outputGuard, output, force) = (outputGuard, settings.output, settings.force)
        let kept = check.untouchedOutput == nil ? nil : settings.memory?.publish(madeFor: check.untouchedBuild)
        let session = try SitePublisher(outputDirectory: output).session(
            dryRun: settings.dryRun, lastPublished: check.untouchedOutput, carried: kept?.site,
            standby: settings.memory?.recordedStandby
        ) {
            try outputGuard.check(output, force: force)
        }
        return (session, kept)
    }

    /// What a publish left in the output (its entries' states, read in the state step; the standby's record) and the
    /// record of each page for the next build: made in the state step, after the preview's pages reloaded.
    fileprivate struct Published {
        var states: @Sendable () -> [PublishedFileState]?
        var recordStandby: @Sendable () -> RecordedStandby?
        var pages: @Sendable () -> PageRecords
        /// What `serve` keeps for its next build to carry.
        var publish: @Sendable () -> KeptPublish?
        /// Each language's model, for `Settings.memory`; whether they were the last build's; the sitemap and robots.txt.
        var models: [String: SiteRenderer.LanguageModel]
        var modelsKept: Bool
        var siteCarried: Bool
        var siteWide: SiteRenderer.SiteWide?
    }

    /// What `serve` keeps of a publish for its next build to carry (see `PublishPlan.init(carrying:)`): the site it left,
    /// the paths of the avatars and their copies (carried while they are the same), and of the files that are neither
    /// those nor pages (made again by every build, so released).
    struct KeptPublish: Sendable {
        var site: CarriedSite
        var pictures: [String]
        var originals: [String]
        var others: [String]
        /// What the ledger noted of every file, and each language's offline list (see `PocketFiles.OfflineList`).
        var notes: [String: PocketFiles.Ledger.Noted]
        var offlineLists: [String: PocketFiles.OfflineList]

        init(site: CarriedSite, rendered: SiteRenderer.Rendered, notes: [String: PocketFiles.Ledger.Noted]) {
            (self.site, pictures, originals, others) = (site, rendered.pictures, rendered.originals, rendered.others)
            (self.notes, offlineLists) = (notes, rendered.offlineLists)
        }
    }

    /// The last build's pages this one may leave as they are; the content this build's `reads` digests that changed
    /// since, when only texts of the content folder and records changed (nil: every page maker runs); and why any page is
    /// rendered: the inputs that changed, or why none may be left (`--full`, no earlier build, its output changed
    /// since, new templates).
    private func reusable(
        _ earlier: PageRecords?, check: BuildState.Check, reads: [String: String]
    ) -> (pages: PageRecords, changedReads: Set<String>?, reason: String) {
        let none = PageRecords(base: "", inputs: [:], pages: [:])
        if settings.renderAll { return (none, nil, "--full") }
        guard let earlier else {
            return (none, nil, "no record of the last build's pages, or its output changed since")
        }
        let changed = Set(check.parts.named.keys.filter { check.parts.named[$0] != earlier.inputs[$0] }
            + earlier.inputs.keys.filter { check.parts.named[$0] == nil })
        let names = changed.sorted()
        let reason = names.prefix(3).joined(separator: ", ") + (names.count > 3 ? " and \(names.count - 3) more" : "") + " changed"
        guard earlier.base == check.parts.base else { return (none, nil, reason) }
        // The pictures and the texts' titles are what every page may show: a change to either leaves every maker to
        // run and compare keys. Else a maker that read no text, record, card or relation that changed need not run (the
        // records' own are compared once each language's model is made: `PageReuse.compare`).
        let changedReads = earlier.changed(reads)
        guard changed.allSatisfy({ ContentFolder.isText($0) || Self.isRecords($0) }), !changedReads.contains(MakerReads.shape) else {
            return (earlier, nil, reason)
        }
        return (earlier, changedReads, reason)
    }

    /// The data (records and history) and the local records of the content folder.
    private static func isRecords(_ input: String) -> Bool {
        input == BuildState.InputDigests.dataName || input.hasPrefix(ContentFolder.localRecordsFolder)
    }

    /// The digest of everything a maker that reads all the records reads (`MakerReads.allRecords`).
    private static func recordsDigest(_ inputs: [String: String]) -> String {
        var digest = InputFingerprint()
        for (name, value) in inputs.sorted(by: { $0.key < $1.key }) where isRecords(name) {
            digest.add(name)
            digest.add(value)
        }
        return digest.hex
    }

    /// One warning line per word a table lacks (printed even with `--quiet`); with `--strict`, the error that stops
    /// the build before anything is published, naming every word.
    private func reportUntranslated(
        _ found: [(language: String, word: UntranslatedWord, pages: Int)], theme: Theme, log: Log
    ) throws(WikiBuildError) {
        var byWord: [UntranslatedWord: [(language: String, pages: Int)]] = [:]
        for entry in found { byWord[entry.word, default: []].append((entry.language, entry.pages)) }
        let words = byWord.keys.sorted { ($0.field, $0.value) < ($1.field, $1.value) }.map { word in
            let languages = byWord[word] ?? []
            return WikiBuildError.Untranslated(
                field: word.field, value: word.value, key: word.key, languages: languages.map(\.language),
                pages: languages.reduce(0) { $0 + $1.pages }, tables: theme.languages.map(\.tablePath))
        }
        if settings.strictWords, !words.isEmpty { throw WikiBuildError.untranslatedWords(words) }
        for word in words { log.warn("warning: " + word.line) }
    }

    /// Refuses an output that publishing would destroy and a cache folder that is not rmwiki's, then takes the
    /// output's lock (a dry run takes none).
    private func lockOutput() async throws -> BuildLock? {
        try outputGuard.check(settings.output, force: settings.force)
        switch data {
        case .records: break
        case .cache(let service), .refresh(let service, _, _, _): try service.checkCache()
        }
        if settings.dryRun { return nil }
        if settings.lockWait == .zero { return try BuildLock.acquire(for: settings.output) }
        return try await BuildLock.acquire(for: settings.output, waitingUpTo: settings.lockWait)
    }

    private var outputGuard: OutputGuard {
        .forThisProcess(protecting: [
            ("the templates folder", settings.templates), ("the static files folder (--public)", settings.publicFolder),
            ("the cache", settings.cache),
        ])
    }

    private func loadContent(languages: [String]) throws -> WrittenContent {
        let folder: ContentFolder.Loaded = switch settings.content {
        case .none: .none
        case .folder(let folder): try folder.load(languages: languages)
        case .files(let files):
            ContentFolder.read(files: files, languages: languages, display: { "content/" + $0 }, imageSource: { $0 })
        }
        return WrittenContent(folder: folder, local: LocalRecords.load(folder.localRecords, now: settings.now))
    }

    private func loadTheme() throws -> Theme {
        let load = { try Theme(templatesDirectory: settings.templates, publicDirectory: settings.publicFolder) }
        guard let memory = settings.memory else { return try load() }
        return try memory.theme(folders: [settings.templates, settings.publicFolder], load: load)
    }

    /// The records of a build and what they were read from, for the check's fingerprint.
    private struct LoadedRecords: Sendable {
        var snapshot: Snapshot
        var avatars: [Int: AvatarImage]
        var history: ChangeHistory
        var origin: BuildState.RecordsOrigin
        /// The digest of `origin`, when it was kept with the records (see `Memory.records(of:read:)`).
        var digest: String?
    }

    /// Where this build's records come from. A dry run writes nothing, the cache included: a refresh would
    /// record the changes it finds as seen, and the real build after it would miss them, so it reads the cache
    /// (`rmwiki fetch` shows what new data changes).
    private var effectiveData: DataSource {
        if case let .refresh(service, _, _, _) = data, settings.dryRun { return .cache(service) }
        return data
    }

    private func load(_ source: DataSource, published: CollectionCounts?, log: Log) async throws -> LoadedRecords {
        switch source {
        case let .records(snapshot, avatars, history):
            return LoadedRecords(snapshot: snapshot, avatars: avatars, history: history, origin: .records(snapshot, history))
        case let .cache(service):
            // One generation for loading and fingerprinting: a fetch may commit another one meanwhile.
            let generation = service.cache.current
            let kept = try settings.memory?.records(of: generation) { try service.readOffline(from: generation) }
            let cached = try kept?.records ?? service.readOffline(from: generation)
            return LoadedRecords(snapshot: cached.snapshot, avatars: cached.avatars, history: cached.history,
                                 origin: .files(cached.files), digest: kept?.digest)
        case let .refresh(service, maxTime, progress, date):
            let report = try await service.refresh(
                progress: progress, recordingAt: date, within: maxTime, published: published)
            report.warnings.forEach(log.warn)
            report.changes.summary.forEach(log.say)
            return LoadedRecords(snapshot: report.snapshot, avatars: report.avatars, history: report.history,
                                 origin: .files(report.files))
        }
    }
}

extension SiteBuild.DataSource {
    /// The records come from rmwiki's cache folder, which may then keep the avatars' copies too.
    var usesCache: Bool {
        if case .records = self { return false }
        return true
    }

    /// Loading asks the API.
    var isFetch: Bool {
        if case .refresh = self { return true }
        return false
    }
}

extension SiteBuild.Report {
    /// A build that found the inputs and the output as the last one left them: nothing rendered, every file unchanged.
    init(unchanged: [String], timings: PhaseTimings, counts: String) {
        self.init(summary: PublishSummary(unchanged: unchanged), fileCount: unchanged.count, skipped: true, timings: timings,
                  counts: counts)
    }

    /// A build that rendered, and published what `published` says (nil for a dry run).
    fileprivate init(summary: PublishSummary, fileCount: Int, timings: PhaseTimings, counts: String, published: SiteBuild.Published?) {
        self.init(summary: summary, fileCount: fileCount, skipped: false, timings: timings, counts: counts,
                  modelsKept: published?.modelsKept ?? false, siteCarried: published?.siteCarried ?? false)
    }
}
