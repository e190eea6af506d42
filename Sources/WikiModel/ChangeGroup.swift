import RickAndMortyAPI

/// One group of the "What's new" timeline: what one rebuild found, or what the API (or the content folder's local
/// records) added on one day. The last two come from the records' own `created`, so a first build, which has no
/// history yet, already shows when each record arrived.
struct ChangeGroup: Sendable {
    /// `local`: records a local file of the content folder dates (`Dataset.datedLocally`), which the API never added.
    enum Source: String, Sendable { case rebuild, api, local }

    let source: Source
    /// `rebuild-20261121T033000Z`, `added-2017-11-04` or `added-locally-2022-09-04`: the group's folder under
    /// `whats-new/` and its feed id.
    let slug: String
    /// The rebuild's timestamp, or the day at midnight UTC: the feed's `updated` and the timeline's order.
    let updated: String
    let entries: [ChangeHistory.Entry]

    /// Every rebuild in `history` and every day on which `dataset` says records were created, newest first.
    /// Records whose `created` is not a date have no day to be listed under.
    static func timeline(history: ChangeHistory, dataset: Dataset) -> [ChangeGroup] {
        var groups: [ChangeGroup] = []
        var slugs: Set<String> = []
        for build in history.builds {
            // Dates come from a file in the cache: two that differ only in punctuation must not share a folder.
            let base = "rebuild-" + build.date.filter { $0.isASCII && ($0.isLetter || $0.isNumber) }
            var slug = base
            var suffix = 2
            while !slugs.insert(slug).inserted {
                slug = "\(base)-\(suffix)"
                suffix += 1
            }
            groups.append(ChangeGroup(source: .rebuild, slug: slug, updated: build.date, entries: build.entries))
        }

        var days: [CalendarDate: [ChangeHistory.Entry]] = [:]
        var localDays: [CalendarDate: [ChangeHistory.Entry]] = [:]
        func add(_ kind: ResourceKind, _ id: Int, _ name: String, created: String) {
            guard let day = CalendarDate(iso8601: created) else { return }
            let entry = ChangeHistory.Entry(date: day.isoDay, kind: kind, id: id, name: name, change: .added)
            if dataset.isDatedLocally(kind, id) {
                localDays[day, default: []].append(entry)
            } else {
                days[day, default: []].append(entry)
            }
        }
        for record in dataset.characters { add(.character, record.id, record.name, created: record.created) }
        for record in dataset.locations { add(.location, record.id, record.name, created: record.created) }
        for record in dataset.episodes { add(.episode, record.id, record.name, created: record.created) }
        for (day, entries) in days {
            groups.append(ChangeGroup(
                source: .api, slug: "added-\(day.isoDay)", updated: day.isoDay + "T00:00:00Z", entries: entries))
        }
        for (day, entries) in localDays {
            groups.append(ChangeGroup(
                source: .local, slug: "added-locally-\(day.isoDay)", updated: day.isoDay + "T00:00:00Z", entries: entries))
        }
        // On the same day, a rebuild comes before the day's additions; slugs are unique, so the order is total.
        func key(_ group: ChangeGroup) -> (String, Int, String) { (group.updated, group.source == .rebuild ? 1 : 0, group.slug) }
        return groups.sorted { key($0) > key($1) }
    }
}
