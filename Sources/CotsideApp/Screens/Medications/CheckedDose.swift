import Foundation
import TerminalUI
import WardStore

/// One dose as the second checker sees it before signing: whose (bed and name), what (drug,
/// dose with unit, route) and when (the slot's time, or an as-needed dose now). A check the
/// checker cannot read is no check.
struct CheckedDose: Sendable, Hashable {
    let bedLabel: String
    let patientName: String
    let medication: Medication
    /// The slot's scheduled time; nil for an as-needed dose, given when the check is done.
    let scheduledAt: Date?

    /// At most this many dose lines are drawn (the rest are counted), so the form fits 80×24.
    static let shownLines = 10
    /// The form's text width on an 80-column terminal: a dose line wider than this is split in
    /// two, so that a long drug name never pushes the dose, route or time out of sight.
    static let narrowWidth = 74

    /// The dialog's lines: per patient "Bed 10 · Bo Preterm", then each dose
    /// "  gentamicin 7 mg IV · due 14:00" (or "as-needed, now 14:05"); beyond `shownLines` a count.
    @MainActor
    static func lines(_ doses: [CheckedDose], _ context: AppContext) -> [String] {
        var lines: [String] = []
        var lastPatient: String?
        var shown = 0
        for dose in doses {
            let patient = context.t("check.patient", dose.bedLabel, dose.patientName)
            let doseLines = dose.lines(context)
            let needed = doseLines.count + (patient == lastPatient ? 0 : 1)
            guard lines.count + needed <= shownLines else { break }
            if patient != lastPatient { lines.append(patient) }
            lastPatient = patient
            lines += doseLines
            shown += 1
        }
        if shown < doses.count { lines.append(context.t("check.more", doses.count - shown)) }
        return lines
    }

    /// "  gentamicin 7 mg IV · due 14:00"; too wide for 80 columns, the drug name on a line of
    /// its own and "  7 mg IV · due 14:00" under it.
    @MainActor
    func lines(_ context: AppContext) -> [String] {
        let whole = line(medication.doseText, context)
        guard TextWidth.columns(of: whole) > Self.narrowWidth else { return [whole] }
        let dose = medication.doseText.dropFirst(medication.drugName.count).trimmingCharacters(in: .whitespaces)
        return [context.t("check.drug", medication.drugName), line(dose, context)]
    }

    /// `what` (drug, dose, unit, route) with the slot's time, or as-needed with the time now.
    @MainActor
    private func line(_ what: String, _ context: AppContext) -> String {
        let text = context.timeText
        let now = context.clock.now
        guard let at = scheduledAt else { return context.t("check.dose_as_needed", what, text.time(now)) }
        let sameDay = text.stamp(at).prefix(10) == text.stamp(now).prefix(10)
        return context.t("check.dose_slot", what, sameDay ? text.time(at) : text.dayAndTime(at))
    }
}
