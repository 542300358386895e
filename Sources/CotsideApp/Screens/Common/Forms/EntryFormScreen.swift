import Foundation
import TerminalUI
import WardStore

/// A form that charts one timed entry for a cot (nappy change, measurement, feed), new or
/// correcting one from History: the cot, the time as first shown (an unchanged time keeps the
/// stored one to the second), and the checks of that time, written once for the three.
@MainActor
class EntryFormScreen: WardFormScreen {
    let patient: Patient
    /// The stored time of the entry being corrected; nil for a new entry.
    let originalTime: Date?
    /// The time field's text as the form first showed it (minutes only; empty without one).
    private var shownTime = ""

    init(titleKey: String, patient: Patient, originalTime: Date?, fields: [FormField], fieldFor: [String: String],
         _ context: AppContext) {
        self.patient = patient
        self.originalTime = originalTime
        super.init(titleKey: titleKey, fields: fields, fieldFor: fieldFor, context)
        shownTime = state.text("time") ?? ""
    }

    /// The time in the time field, or the stored one while the field still shows it.
    var enteredTime: Date? { date("time", original: originalTime, shown: shownTime) }

    /// Saves with the entry's time checked first: someone must be signed in, and a time more
    /// than 5 minutes ahead is refused at the field in the form's own words (`futureKey`).
    /// `save` gets the time and the clock's now.
    func withCheckedTime(futureKey: String, _ context: AppContext, _ save: (_ time: Date, _ now: Date) -> Intent) -> Intent {
        if let refusal = WardTask.requireUser(context) { return refusal }
        let now = context.clock.now
        state.context.now = now
        guard let time = enteredTime else { return .handled }
        if let refusal = refuseFuture(time, now: now, key: futureKey, context) { return refusal }
        return save(time, now)
    }
}
