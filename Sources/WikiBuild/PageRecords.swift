import Foundation
import Mustache
import Primitives
import SiteOutput
import Synchronization
import WikiModel

/// What the last build knew of each page it published: the page's key (a digest of everything its template is
/// given: the template's name, the page's values, its meta, navigation and languages), the file's size and content
/// hash (for the offline lists), the page maker that made it, and a digest of each input by name (to say why pages
/// were rendered again).
///
/// A page whose key changed goes through the templates and is compared with the published file. A page's bytes are a
/// function of its key and of what every page shares (the templates and string tables, the configuration and the
/// generator itself: the `base`), so a page whose key and base are the last build's is left as published, exactly
/// as a render would leave it. Any change to the shared part renders every page.
///
/// When only texts of the content folder or records changed, not even the keys are needed for most pages: each page
/// maker's record says which texts, "Mentioned in" lists, records, cards and relations it read (`MakerReads`), with
/// their digests in `reads`, and a maker that read none that changed made the same pages as last time (see
/// `PageReuse.skip`).
///
/// Kept beside the output (`.<name>.build-pages`) with the fingerprint of the build state it belongs to: a file of
/// another build, damaged or missing, renders every page, never keeps a wrong one.
struct PageRecords: Sendable, Equatable {
    struct Page: Sendable, Equatable {
        /// Nil for a page that is always rendered (its values cannot be digested).
        var key: String?
        var size: Int
        var hash: String
        /// The maker that made it (`en#character:1`: the language and the maker's key, `PageMaker.key`), the page's
        /// place among that maker's pages, and whether the sitemap lists it.
        var maker: String
        var ordinal: Int
        var inSitemap: Bool
        /// The line the record was read from, written again as it was (most pages of a build are the last build's: a
        /// line each made anew was half of writing the records); nil for a page this build recorded.
        var line: ArraySlice<UInt8>? = nil

        /// What the record says, whatever line it was read from.
        static func == (left: Page, right: Page) -> Bool {
            (left.key, left.size, left.hash, left.maker, left.ordinal, left.inSitemap)
                == (right.key, right.size, right.hash, right.maker, right.ordinal, right.inSitemap)
        }
    }

    var base: String
    var inputs: [String: String]
    private(set) var pages: [String: Page]
    /// A digest of what the sitemap and robots.txt were made of (`SiteRenderer.SiteWide.key`); nil when not recorded.
    var siteWide: String?
    /// The digest of each part of the content a page can read, by the name `MakerReads` notes it under.
    private(set) var reads: [String: String] = [:]
    /// What each maker read of the content, and how many pages it made.
    private(set) var makers: [String: Maker] = [:]
    /// Each maker's pages, in the order it made them; a maker some of whose pages are not recorded is left out. Found
    /// once, when first asked (by the build that reuses these records: the records a build saves are not asked unless
    /// `serve` keeps them), not again by every build of `serve` that takes them from its memory (27,000 pages grouped
    /// at ten times the data).
    var pagesByMaker: [String: [(path: String, page: Page)]] {
        grouped.value {
            var found: [String: [(path: String, page: Page)]] = [:]
            for (path, page) in pages { found[page.maker, default: []].append((path, page)) }
            return found.filter { makers[$0.key]?.pageCount == $0.value.count }
                .mapValues { $0.sorted { $0.page.ordinal < $1.page.ordinal } }
        }
    }
    private let grouped = Memo<[String: [(path: String, page: Page)]]>()

    /// Whether the read names of the file these records were read from are in order, each once, as rmwiki writes them
    /// (see `PageReuse.marks`, `lines(state:)`); found once, as `pagesByMaker` is.
    var readNamesInOrder: Bool {
        namesChecked.value { zip(written.readNames, written.readNames.dropFirst()).allSatisfy { $0 < $1 } }
    }
    private var namesChecked = Memo<Bool>()

    /// Finds now what the next build that reuses these records asks first: `serve` keeps them for its next build, whose
    /// edit then waits for neither (70,000 read names and 27,000 pages at ten times the data).
    func prepareForReuse() {
        _ = pagesByMaker
        _ = readNamesInOrder
    }
    /// Each language's A–Z order of the characters, by id, for the next build to sort from (`SiteModel.alphabeticalHint`):
    /// only a hint, the order is always sorted again.
    var alphabeticalHints: [String: [Int]] = [:]
    /// The lines these records were read from (see `WrittenLines`); not part of what they say.
    var written = WrittenLines() { didSet { namesChecked = Memo() } }
    /// The names of `reads` digested before any model is made (not a language's): found once, as `pagesByMaker` is, not
    /// among the language's (some 150,000 at ten times the data) by every build that compares them.
    private(set) var contentReads: [String] = []

    /// The read names in the order the file numbered them, each one's line and digest as written, and each maker's line:
    /// a build that did not run a maker writes its line again as it was when the reads are numbered the same (a record
    /// change: 2,700 of 2,780 makers, whose read lists were most of writing the file), and so the line of a read whose
    /// digest is the same.
    struct WrittenLines: Sendable {
        var readNames: [String] = []
        var readLines: [(line: ArraySlice<UInt8>, digest: ArraySlice<UInt8>)] = []
        var makerLines: [String: ArraySlice<UInt8>] = [:]
    }

    init(base: String, inputs: [String: String], pages: [String: Page], reads: [String: String] = [:],
         makers: [String: Maker] = [:], siteWide: String? = nil, alphabeticalHints: [String: [Int]] = [:]) {
        self.base = base
        self.inputs = inputs
        self.pages = pages
        self.siteWide = siteWide
        self.alphabeticalHints = alphabeticalHints
        self.reads = reads
        self.makers = makers
        let mark = MakerReads.languageMark.asciiValue ?? 0
        contentReads = reads.keys.filter { $0.utf8.first != mark }
    }

    /// The records, whatever pages each maker was found to have (derived from them).
    static func == (left: PageRecords, right: PageRecords) -> Bool {
        (left.base, left.inputs, left.pages, left.reads, left.makers) == (right.base, right.inputs, right.pages, right.reads, right.makers)
            && (left.siteWide, left.alphabeticalHints) == (right.siteWide, right.alphabeticalHints)
    }

    struct Maker: Sendable, Equatable {
        /// What a maker this build ran read, each name once, in order (an array: a set's hashing was most of reading
        /// the records); for a maker read from a file, that file's read names (`WrittenLines.readNames`), shared.
        private let names: [String]
        var pageCount: Int
        /// The places of what it read among the read names of the file the record was read from; nil for a maker this
        /// build ran. Only the places are read from the file: a name each, copied out of the file's table for every
        /// maker, was a third of reading the records (some 58,000).
        let numbers: [Int]?

        init(read: [String], pageCount: Int) {
            (names, self.pageCount, numbers) = (read, pageCount, nil)
        }

        init(numbers: [Int], of readNames: [String], pageCount: Int) {
            (names, self.pageCount, self.numbers) = (readNames, pageCount, numbers)
        }

        /// Each name it read once, in order.
        var read: [String] { numbers.map { $0.map { names[$0] } } ?? names }

        var readCount: Int { numbers?.count ?? names.count }

        /// Whether it read one of `changed`: a few changed names are compared with each name read, which is cheaper
        /// than hashing every name read (some 57,000 a build); names read from a file are looked at in place.
        func read(anyOf changed: Set<String>) -> Bool {
            guard !changed.isEmpty else { return false }
            let isChanged: (String) -> Bool = changed.count > 4 ? changed.contains : { name in changed.contains { $0 == name } }
            guard let numbers else { return names.contains(where: isChanged) }
            return numbers.contains { isChanged(names[$0]) }
        }

        /// What the record says, whatever file it was read from.
        static func == (left: Maker, right: Maker) -> Bool { (left.read, left.pageCount) == (right.read, right.pageCount) }
    }

    static let header = "rmwiki pages 3 "

    /// The digest of something read that is not there.
    static let absent = "-"

    /// The names whose digest in `reads` differs from that in this record (absent or not), of those digested before any
    /// model is made (not a language's: see `PageReuse.compare`).
    func changed(_ reads: [String: String]) -> Set<String> {
        Set(reads.keys.filter { reads[$0] != self.reads[$0] ?? Self.absent }
            + contentReads.filter { (reads[$0] ?? Self.absent) != self.reads[$0] })
    }

    /// The names of `digests` (`language`'s, each name marked with it) whose digest differs from that in this record,
    /// and the names of this record's that language has no more.
    func changed(_ digests: [String: String], language: String) -> Set<String> {
        // Walked as pairs: each name looked up in `digests` again was half of comparing (some 7,000 a language).
        var changed = Set<String>()
        for (name, digest) in digests where digest != reads[name] ?? Self.absent { changed.insert(name) }
        let prefix = MakerReads.marked(language)
        for (name, digest) in reads where name.hasPrefix(prefix) && digests[name] == nil && digest != Self.absent {
            changed.insert(name)
        }
        return changed
    }

    static func location(for output: URL) -> URL {
        let state = BuildState.location(for: output)
        return state.deletingLastPathComponent().appendingPathComponent(
            String(state.lastPathComponent.dropLast("build-state".count)) + "build-pages")
    }

    /// The records saved with the build state whose fingerprint is `state`, nil for any other.
    static func load(for output: URL, state: String) -> PageRecords? {
        guard let data = FileManager.default.contents(atPath: location(for: output).path),
              let lines = LineRecords.lines([UInt8](data)), lines.count >= 2,
              LineRecords.text(lines[lines.startIndex]) == header + state else { return nil }
        let base = LineRecords.fields(lines[lines.startIndex + 1], count: 2)
        guard base.count == 2, LineRecords.text(base[0]) == "base" else { return nil }
        var records = PageRecords(base: LineRecords.text(base[1]), inputs: [:], pages: [:])
        // Room for each kind at once: growing the tables (13,000 lines, most keyed by a path or a name) was a third of
        // reading them.
        var counts: [UInt8: Int] = [:]
        for line in lines.dropFirst(2) { counts[line.first ?? 0, default: 0] += 1 }
        let (readCount, makerCount, pageCount) = (counts[UInt8(ascii: "r")] ?? 0, counts[UInt8(ascii: "m")] ?? 0, counts[UInt8(ascii: "p")] ?? 0)
        records.reads.reserveCapacity(readCount)
        records.makers.reserveCapacity(makerCount)
        records.pages.reserveCapacity(pageCount)
        var written = WrittenLines()
        written.makerLines.reserveCapacity(makerCount)
        // By number: they are saved numbered from 0, in order.
        written.readNames.reserveCapacity(readCount)
        written.readLines.reserveCapacity(readCount)
        for line in lines.dropFirst(2) {
            guard let kind = Kind(line), records.read(kind, line, written: &written) else { return nil }
        }
        var loaded = PageRecords(base: records.base, inputs: records.inputs, pages: records.pages, reads: records.reads,
                                 makers: records.makers, siteWide: records.siteWide, alphabeticalHints: records.alphabeticalHints)
        loaded.written = written
        return loaded
    }

    /// What a line records: its first field.
    private enum Kind {
        case input, siteWide, read, maker, order, page

        /// Nil for a line of no known kind.
        init?(_ line: ArraySlice<UInt8>) {
            // Compared as bytes: the field made into a string to compare was a tenth of reading the records.
            guard let found = Self.prefixes.first(where: { line.starts(with: $0.prefix) }) else { return nil }
            self = found.kind
        }

        private static let prefixes: [(prefix: [UInt8], kind: Kind)] = [
            (Array("read ".utf8), .read), (Array("page ".utf8), .page), (Array("maker ".utf8), .maker),
            (Array("input ".utf8), .input), (Array("sitewide ".utf8), .siteWide),
            (Array("order ".utf8), .order),
        ]
    }

    /// Takes in one line of `kind`; false when it does not parse.
    private mutating func read(_ kind: Kind, _ line: ArraySlice<UInt8>, written: inout WrittenLines) -> Bool {
        switch kind {
        case .input:
            let fields = LineRecords.fields(line, count: 3)
            guard fields.count == 3 else { return false }
            inputs[LineRecords.text(fields[2])] = LineRecords.text(fields[1])
        case .siteWide:
            let fields = LineRecords.fields(line, count: 2)
            guard fields.count == 2, siteWide == nil else { return false }
            siteWide = LineRecords.text(fields[1])
        case .read:
            let fields = LineRecords.fields(line, count: 4)
            guard fields.count == 4, let number = LineRecords.number(fields[1]) else { return false }
            guard number == written.readNames.count else { return false }
            let name = LineRecords.text(fields[3])
            written.readNames.append(name)
            written.readLines.append((line, fields[2]))
            reads[name] = LineRecords.text(fields[2])
        case .maker:
            let fields = LineRecords.fields(line, count: 4)
            guard fields.count == 4, let count = LineRecords.number(fields[2]),
                  let numbers = Self.numbers(fields[3], below: written.readNames.count) else { return false }
            let name = LineRecords.text(fields[1])
            makers[name] = Maker(numbers: numbers, of: written.readNames, pageCount: Int(count))
            written.makerLines[name] = line
        case .order:
            let fields = LineRecords.fields(line, count: 3)
            guard fields.count == 3 else { return false }
            var ids: [Int] = []
            for number in fields[2].split(separator: UInt8(ascii: ",")) {
                guard let id = LineRecords.number(number) else { return false }
                ids.append(Int(id))
            }
            alphabeticalHints[LineRecords.text(fields[1])] = ids
        case .page:
            let fields = LineRecords.fields(line, count: 8)
            guard fields.count == 8, let size = LineRecords.number(fields[2]), let ordinal = LineRecords.number(fields[5]),
                  makers[LineRecords.text(fields[4])] != nil else { return false }
            let key = LineRecords.text(fields[1])
            pages[LineRecords.text(fields[7])] = Page(
                key: key == "-" ? nil : key, size: Int(size), hash: LineRecords.text(fields[3]),
                maker: LineRecords.text(fields[4]), ordinal: Int(ordinal), inSitemap: LineRecords.text(fields[6]) == "1",
                line: line)
        }
        return true
    }

    /// The numbers a maker's line lists ("3,17,240"; empty between commas is nothing), nil for one not below `count`
    /// (the names read before). Read digit by digit: a list split into numbers first was most of reading a maker's line.
    private static func numbers(_ list: ArraySlice<UInt8>, below count: Int) -> [Int]? {
        var numbers: [Int] = []
        numbers.reserveCapacity(list.count / 3)
        var number: Int?
        // A comma read after the last number too, so that each number is taken in one place.
        for index in list.startIndex...list.endIndex {
            let byte = index == list.endIndex ? UInt8(ascii: ",") : list[index]
            if byte == UInt8(ascii: ",") {
                if let found = number {
                    guard found < count else { return nil }
                    numbers.append(found)
                }
                number = nil
                continue
            }
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            let (shifted, overflowed) = (number ?? 0).multipliedReportingOverflow(by: 10)
            let (next, overflowedAgain) = shifted.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
            guard !overflowed, !overflowedAgain else { return nil }
            number = next
        }
        return numbers
    }

    /// `lines(state:)`, written before the build state it names, so a build killed between the two leaves records no
    /// state names.
    static func write(_ lines: [UInt8], for output: URL) {
        let destination = location(for: output)
        try? AtomicFile.write(Data(lines), to: destination, temporaryName: destination.lastPathComponent + ".tmp")
    }

    /// The file's lines, for the build state whose fingerprint is `state`. Appended as bytes: a line's text through
    /// interpolation cost most of the state step (some 3,000 pages). The pages' lines are made beside the rest.
    func lines(state: String) async -> [UInt8] {
        // A maker that read something without a digest (a name with a line break) is left out, so its pages are not.
        let unsaved = Set(reads.keys.filter { !LineRecords.fits($0) })
        let left = Set(makers.lazy.filter { name, maker in
            name.utf8.contains(UInt8(ascii: " ")) || !LineRecords.fits(name) || maker.read(anyOf: unsaved)
        }.map(\.key))
        async let savedPages = pageLines(leaving: left)
        var text: [UInt8] = []
        text.reserveCapacity(pages.count * 140 + reads.count * 60 + makers.count * 40)
        text.append(line: [Self.header + state])
        text.append(line: ["base", base])
        for (name, digest) in inputs.sorted(by: { $0.key < $1.key }) where LineRecords.fits(name) {
            text.append(line: ["input", digest, name])
        }
        if let siteWide { text.append(line: ["sitewide", siteWide]) }
        // The names the last file numbered, when they are exactly this record's (in order, each once): no sort, and each
        // one's digest looked up once.
        let lastDigests = written.readNames.count == reads.count - unsaved.count && readNamesInOrder
            ? written.readNames.map { reads[$0] } : nil
        let numbered = lastDigests?.allSatisfy { $0 != nil } ?? false
        let (names, places) = numbered ? (written.readNames, nil) : sortedReadNames(leaving: unsaved)
        var numbers: [String: Int] = [:]
        numbers.reserveCapacity(reads.count)
        for (number, name) in names.enumerated() {
            numbers[name] = number
            let digest = (numbered ? lastDigests.flatMap { $0[number] } : reads[name]) ?? Self.absent
            if numbered, written.readLines[number].digest.elementsEqual(digest.utf8) {
                text.append(contentsOf: written.readLines[number].line)
                text.append(LineRecords.newline)
            } else {
                text.append(line: ["read", String(number), digest, name])
            }
        }
        // Every name a maker read has a digest (see `PageReuse.records`); one that had none would leave it out.
        var dropped = Set<String>()
        for (name, maker) in makers.sorted(by: { $0.key < $1.key }) where !left.contains(name) {
            if numbered, let line = written.makerLines[name] {
                text.append(contentsOf: line)
                text.append(LineRecords.newline)
                continue
            }
            let listed = places.flatMap { renumbered(maker, places: $0) } ?? maker.read.compactMap { numbers[$0] }.sorted()
            guard listed.count == maker.readCount else {
                dropped.insert(name)
                continue
            }
            text.append(line: ["maker", name, String(maker.pageCount)], numbers: listed)
        }
        for (language, ids) in alphabeticalHints.sorted(by: { $0.key < $1.key }) where !language.utf8.contains(where: { $0 <= 32 }) {
            text.append(line: ["order", language], numbers: ids)
        }
        let made = await savedPages
        return text + (dropped.isEmpty ? made : pageLines(leaving: left.union(dropped)))
    }

    /// The names of `reads` but `unsaved`, sorted, and when the last file's names were in order each one's place among
    /// them (-1: gone), so that a maker not run writes its read list renumbered, not each name looked up (a fetch adds
    /// names: every maker's line was made anew). The last file's names still read are taken in their order and merged
    /// with the few that are new, placed as they go: sorting all 7,000 anew, which come from a dictionary in no order,
    /// was most of making a fetch's lines.
    private func sortedReadNames(leaving unsaved: Set<String>) -> (names: [String], places: [Int]?) {
        guard readNamesInOrder else { return (reads.keys.filter { !unsaved.contains($0) }.sorted(), nil) }
        let last = written.readNames
        let added = reads.keys.filter { last.sortedIndex(of: $0) == nil && !unsaved.contains($0) }.sorted()
        var names: [String] = []
        names.reserveCapacity(reads.count)
        var places = [Int](repeating: -1, count: written.readNames.count)
        var next = added.startIndex
        for (place, name) in written.readNames.enumerated() where reads[name] != nil && !unsaved.contains(name) {
            while next < added.endIndex, added[next] < name {
                names.append(added[next])
                next += 1
            }
            places[place] = names.count
            names.append(name)
        }
        names += added[next...]
        return (names, places)
    }

    /// The places of what `maker` read among the names `places` maps the last file's to, from its places in that file
    /// (`Maker.numbers`); nil when it has none, or one is gone. A maker's places are always among this record's
    /// `written.readNames`: a maker is read from the file those names come from (`load`, where its places are checked
    /// against the names read so far) or carried over with them (`PageReuse.records`).
    private func renumbered(_ maker: Maker, places: [Int]) -> [Int]? {
        guard let numbers = maker.numbers else { return nil }
        var listed: [Int] = []
        listed.reserveCapacity(numbers.count)
        for number in numbers {
            guard number < places.count, places[number] >= 0 else { return nil }
            listed.append(places[number])
        }
        return listed
    }

    /// The lines of the pages, by path, but those of the makers `left`.
    private func pageLines(leaving left: Set<String>) -> [UInt8] {
        var text: [UInt8] = []
        text.reserveCapacity(pages.count * 140)
        for (path, page) in pages.sorted(by: { $0.key < $1.key })
        where LineRecords.fits(path) && (left.isEmpty || !left.contains(page.maker)) {
            if let line = page.line {
                text.append(contentsOf: line)
                text.append(LineRecords.newline)
                continue
            }
            text.append(line: [
                "page", page.key ?? "-", String(page.size), page.hash, page.maker, String(page.ordinal), page.inSitemap ? "1" : "0", path,
            ])
        }
        return text
    }
}

/// The page's key: a digest of the template's name and of every value the template is given besides what all
/// pages share. Nil when a value cannot be digested (a lambda): such a page is always rendered.
enum PageKey {
    static func of(template: String, values: MustacheValue) -> String? {
        var digest = ValueDigest()
        digest.add(template)
        guard digest.add(value: values) else { return nil }
        return digest.hex
    }
}

/// One build's use of the last build's page records: which makers it did not run and which pages it left as
/// published, and the record of every page and maker for the next build.
final class PageReuse: Sendable {
    private let earlier: PageRecords
    private let earlierByMaker: [String: [(path: String, page: PageRecords.Page)]]
    /// The reads digested before any model is made whose digest changed since the last build; nil when every maker must
    /// run (more than texts and records changed, or no record says what each maker read).
    private let changedReads: Set<String>?
    private let ledger: PocketFiles.Ledger
    private let keepPublished: @Sendable ([String]) throws -> Bool
    /// Set when the publish carries the last site (see `PublishPlan.init(carrying:)`): the paths of its avatars and their
    /// copies, and of its avatars alone. A skipped maker's pages are then carried, not kept one by one, and a maker that
    /// runs releases its last pages.
    let carriedPictures: (pictures: [String], originals: [String])?
    private let release: @Sendable ([String]) -> Void
    /// The pages and makers this build made; the makers it did not run, noted one by one unless the publish carries the
    /// last site; then the makers whose records are replaced: those that ran and the last build's this one lacks (see
    /// `lastPages`), whose last pages a publish that carries the last site released.
    private let made = Mutex<(
        pages: [String: PageRecords.Page], makers: [String: PageRecords.Maker], skipped: [String], released: [String]
    )>(([:], [:], [], []))
    /// Each language's digests (`SiteModel.readDigests`) and those whose digest changed since the last build, given by
    /// `compare` before any of that language's makers run.
    private let languages = Mutex<(digests: [[String: String]], changed: Set<String>)>(([], []))
    /// The key of what this build's sitemap and robots.txt are made of (`note(siteWide:)`).
    private let siteWide = Mutex<String?>(nil)
    private let kept = Atomic<Int>(0)
    private let seen = Atomic<Int>(0)
    private let built = Atomic<Int>(0)

    /// `earlier` without pages renders every page; `changedReads` nil runs every maker.
    init(
        earlier: PageRecords, changedReads: Set<String>?, ledger: PocketFiles.Ledger,
        carriedPictures: (pictures: [String], originals: [String])? = nil,
        keepPublished: @escaping @Sendable ([String]) throws -> Bool, release: @escaping @Sendable ([String]) -> Void = { _ in }
    ) {
        self.earlier = earlier
        earlierByMaker = changedReads == nil ? [:] : earlier.pagesByMaker
        self.changedReads = changedReads
        self.ledger = ledger
        self.carriedPictures = changedReads == nil ? nil : carriedPictures
        self.keepPublished = keepPublished
        self.release = release
    }

    /// The makers of one language (`makers`, by name) that need not run, by their place in it, each with its pages as
    /// the last build made them, in order, left as published: a maker that read nothing of the content that changed
    /// since, each of whose pages is recorded and still published. Decided before any of them runs, and their pages
    /// kept at once: a large site has some 27,000 makers, nearly all skipped by an edit.
    /// `runAll`: every maker runs (a language whose table lacks words counts the pages that show each).
    func skip(_ makers: [String], runAll: Bool = false) throws -> [Int: [(path: String, inSitemap: Bool)]] {
        guard let changedReads else { return [:] }
        let changedHere = languages.withLock { $0.changed }
        let marked = runAll ? nil : marks(changedReads, changedHere)
        var skipped: [(index: Int, maker: String, record: PageRecords.Maker, pages: [(path: String, page: PageRecords.Page)])] = []
        var running: [String] = []
        for (index, maker) in makers.enumerated() {
            guard !runAll, let (record, pages) = leftAlone(maker, changedReads, changedHere, marked: marked) else {
                running.append(maker)
                continue
            }
            skipped.append((index, maker, record, pages))
        }
        if carriedPictures != nil {
            // The skipped makers' pages are carried, their records taken from the last build's as they are; those of the
            // makers that run, and of the last build's makers this one lacks, are left to be planned again.
            releaseLastPages(of: running, ofLanguageOf: makers)
        } else {
            if try !keepPublished(skipped.flatMap { $0.pages.map(\.path) }) {
                // All of a maker's pages or none: a maker that runs after all must find none of its pages taken. Nearly
                // always every page is there; else each maker is tried alone.
                skipped = try skipped.filter { maker in
                    guard try keepPublished(maker.pages.map(\.path)) else {
                        running.append(maker.maker)
                        return false
                    }
                    return true
                }
            }
            // Only the makers are noted: their pages' records (and the ledger's sizes and hashes) are the last build's,
            // taken as they are (`records`, `PocketFiles.Ledger.init(earlier:)`), not copied a page at a time; those
            // of the makers that run, and of the last build's makers this one lacks, are replaced.
            let replaced = lastPages(of: running, ofLanguageOf: makers).makers
            made.withLock { made in
                for maker in skipped {
                    made.makers[maker.maker] = maker.record
                    made.skipped.append(maker.maker)
                }
                made.released += replaced
            }
        }
        countKept(skipped.reduce(0) { $0 + $1.pages.count })
        return Dictionary(uniqueKeysWithValues: skipped.map { maker in
            (maker.index, maker.pages.map { ($0.path, $0.page.inSitemap) })
        })
    }

    /// A maker's record and pages in the last build, when it need not run: it read nothing that changed since (of the
    /// content, `changed`, or of its language's records, `changedHere`), and each of its pages is recorded with a key.
    private func leftAlone(
        _ maker: String, _ changed: Set<String>, _ changedHere: Set<String>, marked: [Bool]?
    ) -> (PageRecords.Maker, [(path: String, page: PageRecords.Page)])? {
        guard let record = earlier.makers[maker] else { return nil }
        if let marked, let numbers = record.numbers {
            guard !numbers.contains(where: { marked[$0] }) else { return nil }
        } else {
            guard !record.read(anyOf: changed), !record.read(anyOf: changedHere) else { return nil }
        }
        guard let pages = earlierByMaker[maker], pages.allSatisfy({ $0.page.key != nil }) else { return nil }
        return (record, pages)
    }

    /// Which of the read names of the last build's file (`WrittenLines.readNames`, by place) are among `changed`: a
    /// maker read from that file is then checked by the places it read, not by hashing each name it read (some 45,000 a
    /// build). Nil when the names are not in order (a file rmwiki did not write), which leaves the names compared.
    private func marks(_ changed: Set<String>...) -> [Bool]? {
        guard earlier.readNamesInOrder else { return nil }
        let names = earlier.written.readNames
        var marked = [Bool](repeating: false, count: names.count)
        for name in changed.joined() {
            if let place = names.sortedIndex(of: name) { marked[place] = true }
        }
        return marked
    }


    /// Of a language whose makers are those of the last build (`names`, as laid out then), the places of the makers that
    /// must run; nil when the publish does not carry the last site, or the content changed in more than texts and
    /// records. Decides only: `runOnly` then releases their pages.
    func makersToRun(_ names: [String]) -> [Int]? {
        guard let changedReads, carriedPictures != nil else { return nil }
        let changedHere = languages.withLock { $0.changed }
        let marked = marks(changedReads, changedHere)
        return names.indices.filter { leftAlone(names[$0], changedReads, changedHere, marked: marked) == nil }
    }

    /// Runs only the makers at `running` of `layout`'s: their last pages are released (to be planned again as they run),
    /// every other maker's are carried as published.
    func runOnly(_ running: [Int], of layout: PageLayout) {
        releaseLastPages(of: running.map { layout.names[$0] }, ofLanguageOf: [])
        countKept(layout.paths.count - running.reduce(0) { $0 + layout.paths(of: $1).count })
    }

    /// Releases the last pages of `running` and of the language's makers gone since (see `lastPages`), noting the makers
    /// whose records are replaced.
    private func releaseLastPages(of running: [String], ofLanguageOf all: [String]) {
        let (paths, released) = lastPages(of: running, ofLanguageOf: all)
        release(paths)
        made.withLock { $0.released += released }
    }

    /// `count` pages left as published without their makers running.
    private func countKept(_ count: Int) {
        seen.add(count, ordering: .relaxed)
        kept.add(count, ordering: .relaxed)
    }

    /// The last build's pages of `running` (makers of one language, `all` of them) and of that language's makers missing
    /// from `all` (none looked for when `all` is empty), with those makers.
    private func lastPages(of running: [String], ofLanguageOf all: [String]) -> (paths: [String], makers: [String]) {
        var makers = running
        let present = all.count - running.count + running.count(where: { earlier.makers[$0] != nil })
        if let language = all.first.flatMap({ $0.split(separator: "#", maxSplits: 1).first }).map({ $0 + "#" }),
           earlier.makers.keys.count(where: { $0.hasPrefix(language) }) != present {
            let names = Set(all)
            makers += earlier.makers.keys.filter { $0.hasPrefix(language) && !names.contains($0) }
        }
        var paths: [String] = []
        var unlisted = Set<String>()
        for maker in makers {
            if let pages = earlierByMaker[maker] { paths += pages.map(\.path) } else { unlisted.insert(maker) }
        }
        // A maker some of whose pages were not recorded with it: any recorded page of it.
        if !unlisted.isEmpty { paths += earlier.pages.filter { unlisted.contains($0.value.maker) }.map(\.key) }
        return (paths, makers)
    }

    /// Whether the page at `path` may stay as published (same key as in the last build, and the file is there);
    /// false when it must be rendered. Records the page either way, as page `ordinal` of `maker`.
    func keep(_ path: String, key: String?, maker: String, ordinal: Int, inSitemap: Bool) throws -> Bool {
        seen.add(1, ordering: .relaxed)
        built.add(1, ordering: .relaxed)
        let record = PageRecords.Page(key: key, size: 0, hash: "", maker: maker, ordinal: ordinal, inSitemap: inSitemap)
        made.withLock { $0.pages[path] = record }
        guard let key, let page = earlier.pages[path], page.key == key, try keepPublished([path]) else { return false }
        ledger.note([(path, PocketFiles.Ledger.Entry(size: page.size, hash: page.hash))])
        kept.add(1, ordering: .relaxed)
        return true
    }

    /// Leaves the avatars and their copies (`files`) as published without comparing them when `published` (the caller
    /// knows they are: the pictures, their copies and the output are the last build's): all of them, or none (false).
    func keep(pictures files: [SiteFile], published: Bool) throws -> Bool {
        let paths = files.map(\.path)
        if let carriedPictures {
            // The last site's, carried as they are; else those it had are planned again.
            if published && paths == carriedPictures.pictures {
                ledger.note(files)
                return true
            }
            release(carriedPictures.pictures)
        }
        guard published, try keepPublished(paths) else { return false }
        ledger.note(files)
        return true
    }

    /// Notes the key of what the sitemap and robots.txt are made of (`SiteRenderer.SiteWide.key`), for the next build.
    func note(siteWide key: String) { siteWide.withLock { $0 = key } }

    /// Leaves the sitemap and robots.txt (`paths`) as published when the last build's were made of the same (`key`);
    /// false: they are made. Not when the publish carries the last site, which makes again every file that is neither a
    /// page nor a picture.
    func keep(siteWide key: String, paths: [String]) throws -> Bool {
        guard carriedPictures == nil, earlier.siteWide == key else { return false }
        return try keepPublished(paths)
    }

    /// The last build's digests of a language's records, cards and relations, when the records are that build's (only
    /// texts changed): the same as its model would make.
    func keptDigests(language: String) -> [String: String]? {
        guard let changedReads, !changedReads.contains(MakerReads.allRecords), earlier.reads[MakerReads.allRecords] != nil
        else { return nil }
        let prefix = MakerReads.marked(language)
        let kept = earlier.reads.filter { $0.key.hasPrefix(prefix) && $0.value != PageRecords.absent }
        return kept.isEmpty ? nil : kept
    }

    /// Takes `language`'s digests of its records, cards and relations, before its makers run: a maker that read one
    /// whose digest changed since the last build runs. `kept`: they are the last build's (`keptDigests`).
    func compare(_ digests: [String: String], language: String, kept: Bool) {
        let changed = kept ? [] : earlier.changed(digests, language: language)
        languages.withLock {
            // Merged with the others when the records are made, after the preview's pages reloaded.
            $0.digests.append(digests)
            $0.changed.formUnion(changed)
        }
    }

    /// Notes what a maker that ran read of the content, and how many pages it made.
    func ran(maker: String, read: Set<String>, pageCount: Int) {
        made.withLock { $0.makers[maker] = PageRecords.Maker(read: read.sorted(), pageCount: pageCount) }
    }

    /// "rendered 5 of 7,087 pages: articles/portal-guns.md changed", once every page went by; when makers were
    /// skipped, how many pages' values were built.
    func line(reason: String) -> String {
        let (all, kept, built) = (seen.load(ordering: .relaxed), kept.load(ordering: .relaxed), built.load(ordering: .relaxed))
        let pages = CountText.of(all, "page")
        let values = built < all ? " (the values of \(built) built)" : ""
        return "rendered " + (kept == 0 ? pages : String(all - kept) + " of " + pages) + values + ": " + reason
    }

    /// How many pages' values were built (the others' makers did not run).
    var builtCount: Int { built.load(ordering: .relaxed) }

    /// This build's pages and makers, each page with its file's size and hash as the ledger noted them.
    /// `alphabeticalHints`: each language's A–Z order (see `PageRecords.alphabeticalHints`).
    func records(
        base: String, inputs: [String: String], reads: [String: String], alphabeticalHints: [String: [Int]]
    ) -> PageRecords {
        let (made, ran, skipped, released) = made.withLock { ($0.pages, $0.makers, $0.skipped, $0.released) }
        var pages: [String: PageRecords.Page] = [:]
        var makers = ran
        var makerLines: [String: ArraySlice<UInt8>] = [:]
        if changedReads != nil {
            // The last build's records, less those of the makers whose pages were released or replaced.
            (pages, makers, makerLines) = (earlier.pages, earlier.makers, earlier.written.makerLines)
            var unlisted = Set<String>()
            for maker in released {
                if let last = earlierByMaker[maker] { for (path, _) in last { pages[path] = nil } } else { unlisted.insert(maker) }
                makers[maker] = nil
                makerLines[maker] = nil
            }
            if !unlisted.isEmpty { pages = pages.filter { !unlisted.contains($0.value.maker) } }
            makers.merge(ran) { _, ran in ran }
        }
        // A dictionary's keys come in the order it iterates.
        for ((path, page), entry) in zip(made, ledger[Array(made.keys)]) {
            if let entry, let hash = entry.hash {
                pages[path] = PageRecords.Page(
                    key: page.key, size: entry.size, hash: hash, maker: page.maker, ordinal: page.ordinal, inSitemap: page.inSitemap)
            }
        }
        // What was read and is not there (a record's prose none wrote) is recorded as absent: written later, it is a change.
        // Room for every language's digests at once: merged into the content's few, the table grew and was copied again
        // with each (some 14,000 names).
        let languageDigests = languages.withLock { $0.digests }
        var digests = reads
        digests.reserveCapacity(reads.count + languageDigests.reduce(0) { $0 + $1.count })
        for language in languageDigests { digests.merge(language) { _, language in language } }
        // A skipped maker's reads are all in the last build's record, its absent ones as absent.
        for (name, digest) in earlier.reads where digest == PageRecords.absent && digests[name] == nil {
            digests[name] = PageRecords.absent
        }
        // Only the makers that ran: a skipped one's reads are the last build's (2,800 makers' reads walked for 72 cost a
        // record change some 15 ms).
        let skippedMakers = Set(skipped)
        for (name, maker) in ran where !skippedMakers.contains(name) {
            for name in maker.read where digests[name] == nil { digests[name] = PageRecords.absent }
        }
        var records = PageRecords(
            base: base, inputs: inputs, pages: pages, reads: digests, makers: makers, siteWide: siteWide.withLock { $0 },
            alphabeticalHints: alphabeticalHints)
        // A maker not run writes the same line (its reads are the last build's), as does a read whose digest is the same.
        records.written = PageRecords.WrittenLines(
            readNames: earlier.written.readNames, readLines: earlier.written.readLines, makerLines: makerLines)
        return records
    }
}
