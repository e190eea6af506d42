/// What a fetch still has to ask for, record pages before pictures: the snapshot (and a refusal of it, such as a
/// shrink check) comes as early as it can, and pictures fill the time that pages spend in a retry's backoff.
/// Pages are held as ranges, so a collection of thousands of pages costs nothing until its pages are asked for.
struct FetchQueue {
    enum Job: Sendable {
        case page(ResourceKind, number: Int)
        case avatar(AvatarDownload)
    }

    private var pages: [(kind: ResourceKind, numbers: ClosedRange<Int>)] = ResourceKind.allCases.map { ($0, 1...1) }
    private var avatars: [AvatarDownload] = []
    private var nextAvatar = 0

    mutating func addPages(_ kind: ResourceKind, _ numbers: ClosedRange<Int>) {
        pages.append((kind, numbers))
    }

    mutating func addAvatar(_ download: AvatarDownload) {
        avatars.append(download)
    }

    mutating func next() -> Job? {
        if let first = pages.first {
            let number = first.numbers.lowerBound
            if number < first.numbers.upperBound {
                pages[0].numbers = number + 1...first.numbers.upperBound
            } else {
                pages.removeFirst()
            }
            return .page(first.kind, number: number)
        }
        guard nextAvatar < avatars.count else { return nil }
        defer { nextAvatar += 1 }
        return .avatar(avatars[nextAvatar])
    }
}
