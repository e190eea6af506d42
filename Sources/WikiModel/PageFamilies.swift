import Mustache
import RickAndMortyAPI

/// A family of pages grouped by a field of the characters, declared once: an index of the values (the most
/// common first, ties by value) and, for each value, its characters as cards, paginated like the characters
/// index. Every family shares the two models below and the templates `family-index` and `family-group`; the
/// character fact named by `fact` links to the character's page in the family. A new family is one more
/// declaration in `all` and its strings in each table.
package struct PageFamily: Sendable, Hashable {
    /// The URL folder (`species/`, `species/human/`); it also tells families apart.
    let folder: String
    /// The row of a character's page that links to the character's group.
    let fact: InfoField
    /// The character's value; a blank one belongs to no group.
    let value: @Sendable (CharacterRecord) -> String
    /// How many characters a value needs to get a page.
    let minimumMembers: Int
    /// The strings: `<indexKeys>_title`, `<indexKeys>_description` and `<indexKeys>_lead` (plurals) for the
    /// index; `<groupKeys>_title`, `<groupKeys>_description` and `<groupKeys>_description_page` for a group's
    /// pages, and `group_kind_<groupKeys>` for what search calls one.
    let indexKeys: String
    let groupKeys: String
    /// A value as the page's language says it.
    let name: @Sendable (String, StringTable) throws -> String

    static let species = PageFamily(
        folder: "species", fact: .species, value: { $0.species }, minimumMembers: 1,
        indexKeys: "species_index", groupKeys: "species", name: { $1.term("species", $0) })

    /// A type of one character is a fact of that character, not a list.
    static let types = PageFamily(
        folder: "types", fact: .type, value: { $0.type }, minimumMembers: 2,
        indexKeys: "types", groupKeys: "type", name: { value, _ in value })

    /// Alive, dead or unknown: a character's status badge links here.
    static let statuses = PageFamily(
        folder: "statuses", fact: .status, value: { $0.status }, minimumMembers: 1,
        indexKeys: "statuses", groupKeys: "status", name: { try CharacterVocabulary.statusGroup($0, $1).label })

    /// Every family, in the order the site lists them.
    static let all = [species, types, statuses]

    package static func == (left: PageFamily, right: PageFamily) -> Bool { left.folder == right.folder }
    package func hash(into hasher: inout Hasher) { hasher.combine(folder) }
}

/// A family's index: every group with its count, the most common first.
struct FamilyIndexPage: PageModel, Encodable, Equatable {
    static let kind = PageKind.familyIndex

    let lead: String
    let groups: [GroupEntry]
}

/// One group of a family ("Human", "Parasite"): its characters as cards, paginated like the characters index.
struct FamilyGroupPage: PageModel, Encodable, Equatable {
    static let kind = PageKind.familyGroup

    let name: String
    let indexURL: String
    let indexTitle: String
    let characterCount: String
    let cards: [CharacterCard]
    let pager: Pager?
}

extension SiteModel {
    func familyIndexPage(_ family: PageFamily) throws -> SitePage {
        let members = listedGroups(of: family)
        let entries = try members.map { group throws in
            GroupEntry(name: try family.name(group.name, strings), url: link(.familyGroup(family, group.slug, page: 1)),
                       detail: try strings.plural("group_characters_count", count: group.characterIDs.count))
        }
        return try page(
            .familyIndex(family), title: try strings("\(family.indexKeys)_title"),
            description: try strings.plural("\(family.indexKeys)_description", count: members.count),
            content: FamilyIndexPage(
                lead: try strings.plural("\(family.indexKeys)_lead", count: members.count), groups: entries))
    }

    func familyGroupPages(_ family: PageFamily, _ group: RecordGroups.CharacterGroup, only page: Int? = nil) throws -> [SitePage] {
        let name = try family.name(group.name, strings)
        let indexURL = link(.familyIndex(family)), indexTitle = try strings("\(family.indexKeys)_title")
        let characters = try strings.plural("group_characters_count", count: group.characterIDs.count)
        let keys = family.groupKeys
        return try pagedGroup(
            listing: group.characterIDs.count, only: page, route: { .familyGroup(family, group.slug, page: $0) }, heading: name,
            title: { try groupTitle("\(keys)_title", name: name, page: $0) },
            descriptionKey: "\(keys)_description", descriptionValues: ["name": name, "characters": characters]
        ) { positions, pager in
            FamilyGroupPage(
                name: name, indexURL: indexURL, indexTitle: indexTitle, characterCount: count(group.characterIDs.count),
                cards: cards(eager: try cards(Array(group.characterIDs[positions]))), pager: pager)
        }
    }

    /// The link to the group of `value` in a family; nil for a value without a page (blank, or too few characters).
    func familyLink(_ family: PageFamily, value: String) -> String? {
        self.group(of: family, named: value).map { link(.familyGroup(family, $0.slug, page: 1)) }
    }

    /// The link a character's fact gives: its group in the family declared for that fact, if there is one.
    func familyLink(_ fact: InfoField, of character: CharacterRecord) -> String? {
        PageFamily.all.first { $0.fact == fact }.flatMap { familyLink($0, value: $0.value(character)) }
    }
}

extension FamilyGroupPage: MustacheConvertible {
    var mustacheValue: MustacheValue {
        .object([
            "name": .string(name), "indexURL": .string(indexURL), "indexTitle": .string(indexTitle),
            "characterCount": .string(characterCount), "cards": MustacheValue(cards), "pager": MustacheValue(pager),
        ])
    }
}
