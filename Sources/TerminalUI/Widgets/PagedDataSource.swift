/// Rows behind a list or table, fetched a window at a time: the views ask only for the rows
/// they can show, so a million-row history stays instant. Back it with a cache the screen
/// fills from the store (keyset pages) and refreshes on change events.
public protocol PagedDataSource {
    associatedtype Row
    /// Number of rows, or nil when unknown (then the end is found by asking for rows).
    var count: Int? { get }
    /// The rows at the given positions; may return fewer at the end of the data.
    func rows(in range: Range<Int>) -> [Row]
}

/// An in-memory source for short lists (menus, settings, tests).
public struct ArrayDataSource<Row>: PagedDataSource {
    public var items: [Row]
    public init(_ items: [Row]) { self.items = items }
    public var count: Int? { items.count }
    public func rows(in range: Range<Int>) -> [Row] {
        let r = range.clamped(to: 0..<items.count)
        return Array(items[r])
    }
}
