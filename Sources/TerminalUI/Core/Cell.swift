/// Attributes a cell adds on top of its role's theme style (e.g. bold for a matched letter).
public struct CellAttributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = CellAttributes(rawValue: 1 << 0)
    public static let underline = CellAttributes(rawValue: 1 << 1)
    public static let reverse = CellAttributes(rawValue: 1 << 2)
    public static let dim = CellAttributes(rawValue: 1 << 3)
}

/// One terminal column: a single grapheme with its semantic role and extra attributes.
/// A wide grapheme occupies its cell and the next one; that next cell is a *continuation*
/// (empty grapheme) so the buffer's columns always match the screen's.
public struct Cell: Hashable, Sendable {
    /// The grapheme drawn here; "" marks the right half of a wide grapheme.
    public var grapheme: String
    public var role: StyleRole
    public var attributes: CellAttributes

    public init(_ grapheme: String = " ", role: StyleRole = .normal, attributes: CellAttributes = []) {
        self.grapheme = grapheme
        self.role = role
        self.attributes = attributes
    }

    public static let blank = Cell()

    /// True for the right half of a wide grapheme: backends draw nothing here.
    public var isContinuation: Bool { grapheme.isEmpty }
}
