extension RandomAccessCollection {
    /// The index of the first element whose key (`keyOf`) is not below `key`, in a collection
    /// sorted by ascending key: where an element with `key` is, or goes. A binary search.
    public func insertionIndex<Key: Comparable>(of key: Key, by keyOf: (Element) -> Key) -> Index {
        var low = startIndex
        var count = self.count
        while count > 0 {
            let half = count / 2
            let middle = index(low, offsetBy: half)
            if keyOf(self[middle]) < key {
                low = index(after: middle)
                count -= half + 1
            } else {
                count = half
            }
        }
        return low
    }
}
