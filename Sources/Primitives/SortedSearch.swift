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
