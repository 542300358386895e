/// Which day (or bucket) an instant falls in, by binary search over the bucket starts: the
/// Trends day counts, the ward's alerts and its missed-slot counts all place times this way.
extension Array where Element: Comparable {
    /// The index of the last element `<= value` in this ascending array (0 when `value` comes
    /// before the first: callers pass values inside the buckets).
    func lastIndex(atOrBefore value: Element) -> Int {
        var low = 0, high = count
        while high - low > 1 {
            let mid = (low + high) / 2
            if self[mid] <= value { low = mid } else { high = mid }
        }
        return low
    }
}
