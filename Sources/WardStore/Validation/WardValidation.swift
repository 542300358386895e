import Foundation

/// Validation rules as pure functions: inputs and the clock in, messages out.
/// The store calls them before every write; forms call them to show messages early.
public enum WardValidation {
    /// Gestational age limits at birth: 22+0 to 44+6 weeks.
    public static let gestationRange = (minWeeks: 22, maxWeeks: 44)
    public static let birthWeightGramsRange = 300...7000
    public static let nappyWeightGramsRange = 1...1000
    /// Entries may be up to this far ahead of the clock (workstation clocks differ a little).
    public static let futureTolerance: TimeInterval = 5 * 60
    /// Entries further back than this need the user's confirmation (not refused).
    public static let backdateConfirmationAge: TimeInterval = 7 * 24 * 3600

    public static func patient(_ draft: PatientDraft, now: Date, timeZone: TimeZone) -> [ValidationIssue] {
        var issues: [ValidationIssue] = []
        func nonEmpty(_ value: String, _ field: String, _ what: String) {
            if value.trimmingCharacters(in: .whitespaces).isEmpty {
                issues.append(.init(field: field, message: "\(what) is empty; enter \(what)"))
            }
        }
        nonEmpty(draft.bedLabel, "bedLabel", "the bed label")
        for (value, field, what) in [(draft.bedLabel, "bedLabel", "the bed label"), (draft.givenName, "givenName", "the given name"),
                                     (draft.familyName, "familyName", "the family name"),
                                     (draft.hospitalNumber, "hospitalNumber", "the hospital number")] {
            if let issue = controlCharacters(value, field: field, what: what) { issues.append(issue) }
        }
        if draft.bedLabel.count > 16 {
            issues.append(.init(field: "bedLabel", message: "the bed label has \(draft.bedLabel.count) characters; at most 16 are allowed"))
        }
        nonEmpty(draft.givenName, "givenName", "the given name")
        nonEmpty(draft.familyName, "familyName", "the family name")
        nonEmpty(draft.hospitalNumber, "hospitalNumber", "the hospital number")
        issues += birthFacts(draft, timeZone: timeZone)
        let today = CalendarDay(now, in: timeZone)
        if draft.dateOfBirth > today {
            issues.append(.init(field: "dateOfBirth",
                                message: "date of birth \(draft.dateOfBirth) is in the future; it must be on or before \(today)"))
        }
        if let time = draft.timeOfBirth {
            let born = WardLocalTime.instant(on: draft.dateOfBirth, at: time, in: timeZone)
            if let issue = notInFuture(born, now: now, field: "timeOfBirth", what: "the time of birth") {
                issues.append(issue)
            } else if born.timeIntervalSince(draft.admittedAt) > futureTolerance {
                issues.append(.init(field: "timeOfBirth",
                                    message: "the time of birth \(draft.dateOfBirth) \(time) is after the admission; a baby is born before it is admitted"))
            }
        }
        if let issue = notInFuture(draft.admittedAt, now: now, field: "admittedAt", what: "admission time") {
            issues.append(issue)
        }
        if CalendarDay(draft.admittedAt, in: timeZone) < draft.dateOfBirth {
            issues.append(.init(field: "admittedAt", message: "admission is before the date of birth \(draft.dateOfBirth)"))
        }
        return issues
    }

    /// The neonatal period: a child this many days old or younger at admission is a neonate.
    public static let neonatalPeriodDays = 28

    /// Gestational age and birth weight: required for a neonate (28 days old or less at
    /// admission), whose age, fluids and calculators depend on them; optional for an older
    /// child, whose parents may not know them. When given, each is range-checked.
    static func birthFacts(_ draft: PatientDraft, timeZone: TimeZone) -> [ValidationIssue] {
        var issues: [ValidationIssue] = []
        let ageDays = draft.ageAtAdmissionDays(in: timeZone)
        let neonate = ageDays <= neonatalPeriodDays
        switch (draft.gestationalAgeWeeks, draft.gestationalAgeDays) {
        case let (weeks?, days?): issues += gestationalAge(weeks: weeks, days: days)
        case (nil, nil):
            if neonate { issues.append(neonateNeeds("gestationalAgeWeeks", "the gestational age", ageDays: ageDays)) }
        default:
            issues.append(.init(field: "gestationalAgeWeeks",
                                message: "the gestational age needs both weeks and days (e.g. 38+2), or neither when not known"))
        }
        if let grams = draft.birthWeightGrams {
            if !birthWeightGramsRange.contains(grams) {
                issues.append(.init(field: "birthWeightGrams", message: "birth weight \(grams) g is outside 300–7000 g"))
            }
        } else if neonate {
            issues.append(neonateNeeds("birthWeightGrams", "the birth weight", ageDays: ageDays))
        }
        return issues
    }

    /// "… is needed for a neonate …": names the field, the child's age and when it is optional.
    public static func neonateNeeds(_ field: String, _ what: String, ageDays: Int) -> ValidationIssue {
        .init(field: field, message: "\(what) is needed for a neonate (\(max(0, ageDays)) days old at admission; "
              + "optional after \(neonatalPeriodDays) days)")
    }

    /// 22+0 to 44+6 weeks, days 0–6.
    public static func gestationalAge(weeks: Int, days: Int) -> [ValidationIssue] {
        guard (0...6).contains(days) else {
            return [.init(field: "gestationalAgeDays", message: "gestation days \(days) must be 0 to 6")]
        }
        guard (gestationRange.minWeeks...gestationRange.maxWeeks).contains(weeks) else {
            return [.init(field: "gestationalAgeWeeks",
                          message: "gestational age \(weeks)+\(days) is outside 22+0 to 44+6 weeks")]
        }
        return []
    }

    /// A bed holds one admitted patient. `admittedBeds` are the labels in use (excluding the
    /// patient being edited); compared case-insensitively after trimming.
    public static func bedLabel(_ label: String, admittedBeds: [String]) -> ValidationIssue? {
        let key = label.trimmingCharacters(in: .whitespaces).lowercased()
        guard admittedBeds.contains(where: { $0.lowercased() == key }) else { return nil }
        return .init(field: "bedLabel", message: "bed \(label) already holds an admitted patient; discharge them first or choose another bed")
    }

    public static func discharge(at dischargedAt: Date, admittedAt: Date, now: Date) -> [ValidationIssue] {
        var issues: [ValidationIssue] = []
        if let issue = notInFuture(dischargedAt, now: now, field: "dischargedAt", what: "discharge time") {
            issues.append(issue)
        }
        if dischargedAt < admittedAt {
            issues.append(.init(field: "dischargedAt", message: "discharge time is before the admission time"))
        }
        return issues
    }

    public static func nappyChange(_ draft: NappyChangeDraft, now: Date) -> [ValidationIssue] {
        var issues: [ValidationIssue] = []
        if let issue = notInFuture(draft.occurredAt, now: now, field: "occurredAt", what: "nappy change time") {
            issues.append(issue)
        }
        if draft.stoolColour != nil && !draft.kind.isDirty {
            issues.append(.init(field: "stoolColour",
                                message: "a stool colour is only recorded for dirty or mixed nappies, not \(draft.kind.rawValue)"))
        }
        if let w = draft.nappyWeightGrams, !nappyWeightGramsRange.contains(w) {
            issues.append(.init(field: "nappyWeightGrams",
                                message: "nappy weight \(w) g must be more than 0 and at most 1000 g"))
        }
        if draft.notes.count > 2000 {
            issues.append(.init(field: "notes", message: "notes have \(draft.notes.count) characters; at most 2000 are allowed"))
        }
        return issues
    }

    /// True when a time is far enough back (more than 7 days) that the form should ask first.
    public static func needsBackdateConfirmation(_ occurredAt: Date, now: Date) -> Bool {
        now.timeIntervalSince(occurredAt) > backdateConfirmationAge
    }

    /// Names, labels and numbers are shown on other people's terminals: a control character
    /// (ESC, BEL, a tab or newline) in one is refused, naming it and where it is.
    /// C0 controls (tab and newline included), DEL and C1 controls: what must never be stored in
    /// a name and is dropped from notes (which keep tab and newline).
    static func isControlCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    public static func controlCharacters(_ value: String, field: String, what: String) -> ValidationIssue? {
        guard let index = value.unicodeScalars.firstIndex(where: isControlCharacter) else { return nil }
        let scalar = value.unicodeScalars[index]
        let names: [UInt32: String] = [0x1B: "ESC", 0x07: "BEL", 0x09: "a tab", 0x0A: "a line break", 0x0D: "a carriage return",
                                       0x08: "backspace", 0x7F: "DEL"]
        let name = names[scalar.value] ?? String(format: "U+%04X", scalar.value)
        let position = value.unicodeScalars.distance(from: value.unicodeScalars.startIndex, to: index) + 1
        return .init(field: field, message: "\(what) contains a control character (\(name) at position \(position)); "
                     + "use letters, digits, spaces and punctuation only")
    }

    public static func staff(_ draft: StaffDraft, activeInitials: [String]) -> [ValidationIssue] {
        var issues: [ValidationIssue] = []
        if draft.name.trimmingCharacters(in: .whitespaces).isEmpty {
            issues.append(.init(field: "name", message: "the name is empty; enter the staff member's name"))
        }
        if let issue = controlCharacters(draft.name, field: "name", what: "the name") { issues.append(issue) }
        let initials = draft.initials.trimmingCharacters(in: .whitespaces)
        if !(1...4).contains(initials.count) || !initials.allSatisfy({ $0.isLetter }) {
            issues.append(.init(field: "initials", message: "initials '\(draft.initials)' must be 1 to 4 letters"))
        } else if activeInitials.contains(where: { $0.lowercased() == initials.lowercased() }) {
            issues.append(.init(field: "initials", message: "initials \(initials) are already used by another active staff member"))
        }
        return issues
    }

    /// Every setting against its declaration (`WardSettings.declarations`).
    public static func settings(_ settings: WardSettings) -> [ValidationIssue] {
        let values = settings.storedValues
        return WardSettings.declarations.compactMap { declaration in
            guard let value = values[declaration.key], case .invalid(let issue) = declaration.check(value) else { return nil }
            return issue
        }
    }

    static func notInFuture(_ date: Date, now: Date, field: String, what: String) -> ValidationIssue? {
        guard date.timeIntervalSince(now) > futureTolerance else { return nil }
        return .init(field: field, message: "\(what) is in the future; at most 5 minutes ahead of now is allowed")
    }
}
