import Foundation
import Primitives
import RickAndMortyAPI
import SiteOutput
import WikiBuild
import WikiModel

/// The wiki's one-language site as a Hugo project, for `rmwiki-bench hugo`: one content file per page of
/// rmwiki's English build (every kind of `PageKind`, each paginated page its own file, at the same URL), in
/// one layout with the same navigation, meta tags, cards, rows, pickers and pagers as rmwiki's templates,
/// plus the theme's static files and the avatars, of which Hugo makes the same smaller copies as rmwiki. Everything a page shows is resolved here, from rmwiki's
/// own page models (`SiteModel`) into each page's front matter (the feed's entries into the home page's, the
/// search index into a data file), and the English strings are put into the templates, so Hugo's templates
/// only print; the resolving is not timed for Hugo and is for rmwiki, which makes the comparison lean Hugo's
/// way. Hugo writes its own sitemap.xml and robots.txt in place of rmwiki's.
struct HugoSite {
    /// Writes the project for the data in `cache` (the one rmwiki builds from) and the templates' English strings.
    static func write(cache: URL, templates: URL, publicFolder: URL, to root: URL) throws {
        let manager = FileManager.default
        func write(_ bytes: some Sequence<UInt8>, _ path: String) throws {
            let file = root.appendingPathComponent(path)
            try manager.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: file)
        }
        let service = DataService(client: APIClient(baseURL: URL(fileURLWithPath: "/")), cache: DataCache(directory: cache))
        let cached = try service.readOffline(from: service.cache.current)
        let (snapshot, avatars, history) = (cached.snapshot, cached.avatars, cached.history)
        let theme = try Theme(templatesDirectory: templates, publicDirectory: publicFolder)
        guard let language = theme.languages.first else { throw BenchmarkError("\(templates.path) has no language") }
        let strings = language.strings
        let configuration = try SiteConfiguration()
        let model = try SiteModel(
            dataset: Dataset(snapshot), avatarExtensions: avatars.mapValues(\.fileExtension), configuration: configuration,
            strings: strings,
            history: history,
            languages: [SiteLanguage(code: strings.locale, strings: strings, site: configuration, folder: "")])

        try write(Array("""
            baseURL = "/"
            languageCode = "\(strings.locale)"
            title = "\(strings.entries["site_name"] ?? "")"
            disableKinds = ["taxonomy", "term", "RSS", "section", "404"]
            enableRobotsTXT = true
            [mediaTypes."application/atom+xml"]
            suffixes = ["xml"]
            [outputFormats.Atom]
            mediaType = "application/atom+xml"
            baseName = "feed"
            isPlainText = true
            notAlternative = true
            [outputFormats.SearchIndex]
            mediaType = "application/json"
            baseName = "index"
            isPlainText = true
            notAlternative = true

            """.utf8), "config.toml")
        let encoder = JSONEncoder()
        for (number, page) in try model.pages().enumerated() {
            let url = page.route == .notFound ? "/404.html" : configuration.link(page.route.relativeURL)
            var frontMatter: [String: Any] = [
                "title": page.meta.title, "url": url, "layout": page.route == .home ? "" : page.template,
                "meta": try JSONSerialization.jsonObject(with: encoder.encode(page.meta)),
                "nav": try JSONSerialization.jsonObject(with: encoder.encode(page.navigation)),
                "model": try JSONSerialization.jsonObject(with: encoder.encode(page.content)),
            ]
            switch page.route {
            case .character(let id):
                // The picture's copies are Hugo's to make, from its assets (see `pictureCopies`).
                if let avatar = avatars[id] {
                    frontMatter["avatar"] = SiteModel.avatarPath(characterID: id, fileExtension: avatar.fileExtension)
                }
            case .home:
                frontMatter["outputs"] = ["HTML", "Atom"]
                frontMatter["feed"] = try JSONSerialization.jsonObject(with: encoder.encode(model.feed()))
            case .search: frontMatter["outputs"] = ["HTML", "SearchIndex"]
            case .notFound: frontMatter["_build"] = ["list": "never"]
            default: break
            }
            let json = try JSONSerialization.data(withJSONObject: lowercasingKeys(frontMatter), options: [.sortedKeys])
            // The home page is Hugo's own kind; every other page is a regular page at the site's root, so Hugo
            // adds no section pages of its own.
            try write(json + Data("\n".utf8), page.route == .home ? "content/_index.md" : "content/\(number).md")
        }
        try write(model.searchIndexJSON(), "data/searchindex.json")
        let constants = ["base": configuration.basePath, "root": configuration.rootPath, "lang": strings.locale,
                         "name": strings.entries["site_name"] ?? ""]
        for (path, text) in Self.templates {
            try write(Array(filled(text, strings: strings.entries.merging(constants) { _, constant in constant }).utf8),
                      "layouts/" + path)
        }
        for asset in theme.assets { try copy(asset.content, to: root.appendingPathComponent("static/" + asset.path)) }
        try writeAvatars(avatars, of: Set(snapshot.characters.map(\.id)), to: root)
    }

    /// The characters' pictures as Hugo assets, which the character pages make copies of (`pictureCopies`).
    private static func writeAvatars(_ avatars: [Int: AvatarImage], of characters: Set<Int>, to root: URL) throws {
        for (id, avatar) in avatars where characters.contains(id) {
            let path = "assets/" + SiteModel.avatarPath(characterID: id, fileExtension: avatar.fileExtension)
            switch avatar.source {
            case .file(let source): try copy(.copy(sourcePath: source), to: root.appendingPathComponent(path))
            case .bytes(let bytes): try copy(.bytes(bytes), to: root.appendingPathComponent(path))
            }
        }
    }

    private static func copy(_ content: SiteFile.Content, to file: URL) throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        switch content {
        case .bytes(let bytes): try Data(bytes).write(to: file)
        case .copy(let source): try FileManager.default.copyItem(at: URL(fileURLWithPath: source), to: file)
        }
    }

    /// Hugo folds front matter keys to lower case; the templates name them so.
    private static func lowercasingKeys(_ value: Any) -> Any {
        if let object = value as? [String: Any] {
            return Dictionary(object.map { ($0.key.lowercased(), lowercasingKeys($0.value)) }, uniquingKeysWith: { first, _ in first })
        }
        if let array = value as? [Any] { return array.map(lowercasingKeys) }
        return value
    }

    /// Each `[[key]]` of a template becomes that string of the locale, HTML-escaped: a one-language theme's text.
    private static func filled(_ template: String, strings: [String: String]) -> String {
        var result = ""
        var rest = Substring(template)
        while let open = rest.range(of: "[["), let close = rest[open.upperBound...].range(of: "]]") {
            result += rest[..<open.lowerBound]
            let key = String(rest[open.upperBound..<close.lowerBound])
            result += XMLText.escape(strings[key] ?? "[[\(key)]]")
            rest = rest[close.upperBound...]
        }
        return result + rest
    }

    /// rmwiki's templates (`Templates/*.mustache`) in Hugo's language, tag for tag; `[[key]]` is an English string.
    /// A character's page publishes its picture and the copies rmwiki makes of it (`AvatarSizes.sides` smaller than the
    /// picture, rmwiki's JPEG qualities, Lanczos as rmwiki's resizer), through Hugo's image processing and its resource
    /// cache (`resources/_gen`, kept between runs as rmwiki keeps its copies), named in a meta tag.
    static let pictureCopies = """
        {{ with .Params.avatar }}{{ with resources.Get . }}{{ $img := . }}{{ $set := "" }}{{ range slice \(AvatarSizes.sides.map(String.init).joined(separator: " ")) }}{{ if and (lt . $img.Width) (lt . $img.Height) }}{{ $set = printf "%s%s %dw, " $set ($img.Resize (printf "%dx q%d Lanczos" . (cond (le . 100) 90 85))).RelPermalink . }}{{ end }}{{ end }}<meta name="picture" content="{{ $img.RelPermalink }}" data-srcset="{{ $set }}{{ $img.RelPermalink }} {{ $img.Width }}w">
        {{ end }}{{ end }}
        """

    static let templates: [String: String] = [
        "partials/picture-copies.html": pictureCopies,
        "_default/baseof.html": """
            {{ $m := .Params.meta }}<!DOCTYPE html>
            <html lang="[[lang]]">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>{{ $m.title }}</title>
            <meta name="description" content="{{ $m.description }}">
            <meta name="color-scheme" content="light dark">
            <meta name="generator" content="Hugo">
            <link rel="canonical" href="{{ $m.canonicalurl }}">
            <meta property="og:site_name" content="[[name]]">
            <meta property="og:title" content="{{ $m.title }}">
            <meta property="og:description" content="{{ $m.description }}">
            <meta property="og:type" content="{{ $m.ogtype }}">
            <meta property="og:url" content="{{ $m.canonicalurl }}">
            {{ with $m.ogimage }}<meta property="og:image" content="{{ . }}">
            {{ end }}{{ partial "picture-copies.html" . }}<link rel="icon" href="[[root]]favicon.svg" type="image/svg+xml">
            <link rel="manifest" href="[[base]]manifest.webmanifest">
            <link rel="apple-touch-icon" href="[[root]]assets/icons/apple-touch-icon.png">
            <meta name="theme-color" content="#ffffff" media="(prefers-color-scheme: light)">
            <meta name="theme-color" content="#1a201b" media="(prefers-color-scheme: dark)">
            <link rel="stylesheet" href="[[root]]assets/site.css">
            <link rel="alternate" type="application/atom+xml" href="[[base]]feed.xml" title="[[feed_link_title]]">
            </head>
            <body id="top" data-root="[[root]]" data-worker="[[root]]sw.js">
            <a class="skip-link" href="#main">[[skip_link]]</a>
            <header class="site-header">
              <div class="site-header-inner">
                <a class="brand" href="[[base]]"><svg class="brand-logo" aria-hidden="true" width="32" height="32"><use href="[[root]]assets/icons.svg#portal"></use></svg><span class="brand-name">[[name]]</span><span class="brand-short" aria-hidden="true">[[app_short_name]]</span></a>
                <a class="header-search" href="[[base]]search/"><svg class="icon" aria-hidden="true" width="20" height="20"><use href="[[root]]assets/icons.svg#search"></use></svg><span class="header-search-label">[[header_search]]</span></a>
                <nav class="site-nav" aria-label="[[nav_label]]">
                  <ul>
                    {{ range .Params.nav }}<li><a href="{{ .url }}"{{ if .iscurrent }} aria-current="page"{{ end }}>{{ .label }}</a></li>
                    {{ end }}
                  </ul>
                </nav>
              </div>
            </header>
            <main id="main" tabindex="-1">
            {{ block "main" . }}{{ end }}
            </main>
            <p class="back-to-top"><a href="#top" data-back-to-top><svg class="icon" aria-hidden="true" width="20" height="20"><use href="[[root]]assets/icons.svg#arrow-up"></use></svg><span>[[back_to_top]]</span></a></p>
            <footer class="site-footer">
              <p>[[footer_text]]</p>
              <p class="footer-groups"><a href="[[base]]dimensions/">[[dimensions_title]]</a> · <a href="[[base]]species/">[[species_index_title]]</a> · <a href="[[base]]types/">[[types_title]]</a> · <a href="[[base]]seasons/">[[seasons_title]]</a></p>
              <p><a href="[[base]]whats-new/">[[whatsnew_title]]</a> · <a href="[[base]]feed.xml">[[whatsnew_feed]]</a> · <a href="[[root]]sitemap.xml">[[footer_sitemap]]</a></p>
              <p class="footer-offline"><a href="[[base]]offline/">[[offline_link]]</a></p>
            </footer>
            <script src="[[root]]assets/pocket.js" defer></script>
            {{ block "scripts" . }}{{ end }}
            </body>
            </html>

            """,
        "partials/character-card.html": """
            <li class="card character-card {{ .gender.cssclass }}">
              <a class="card-link" href="{{ .url }}">
                <img class="card-image" src="{{ .image.src }}" alt="" width="{{ .image.width }}" height="{{ .image.height }}" loading="{{ .image.loading }}" decoding="async">
                <span class="card-name">{{ .name }}</span>{{ with .note }} <span class="card-note">{{ . }}</span>{{ end }}
              </a>
              <p class="card-meta"><span class="badge {{ .status.cssclass }}">{{ .status.label }}</span> <span class="card-detail">{{ .species }} · {{ .gender.label }}</span></p>
              {{ with .count }}<p class="card-count">{{ . }}</p>
              {{ end }}
            </li>

            """,
        "partials/character-cards.html": """
            <ul class="card-grid" role="list">
              {{ range . }}{{ partial "character-card.html" . }}{{ end }}
            </ul>

            """,
        "partials/character-rows.html": """
            <ol class="character-rows" role="list">
              {{ range .rows }}<li class="character-row {{ .gender.cssclass }}">
                <img class="card-image" src="{{ .image.src }}" alt="" width="{{ .image.width }}" height="{{ .image.height }}" loading="lazy" decoding="async">
                <span class="row-text"><a href="{{ .url }}">{{ .name }}</a>{{ with .note }} <span class="card-note">{{ . }}</span>{{ end }} <span class="row-count">{{ .count }}</span></span>
              </li>
              {{ end }}
            </ol>

            """,
        "partials/episode-rows.html": """
            <ol class="episode-list" role="list">
              {{ range . }}<li class="episode-row">
                <span class="episode-code">{{ .code }}</span>
                <a class="episode-name" href="{{ .url }}">{{ .name }}</a>
                <span class="episode-date">{{ if .airdateiso }}<time datetime="{{ .airdateiso }}">{{ .airdate }}</time>{{ else }}{{ .airdate }}{{ end }}</span>
              </li>
              {{ end }}
            </ol>

            """,
        "partials/record-link.html": """
            {{ if .url }}<a href="{{ .url }}">{{ .name }}</a>{{ else }}{{ .name }}{{ end }}
            """,
        "partials/info-row.html": """
            <div class="info-row info-{{ .key }}" style="--row-color: var(--palette-{{ .color }})">
              <dt><svg class="icon" aria-hidden="true" width="20" height="20"><use href="[[root]]assets/icons.svg#{{ .icon }}"></use></svg>{{ .label }}</dt>
              <dd>{{ if .url }}<a href="{{ .url }}">{{ if .badgeclass }}<span class="badge {{ .badgeclass }}">{{ .value }}</span>{{ else }}{{ .value }}{{ end }}</a>{{ else if .datetime }}<time datetime="{{ .datetime }}">{{ .value }}</time>{{ else if .badgeclass }}<span class="badge {{ .badgeclass }}">{{ .value }}</span>{{ else }}{{ .value }}{{ end }}</dd>
            </div>

            """,
        "partials/location-strip.html": """
            <nav class="location-strip" aria-labelledby="places-heading">
              <h2 id="places-heading">[[places_title]]</h2>
              <ul role="list">
                {{ range .cards }}<li><a href="{{ .url }}"><span class="strip-name">{{ .name }}</span> <span class="strip-type">{{ .type }}</span></a></li>
                {{ end }}{{ with .all }}<li class="strip-all"><a href="{{ .url }}"><span class="strip-name">{{ .name }}</span></a></li>
                {{ end }}
              </ul>
            </nav>

            """,
        "partials/pager-link.html": """
            {{ if .item.url }}<a href="{{ .item.url }}" rel="{{ .rel }}" aria-label="{{ .item.arialabel }}">{{ .item.label }}</a>{{ else }}<span class="pager-disabled" aria-hidden="true">{{ .item.label }}</span>{{ end }}
            """,
        "partials/pager-compact.html": """
            <nav class="pager pager-compact" aria-label="[[pager_top_label]]">
              {{ partial "pager-link.html" (dict "item" .previous "rel" "prev") }}
              <span class="pager-summary">{{ .summary }}</span>
              {{ partial "pager-link.html" (dict "item" .next "rel" "next") }}
            </nav>

            """,
        "partials/pager-picker.html": """
            <nav class="pager pager-compact" aria-label="[[pager_top_label]]">
              {{ partial "pager-link.html" (dict "item" .pager.previous "rel" "prev") }}
              {{ with .picker }}<details class="page-picker">
                <summary><span class="visually-hidden">[[pager_pick]] </span>{{ .summary }}</summary>
                <ul role="list">
                  {{ range .entries }}<li>{{ if .url }}<a href="{{ .url }}">{{ .label }}</a>{{ else }}<span class="pager-current" aria-current="page">{{ .label }}</span>{{ end }}</li>
                  {{ end }}
                </ul>
              </details>{{ else }}
              <span class="pager-summary">{{ .pager.summary }}</span>{{ end }}
              {{ partial "pager-link.html" (dict "item" .pager.next "rel" "next") }}
            </nav>

            """,
        "partials/pager.html": """
            <nav class="pager" aria-label="[[pager_label]]">
              <p class="pager-summary">{{ .summary }}</p>
              <ul role="list">
                {{ range .items }}<li>{{ if .isgap }}<span class="pager-gap" aria-hidden="true">…</span>{{ else if .url }}<a href="{{ .url }}"{{ with .rel }} rel="{{ . }}"{{ end }}{{ with .arialabel }} aria-label="{{ . }}"{{ end }}>{{ .label }}</a>{{ else if .iscurrent }}<span class="pager-current" aria-current="page">{{ .label }}</span>{{ else }}<span class="pager-disabled" aria-hidden="true">{{ .label }}</span>{{ end }}</li>
                {{ end }}
              </ul>
            </nav>

            """,
        "partials/group-cards.html": """
            <dl class="facts">
              <div><dt>[[group_characters]]</dt><dd>{{ .charactercount }}</dd></div>
            </dl>
            {{ with .pager }}{{ partial "pager-compact.html" . }}{{ end }}
            <h2 class="visually-hidden">[[group_characters]]{{ with .pager }} · {{ .summary }}{{ end }}</h2>
            {{ partial "character-cards.html" .cards }}
            {{ with .pager }}{{ partial "pager.html" . }}{{ end }}

            """,
        "partials/group-list.html": """
            <h1>{{ .heading }}</h1>
            {{ with .lead }}<p class="lead">{{ . }}</p>
            {{ end }}<ul class="result-list group-list" role="list">
              {{ range .entries }}<li><a href="{{ .url }}">{{ .name }}</a> <span class="result-meta">{{ .detail }}</span></li>
              {{ end }}
            </ul>

            """,
        "partials/change-item.html": """
            <li><span class="change-badge {{ .changeclass }}">{{ .change }}</span> <span class="change-kind">{{ .kind }}</span> {{ partial "record-link.html" .record }}</li>

            """,
        "partials/section-links.html": """
            <ul class="section-links" role="list">
              {{ range . }}<li><a href="{{ .url }}">{{ .label }}</a></li>
              {{ end }}
            </ul>

            """,
        "index.atom.xml": """
            {{ with .Params.feed }}<?xml version="1.0" encoding="utf-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="[[lang]]">
              <title>{{ .title | htmlEscape }}</title>
              <id>{{ .id | htmlEscape }}</id>
              <updated>{{ .updated | htmlEscape }}</updated>
              <link rel="self" type="application/atom+xml" href="{{ .selfurl | htmlEscape }}"/>
              <link rel="alternate" type="text/html" href="{{ .pageurl | htmlEscape }}"/>
              <author><name>[[name]]</name></author>
              <generator>Hugo</generator>
            {{ range .entries }}  <entry>
                <title>{{ .title | htmlEscape }}</title>
                <id>{{ .id | htmlEscape }}</id>
                <updated>{{ .updated | htmlEscape }}</updated>
                <link rel="alternate" type="text/html" href="{{ .url | htmlEscape }}"/>
                <summary>{{ .summary | htmlEscape }}</summary>
              </entry>
            {{ end }}</feed>
            {{ end }}
            """,
        "_default/search.searchindex.json": """
            {{ site.Data.searchindex | jsonify }}

            """,
        "_default/404.html": """
            {{ define "main" }}
            <h1>{{ .Params.meta.heading }}</h1>
            <p>[[notfound_text]]</p>
            <p><a href="{{ .Params.model.homeurl }}">[[notfound_home]]</a></p>
            {{ partial "section-links.html" .Params.nav }}
            {{ end }}

            """,
        "_default/offline.html": """
            {{ define "main" }}{{ $p := .Params.model }}
            <h1>{{ .Params.meta.heading }}</h1>
            <div class="offline" data-offline data-root="[[root]]" data-files="{{ $p.filesurl }}" data-lang="[[lang]]" data-home="{{ $p.homeurl }}" data-saving="[[offline_saving]]" data-saved="[[offline_saved]]" data-save="[[offline_save_button]]" data-removed="[[offline_removed]]" data-failed="[[offline_failed]]" data-none="[[offline_visited_none]]">
              <p class="offline-missing" data-offline-missing hidden>[[offline_missing]]</p>
              <section class="offline-save" aria-labelledby="offline-save-heading">
                <h2 id="offline-save-heading">[[offline_save_title]]</h2>
                <p>[[offline_save_text]]</p>
                <noscript><p>[[offline_noscript]]</p></noscript>
                <p class="offline-unsupported" data-offline-unsupported hidden>[[offline_unsupported]]</p>
                <div class="offline-controls" data-offline-controls hidden>
                  <p><button type="button" class="offline-button" data-offline-save>[[offline_save_button]]</button> <button type="button" class="offline-button offline-remove" data-offline-remove hidden>[[offline_remove_button]]</button></p>
                  <progress class="offline-progress" data-offline-progress max="1" value="0" hidden></progress>
                  <p class="offline-status" role="status" aria-live="polite" data-offline-status></p>
                </div>
              </section>
              <section aria-labelledby="offline-visited-heading">
                <h2 id="offline-visited-heading">[[offline_visited]]</h2>
                <ul class="result-list" role="list" data-offline-list></ul>
              </section>
            </div>
            <ul class="section-links" role="list">
              <li><a href="{{ $p.homeurl }}">[[notfound_home]]</a></li>
              {{ range $p.links }}<li>{{ partial "record-link.html" . }}</li>
              {{ end }}
            </ul>
            {{ end }}
            {{ define "scripts" }}<script src="[[root]]assets/offline.js" defer></script>
            {{ end }}

            """,
        "_default/random.html": """
            {{ define "main" }}{{ $p := .Params.model }}
            <h1>{{ .Params.meta.heading }}</h1>
            <p class="random-today" data-random-page>[[random_today]]: <a href="{{ $p.url }}">{{ $p.name }}</a></p>
            {{ with $p.random }}<p class="random-character"><a href="{{ .url }}" data-random-character data-ids="{{ .ids }}" data-pattern="{{ .pattern }}"><svg class="icon" aria-hidden="true" width="20" height="20"><use href="[[root]]assets/icons.svg#dice"></use></svg><span>[[random_again]]</span></a></p>
            {{ end }}{{ end }}

            """,
        "index.html": """
            {{ define "main" }}{{ $p := .Params.model }}
            <section class="hero" aria-labelledby="page-title">
              <h1 id="page-title" class="greeting" data-greeting data-returning="[[home_greeting_returning]]">[[home_greeting_first]]</h1>
              <p class="lead">[[home_lead]]</p>
              <ul class="counts" role="list">
                {{ range $p.counts }}<li><a href="{{ .url }}"><span class="count-value">{{ .value }}</span> <span class="count-label">{{ .label }}</span></a></li>
                {{ end }}
              </ul>
            </section>
            {{ if $p.haslocations }}{{ partial "location-strip.html" $p.places }}{{ end }}
            <section aria-labelledby="home-featured">
              <h2 id="home-featured">[[home_featured]]</h2>
              {{ partial "character-cards.html" $p.featured }}
            </section>
            {{ with $p.chart }}<section aria-labelledby="home-chart">
              <h2 id="home-chart">[[home_chart]]</h2>
              <figure class="chart chart-small">
                {{ .svg | safeHTML }}
              </figure>
              <p><a href="[[base]]statistics/">[[home_chart_link]]</a></p>
            </section>{{ end }}
            <section aria-labelledby="home-sections">
              <h2 id="home-sections">[[home_sections]]</h2>
              <ul class="section-links" role="list">
                {{ range .Params.nav }}<li><a href="{{ .url }}">{{ .label }}</a></li>
                {{ end }}{{ range $p.groups }}<li><a href="{{ .url }}">{{ .name }}</a></li>
                {{ end }}
              </ul>
            </section>
            {{ end }}
            {{ define "scripts" }}<script src="[[root]]assets/greeting.js" defer></script>{{ end }}

            """,
        "_default/characters.html": """
            {{ define "main" }}{{ $p := .Params.model }}
            <h1>{{ .Params.meta.heading }}</h1>
            <nav class="order-switch" aria-label="[[order_label]]">
              <span class="order-label" aria-hidden="true">[[order_label]]</span>
              <ul role="list">
                {{ range $p.orders }}<li>{{ if .iscurrent }}<span class="order-current" aria-current="page">{{ .label }}</span>{{ else }}<a href="{{ .url }}">{{ .label }}</a>{{ end }}</li>
                {{ end }}
              </ul>
            </nav>
            {{ if $p.hasletters }}<nav class="letter-bar" aria-label="[[letters_label]]">
              <ul role="list">
                {{ range $p.letters }}<li>{{ if .url }}<a href="{{ .url }}" aria-label="{{ .arialabel }}">{{ .label }}</a>{{ else }}<span class="letter-empty" aria-hidden="true">{{ .label }}</span>{{ end }}</li>
                {{ end }}
              </ul>
            </nav>{{ end }}
            <div class="list-head">
              <div class="legend" aria-label="[[gender_legend_label]]" role="group">
                <span class="legend-title">[[gender_legend_title]]</span>
                {{ range $p.genderlegend }}<span class="legend-item {{ .cssclass }}">{{ .label }}</span>
                {{ end }}
              </div>
              {{ partial "pager-picker.html" $p }}
            </div>
            <h2 class="visually-hidden">{{ $p.pager.summary }}</h2>
            {{ partial "character-cards.html" $p.cards }}
            {{ partial "pager.html" $p.pager }}
            {{ partial "location-strip.html" $p.places }}
            {{ end }}

            """,
        "_default/character.html": """
            {{ define "main" }}{{ $p := .Params.model }}
            <article class="character {{ $p.gender.cssclass }}">
              <h1>{{ $p.name }}</h1>
              {{ with $p.note }}<p class="name-note">{{ . }}</p>
              {{ end }}<div class="character-layout">
                <section class="character-picture" aria-labelledby="picture-heading">
                  <h2 id="picture-heading" class="visually-hidden">[[character_picture]]</h2>
                  {{ with $p.image }}<img src="{{ .src }}" alt="{{ .alt }}" width="{{ .width }}" height="{{ .height }}" loading="{{ .loading }}"{{ with .fetchpriority }} fetchpriority="{{ . }}"{{ end }} decoding="async">{{ end }}
                </section>
                <section class="character-info" aria-labelledby="info-heading">
                  <h2 id="info-heading">[[character_info]]</h2>
                  <dl class="info-list">
                    {{ range $p.info }}{{ partial "info-row.html" . }}{{ end }}
                  </dl>
                </section>
              </div>
              {{ if $p.hascostarsection }}<section class="character-costars" aria-labelledby="costars-heading">
                <h2 id="costars-heading">[[character_costars]]</h2>
                {{ if $p.hascostars }}{{ partial "character-rows.html" $p.costars }}{{ end }}
                {{ with $p.castnote }}<p class="cast-note">{{ .text }} {{ partial "record-link.html" .episode }}</p>{{ end }}
              </section>{{ end }}
              <section class="character-episodes" aria-labelledby="episodes-heading">
                <h2 id="episodes-heading">[[character_episodes]]</h2>
                {{ if $p.hasepisodes }}{{ range $p.seasons }}<section class="season" aria-labelledby="{{ .anchor }}-heading">
                  <h3 id="{{ .anchor }}-heading">{{ if .url }}<a href="{{ .url }}">{{ .title }}</a>{{ else }}{{ .title }}{{ end }} <span class="season-count">{{ .episodecount }}</span></h3>
                  {{ partial "episode-rows.html" .episodes }}
                </section>
                {{ end }}{{ else }}<p>[[character_no_episodes]]</p>{{ end }}
              </section>
              <nav class="record-neighbours" aria-label="[[character_neighbours]]">
                {{ with $p.previous }}<p class="neighbour-previous">[[character_previous]] {{ partial "record-link.html" . }}</p>
                {{ end }}{{ with $p.next }}<p class="neighbour-next">[[character_next]] {{ partial "record-link.html" . }}</p>
                {{ end }}
              </nav>
            </article>
            {{ end }}

            """,
        "_default/dimensions.html": """
            {{ define "main" }}{{ partial "group-list.html" (dict "heading" .Params.meta.heading "lead" .Params.model.lead "entries" .Params.model.dimensions) }}{{ end }}

            """,
        "_default/family-index.html": """
            {{ define "main" }}{{ partial "group-list.html" (dict "heading" .Params.meta.heading "lead" .Params.model.lead "entries" .Params.model.groups) }}{{ end }}

            """,
        "_default/seasons.html": """
            {{ define "main" }}{{ partial "group-list.html" (dict "heading" .Params.meta.heading "entries" .Params.model.seasons) }}{{ end }}

            """,
        "_default/dimension.html": """
            {{ define "main" }}{{ $p := .Params.model }}
            <p class="group-kind"><a href="{{ $p.indexurl }}">[[dimensions_title]]</a></p>
            <h1>{{ $p.name }}</h1>
            <dl class="facts">
              <div><dt>[[dimension_locations]]</dt><dd>{{ $p.locationcount }}</dd></div>
              <div><dt>[[location_resident_count]]</dt><dd>{{ $p.residentcount }}</dd></div>
              <div><dt>[[location_native_count]]</dt><dd>{{ with $p.nativesurl }}<a href="{{ . }}">{{ $p.nativecount }}</a>{{ else }}{{ $p.nativecount }}{{ end }}</dd></div>
            </dl>
            {{ with $p.firstpage }}<p class="group-back">{{ partial "record-link.html" . }}</p>
            {{ else }}<section aria-labelledby="locations-heading">
              <h2 id="locations-heading">[[dimension_locations]]</h2>
              <ul class="result-list group-list" role="list">
                {{ range $p.locations }}<li><a href="{{ .url }}">{{ .name }}</a> <span class="result-meta">{{ .type }} · {{ .residentcount }} · {{ .nativecount }}</span></li>
                {{ end }}
              </ul>
            </section>{{ end }}
            <section aria-labelledby="people-heading">
              <h2 id="people-heading">[[group_characters]]</h2>
              {{ if $p.haspeople }}{{ with $p.pager }}{{ partial "pager-compact.html" . }}{{ end }}
              {{ if $p.hasresidents }}<h3 id="residents-heading">[[location_residents]] <span class="season-count">{{ $p.residentcount }}</span></h3>
              <p class="section-note">[[dimension_residents_note]]</p>
              {{ partial "character-cards.html" $p.residents }}{{ end }}
              {{ if $p.hasnatives }}<h3 id="natives-heading">[[location_natives]] <span class="season-count">{{ $p.nativecount }}</span></h3>
              <p class="section-note">[[dimension_natives_note]]</p>
              {{ partial "character-cards.html" $p.natives }}{{ end }}
              {{ with $p.pager }}{{ partial "pager.html" . }}{{ end }}
              {{ else }}<p>[[dimension_no_residents]]</p>{{ end }}
            </section>
            {{ end }}

            """,
        "_default/family-group.html": """
            {{ define "main" }}{{ $p := .Params.model }}
            <p class="group-kind"><a href="{{ $p.indexurl }}">{{ $p.indextitle }}</a></p>
            <h1>{{ $p.name }}</h1>
            {{ partial "group-cards.html" $p }}
            {{ end }}

            """,
        "_default/season.html": """
            {{ define "main" }}{{ $p := .Params.model }}
            <p class="group-kind"><a href="{{ $p.indexurl }}">[[seasons_title]]</a></p>
            <h1>{{ $p.name }}</h1>
            <dl class="facts">
              <div><dt>[[season_episodes_label]]</dt><dd>{{ $p.episodecount }}</dd></div>
              <div><dt>[[group_characters]]</dt><dd>{{ $p.charactercount }}</dd></div>
              <div><dt>[[season_debuts]]</dt><dd>{{ $p.debutcount }}</dd></div>
              {{ with $p.aired }}<div><dt>[[season_aired_label]]</dt><dd>{{ . }}</dd></div>{{ end }}
            </dl>
            {{ with $p.firstpage }}<p class="group-back">{{ partial "record-link.html" . }}</p>
            {{ else }}<section aria-labelledby="season-episodes-heading">
              <h2 id="season-episodes-heading">[[season_episodes_label]]</h2>
              {{ partial "episode-rows.html" $p.episodes }}
            </section>{{ end }}
            <section aria-labelledby="season-cast-heading">
              <h2 id="season-cast-heading">[[group_characters]]</h2>
              {{ if $p.hascast }}{{ with $p.pager }}{{ partial "pager-compact.html" . }}{{ end }}
              {{ if $p.hasdebuts }}<h3>[[season_debuts]] <span class="season-count">{{ $p.debutcount }}</span></h3>
              <p class="section-note">[[season_debuts_note]]</p>
              {{ partial "character-cards.html" $p.debuts }}{{ end }}
              {{ if $p.hasreturning }}<h3>[[season_returning]] <span class="season-count">{{ $p.returningcount }}</span></h3>
              <p class="section-note">[[season_returning_note]]</p>
              {{ partial "character-cards.html" $p.returning }}{{ end }}
              {{ with $p.pager }}{{ partial "pager.html" . }}{{ end }}
              {{ else }}<p>[[season_no_cast]]</p>{{ end }}
            </section>
            {{ if $p.hasneighbours }}<nav class="episode-neighbours" aria-label="[[season_neighbours]]">
              {{ with $p.previous }}<p class="neighbour-previous">[[episode_previous]] {{ partial "record-link.html" . }}</p>{{ end }}
              {{ with $p.next }}<p class="neighbour-next">[[episode_next]] {{ partial "record-link.html" . }}</p>{{ end }}
            </nav>{{ end }}
            {{ end }}

            """,
        "_default/locations.html": """
            {{ define "main" }}{{ $p := .Params.model }}
            <h1>{{ .Params.meta.heading }}</h1>
            {{ partial "pager-compact.html" $p.pager }}
            <h2 class="visually-hidden">{{ $p.pager.summary }}</h2>
            <ul class="card-grid location-grid" role="list">
              {{ range $p.cards }}<li class="card location-card">
                <a class="card-link" href="{{ .url }}"><span class="card-name">{{ .name }}</span></a>
                <p class="card-meta">{{ .type }} · {{ .dimension }}</p>
                <p class="card-detail">{{ .residentcount }} · {{ .nativecount }}</p>
              </li>
              {{ end }}
            </ul>
            {{ partial "pager.html" $p.pager }}
            {{ end }}

            """,
        "_default/location.html": """
            {{ define "main" }}{{ $p := .Params.model }}
            <article class="location">
              <h1>{{ $p.name }}</h1>
              <dl class="facts">
                <div><dt>[[location_type]]</dt><dd>{{ $p.type }}</dd></div>
                <div><dt>[[location_dimension]]</dt><dd>{{ with $p.dimensionurl }}<a href="{{ . }}">{{ $p.dimension }}</a>{{ else }}{{ $p.dimension }}{{ end }}</dd></div>
                <div><dt>[[location_resident_count]]</dt><dd>{{ $p.residentcount }}</dd></div>
                <div><dt>[[location_native_count]]</dt><dd>{{ $p.nativecount }}</dd></div>
              </dl>
              {{ if $p.isempty }}<p>[[location_nobody]]</p>
              {{ else }}<section aria-labelledby="residents-heading">
                <h2 id="residents-heading">[[location_residents]]</h2>
                {{ if $p.hasresidents }}<p class="section-note">[[location_residents_note]]</p>
                {{ partial "character-cards.html" $p.residents.cards }}{{ else }}<p>[[location_no_residents]]</p>{{ end }}
              </section>
              <section aria-labelledby="natives-heading">
                <h2 id="natives-heading">[[location_natives]]</h2>
                {{ if $p.hasnatives }}<p class="section-note">[[location_natives_note]]</p>
                {{ partial "character-cards.html" $p.natives.cards }}{{ else }}<p>[[location_no_natives]]</p>{{ end }}
              </section>{{ end }}
            </article>
            {{ end }}

            """,
        "_default/episodes.html": """
            {{ define "main" }}{{ $p := .Params.model }}
            <h1>{{ .Params.meta.heading }}</h1>
            <nav class="season-links" aria-label="[[seasons_label]]">
              <ul role="list">
                {{ range $p.seasons }}<li><a href="#{{ .anchor }}">{{ .title }}</a></li>
                {{ end }}
              </ul>
            </nav>
            {{ range $p.seasons }}<section class="season" id="{{ .anchor }}" aria-labelledby="{{ .anchor }}-heading">
              <h2 id="{{ .anchor }}-heading">{{ if .url }}<a href="{{ .url }}">{{ .title }}</a>{{ else }}{{ .title }}{{ end }} <span class="season-count">{{ .episodecount }}</span></h2>
              {{ partial "episode-rows.html" .episodes }}
            </section>
            {{ end }}
            {{ end }}

            """,
        "_default/episode.html": """
            {{ define "main" }}{{ $p := .Params.model }}
            <article class="episode">
              <nav class="record-neighbours record-neighbours-top" aria-label="[[episode_neighbours_top]]">
                {{ with $p.previous }}<p class="neighbour-previous">{{ with .url }}<a href="{{ . }}" rel="prev">‹ {{ $p.previous.name }}</a>{{ end }}</p>
                {{ end }}{{ with $p.next }}<p class="neighbour-next">{{ with .url }}<a href="{{ . }}" rel="next">{{ $p.next.name }} ›</a>{{ end }}</p>
                {{ end }}
              </nav>
              <p class="episode-code-large">{{ $p.code }}</p>
              <h1>{{ $p.name }}</h1>
              <dl class="facts">
                {{ with $p.season }}<div class="fact-season"><dt>[[episode_season]]</dt><dd>{{ partial "record-link.html" . }}</dd></div>
                {{ end }}<div><dt>[[episode_air_date]]</dt><dd>{{ with $p.airdateiso }}<time datetime="{{ . }}">{{ $p.airdate }}</time>{{ else }}{{ $p.airdate }}{{ end }}</dd></div>
                <div><dt>[[info_created]]</dt><dd>{{ with $p.creatediso }}<time datetime="{{ . }}">{{ $p.created }}</time>{{ else }}{{ $p.created }}{{ end }}</dd></div>
                <div><dt>[[episode_cast]]</dt><dd>{{ $p.castsize }}</dd></div>
              </dl>
              <section aria-labelledby="cast-heading">
                <h2 id="cast-heading">[[episode_characters]]</h2>
                {{ if $p.hascharacters }}{{ partial "character-cards.html" $p.characters.cards }}{{ else }}<p>[[episode_no_characters]]</p>{{ end }}
              </section>
              <section aria-labelledby="debuts-heading">
                <h2 id="debuts-heading">[[episode_debuts]] <span class="section-count">{{ $p.debutcount }}</span></h2>
                {{ if $p.castalldebut }}<p>[[episode_all_debut]]</p>
                {{ else if $p.hasdebuts }}{{ partial "character-cards.html" $p.debuts.cards }}{{ else }}<p>[[episode_no_debuts]]</p>{{ end }}
              </section>
              <nav class="record-neighbours" aria-label="[[episode_neighbours]]">
                {{ with $p.previous }}<p class="neighbour-previous">[[episode_previous]] {{ partial "record-link.html" . }}</p>
                {{ end }}{{ with $p.next }}<p class="neighbour-next">[[episode_next]] {{ partial "record-link.html" . }}</p>
                {{ end }}
              </nav>
            </article>
            {{ end }}

            """,
        "_default/search.html": """
            {{ define "main" }}{{ $p := .Params.model }}
            <h1>{{ .Params.meta.heading }}</h1>
            <div class="search" data-search data-index="{{ $p.indexurl }}" data-base="[[base]]" data-plural-one="[[plural_singular]]" data-results-none="[[search_results_none]]" data-results-one="[[search_results_one]]" data-results-other="[[search_results_other]]" data-more="[[search_more]]" data-loading="[[search_loading]]" data-failed="[[search_failed]]" hidden>
              <form class="search-form" role="search" action="#" aria-label="[[search_form_label]]">
                <div class="field field-query">
                  <label for="search-query">[[search_query_label]]</label>
                  <input id="search-query" name="q" type="search" autocomplete="off" placeholder="[[search_query_placeholder]]">
                </div>
                <div class="quick-queries" role="group" aria-label="[[search_quick_label]]">
                  {{ range $p.quickqueries }}<button type="button" class="chip" data-query="{{ . }}">{{ . }}</button>
                  {{ end }}
                </div>
                <fieldset class="search-filters">
                  <legend>[[search_filters_label]]</legend>
                  <div class="field">
                    <label for="search-status">[[search_status_label]]</label>
                    <select id="search-status" name="status">
                      <option value="">[[search_any]]</option>
                      {{ range $p.statuses }}<option value="{{ .value }}">{{ .label }}</option>
                      {{ end }}
                    </select>
                  </div>
                  <div class="field">
                    <label for="search-gender">[[search_gender_label]]</label>
                    <select id="search-gender" name="gender">
                      <option value="">[[search_any]]</option>
                      {{ range $p.genders }}<option value="{{ .value }}">{{ .label }}</option>
                      {{ end }}
                    </select>
                  </div>
                  <div class="field">
                    <label for="search-species">[[search_species_label]]</label>
                    <select id="search-species" name="species">
                      <option value="">[[search_any]]</option>
                      {{ range $p.species }}<option value="{{ .value }}">{{ .label }}</option>
                      {{ end }}
                    </select>
                  </div>
                </fieldset>
              </form>
              <p class="search-status" role="status" aria-live="polite" id="search-summary"></p>
              <section class="search-section" id="search-groups" aria-labelledby="search-groups-heading" hidden>
                <h2 id="search-groups-heading">[[search_groups]] <span class="section-count" data-count></span></h2>
                <ul class="result-list" role="list" data-list></ul>
              </section>
              <section class="search-section" id="search-locations" aria-labelledby="search-locations-heading" hidden>
                <h2 id="search-locations-heading">[[nav_locations]] <span class="section-count" data-count></span></h2>
                <ul class="result-list" role="list" data-list></ul>
              </section>
              <section class="search-section" id="search-episodes" aria-labelledby="search-episodes-heading" hidden>
                <h2 id="search-episodes-heading">[[nav_episodes]] <span class="section-count" data-count></span></h2>
                <ul class="result-list" role="list" data-list></ul>
              </section>
              <section class="search-section" id="search-characters" aria-labelledby="search-characters-heading" hidden>
                <h2 id="search-characters-heading">[[nav_characters]] <span class="section-count" data-count></span></h2>
                <ul class="card-grid search-results" role="list" id="search-results" data-list></ul>
                <p><button type="button" class="more-button" id="search-more" hidden></button></p>
              </section>
            </div>
            <div class="search-fallback" data-search-fallback>
              <noscript><p>[[search_noscript]]</p></noscript>
              <p class="search-error" data-search-error hidden></p>
              {{ partial "section-links.html" .Params.nav }}
            </div>
            {{ end }}
            {{ define "scripts" }}<script src="[[root]]assets/search.js" defer></script>{{ end }}

            """,
        "_default/statistics.html": """
            {{ define "main" }}{{ $p := .Params.model }}
            <h1>{{ .Params.meta.heading }}</h1>
            <p class="lead">[[stats_lead]]</p>
            <nav class="chart-links" aria-label="[[stats_contents]]">
              <ul role="list">
                {{ range $p.charts }}<li><a href="#{{ .id }}">{{ .title }}</a></li>
                {{ end }}
              </ul>
            </nav>
            {{ range $p.charts }}<section class="chart-section" id="{{ .id }}" aria-labelledby="{{ .id }}-heading">
              <h2 id="{{ .id }}-heading">{{ .title }}</h2>
              <p class="chart-description">{{ .description }}</p>
              <figure class="chart chart-kind-{{ .kind }}{{ if .narrowsvg }} chart-reflows{{ end }}" aria-labelledby="{{ .id }}-heading">
                <div class="chart-wide">{{ .svg | safeHTML }}</div>
                {{ with .narrowsvg }}<div class="chart-narrow">{{ . | safeHTML }}</div>{{ end }}
              </figure>
              <details class="chart-data">
                <summary>[[stats_table_summary]]</summary>
                <table>
                  <caption class="visually-hidden">{{ .title }}</caption>
                  <thead><tr><th scope="col">{{ .labelheader }}</th><th scope="col">{{ .valueheader }}</th></tr></thead>
                  <tbody>
                    {{ range .figures }}<tr><th scope="row">{{ if .url }}<a href="{{ .url }}">{{ .label }}</a>{{ else }}{{ .label }}{{ end }}</th><td>{{ .value }}</td></tr>
                    {{ end }}
                  </tbody>
                </table>
              </details>
            </section>
            {{ end }}
            {{ end }}

            """,
        "_default/whats-new.html": """
            {{ define "main" }}{{ $p := .Params.model }}
            <h1>{{ .Params.meta.heading }}</h1>
            <p class="lead">[[whatsnew_lead]] <a href="{{ $p.feedurl }}">[[whatsnew_feed]]</a></p>
            {{ with $p.pager }}{{ partial "pager-compact.html" . }}{{ end }}
            {{ if $p.hasgroups }}{{ range $p.groups }}<section class="whats-new-group" aria-labelledby="group-{{ .id }}">
              <h2 id="group-{{ .id }}"><a href="{{ .url }}">{{ .title }}</a></h2>
              <ul class="change-counts" role="list">
                {{ range .counts }}<li>{{ . }}</li>
                {{ end }}
              </ul>
              <ul class="change-list" role="list">
                {{ range .items }}{{ partial "change-item.html" . }}{{ end }}
              </ul>
              {{ if .more }}<p class="change-more"><a href="{{ .url }}">{{ .more }}</a></p>{{ end }}
            </section>
            {{ end }}{{ else }}<p>[[whatsnew_empty]]</p>{{ end }}
            {{ with $p.pager }}{{ partial "pager.html" . }}{{ end }}
            {{ end }}

            """,
        "_default/whats-new-group.html": """
            {{ define "main" }}{{ $p := .Params.model }}
            <h1>{{ .Params.meta.heading }}</h1>
            <ul class="change-counts" role="list">
              {{ range $p.counts }}<li>{{ . }}</li>
              {{ end }}
            </ul>
            {{ with $p.pager }}{{ partial "pager-compact.html" . }}{{ end }}
            <ul class="change-list" role="list">
              {{ range $p.items }}{{ partial "change-item.html" . }}{{ end }}
            </ul>
            {{ with $p.pager }}{{ partial "pager.html" . }}{{ end }}
            <p><a href="{{ $p.timelineurl }}">[[whatsnew_back]]</a></p>
            {{ end }}

            """,
    ]
}
