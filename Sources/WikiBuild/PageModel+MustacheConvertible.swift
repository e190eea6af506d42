import Mustache
import WikiModel

// Cards and rows appear thousands of times per build (every index page, every cast list); building
// their template values by hand instead of through `Encoder` is most of the render phase's speed.
// `TemplateValuesTests` holds each to its Codable form, key for key.

extension MustacheValue {
    fileprivate init(_ text: String?) { self = text.map(MustacheValue.string) ?? .null }
    fileprivate init(_ value: (some MustacheConvertible)?) { self = value?.mustacheValue ?? .null }
    fileprivate init(_ values: [some MustacheConvertible]) { self = .array(values.map(\.mustacheValue)) }
}

extension Badge: MustacheConvertible {
    package var mustacheValue: MustacheValue {
        .object(["label": .string(label), "cssClass": .string(cssClass)])
    }
}

extension ImageReference: MustacheConvertible {
    package var mustacheValue: MustacheValue {
        .object([
            "src": .string(src), "alt": .string(alt), "width": .int(width), "height": .int(height),
            "loading": .string(loading), "fetchPriority": MustacheValue(fetchPriority),
            "srcset": MustacheValue(srcset), "cardSrcset": MustacheValue(cardSrcset),
            "cardSizes": MustacheValue(cardSizes), "later": .bool(later),
        ])
    }
}

extension CharacterCard: MustacheConvertible {
    package var mustacheValue: MustacheValue {
        .object([
            "id": .int(id), "name": .string(name), "note": MustacheValue(note),
            "url": .string(url), "image": image.mustacheValue,
            "status": status.mustacheValue, "gender": gender.mustacheValue, "species": .string(species),
            "count": MustacheValue(count),
        ])
    }
}

extension LocationCard: MustacheConvertible {
    package var mustacheValue: MustacheValue {
        .object([
            "id": .int(id), "name": .string(name), "url": .string(url), "type": .string(type),
            "dimension": .string(dimension), "residentCount": .string(residentCount), "nativeCount": .string(nativeCount),
        ])
    }
}

extension EpisodeSummary: MustacheConvertible {
    package var mustacheValue: MustacheValue {
        .object([
            "id": .int(id), "code": .string(code), "name": .string(name), "url": .string(url),
            "airDate": .string(airDate), "airDateISO": MustacheValue(airDateISO),
            "castSize": .string(castSize),
        ])
    }
}

// Every page has these: built by hand too.
// Each `mustacheValue` has exactly the keys (and `.null` for nil) the Codable form gives `MustacheValue(encoding:)`.

extension RecordLink: MustacheConvertible {
    package var mustacheValue: MustacheValue {
        .object(["name": .string(name), "url": MustacheValue(url)])
    }
}

extension InfoRow: MustacheConvertible {
    package var mustacheValue: MustacheValue {
        .object([
            "key": .string(key), "label": .string(label), "icon": .string(icon), "color": .string(color),
            "value": .string(value), "url": MustacheValue(url),
            "datetime": MustacheValue(datetime), "badgeClass": MustacheValue(badgeClass),
        ])
    }
}

extension PageMeta: MustacheConvertible {
    package var mustacheValue: MustacheValue {
        .object([
            "title": .string(title), "heading": .string(heading), "description": .string(description),
            "canonicalURL": .string(canonicalURL), "ogType": .string(ogType), "ogImage": MustacheValue(ogImage),
        ])
    }
}

extension NavigationItem: MustacheConvertible {
    package var mustacheValue: MustacheValue {
        .object(["label": .string(label), "url": .string(url), "isCurrent": .bool(isCurrent)])
    }
}

extension LanguageLink: MustacheConvertible {
    package var mustacheValue: MustacheValue {
        .object([
            "code": .string(code), "name": .string(name), "url": .string(url), "absoluteURL": .string(absoluteURL),
            "isCurrent": .bool(isCurrent),
        ])
    }
}

extension Pager.Item: MustacheConvertible {
    package var mustacheValue: MustacheValue {
        .object([
            "label": .string(label), "url": MustacheValue(url),
            "ariaLabel": MustacheValue(ariaLabel), "rel": MustacheValue(rel),
            "isCurrent": .bool(isCurrent), "isGap": .bool(isGap),
        ])
    }
}

extension Pager: MustacheConvertible {
    package var mustacheValue: MustacheValue {
        .object([
            "current": .int(current), "total": .int(total), "summary": .string(summary),
            "items": MustacheValue(items), "previous": previous.mustacheValue, "next": next.mustacheValue,
        ])
    }
}

// The page models of the record pages and the characters index: three quarters of the site's pages.

extension CharacterPage: MustacheConvertible {
    package var mustacheValue: MustacheValue {
        .object([
            "name": .string(name), "note": MustacheValue(note), "image": image.mustacheValue,
            "gender": gender.mustacheValue, "info": MustacheValue(info), "seasons": MustacheValue(seasons),
            "hasEpisodes": .bool(hasEpisodes), "coStars": coStars.mustacheValue, "hasCoStars": .bool(hasCoStars),
            "castNote": MustacheValue(castNote), "hasCoStarSection": .bool(hasCoStarSection),
            "previous": MustacheValue(previous), "next": MustacheValue(next),
            "prose": MustacheValue(prose), "mentions": MustacheValue(mentions),
        ])
    }
}

extension Prose: MustacheConvertible {
    package var mustacheValue: MustacheValue {
        .object([
            "html": .string(html), "lang": MustacheValue(lang), "untranslated": MustacheValue(untranslated),
            "summary": MustacheValue(summary), "contents": MustacheValue(contents), "hasContents": .bool(hasContents),
        ])
    }
}

extension Prose.Heading: MustacheConvertible {
    package var mustacheValue: MustacheValue {
        .object(["text": .string(text), "anchor": .string(anchor), "level": .int(level)])
    }
}

extension Mentions: MustacheConvertible {
    package var mustacheValue: MustacheValue { .object(["links": MustacheValue(links)]) }
}

extension CastNote: MustacheConvertible {
    package var mustacheValue: MustacheValue {
        .object(["text": .string(text), "episode": episode.mustacheValue])
    }
}

extension CharacterRows: MustacheConvertible {
    package var mustacheValue: MustacheValue { .object(["rows": MustacheValue(rows)]) }
}

extension EpisodeIndexPage.Season: MustacheConvertible {
    package var mustacheValue: MustacheValue {
        .object([
            "title": .string(title), "number": number.map(MustacheValue.int) ?? .null, "anchor": .string(anchor),
            "url": MustacheValue(url), "episodeCount": .string(episodeCount), "episodes": MustacheValue(episodes),
        ])
    }
}

extension CharacterIndexPage: MustacheConvertible {
    package var mustacheValue: MustacheValue {
        .object([
            "cards": MustacheValue(cards), "pager": pager.mustacheValue, "orders": MustacheValue(orders),
            "letters": MustacheValue(letters), "hasLetters": .bool(hasLetters), "picker": MustacheValue(picker),
            "places": places.mustacheValue, "genderLegend": MustacheValue(genderLegend), "random": MustacheValue(random),
        ])
    }
}

extension RandomCharacter: MustacheConvertible {
    package var mustacheValue: MustacheValue {
        .object(["url": .string(url), "ids": .string(ids), "pattern": .string(pattern)])
    }
}

extension Places: MustacheConvertible {
    package var mustacheValue: MustacheValue { .object(["cards": MustacheValue(cards), "all": all.mustacheValue]) }
}

extension OrderLink: MustacheConvertible {
    package var mustacheValue: MustacheValue {
        .object(["label": .string(label), "url": .string(url), "isCurrent": .bool(isCurrent)])
    }
}

extension LetterLink: MustacheConvertible {
    package var mustacheValue: MustacheValue {
        .object(["label": .string(label), "url": MustacheValue(url), "ariaLabel": .string(ariaLabel)])
    }
}

extension PagePicker: MustacheConvertible {
    package var mustacheValue: MustacheValue {
        .object(["summary": .string(summary), "entries": MustacheValue(entries)])
    }
}

extension PagePicker.Entry: MustacheConvertible {
    package var mustacheValue: MustacheValue {
        .object(["label": .string(label), "url": MustacheValue(url), "isCurrent": .bool(isCurrent)])
    }
}

extension LocationPage: MustacheConvertible {
    package var mustacheValue: MustacheValue {
        .object([
            "name": .string(name), "type": .string(type), "dimension": .string(dimension),
            "dimensionURL": MustacheValue(dimensionURL), "residentCount": .string(residentCount),
            "nativeCount": .string(nativeCount), "residents": MustacheValue(residents), "hasResidents": .bool(hasResidents),
            "natives": MustacheValue(natives), "hasNatives": .bool(hasNatives), "isEmpty": .bool(isEmpty),
            "prose": MustacheValue(prose), "mentions": MustacheValue(mentions),
        ])
    }
}

extension EpisodePage: MustacheConvertible {
    package var mustacheValue: MustacheValue {
        .object([
            "code": .string(code), "name": .string(name), "airDate": .string(airDate), "airDateISO": MustacheValue(airDateISO),
            "created": .string(created), "createdISO": MustacheValue(createdISO),
            "createdLabel": .string(createdLabel), "castSize": .string(castSize),
            "characters": MustacheValue(characters), "hasCharacters": .bool(hasCharacters),
            "previous": MustacheValue(previous), "next": MustacheValue(next), "season": MustacheValue(season),
            "debuts": MustacheValue(debuts), "hasDebuts": .bool(hasDebuts), "castAllDebut": .bool(castAllDebut),
            "debutCount": .string(debutCount),
            "prose": MustacheValue(prose), "mentions": MustacheValue(mentions),
        ])
    }
}
