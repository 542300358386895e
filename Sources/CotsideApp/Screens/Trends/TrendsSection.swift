import TerminalUI

/// One block of the Trends screen, stacked vertically: a line chart, or any other widget (the
/// KPI grid, text lines, bar charts). A line chart keeps its value so the screen can move its cursor.
struct TrendsSection {
    enum Content {
        /// A line chart: its cursor follows ← → when it is the chart at the top.
        case line(LineChart)
        case other(any Widget)
    }

    let id: String
    let height: Int
    let content: Content

    init(id: String, height: Int, line: LineChart) {
        self.init(id: id, height: height, content: .line(line))
    }

    init(id: String, height: Int, widget: any Widget) {
        self.init(id: id, height: height, content: .other(widget))
    }

    /// A line chart given as a plain widget would lose its cursor: say `line:`.
    @available(*, unavailable, message: "a line chart is a `line:` section, so its cursor follows ← →")
    init(id: String, height: Int, widget: LineChart) { fatalError() }

    init(id: String, height: Int, content: Content) {
        self.id = id
        self.height = height
        self.content = content
    }

    /// The line chart this section draws, when it is one.
    var line: LineChart? {
        if case .line(let chart) = content { return chart }
        return nil
    }

    var widget: any Widget {
        switch content {
        case .line(let chart): return chart
        case .other(let widget): return widget
        }
    }
}

/// Plain lines of text, each with its role, cut at the area's width (KPI grid, insights, notes).
struct TextLines: Widget {
    var lines: [(text: String, role: StyleRole)]
    var ellipsis: String = "…"

    func render(in area: Rect, into buffer: inout Buffer) {
        for (index, line) in lines.prefix(area.height).enumerated() {
            buffer.put(line.text, in: area.row(index), role: line.role, ellipsis: ellipsis)
        }
    }
}
