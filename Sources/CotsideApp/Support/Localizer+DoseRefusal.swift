import Foundation
import WardStore

extension Localizer {
    /// "the 13:00 dose of paracetamol is already given by AO at 14:03; …": the store's refusal to
    /// record (or snooze) a slot someone else answered first, worded in the language. Two nurses
    /// on one round meet it, on screen and on the command line alike.
    public func doseAlreadyRecorded(_ refusal: DoseAlreadyRecordedError, timeZone: TimeZone, now: Date) -> String {
        let by = refusal.recordedByInitials.map { self("dose.already.by", $0) } ?? ""
        let at = refusal.recordedAt.map { self("dose.already.at", WardTimeText(timeZone: timeZone, localizer: self).clock($0, now: now)) } ?? ""
        let key = refusal.attempted == .record ? "dose.already.record" : "dose.already.snooze"
        return self(key, refusal.slotTime.description, refusal.drugName, self("dose.status.\(refusal.status.rawValue)"), by + at)
    }
}
