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

/// Growth and maintenance arithmetic the Trends screen charts against.
enum TrendsReference {
    /// Holliday–Segar daily maintenance in mL/kg/day: 100 mL/kg for the first 10 kg, 50 for the
    /// next 10, 20 beyond (Holliday & Segar, Pediatrics 1957;19:823).
    static func hollidaySegarPerKg(weightKg w: Double) -> Double? {
        guard w > 0, w.isFinite else { return nil }
        let daily = 100 * min(w, 10) + 50 * min(max(w - 10, 0), 10) + 20 * max(w - 20, 0)
        return daily / w
    }
}
