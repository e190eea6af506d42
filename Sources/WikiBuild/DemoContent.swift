/// The demo's content folder, written by us, in the program like the demo dataset (so `rmwiki build --demo`
/// needs no file): an introduction, two articles, the prose of a few characters and episodes, in English
/// and French, and one local episode. Each entry is a file of a content folder, by its path in it: copy one into `content/` to start.
package enum DemoContent {
    static let texts: [(path: String, text: String)] = [
        ("home.md", """
        ---
        summary: A small wiki of Rick and Morty, built by rmwiki from its demo data.
        ---
        This is the demo of **rmwiki**: twenty characters, five places and six episodes. Fans write the rest in
        a content folder, such as the story of [[Rick Sanchez]], a guide to [[article:portal-travel]] or an
        episode the data lacks, [[S06E01]].
        """),
        ("home.fr.md", """
        ---
        summary: Un petit wiki de Rick et Morty, fait par rmwiki avec ses données de démonstration.
        ---
        Voici la démo de **rmwiki** : vingt personnages, cinq lieux et six épisodes. Les fans écrivent le reste
        dans un dossier de contenu, comme l’histoire de [[Rick Sanchez]], un guide du [[article:portal-travel]] ou
        un épisode absent des données, [[S06E01]].
        """),
        ("articles/portal-travel.md", """
        ---
        title: Portal travel
        summary: How the portal gun works, where it has taken the family, and what it costs them.
        date: 2026-11-20
        ---
        Rick's portal gun opens a green door to anywhere. This guide follows it through the first two seasons.

        ## The gun

        It runs on portal fluid. Without it, [[Rick Sanchez|Rick]] is as stuck as anyone, as the
        [[Citadel of Ricks]] knows well.

        ## Places it went

        - [[Earth (C-137)]], home, until it was not.
        - [[location:3|Anatomy Park]], inside a man (see [[S01E03]]).
        - [[Gromflom Prime]], where [[Krombopulos Michael]] worked.

        ## What it costs

        Every trip leaves a [[Morty Smith|Morty]] somewhere. Read [[article:family-dinner]] for the rest.
        """),
        ("articles/portal-travel.fr.md", """
        ---
        title: Voyager par portail
        summary: Comment marche le pistolet à portails, où il a mené la famille, et ce qu’il lui coûte.
        date: 2026-11-20
        ---
        Le pistolet à portails de Rick ouvre une porte verte vers n’importe où.

        ## Le pistolet

        Il marche au fluide de portail. Sans lui, [[Rick Sanchez|Rick]] est coincé comme tout le monde,
        la [[Citadel of Ricks|Citadelle des Rick]] le sait bien.

        ## Où il est allé

        - [[Earth (C-137)|La Terre (C-137)]], la maison, jusqu’à un certain point.
        - [[location:3|Anatomy Park]], dans un homme (voir [[S01E03]]).
        - [[Gromflom Prime]], où travaillait [[Krombopulos Michael]].

        ## Ce qu’il coûte

        Chaque voyage laisse un [[Morty Smith|Morty]] quelque part. La suite dans [[article:family-dinner]].
        """),
        ("articles/family-dinner.md", """
        ---
        title: The Smith family at dinner
        summary: Who sits where, and why Jerry never wins an argument.
        date: 2026-11-21
        ---
        Dinner at the Smiths' is where adventures end. [[Beth Smith]] pours the wine, [[Summer Smith]] checks her
        phone, and [[Jerry Smith]] tries to talk about his day. In [[S01E02]], [[Snuffles]] watched from the floor.
        """),
        ("articles/family-dinner.fr.md", """
        ---
        title: Les Smith à table
        summary: Qui s’assied où, et pourquoi Jerry ne gagne jamais une dispute.
        date: 2026-11-21
        ---
        Le dîner chez les Smith est la fin de toute aventure. [[Beth Smith|Beth]] sert le vin, [[Summer Smith|Summer]]
        regarde son téléphone, et [[Jerry Smith|Jerry]] raconte sa journée. Dans [[S01E02]], [[Snuffles]] regardait
        depuis le sol.
        """),
        ("characters/1.md", """
        ---
        summary: Rick Sanchez, a scientist of genius who drags his grandson across the multiverse.
        ---
        The smartest man in the universe, by his own account. He built the portal gun (see [[article:portal-travel]])
        and takes [[Morty Smith]] on the adventures that make up the show.
        """),
        ("characters/1.fr.md", """
        ---
        summary: Rick Sanchez, un savant de génie qui entraîne son petit-fils à travers le multivers.
        ---
        L’homme le plus intelligent de l’univers, à l’en croire. Il a construit le pistolet à portails (voir
        [[article:portal-travel]]) et emmène [[Morty Smith|Morty]] dans les aventures qui font la série.
        """),
        ("characters/2.md", """
        ---
        summary: Morty Smith, Rick's grandson and unwilling companion.
        ---
        Fourteen, anxious and braver than he looks. He follows [[Rick Sanchez|his grandfather]] everywhere.
        """),
        ("characters/6.md", """
        ---
        summary: Snuffles, the family dog, who became Snowball.
        ---
        A dog given a helmet that made him clever, in [[S01E02]]. He does not forgive easily.
        """),
        ("episodes/1.md", """
        ---
        summary: Rick takes Morty to another dimension to fetch mega seeds.
        ---
        [[Rick Sanchez]] wakes [[Morty Smith|Morty]] in the night for a trip to another dimension. Mr. Goldenfold
        and the school make the day longer.
        """),
        ("episodes/1.fr.md", """
        ---
        title: La Nuit des méga-graines
        summary: Rick emmène Morty dans une autre dimension chercher des méga-graines.
        ---
        [[Rick Sanchez|Rick]] réveille [[Morty Smith|Morty]] en pleine nuit pour un voyage dans une autre dimension.
        """),
        ("episodes/52.md", """
        ---
        summary: The first episode of season 6, which the API lacks: a local record gives it.
        ---
        A season the API never reached. The whole family is in it, [[S01E01|as in the first episode]].
        """),
        // An episode the demo's API data stops before (it has the first three of seasons 1 and 2), in the API's
        // shape, as a maintainer would write it.
        ("data/episodes.json", """
        [
          {
            "id": 52,
            "name": "Solaricks",
            "air_date": "September 4, 2022",
            "episode": "S06E01",
            "characters": [
              "https://rickandmortyapi.com/api/character/1",
              "https://rickandmortyapi.com/api/character/2",
              "https://rickandmortyapi.com/api/character/3",
              "https://rickandmortyapi.com/api/character/4",
              "https://rickandmortyapi.com/api/character/5"
            ],
            "created": "2022-09-04T00:00:00.000Z"
          }
        ]

        """),
    ]

    package static var files: [ContentFolder.File] {
        texts.map { ContentFolder.File(path: $0.path, bytes: Array($0.text.utf8), stamp: nil) }
    }
}
