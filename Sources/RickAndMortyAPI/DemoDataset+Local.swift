extension DemoDataset {
    /// The demo content folder's `data/episodes.json`: an episode the demo's API data stops before (it has the
    /// first three of seasons 1 and 2), with the family, in the API's shape, as a maintainer would write it.
    package static let localEpisodes = """
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

        """
}
