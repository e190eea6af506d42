import Mustache
import WikiModel

// Cards and rows appear thousands of times per build (every index page, every cast list); building
// their template values by hand instead of through `Encoder` is most of the render phase's speed.
// The golden files hold the keys to the Codable forms the other page models use.

extension Badge: MustacheConvertible {
    package var mustacheValue: MustacheValue {
        .object(["label": .string(label), "cssClass": .string(cssClass)])
    }
}

extension ImageReference: MustacheConvertible {
    package var mustacheValue: MustacheValue {
        .object([
            "src": .string(src), "alt": .string(alt), "width": .int(width), "height": .int(height),
            "loading": .string(loading), "fetchPriority": fetchPriority.map(MustacheValue.string) ?? .null,
        ])
    }
}

extension CharacterCard: MustacheConvertible {
    package var mustacheValue: MustacheValue {
        .object([
            "id": .int(id), "name": .string(name), "note": note.map(MustacheValue.string) ?? .null,
            "url": .string(url), "image": image.mustacheValue,
            "status": status.mustacheValue, "gender": gender.mustacheValue, "species": .string(species),
            "count": count.map(MustacheValue.string) ?? .null,
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
            "airDate": .string(airDate), "airDateISO": airDateISO.map(MustacheValue.string) ?? .null,
            "castSize": .string(castSize),
        ])
    }
}

// Every page has these: built by hand too.
// Each `mustacheValue` has exactly the keys (and `.null` for nil) the Codable form gives `MustacheValue(encoding:)`.

extension RecordLink: MustacheConvertible {
    package var mustacheValue: MustacheValue {
        .object(["name": .string(name), "url": url.map(MustacheValue.string) ?? .null])
    }
}

extension InfoRow: MustacheConvertible {
    package var mustacheValue: MustacheValue {
        .object([
            "key": .string(key), "label": .string(label), "icon": .string(icon), "color": .string(color),
            "value": .string(value), "url": url.map(MustacheValue.string) ?? .null,
            "datetime": datetime.map(MustacheValue.string) ?? .null, "badgeClass": badgeClass.map(MustacheValue.string) ?? .null,
        ])
    }
}

extension PageMeta: MustacheConvertible {
    package var mustacheValue: MustacheValue {
        .object([
            "title": .string(title), "heading": .string(heading), "description": .string(description),
            "canonicalURL": .string(canonicalURL), "ogType": .string(ogType), "ogImage": ogImage.map(MustacheValue.string) ?? .null,
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
            "label": .string(label), "url": url.map(MustacheValue.string) ?? .null,
            "ariaLabel": ariaLabel.map(MustacheValue.string) ?? .null, "rel": rel.map(MustacheValue.string) ?? .null,
            "isCurrent": .bool(isCurrent), "isGap": .bool(isGap),
        ])
    }
}

extension Pager: MustacheConvertible {
    package var mustacheValue: MustacheValue {
        .object([
            "current": .int(current), "total": .int(total), "summary": .string(summary),
            "items": .array(items.map(\.mustacheValue)), "previous": previous.mustacheValue, "next": next.mustacheValue,
        ])
    }
}
