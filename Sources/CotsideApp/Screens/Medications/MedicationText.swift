import Foundation
import TerminalUI
import WardStore

/// How medication values read on screen: slot states as symbol + word (never colour alone),
/// latest status, adherence and the effectiveness verdict, in the user's language.
@MainActor
struct MedicationText {
    let context: AppContext
    var format: WardFormat { WardFormat(context) }

    init(_ context: AppContext) { self.context = context }

    func badge(_ state: SlotState) -> String {
        let status: StatusBadge.Status
        switch state {
        case .overdue, .missed: status = .danger
        case .due: status = .warning
        case .given: status = .ok
        case .withheld: status = .info
        case .paused: status = .info
        case .upcoming: status = .unknown
        }
        return StatusBadge(status, word: context.t("slot.state.\(state.rawValue)"), glyphs: context.glyphs).text
    }

    func role(_ state: SlotState) -> StyleRole {
        switch state {
        case .overdue, .missed: return .danger
        case .due: return .warning
        default: return .normal
        }
    }

    /// "given 08:02", "withheld (refused) 14:00", "given 08:02, checked AB", "—" when nothing was recorded.
    func latest(_ latest: LatestDose?) -> String {
        guard let latest else { return context.t("meds.never") }
        let word = context.t("dose.status.\(latest.status.rawValue)")
        let reason = latest.withheldReason.map { " (\(context.t("withheld.\($0.rawValue)")))" } ?? ""
        let text = "\(word)\(reason) \(format.clock(latest.at))"
        return latest.checkedBy.map { context.t("meds.latest_checked", text, $0) } ?? text
    }

    /// "86 %" or "—" with nothing due.
    func adherence(_ adherence: Adherence) -> String {
        adherence.percent.map { "\($0) %" } ?? context.t("meds.no_adherence")
    }

    /// "likely effective 72 %"; "not judged (antibiotic)" for a category the heuristic declines
    /// on purpose (`Effectiveness.notJudged`); "" when the category has no heuristic.
    func effectiveness(_ result: EffectivenessResult?, category: MedicationCategory) -> String {
        if Effectiveness.notJudged(category) != nil { return context.t("effect.not_judged.\(category.rawValue)") }
        guard let result else { return "" }
        return context.t("meds.effect", context.t("effect.\(result.verdict.rawValue)"), result.confidencePercent)
    }

    /// "active", "paused", "stopped".
    func status(_ row: MedicationListRow, now: Date) -> String {
        if let end = row.medication.endsAt, end <= now { return context.t("meds.state.stopped") }
        if row.medication.isPaused { return StatusBadge(.warning, word: context.t("meds.state.paused"), glyphs: context.glyphs).text }
        return context.t("meds.state.active")
    }

    /// "✖ 13:00" overdue, "! 14:00" due, "  09:00" upcoming; "" for as-needed medications.
    func next(_ row: MedicationListRow) -> String {
        guard let state = row.nextSlotState, let at = row.nextDueAt else { return "" }
        switch state {
        case .overdue: return StatusBadge(.danger, word: format.clock(at), glyphs: context.glyphs).text
        case .due: return StatusBadge(.warning, word: format.clock(at), glyphs: context.glyphs).text
        default: return "  " + format.clock(at)
        }
    }

    /// "06:00 14:00 22:00", "every 8 h", "as needed (≥ 4 h apart, max 4/24 h)", in the user's language.
    func schedule(_ schedule: MedicationSchedule) -> String { context.localizer.schedule(schedule) }

    /// Why an as-needed dose breaks its prescription, in the user's language: "another dose was
    /// given less than 4 h from this one (minimum interval 4 h)".
    func refusal(_ refusal: AsNeededRefusal) -> String {
        switch refusal {
        case .tooSoon(_, let minutes, _):
            let gap = minutes % 60 == 0 ? context.t("age.hours", minutes / 60) : context.t("feed.minutes", minutes)
            return context.t("prn.refusal.too_soon", gap)
        case .dailyMaximum(let count, let maximum):
            return context.t("prn.refusal.daily_maximum", count, maximum)
        }
    }

    /// "2.5 mg oral", "2,5 mg i.v.": the amount with the language's decimal mark, the unit as
    /// charted, the route in the user's language.
    func dose(_ medication: Medication) -> String {
        let amount = medication.doseAmount == medication.doseAmount.rounded()
            ? String(Int(medication.doseAmount)) : context.format.decimals(String(medication.doseAmount))
        return "\(amount) \(format.unit(medication.doseUnit)) \(context.t("med.route.\(medication.route.rawValue)"))"
    }
}
