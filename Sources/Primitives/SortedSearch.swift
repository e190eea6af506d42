extension RandomAccessCollection where Element: Comparable, Index == Int {
    /// The place of `element` in this collection, which is sorted in ascending order; nil when it is not there. A binary
    /// search: a table of thousands of names made to look up a few was most of the work where it is used.
    package func sortedIndex(of element: Element) -> Int? {
        var (low, high) = (startIndex, endIndex)
        while low < high {
            let middle = low + (high - low) / 2
            if self[middle] < element { low = middle + 1 } else { high = middle }
        }
        return low < endIndex && self[low] == element ? low : nil
    }
}

extension Array {
    /// This array and `other`, each sorted by `key` in ascending order, as one array so sorted (of equal keys, this
    /// one's first): a merge, for a long sorted list and a few more, which sorting again would compare all anew.
    package func mergedSorted<Key: Comparable>(with other: [Element], by key: (Element) -> Key) -> [Element] {
        var merged: [Element] = []
        merged.reserveCapacity(count + other.count)
        var (left, right) = (startIndex, other.startIndex)
        while left < endIndex, right < other.endIndex {
            if key(other[right]) < key(self[left]) {
                merged.append(other[right])
                right += 1
            } else {
                merged.append(self[left])
                left += 1
            }
        }
        merged += self[left...]
        merged += other[right...]
        return merged
    }
}
