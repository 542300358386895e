import Clinical
import Foundation

/// Pure validation of medications, dose records, feeds and measurements.
extension WardValidation {
    public static let doseAmountRange = 0.001...10_000.0
    public static let intervalHoursRange = 1...72
    public static let asNeededIntervalMinutesRange = 15...(72 * 60)
    public static let asNeededMaxPer24hRange = 1...24
    public static let feedVolumeMLRange = 0...1000
    public static let breastFeedMinutesRange = 1...180

    public static func medication(_ draft: MedicationDraft) -> [ValidationIssue] {
        var issues: [ValidationIssue] = []
        let name = draft.drugName.trimmingCharacters(in: .whitespaces)
        if name.isEmpty {
            issues.append(.init(field: "drugName", message: "the drug name is empty; enter the drug name"))
        }
        if let issue = controlCharacters(draft.drugName, field: "drugName", what: "the drug name") {
            issues.append(issue)
        } else if name.count > 80 {
            issues.append(.init(field: "drugName", message: "the drug name has \(name.count) characters; at most 80 are allowed"))
        }
        if !doseAmountRange.contains(draft.doseAmount) || !draft.doseAmount.isFinite {
            issues.append(.init(field: "doseAmount",
                                message: "dose \(draft.doseAmount) must be more than 0 and at most 10000 \(draft.doseUnit.rawValue)"))
        }
        switch draft.schedule {
        case .fixedTimes(let times):
            if times.isEmpty {
                issues.append(.init(field: "schedule", message: "fixed times need at least one time of day, e.g. 06:00 14:00 22:00"))
            } else if Set(times).count != times.count {
                issues.append(.init(field: "schedule", message: "a time of day is listed twice; list each time once"))
            } else if times.count > 24 {
                issues.append(.init(field: "schedule", message: "at most 24 times a day are allowed"))
            }
        case .everyHours(let hours):
            if !intervalHoursRange.contains(hours) {
                issues.append(.init(field: "schedule", message: "every \(hours) hours is not allowed; use 1 to 72 hours"))
            }
        case .asNeeded(let minutes, let max):
            if !asNeededIntervalMinutesRange.contains(minutes) {
                issues.append(.init(field: "schedule",
                                    message: "minimum interval \(minutes) min is not allowed; use 15 minutes to 72 hours"))
            }
            if !asNeededMaxPer24hRange.contains(max) {
                issues.append(.init(field: "schedule", message: "maximum \(max) doses in 24 h is not allowed; use 1 to 24"))
            }
        }
        if let end = draft.endsAt, end <= draft.startsAt {
            issues.append(.init(field: "endsAt", message: "the end is not after the start"))
        }
        if draft.notes.count > 2000 {
            issues.append(.init(field: "notes", message: "notes have \(draft.notes.count) characters; at most 2000 are allowed"))
        }
        return issues
    }

    /// A dose withheld for "other" reason without the reason in words (the notes).
    public static let otherNeedsWords = ValidationIssue(
        field: "notes", message: "a dose withheld for another reason needs that reason in words in the notes")

    public static func doseRecord(_ draft: DoseRecordDraft, now: Date) -> [ValidationIssue] {
        var issues: [ValidationIssue] = []
        if draft.status == .withheld && draft.withheldReason == nil {
            let reasons = WithheldReason.allCases.map(\.rawValue).joined(separator: ", ")
            issues.append(.init(field: "withheldReason", message: "a withheld dose needs a reason: \(reasons)"))
        }
        if draft.status == .withheld, draft.withheldReason == .other,
           draft.notes.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            issues.append(otherNeedsWords)
        }
        if draft.status != .withheld && draft.withheldReason != nil {
            issues.append(.init(field: "withheldReason",
                                message: "a reason is only recorded for a withheld dose, not \(draft.status.rawValue)"))
        }
        if let issue = notInFuture(draft.recordedAt, now: now, field: "recordedAt", what: "dose time") {
            issues.append(issue)
        }
        if draft.status == .given, draft.recordedAt < draft.scheduledAt.addingTimeInterval(-12 * 3600) {
            issues.append(.init(field: "recordedAt", message: "a dose cannot be given more than 12 hours before its slot"))
        }
        if draft.notes.count > 2000 {
            issues.append(.init(field: "notes", message: "notes have \(draft.notes.count) characters; at most 2000 are allowed"))
        }
        return issues
    }

    public static func feed(_ draft: FeedDraft, now: Date) -> [ValidationIssue] {
        var issues: [ValidationIssue] = []
        if let issue = notInFuture(draft.occurredAt, now: now, field: "occurredAt", what: "feed time") {
            issues.append(issue)
        }
        if let volume = draft.volumeML, !feedVolumeMLRange.contains(volume) {
            issues.append(.init(field: "volumeML", message: "volume \(volume) mL must be 0 to 1000 mL"))
        }
        if draft.kind == .iv {
            issues += infusion(draft, now: now)
        } else {
            issues += notInfusion(draft)
        }
        if draft.kind == .breast {
            if draft.durationMinutes == nil {
                issues.append(.init(field: "durationMinutes", message: "a breast feed needs its duration in minutes (1–180)"))
            }
        } else {
            if draft.volumeML == nil && !draft.isInfusion {
                issues.append(.init(field: "volumeML", message: "a \(draft.kind.displayName) \(draft.kind.isOutput ? "output" : "feed") needs its volume in mL (0–1000)"))
            }
            if draft.durationMinutes != nil {
                issues.append(.init(field: "durationMinutes", message: "a duration is only recorded for breast feeds"))
            }
        }
        if let minutes = draft.durationMinutes, !breastFeedMinutesRange.contains(minutes) {
            issues.append(.init(field: "durationMinutes", message: "duration \(minutes) min must be 1 to 180 minutes"))
        }
        if draft.notes.count > 2000 {
            issues.append(.init(field: "notes", message: "notes have \(draft.notes.count) characters; at most 2000 are allowed"))
        }
        return issues
    }

    public static func measurement(_ draft: MeasurementDraft, now: Date) -> [ValidationIssue] {
        var issues: [ValidationIssue] = []
        if let issue = notInFuture(draft.measuredAt, now: now, field: "measuredAt", what: "measurement time") {
            issues.append(issue)
        }
        let range = draft.kind.plausibleRange
        // A pain score is a number out of 10, without a unit after it.
        let unit = draft.kind == .pain ? "" : " " + draft.kind.canonicalUnit
        func text(_ v: Double) -> String { NumberText.rounded(v, digits: 3) }
        if !draft.value.isFinite || !range.contains(draft.value) {
            issues.append(.init(field: "value", message: "\(draft.kind.displayName) \(text(draft.value))\(unit) is outside "
                                + "\(text(range.lowerBound))–\(text(range.upperBound))\(unit)"))
        }
        if draft.kind == .bloodPressure {
            if let dia = draft.diastolicMmHg {
                if !(10...200).contains(dia) {
                    issues.append(.init(field: "diastolicMmHg", message: "diastolic \(text(dia)) mmHg is outside 10–200 mmHg"))
                } else if dia >= draft.value {
                    issues.append(.init(field: "diastolicMmHg", message: "diastolic \(text(dia)) must be below systolic \(text(draft.value))"))
                }
            } else {
                issues.append(.init(field: "diastolicMmHg", message: "blood pressure needs systolic and diastolic, e.g. 80/50"))
            }
        } else if draft.diastolicMmHg != nil {
            issues.append(.init(field: "diastolicMmHg", message: "a diastolic value is only recorded for blood pressure"))
        }
        if draft.kind == .pain, draft.value.isFinite, draft.value != draft.value.rounded() {
            issues.append(.init(field: "value", message: "pain score \(text(draft.value)) must be a whole number 0–10"))
        }
        if let oxygen = draft.oxygen {
            if draft.kind != .spo2 {
                issues.append(.init(field: "oxygen", message: "oxygen is only recorded with an SpO2"))
            } else if let problem = oxygen.problem {
                issues.append(.init(field: "oxygen", message: problem))
            }
        }
        if draft.notes.count > 2000 {
            issues.append(.init(field: "notes", message: "notes have \(draft.notes.count) characters; at most 2000 are allowed"))
        }
        return issues
    }
}
