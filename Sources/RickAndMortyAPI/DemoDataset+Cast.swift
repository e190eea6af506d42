extension DemoDataset {
    /// The twenty characters in id order. Each one names its episodes and whereabouts here and nowhere else:
    /// the episodes' casts and the locations' residents are derived from this list, so the two ends of every
    /// link cannot disagree (unlike a few links the real API serves from one side only).
    static let cast: [CharacterRecord] = [
        character(1, "Rick Sanchez", status: "Alive", species: "Human", gender: "Male",
                  origin: .earthC137, location: .earthReplacement, episodes: DemoDatasetEpisode.allCases,
                  created: "2017-11-04T18:48:46.250Z"),
        character(2, "Morty Smith", status: "Alive", species: "Human", gender: "Male",
                  origin: nil, location: .earthReplacement, episodes: DemoDatasetEpisode.allCases,
                  created: "2017-11-04T18:50:21.651Z"),
        character(3, "Summer Smith", status: "Alive", species: "Human", gender: "Female",
                  origin: .earthReplacement, location: .earthReplacement,
                  episodes: [.pilot, .lawnmowerDog, .aRickleInTime, .autoEroticAssimilation],
                  created: "2017-11-04T19:09:56.428Z"),
        character(4, "Beth Smith", status: "Alive", species: "Human", gender: "Female",
                  origin: .earthReplacement, location: .earthReplacement,
                  episodes: [.pilot, .lawnmowerDog, .anatomyPark, .aRickleInTime, .autoEroticAssimilation],
                  created: "2017-11-04T19:22:43.665Z"),
        character(5, "Jerry Smith", status: "Alive", species: "Human", gender: "Male",
                  origin: .earthReplacement, location: .earthReplacement,
                  episodes: [.pilot, .lawnmowerDog, .anatomyPark, .aRickleInTime, .mortynightRun,
                             .autoEroticAssimilation],
                  created: "2017-11-04T19:26:56.301Z"),
        character(6, "Snuffles", status: "Alive", species: "Animal", type: "Dog", gender: "Male",
                  origin: .earthC137, location: .earthC137, episodes: [.lawnmowerDog],
                  created: "2017-11-05T09:12:31.417Z"),
        character(7, "Scary Terry", status: "unknown", species: "Mythological Creature", type: "Dream monster",
                  gender: "Male", origin: nil, location: nil, episodes: [.lawnmowerDog],
                  created: "2017-11-05T09:15:02.880Z"),
        character(8, "Mr. Goldenfold", status: "Alive", species: "Human", gender: "Male",
                  origin: .earthC137, location: .earthC137, episodes: [.pilot, .lawnmowerDog],
                  created: "2017-11-05T09:31:47.109Z"),
        character(9, "Jessica", status: "Alive", species: "Human", gender: "Female",
                  origin: .earthC137, location: .earthReplacement, episodes: [.pilot, .aRickleInTime],
                  created: "2017-11-05T10:02:18.743Z"),
        character(10, "Frank Palicky", status: "Dead", species: "Human", gender: "Male",
                  origin: .earthC137, location: .earthC137, episodes: [.pilot],
                  created: "2017-11-05T10:20:39.526Z"),
        character(11, "Brad", status: "Alive", species: "Human", gender: "Male",
                  origin: .earthC137, location: .earthReplacement, episodes: [.pilot],
                  created: "2017-11-05T10:27:11.064Z"),
        character(12, "Ruben", status: "Dead", species: "Human", gender: "Male",
                  origin: .earthC137, location: .anatomyPark, episodes: [.anatomyPark],
                  created: "2017-11-05T11:40:55.318Z"),
        character(13, "Dr. Xenon Bloom", status: "Dead", species: "Humanoid", type: "Amoeba-Person", gender: "Male",
                  origin: nil, location: .anatomyPark, episodes: [.anatomyPark],
                  created: "2017-11-05T11:44:30.972Z"),
        character(14, "Annie", status: "Alive", species: "Human", gender: "Female",
                  origin: .earthC137, location: .anatomyPark, episodes: [.anatomyPark],
                  created: "2017-11-05T11:49:03.205Z"),
        character(15, "Hepatitis A", status: "Dead", species: "Disease", gender: "unknown",
                  origin: .anatomyPark, location: .anatomyPark, episodes: [.anatomyPark],
                  created: "2017-11-05T11:53:17.638Z"),
        character(16, "Krombopulos Michael", status: "Dead", species: "Alien", type: "Gromflomite", gender: "Male",
                  origin: .gromflomPrime, location: .gromflomPrime, episodes: [.mortynightRun],
                  created: "2017-11-18T19:30:12.487Z"),
        character(17, "Fart", status: "Dead", species: "Alien", type: "Gas cloud", gender: "Genderless",
                  origin: nil, location: nil, episodes: [.mortynightRun],
                  created: "2017-11-18T19:33:48.150Z"),
        character(18, "Fourth-Dimensional Being", status: "unknown", species: "Alien", type: "Fourth-dimensional",
                  gender: "Genderless", origin: nil, location: nil, episodes: [.aRickleInTime],
                  created: "2017-11-18T20:01:26.794Z"),
        character(19, "Unity", status: "Alive", species: "Alien", type: "Hivemind", gender: "Female",
                  origin: nil, location: nil, episodes: [.autoEroticAssimilation],
                  created: "2017-11-18T20:14:09.331Z"),
        character(20, "Beta-Seven", status: "Alive", species: "Alien", type: "Hivemind", gender: "Male",
                  origin: nil, location: nil, episodes: [.autoEroticAssimilation],
                  created: "2017-11-18T20:17:52.016Z"),
    ]

    /// `nil` for a place the show leaves unnamed: the API then serves `{"name": "unknown", "url": ""}`.
    private static func character(
        _ id: Int, _ name: String, status: String, species: String, type: String = "", gender: String,
        origin: DemoDatasetPlace?, location: DemoDatasetPlace?, episodes: [DemoDatasetEpisode], created: String
    ) -> CharacterRecord {
        let unknown = NamedReference(name: "unknown", url: "")
        return CharacterRecord(
            id: id, name: name, status: status, species: species, type: type, gender: gender,
            origin: origin?.reference ?? unknown, location: location?.reference ?? unknown,
            image: "\(apiBase)/character/avatar/\(id).jpeg",
            episode: episodes.map(\.url), url: url(.character, id), created: created
        )
    }
}
