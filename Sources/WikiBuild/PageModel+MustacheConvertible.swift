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
