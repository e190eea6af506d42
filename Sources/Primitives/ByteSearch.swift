extension Array<UInt8> {
    /// Where each occurrence of `marker` starts, left to right, not overlapping: a byte search over the array's own
    /// storage. Foundation's string search on every template line was a fifth of loading the theme, and a generic
    /// search, unspecialised across modules, still half of it.
    package func occurrences(of marker: [UInt8]) -> [Int] {
        guard let first = marker.first else { return [] }
        return withUnsafeBufferPointer { text in
            marker.withUnsafeBufferPointer { marker in
                var found: [Int] = []
                var position = 0
                let last = text.count - marker.count
                while position <= last {
                    if text[position] == first, UnsafeBufferPointer(rebasing: text[position..<(position + marker.count)])
                        .elementsEqual(marker) {
                        found.append(position)
                        position += marker.count
                    } else {
                        position += 1
                    }
                }
                return found
            }
        }
    }
}
