/// One page's content stream: text in the two standard fonts, lines, rectangles and paths, in
/// PDF user space (points, origin at the bottom left). Numbers are written with at most two
/// decimals, so the stream is small and stable for tests.
struct PDFPage {
    enum Font: String { case regular = "F1", bold = "F2" }

    struct Colour: Equatable {
        var r: Double, g: Double, b: Double
        static let black = Colour(r: 0, g: 0, b: 0)
        static let grey = Colour(r: 0.35, g: 0.35, b: 0.35)
        static let rule = Colour(r: 0.6, g: 0.6, b: 0.6)
        static let shade = Colour(r: 0.92, g: 0.92, b: 0.92)
        static let red = Colour(r: 0.69, g: 0.23, b: 0.18)
        static let band = Colour(r: 0.84, g: 0.91, b: 0.97)
    }

    private(set) var content: [UInt8] = []

    private mutating func emit(_ text: String) {
        content.append(contentsOf: text.utf8)
    }

    static func n(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        return String(rounded)
    }

    private func rgb(_ c: Colour, stroke: Bool) -> String {
        "\(Self.n(c.r)) \(Self.n(c.g)) \(Self.n(c.b)) \(stroke ? "RG" : "rg")"
    }

    /// WinAnsi `bytes` with the baseline starting at (x, y).
    mutating func text(_ bytes: [UInt8], x: Double, y: Double, font: Font = .regular, size: Double, colour: Colour = .black) {
        guard !bytes.isEmpty else { return }
        emit("BT \(rgb(colour, stroke: false)) /\(font.rawValue) \(Self.n(size)) Tf \(Self.n(x)) \(Self.n(y)) Td ")
        content.append(contentsOf: PDFText.literal(bytes))
        emit(" Tj ET\n")
    }

    mutating func line(from a: (Double, Double), to b: (Double, Double), width: Double = 0.5, colour: Colour = .black, dash: Double? = nil) {
        emit("q \(rgb(colour, stroke: true)) \(Self.n(width)) w \(dash.map { "[\(Self.n($0)) \(Self.n($0))] 0 d " } ?? "")"
             + "\(Self.n(a.0)) \(Self.n(a.1)) m \(Self.n(b.0)) \(Self.n(b.1)) l S Q\n")
    }

    mutating func rect(x: Double, y: Double, width: Double, height: Double, fill: Colour? = nil, stroke: Colour? = nil, lineWidth: Double = 0.5) {
        guard fill != nil || stroke != nil else { return }
        var op = "q "
        if let fill { op += rgb(fill, stroke: false) + " " }
        if let stroke { op += rgb(stroke, stroke: true) + " \(Self.n(lineWidth)) w " }
        op += "\(Self.n(x)) \(Self.n(y)) \(Self.n(width)) \(Self.n(height)) re "
        op += fill != nil && stroke != nil ? "B" : fill != nil ? "f" : "S"
        emit(op + " Q\n")
    }

    /// An open path through `points` (a chart series).
    mutating func polyline(_ points: [(Double, Double)], width: Double = 1.2, colour: Colour) {
        guard let first = points.first else { return }
        var op = "q \(rgb(colour, stroke: true)) \(Self.n(width)) w 1 j 1 J \(Self.n(first.0)) \(Self.n(first.1)) m"
        for point in points.dropFirst() { op += " \(Self.n(point.0)) \(Self.n(point.1)) l" }
        emit(op + " S Q\n")
    }
}
