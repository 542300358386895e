import Clinical
import Foundation
import TerminalUI
import WardStore

/// The Dashboard's medication and intake figures (issue 6): next dose with its overdue mark,
/// intake in the last 24 h against the maintenance target for the latest weight (the ward's
/// neonatal table under 28 days, Holliday–Segar after: `MaintenanceTarget`), and the latest
/// out-of-range measurement with a word.
@MainActor
struct DashboardDoseColumns {
    let context: AppContext
    /// The ward's neonatal maintenance table (WardSettings).
    var table: NeonatalFluidTable

    init(_ context: AppContext, table: NeonatalFluidTable = .nice) {
        self.context = context
        self.table = table
    }

    /// "! 13:00 paracetamol" (overdue), "● 14:00 …" (due), "14:00 …" (upcoming), "" without one.
    func nextDose(_ row: DashboardRow) -> String {
        guard let next = row.nextDose else { return "" }
        let time = WardFormat(context).clock(next.dueAt)
        switch next.state {
        case .overdue: return StatusBadge(.danger, word: "\(time) \(next.drugName)", glyphs: context.glyphs).text
        case .due: return StatusBadge(.warning, word: "\(time) \(next.drugName)", glyphs: context.glyphs).text
        default: return "  \(time) \(next.drugName)"
        }
    }

    /// Columns `nextDose` needs to show its mark, day and time whole and the drug's first letters.
    func nextDoseLeastWidth(_ row: DashboardRow) -> Int {
        guard let next = row.nextDose else { return 0 }
        return 2 + TextWidth.columns(of: WardFormat(context).clock(next.dueAt)) + 1 + 4
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

    /// The row's maintenance target and the weight (g) it is for.
    private func target(_ row: DashboardRow) -> (MaintenanceTarget, Int)? {
        guard let weight = row.latestWeightGrams ?? row.currentWeightGrams else { return nil }  // no weight: no target
        return MaintenanceTarget.of(ageDays: row.age.days, weightKg: Double(weight) / 1000, table: table).map { ($0, weight) }
    }

    /// "320 mL 67 %" (intake and share of maintenance; of the lower end of a neonatal range).
    func intakeShort(_ row: DashboardRow) -> String {
        guard let (target, weight) = self.target(row) else { return context.t("intake.ml", row.intake24hML) }
        let low = target.mlPerDay(weightKg: Double(weight) / 1000).low
        guard low > 0 else { return context.t("intake.ml", row.intake24hML) }
        return context.t("intake.short", row.intake24hML, Int((Double(row.intake24hML) / low * 100).rounded()))
    }

    /// The detail line under the table for the selected cot: "Intake 24 h: 150 mL (47 mL/kg,
    /// 3200 g) of 320–384 mL (39 %, day 4 of life)" (the ward's neonatal range for the weight),
    /// or Holliday–Segar from 28 days; then the output charted in the 24 h, if any. Per kg is on
    /// the latest weighing; before the first, "no weight" and the birth weight the target is for.
    func intakeLine(_ row: DashboardRow) -> String {
        let intake: String
        let weighed = row.latestWeightGrams.flatMap { grams in
            self.perKg(row.intake24hML, row).map { context.t("intake.per_kg", $0, grams) }
        } ?? (row.currentWeightGrams.map { context.t("intake.no_weight", $0) } ?? context.t("intake.no_weight_short"))
        if let (target, weight) = self.target(row) {
            let ml = target.mlPerDay(weightKg: Double(weight) / 1000)
            let percent = ml.low > 0 ? Int((Double(row.intake24hML) / ml.low * 100).rounded()) : 0
            switch target.basis {
            case .neonatal(let day):
                intake = context.t("intake.line_neonatal", row.intake24hML, weighed, Int(ml.low.rounded()), Int(ml.high.rounded()),
                                   percent, day)
            case .hollidaySegar:
                intake = context.t("intake.line", row.intake24hML, weighed, Int(ml.low.rounded()), percent)
            }
        } else {
            intake = context.t("intake.ml_line", row.intake24hML, weighed)
        }
        guard row.output24hML > 0 else { return "\(intake) · \(outOfRange(row))" }
        let outputPerKg = perKg(row.output24hML, row).map { context.t("intake.ml_per_kg", $0) } ?? context.t("intake.no_weight_short")
        return "\(intake) · \(context.t("intake.output", row.output24hML, outputPerKg)) · \(outOfRange(row))"
    }

    /// mL per kg of the latest weighing (nil before the first).
    func perKg(_ ml: Int, _ row: DashboardRow) -> Int? {
        guard let grams = row.latestWeightGrams, grams > 0 else { return nil }
        return Int((Double(ml) / (Double(grams) / 1000)).rounded())
    }

    /// "▲ high temperature 38.4 °C 13:10", "▼ low SpO2 88 % on 2 L/min 13:10", or "no measurement out of range".
    func outOfRange(_ row: DashboardRow) -> String {
        guard let marked = row.latestOutOfRange, let mark = marked.mark else { return context.t("range.none") }
        let m = marked.measurement
        let value = context.format.decimals(Self.number(m.value) + (m.diastolicMmHg.map { "/" + Self.number($0) } ?? ""))
        let word = context.t("range.\(mark.rawValue)")
        let oxygen = m.oxygen.map { " " + context.t("range.on_oxygen", context.format.decimals($0.text)) } ?? ""
        let text = "\(word) \(context.t("measurement.kind.\(m.kind.rawValue)")) \(value) \(m.kind.canonicalUnit)\(oxygen) \(WardFormat(context).clock(m.measuredAt))"
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
