import TerminalUI

/// One block of the Trends screen, stacked vertically: a chart, the KPI grid or text lines.
/// A line chart keeps its value so the screen can move its cursor.
struct TrendsSection {
    let id: String
    let height: Int
    let widget: any Widget
    /// The line chart this section draws, when it is one (its cursor follows ← →).
    let line: LineChart?

    init(id: String, height: Int, widget: any Widget) {
        self.id = id
        self.height = height
        self.widget = widget
        self.line = widget as? LineChart
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
