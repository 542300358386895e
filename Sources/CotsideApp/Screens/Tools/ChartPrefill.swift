import Clinical
import Foundation
import TerminalUI
import WardStore

/// What the selected patient's chart knows that calculators ask for: demographics from the
/// patient record, and the latest recorded weight and length with when they were measured.
struct ChartFacts: Sendable, Equatable {
    struct Measured: Sendable, Equatable {
        var value: Double
        var at: Date
    }

    var birthDate: CalendarDate?
    /// "male" / "female"; nil when the chart says unknown.
    var sex: String?
    var gestationalAgeWeeks: Int?
    var gestationalAgeDays: Int?
    var weightKg: Measured?
    var lengthCm: Measured?
    /// Ward-local time of birth on `birthDate`, when the chart has one (migration v8).
    var birthTime: TimeOfDay?

    init(birthDate: CalendarDate? = nil, sex: String? = nil, gestationalAgeWeeks: Int? = nil, gestationalAgeDays: Int? = nil,
         weightKg: Measured? = nil, lengthCm: Measured? = nil) {
        self.birthDate = birthDate
        self.sex = sex
        self.gestationalAgeWeeks = gestationalAgeWeeks
        self.gestationalAgeDays = gestationalAgeDays
        self.weightKg = weightKg
        self.lengthCm = lengthCm
    }

    /// From the patient record; the measurements come from the chart's latest entries.
    init(patient: Patient, latestWeightKg: Measured? = nil, latestLengthCm: Measured? = nil) {
        self.init(birthDate: CalendarDate(year: patient.dateOfBirth.year, month: patient.dateOfBirth.month, day: patient.dateOfBirth.day),
                  sex: patient.sex == .unknown ? nil : patient.sex.rawValue,
                  gestationalAgeWeeks: patient.gestationalAgeWeeks, gestationalAgeDays: patient.gestationalAgeDays,
                  weightKg: latestWeightKg, lengthCm: latestLengthCm)
        birthTime = patient.timeOfBirth
    }
}

/// Fills a generated form from the chart: every input tagged with a `ChartField` the chart
/// knows, marked "from chart, <when>", editable. A value outside the input's valid range is
/// left for the user to enter rather than pre-filled wrong (an infant's 0 years for ETT by age).
/// A gestation or weight the chart does not hold (an older child admitted without them) is left
/// empty with `notRecorded` beside it, so the user enters it rather than the tool guessing.
enum ChartPrefill {
    /// `noBirthTime` is said beside an age in hours when the chart has a date but no time of birth.
    static func apply(_ facts: ChartFacts, to form: inout ToolForm, now: Date, timeZone: TimeZone,
                      noBirthTime: String = "", notRecorded: String = "not recorded on the chart",
                      note: (Date?) -> String) {
        let today = CalendarDate.on(now, in: timeZone)
        let ageDays = facts.birthDate.map { today.dayNumber - $0.dayNumber }
        var filledAge = false
        for input in form.inputs {
            guard let field = input.chartField else { continue }
            var text: String?
            var at: Date?
            switch field {
            case .weightKg: text = facts.weightKg.map { NumberText.rounded($0.value, digits: 3) }; at = facts.weightKg?.at
            case .lengthCm: text = facts.lengthCm.map { NumberText.rounded($0.value, digits: 1) }; at = facts.lengthCm?.at
            case .birthDate: text = facts.birthDate?.description
            case .sex: text = facts.sex
            case .gestationalAgeWeeks: text = facts.gestationalAgeWeeks.map(String.init)
            case .gestationalAgeDays: text = facts.gestationalAgeDays.map(String.init)
            case .ageDays: text = ageDays.map(String.init)
            case .ageMonths:
                // Growth takes days or months, not both: days win when the form has both.
                if form.inputs.contains(where: { $0.chartField == .ageDays }) { continue }
                text = facts.birthDate.map { String(CalendarDate.completedMonths(from: $0, to: today)) }
            case .ageYears: text = facts.birthDate.map { String(CalendarDate.completedMonths(from: $0, to: today) / 12) }
            case .ageHours:
                // The date and time of birth, read in ward time; without a time the chart cannot
                // give hours, so the field says so and is left for the user.
                guard let born = facts.birthDate, let day = CalendarDay(year: born.year, month: born.month, day: born.day) else { continue }
                guard let time = facts.birthTime else {
                    form.chartNotes[input.key] = noBirthTime
                    continue
                }
                form.prefill(input.key, text: ToolFormEntry.birthText(day: day, time: time), note: note(nil))
                continue
            }
            if text == nil, facts.birthDate != nil, [.gestationalAgeWeeks, .gestationalAgeDays, .weightKg].contains(field) {
                form.prefill(input.key, text: "", note: notRecorded)
                continue
            }
            guard let value = text, fits(value, input) else { continue }
            if [.ageDays, .ageMonths, .ageYears].contains(field) {
                if filledAge { continue }
                filledAge = true
            }
            form.prefill(input.key, text: value, note: note(at), recordedAt: at)
        }
    }

    /// Whether the value is one the input accepts (range, choice or word).
    static func fits(_ text: String, _ input: InputSpec) -> Bool {
        switch input.kind {
        case .number, .integer:
            guard let v = Double(text) else { return false }
            return input.range?.contains(v) ?? true
        case .word(let words): return words.contains(text)
        case .date: return CalendarDate(iso: text) != nil
        case .choice(let options): return options.contains { String($0.value) == text }
        case .boolean: return false
        }
    }
}
