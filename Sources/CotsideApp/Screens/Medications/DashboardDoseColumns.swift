import Clinical
import Foundation
import TerminalUI
import WardStore

/// The Dashboard's medication and intake figures (issue 6): next dose with its overdue mark,
/// intake in the last 24 h against Holliday–Segar maintenance for the latest weight, and the
/// latest out-of-range measurement with a word.
@MainActor
struct DashboardDoseColumns {
    let context: AppContext

    init(_ context: AppContext) { self.context = context }

    /// "! 13:00 paracetamol" (overdue), "● 14:00 …" (due), "14:00 …" (upcoming), "" without one.
    func nextDose(_ row: DashboardRow) -> String {
        guard let next = row.nextDose else { return "" }
        let time = WardFormat(context).time(next.dueAt)
        switch next.state {
        case .overdue: return StatusBadge(.danger, word: "\(time) \(next.drugName)", glyphs: context.glyphs).text
        case .due: return StatusBadge(.warning, word: "\(time) \(next.drugName)", glyphs: context.glyphs).text
        default: return "  \(time) \(next.drugName)"
        }
    }

    /// "✖ med overdue" for narrow screens without the next-dose column.
    func overdueAlert(_ row: DashboardRow) -> String {
        row.overdueDoses > 0 || row.nextDose?.state == .overdue
            ? StatusBadge(.danger, word: context.t("dashboard.dose_overdue"), glyphs: context.glyphs).text : ""
    }

    /// Holliday–Segar maintenance in mL per 24 h for this weight, from the Clinical module.
    static func maintenanceML(weightGrams: Int) -> Double? {
        guard weightGrams > 0 else { return nil }
        let result = try? IvFluidTool.compute(ToolInputs(["weight_kg": .number(Double(weightGrams) / 1000)]))
        return result?.number("ml_per_day")
    }

    /// "320 mL 67 %" (intake and share of maintenance).
    func intakeShort(_ row: DashboardRow) -> String {
        let weight = row.latestWeightGrams ?? row.currentWeightGrams
        guard let target = Self.maintenanceML(weightGrams: weight), target > 0 else { return context.t("intake.ml", row.intake24hML) }
        let percent = Int((Double(row.intake24hML) / target * 100).rounded())
        return context.t("intake.short", row.intake24hML, percent)
    }

    /// The detail line under the table for the selected cot.
    func intakeLine(_ row: DashboardRow) -> String {
        let weight = row.latestWeightGrams ?? row.currentWeightGrams
        let intake: String
        if let target = Self.maintenanceML(weightGrams: weight), target > 0 {
            let percent = Int((Double(row.intake24hML) / target * 100).rounded())
            intake = context.t("intake.line", row.intake24hML, Int(target.rounded()), percent, weight)
        } else {
            intake = context.t("intake.ml", row.intake24hML)
        }
        return "\(intake) · \(outOfRange(row))"
    }

    /// "▲ high temperature 38.4 °C 13:10", or "no measurement out of range".
    func outOfRange(_ row: DashboardRow) -> String {
        guard let marked = row.latestOutOfRange, let mark = marked.mark else { return context.t("range.none") }
        let m = marked.measurement
        let value = Self.number(m.value) + (m.diastolicMmHg.map { "/" + Self.number($0) } ?? "")
        let word = context.t("range.\(mark.rawValue)")
        let text = "\(word) \(context.t("measurement.kind.\(m.kind.rawValue)")) \(value) \(m.kind.canonicalUnit) \(WardFormat(context).time(m.measuredAt))"
        return StatusBadge(mark == .high ? .high : .low, word: text, glyphs: context.glyphs).text
    }

    /// Short form for the wide column: "▲ temperature".
    func outOfRangeShort(_ row: DashboardRow) -> String {
        guard let marked = row.latestOutOfRange, let mark = marked.mark else { return "" }
        return StatusBadge(mark == .high ? .high : .low,
                           word: "\(context.t("range.\(mark.rawValue)")) \(context.t("measurement.kind.\(marked.measurement.kind.rawValue)"))",
                           glyphs: context.glyphs).text
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }
}
