import LoopbackAPI
import RickAndMortyAPI

/// Data an attacker (or a broken API) could serve: markup and script in every text field, quotes, very long
/// and empty strings, right-to-left and emoji text, control characters, template syntax, unknown status and
/// gender values, references to records that do not exist (huge, zero, negative, malformed ids), episode
/// codes that are not `SxxEyy`, and dates that do not parse. Ids are 1…n, as the API client requires.
package enum HostileWorld {
    static let api = SmallWorld.api

    /// The character names, by id, that pages and the search index must show exactly (decoded).
    package static let names: [Int: String] = [
        1: #"<script>alert("name")</script>"#,
        2: #"" onmouseover="alert(1)" x=""#,
        3: #"'><img src=x onerror=alert(3)><'"#,
        4: "</title></head><body><script src=//evil.example/x.js></script>",
        5: "&amp; &lt;b&gt; &#x3C;script&#x3E; &unknown; & ; &#0;",
        6: String(repeating: "Wubba lubba dub dub! ", count: 600),
        7: "ريك سانشيز \u{202E}txt.exe\u{202C} מורטי סמית׳",
        8: "🧑‍🚀 Morty 👽🛸 e\u{301} 🏳️‍🌈",
        9: "",
        10: "Line\nbreak\ttab \u{7}bell \u{2028}separator \u{0}nul",
        11: "{{site.name}} {{{t.footer_text}}} {{> layout}} {{=<% %>=}}",
        12: "javascript:alert(12)",
        13: "</script><script>alert(13)</script><!--",
        14: "]]></loc><loc>https://evil.example/</loc>",
    ]

    /// References to records that do not exist, in every shape.
    static let danglingEpisodes = [
        "\(api)/episode/999", "\(api)/episode/0", "\(api)/episode/-1", "\(api)/episode/9223372036854775807",
        "\(api)/episode/99999999999999999999999", "\(api)/episode/abc", "\(api)/character/1", "not a url", "",
        "javascript:alert('episode')",
    ]

    static func character(_ id: Int, _ fields: (status: String, gender: String, species: String, type: String)) -> CharacterRecord {
        CharacterRecord(
            id: id, name: names[id] ?? "", status: fields.status, species: fields.species, type: fields.type,
            gender: fields.gender,
            origin: NamedReference(name: #"<iframe src="javascript:alert('origin')">"#, url: "\(api)/location/\(1_000_000 + id)"),
            location: NamedReference(
                name: id % 2 == 0 ? "Hostile <Place> \(id)" : "", url: id % 3 == 0 ? "\(api)/location/\(id % 4 + 1)" : "\(api)/location/-\(id)"),
            image: id == 9 ? "" : "\(api)/character/avatar/\(id).jpeg",
            episode: ["\(api)/episode/\(id % 5 + 1)"] + (id == 1 ? danglingEpisodes : []),
            url: "\(api)/character/\(id)", created: id % 2 == 0 ? "2017-11-04T18:48:46.250Z" : "<created>")
    }

    package static let snapshot = Snapshot(
        characters: names.keys.sorted().map { id in
            character(id, [
                ("Alive", "Female", "Human", ""),
                ("<b>Dead</b>", "\" autofocus onfocus=\"alert(1)", "<svg onload=alert(1)>", "'\"><x>"),
                ("", "", "", ""),
                ("unknown", "GENDERLESS", "👽", "Type with \"quotes\" & 'apostrophes'"),
                ("Zombified 🧟", "Fluid ⚧", String(repeating: "Species ", count: 300), "ريك"),
            ][id % 5])
        },
        locations: [
            LocationRecord(id: 1, name: #"<b>Citadel</b> "of" 'Ricks' & co"#, type: "<script>alert('type')</script>",
                           dimension: String(repeating: "Dimension C-137 ", count: 400),
                           residents: ["\(api)/character/1", "\(api)/character/424242", "\(api)/character/0", "javascript:alert(1)", ""],
                           url: "\(api)/location/1", created: "yesterday"),
            LocationRecord(id: 2, name: "", type: "", dimension: "", residents: [], url: "\(api)/location/2", created: ""),
            LocationRecord(id: 3, name: "كوكب الأرض \u{202E}C-137", type: "🌍", dimension: "\u{200F}בעד",
                           residents: ["\(api)/character/3", "\(api)/character/3"], url: "\(api)/location/3", created: "2017-11-10T12:42:04.162Z"),
            LocationRecord(id: 4, name: "{{#nav}}{{/nav}}", type: "</dd></dl>", dimension: "<!-- comment -->",
                           residents: ["\(api)/character/9223372036854775807"], url: "\(api)/location/4", created: "2017-13-45T00:00:00Z"),
        ],
        episodes: [
            EpisodeRecord(id: 1, name: "<i>Pilot</i> & \"friends\"", airDate: "not a date", episode: "S99E99",
                          characters: ["\(api)/character/1", "\(api)/character/77777"], url: "\(api)/episode/1", created: "<now>"),
            EpisodeRecord(id: 2, name: "", airDate: "February 30, 2020", episode: "Pilot",
                          characters: [], url: "\(api)/episode/2", created: ""),
            EpisodeRecord(id: 3, name: String(repeating: "Long episode name ", count: 300), airDate: "",
                          episode: "<S01E01>", characters: ["\(api)/character/2"], url: "\(api)/episode/3", created: "2017-11-10T12:56:33.798Z"),
            EpisodeRecord(id: 4, name: "Episode 🎬 \u{202E}reversed", airDate: "December 2, 99999999999999999999",
                          episode: "S9999999999999999999E1", characters: [], url: "\(api)/episode/4", created: "2017-11-10"),
            EpisodeRecord(id: 5, name: "Season zero", airDate: "December 0, 2013", episode: "S00E00",
                          characters: ["\(api)/character/5", "\(api)/episode/5"], url: "\(api)/episode/5", created: "2017-11-10T12:56:33.798Z"),
            EpisodeRecord(id: 6, name: "Lowercase code", airDate: "december 9, 2013", episode: "s01e-2",
                          characters: [], url: "\(api)/episode/6", created: "2017-11-10T12:56:33.798Z"),
        ])

    /// Smallest bytes the client accepts as a JPEG; characters 10 and up have no picture served (a 404),
    /// character 9 names none at all.
    package static let avatars: [Int: LoopbackAvatar] = Dictionary(uniqueKeysWithValues: (1...8).map { id in
        (id, LoopbackAvatar(bytes: [0xFF, 0xD8, 0xFF, 0xE0, UInt8(id), 0xFF, 0xD9]))
    })
}
