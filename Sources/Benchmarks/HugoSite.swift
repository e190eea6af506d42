import Foundation
import RickAndMortyAPI

/// The wiki's one-language site as a Hugo project, for `rmwiki-bench hugo`: a page per character, location
/// and episode, the three indexes paginated 20 to a page, a home page and a 404 page, all in one layout with
/// the same navigation, meta tags, info lists, cards and pagers as rmwiki's templates, and the avatars as
/// static files. Links are resolved here, into each page's front matter (names, URLs, pictures of the records
/// it lists), so Hugo's templates only print, as rmwiki's do; the resolving is not timed for Hugo and is for
/// rmwiki, which makes the comparison lean Hugo's way.
struct HugoSite {
    static func write(_ snapshot: Snapshot, avatars: URL, to root: URL) throws {
        let manager = FileManager.default
        func write(_ text: String, _ path: String) throws {
            let file = root.appendingPathComponent(path)
            try manager.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        func id(_ url: String) -> Int? { url.split(separator: "/").last.flatMap { Int($0) } }
        let characters = Dictionary(snapshot.characters.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let locations = Dictionary(snapshot.locations.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let episodes = Dictionary(snapshot.episodes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        func card(_ character: CharacterRecord) -> [String: Any] {
            ["name": character.name, "url": "/characters/\(character.id)/", "image": "/images/characters/\(character.id).jpeg",
             "status": character.status, "species": character.species, "gender": character.gender]
        }
        func reference(_ reference: NamedReference) -> [String: Any] {
            guard let id = id(reference.url), locations[id] != nil else { return ["name": reference.name] }
            return ["name": reference.name, "url": "/locations/\(id)/"]
        }
        func page(_ frontMatter: [String: Any], _ path: String) throws {
            let json = try JSONSerialization.data(withJSONObject: frontMatter, options: [.sortedKeys])
            try write(String(decoding: json, as: UTF8.self) + "\n", path)
        }

        try write("""
            baseURL = "/"
            title = "Rick and Morty Wiki"
            languageCode = "en"
            paginate = 20
            disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT"]
            [markup.goldmark.renderer]
            unsafe = true

            """, "config.toml")
        for (section, title) in [("characters", "Characters"), ("locations", "Locations"), ("episodes", "Episodes")] {
            try page(["title": title], "content/\(section)/_index.md")
        }
        let busiest = snapshot.locations.sorted { $0.residents.count > $1.residents.count || ($0.residents.count == $1.residents.count && $0.id < $1.id) }
        try page(["title": "Rick and Morty Wiki", "places": busiest.prefix(8).map { ["name": $0.name, "url": "/locations/\($0.id)/"] },
                  "counts": [snapshot.characters.count, snapshot.locations.count, snapshot.episodes.count]], "content/_index.md")
        for character in snapshot.characters {
            let seen = character.episode.compactMap(id).compactMap { episodes[$0] }
            try page([
                "title": character.name, "url": "/characters/\(character.id)/", "weight": character.id,
                "description": "\(character.name): \(character.species), \(character.status), last seen at \(character.location.name).",
                "card": card(character), "type_": character.type, "origin": reference(character.origin),
                "location": reference(character.location), "created": character.created,
                "episodes": seen.map { ["code": $0.episode, "name": $0.name, "url": "/episodes/\($0.id)/", "air": $0.airDate] },
            ], "content/characters/\(character.id).md")
        }
        for location in snapshot.locations {
            try page([
                "title": location.name, "url": "/locations/\(location.id)/", "weight": location.id,
                "description": "\(location.name): \(location.type) in \(location.dimension).",
                "kind": location.type, "dimension": location.dimension, "created": location.created,
                "residents": location.residents.compactMap(id).compactMap { characters[$0] }.map(card),
            ], "content/locations/\(location.id).md")
        }
        for episode in snapshot.episodes {
            try page([
                "title": episode.name, "url": "/episodes/\(episode.id)/", "weight": episode.id,
                "description": "\(episode.episode) \(episode.name), aired \(episode.airDate).",
                "code": episode.episode, "air": episode.airDate, "created": episode.created,
                "cast": episode.characters.compactMap(id).compactMap { characters[$0] }.map(card),
            ], "content/episodes/\(episode.id).md")
        }
        for (path, text) in templates { try write(text, "layouts/" + path) }

        let images = root.appendingPathComponent("static/images/characters")
        try manager.createDirectory(at: images, withIntermediateDirectories: true)
        for character in snapshot.characters {
            let source = avatars.appendingPathComponent("\(character.id).jpeg")
            if manager.fileExists(atPath: source.path) {
                try manager.copyItem(at: source, to: images.appendingPathComponent("\(character.id).jpeg"))
            }
        }
    }

    static let templates: [String: String] = [
        "_default/baseof.html": """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>{{ if .IsHome }}{{ site.Title }}{{ else }}{{ .Title }} · {{ site.Title }}{{ end }}</title>
            <meta name="description" content="{{ .Params.description }}">
            <meta name="color-scheme" content="light dark">
            <link rel="canonical" href="{{ .Permalink }}">
            <meta property="og:site_name" content="{{ site.Title }}">
            <meta property="og:title" content="{{ .Title }}">
            <meta property="og:description" content="{{ .Params.description }}">
            <meta property="og:url" content="{{ .Permalink }}">
            {{ with .Params.card }}<meta property="og:image" content="{{ .image | absURL }}">{{ end }}
            <link rel="icon" href="/favicon.svg" type="image/svg+xml">
            <link rel="stylesheet" href="/assets/site.css">
            </head>
            <body>
            <a class="skip-link" href="#main">Skip to content</a>
            <header class="site-header"><div class="site-header-inner">
            <a class="brand" href="/"><span>{{ site.Title }}</span></a>
            <nav class="site-nav" aria-label="Site"><ul>
            {{ $section := .Section }}
            {{ range slice "characters" "locations" "episodes" }}<li><a href="/{{ . }}/"{{ if eq . $section }} aria-current="page"{{ end }}>{{ . | humanize }}</a></li>
            {{ end }}</ul></nav>
            </div></header>
            <main id="main" tabindex="-1">
            {{ block "main" . }}{{ end }}
            </main>
            <footer class="site-footer"><p>Data from the Rick and Morty API.</p></footer>
            </body>
            </html>

            """,
        "partials/card.html": """
            <li class="card character-card gender-{{ lower .gender }}">
              <a class="card-link" href="{{ .url }}">
                <img class="card-image" src="{{ .image }}" alt="" width="300" height="300" loading="lazy" decoding="async">
                <span class="card-name">{{ .name }}</span>
              </a>
              <p class="card-meta"><span class="badge status-{{ lower .status }}">{{ .status }}</span> <span class="card-detail">{{ .species }} · {{ .gender }}</span></p>
            </li>

            """,
        "partials/pager.html": """
            {{ $pager := . }}{{ if gt $pager.TotalPages 1 }}
            <nav class="pager" aria-label="Pages"><ul>
            {{ if $pager.HasPrev }}<li><a rel="prev" href="{{ $pager.Prev.URL }}">Previous</a></li>{{ end }}
            {{ range $pager.Pagers }}<li>{{ if eq . $pager }}<span aria-current="page">{{ .PageNumber }}</span>{{ else }}<a href="{{ .URL }}">{{ .PageNumber }}</a>{{ end }}</li>
            {{ end }}
            {{ if $pager.HasNext }}<li><a rel="next" href="{{ $pager.Next.URL }}">Next</a></li>{{ end }}
            </ul></nav>{{ end }}

            """,
        "characters/single.html": """
            {{ define "main" }}
            {{ $card := .Params.card }}
            <article class="character gender-{{ lower $card.gender }}">
              <h1>{{ .Title }}</h1>
              <div class="character-layout">
                <section class="character-picture"><img src="{{ $card.image }}" alt="{{ .Title }}" width="300" height="300" loading="eager" fetchpriority="high" decoding="async"></section>
                <section class="character-info"><h2>Info</h2>
                  <dl class="info-list">
                    <div class="info-row"><dt>Status</dt><dd><span class="badge status-{{ lower $card.status }}">{{ $card.status }}</span></dd></div>
                    <div class="info-row"><dt>Species</dt><dd>{{ $card.species }}</dd></div>
                    <div class="info-row"><dt>Type</dt><dd>{{ with .Params.type_ }}{{ . }}{{ else }}None{{ end }}</dd></div>
                    <div class="info-row"><dt>Gender</dt><dd>{{ $card.gender }}</dd></div>
                    {{ range slice "origin" "location" }}{{ $place := index $.Params . }}
                    <div class="info-row"><dt>{{ . | humanize }}</dt><dd>{{ with $place.url }}<a href="{{ . }}">{{ $place.name }}</a>{{ else }}{{ $place.name }}{{ end }}</dd></div>{{ end }}
                    {{ with .Params.episodes }}
                    <div class="info-row"><dt>First seen</dt><dd><a href="{{ (index . 0).url }}">{{ (index . 0).code }} · {{ (index . 0).name }}</a></dd></div>
                    <div class="info-row"><dt>Episodes</dt><dd>{{ len . }} episodes</dd></div>{{ end }}
                    <div class="info-row"><dt>Created</dt><dd><time datetime="{{ .Params.created }}">{{ dateFormat "January 2, 2006" .Params.created }}</time></dd></div>
                  </dl>
                </section>
              </div>
              <section class="character-episodes"><h2>Episodes</h2>
                {{ with .Params.episodes }}<table class="episode-rows"><tbody>
                {{ range . }}<tr><td>{{ .code }}</td><td><a href="{{ .url }}">{{ .name }}</a></td><td>{{ .air }}</td></tr>
                {{ end }}</tbody></table>{{ else }}<p>No episodes.</p>{{ end }}
              </section>
            </article>
            {{ end }}

            """,
        "characters/list.html": """
            {{ define "main" }}
            {{ $pager := .Paginate (.Pages.ByWeight) }}
            <h1>Characters</h1>
            <ul class="cards">
            {{ range $pager.Pages }}{{ partial "card.html" .Params.card }}{{ end }}
            </ul>
            {{ partial "pager.html" $pager }}
            {{ end }}

            """,
        "locations/single.html": """
            {{ define "main" }}
            <article class="location">
              <h1>{{ .Title }}</h1>
              <dl class="info-list">
                <div class="info-row"><dt>Type</dt><dd>{{ .Params.kind }}</dd></div>
                <div class="info-row"><dt>Dimension</dt><dd>{{ .Params.dimension }}</dd></div>
                <div class="info-row"><dt>Residents</dt><dd>{{ len .Params.residents }} residents</dd></div>
                <div class="info-row"><dt>Created</dt><dd><time datetime="{{ .Params.created }}">{{ dateFormat "January 2, 2006" .Params.created }}</time></dd></div>
              </dl>
              <section><h2>Residents</h2>
              {{ with .Params.residents }}<ul class="cards">{{ range . }}{{ partial "card.html" . }}{{ end }}</ul>{{ else }}<p>Nobody lives here.</p>{{ end }}
              </section>
            </article>
            {{ end }}

            """,
        "locations/list.html": """
            {{ define "main" }}
            {{ $pager := .Paginate (.Pages.ByWeight) }}
            <h1>Locations</h1>
            <ul class="location-cards">
            {{ range $pager.Pages }}<li class="card location-card"><a href="{{ .RelPermalink }}">{{ .Title }}</a> <span>{{ .Params.kind }} · {{ .Params.dimension }}</span> <span>{{ len .Params.residents }} residents</span></li>
            {{ end }}</ul>
            {{ partial "pager.html" $pager }}
            {{ end }}

            """,
        "episodes/single.html": """
            {{ define "main" }}
            <article class="episode">
              <h1>{{ .Title }}</h1>
              <dl class="info-list">
                <div class="info-row"><dt>Episode</dt><dd>{{ .Params.code }}</dd></div>
                <div class="info-row"><dt>Air date</dt><dd>{{ .Params.air }}</dd></div>
                <div class="info-row"><dt>Cast</dt><dd>{{ len .Params.cast }} characters</dd></div>
              </dl>
              <nav class="neighbours">{{ with .PrevInSection }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }} {{ with .NextInSection }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}</nav>
              <section><h2>Cast</h2><ul class="cards">{{ range .Params.cast }}{{ partial "card.html" . }}{{ end }}</ul></section>
            </article>
            {{ end }}

            """,
        "episodes/list.html": """
            {{ define "main" }}
            {{ $pager := .Paginate (.Pages.ByWeight) }}
            <h1>Episodes</h1>
            <table class="episode-rows"><tbody>
            {{ range $pager.Pages }}<tr><td>{{ .Params.code }}</td><td><a href="{{ .RelPermalink }}">{{ .Title }}</a></td><td>{{ .Params.air }}</td><td>{{ len .Params.cast }}</td></tr>
            {{ end }}</tbody></table>
            {{ partial "pager.html" $pager }}
            {{ end }}

            """,
        "index.html": """
            {{ define "main" }}
            <h1>{{ site.Title }}</h1>
            <p>{{ index .Params.counts 0 }} characters, {{ index .Params.counts 1 }} locations, {{ index .Params.counts 2 }} episodes.</p>
            <h2>Places to visit</h2>
            <ul>{{ range .Params.places }}<li><a href="{{ .url }}">{{ .name }}</a></li>{{ end }}</ul>
            {{ end }}

            """,
        "404.html": """
            {{ define "main" }}<h1>Page not found</h1><p><a href="/">Home</a></p>{{ end }}

            """,
    ]
}
