import Foundation

/// A slot that already holds a live final status cannot be recorded, or snoozed, again: two
/// workstations (or one screen that has not refreshed) must never chart one dose twice. A
/// deliberate change is a correction with a reason (`correctDose`), audited as such.
public struct DoseAlreadyRecordedError: Error, Sendable, Hashable, CustomStringConvertible {
    public let drugName: String
    public let slotTime: TimeOfDay
    public let status: DoseStatus
    /// Initials of who recorded it; nil when nobody was signed in.
    public let recordedByInitials: String?
    public let recordedAt: Date?
    /// "14:03", or "24 Nov 14:03" when it was recorded on another ward day than today.
    public let recordedAtText: String?
    /// What was refused: recording a status, or snoozing.
    public let attempted: Attempt

    public enum Attempt: String, Sendable, Hashable { case record, snooze }

    public var description: String {
        var text = "the \(slotTime) dose of \(drugName) is already \(status.rawValue)"
        if let initials = recordedByInitials { text += " by \(initials)" }
        if let at = recordedAtText { text += " at \(at)" }
        switch attempted {
        case .record: text += "; it is not recorded again. If that record is wrong, correct it with a reason (History: Enter on the dose)"
        case .snooze: text += "; it cannot be snoozed"
        }
        return text
    }

    init(record: DoseRecord, drugName: String, initials: String?, attempted: Attempt, now: Date, timeZone: TimeZone) {
        self.drugName = drugName
        self.slotTime = record.slotTime
        self.status = record.status ?? .given
        self.recordedByInitials = initials
        self.recordedAt = record.recordedAt
        self.attempted = attempted
        self.recordedAtText = record.recordedAt.map { Self.clockText($0, now: now, timeZone: timeZone) }
    }

    /// Ward-local "HH:mm", with the day and month in front when not today.
    static func clockText(_ date: Date, now: Date, timeZone: TimeZone) -> String {
        let time = WardLocalTime.timeOfDay(date, in: timeZone).description
        let day = CalendarDay(date, in: timeZone)
        guard day != CalendarDay(now, in: timeZone) else { return time }
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(day.day) \(months[day.month - 1]) \(time)"
    }
}
