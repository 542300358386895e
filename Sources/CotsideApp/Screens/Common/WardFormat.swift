import Clinical
import Foundation
import TerminalUI
import WardStore

/// How ward values read on screen, in the user's language and the ward's time zone.
/// One place so Dashboard, History and forms say the same thing the same way.
@MainActor
struct WardFormat {
    let context: AppContext

    init(_ context: AppContext) { self.context = context }

    /// "2026-11-21 14:05" in the ward's time zone, in every language: what a date-time field is
    /// filled with (it parses back); to show a time, use `shown`.
    func stamp(_ date: Date) -> String { context.timeText.stamp(date) }
    /// "2026-11-21 14:05", "21.11.2026 14:05": a date and time to read, in the language's order.
    func shown(_ date: Date) -> String { context.timeText.shown(date) }
    /// "2026-11-21", "21.11.2026": a calendar day in the language's order.
    func date(_ day: CalendarDay) -> String { context.timeText.date(year: day.year, month: day.month, day: day.day) }
    /// "14:05", only for an instant known to be today (a "done at now" message).
    func time(_ date: Date) -> String { context.timeText.time(date) }
    /// "14:05" today, else with its day: "yesterday 14:50", "tomorrow 15:00", "2026-11-23 15:00".
    func clock(_ date: Date) -> String { context.timeText.clock(date, now: context.clock.now) }
    /// "21 Nov 14:05".
    func dayMonthTime(_ date: Date) -> String { context.timeText.dayMonthTime(date) }

    func kind(_ kind: NappyKind) -> String { context.t("nappy.kind.\(kind.rawValue)") }
    func size(_ size: NappySize) -> String { context.t("nappy.size.\(size.rawValue)") }
    func colour(_ colour: StoolColour) -> String { context.t("nappy.colour.\(colour.rawValue)") }
    func sex(_ sex: Sex) -> String { context.t("patient.sex.\(sex.rawValue)") }
    func role(_ role: StaffRole) -> String { context.t("staff.role.\(role.rawValue)") }
    /// Why a typed weight was refused, in the user's language (the store's `message` is English).
    func weightError(_ error: WeightTextError) -> String { context.localizer.weightError(error) }

    /// "mg", "mL", "Einheiten": a dose unit as the language writes it.
    func unit(_ unit: DoseUnit) -> String { context.localizer.doseUnit(unit) }

    /// "room air", "2 L/min", "FiO2 30 %": the oxygen an SpO2 was read on.
    func oxygen(_ oxygen: OxygenSupport) -> String {
        switch oxygen.mode {
        case .air: return context.t("oxygen.air")
        case .litres: return context.t("oxygen.litres", context.format.number(oxygen.amount ?? 0, digits: 2))
        case .fio2: return context.t("oxygen.fio2", context.format.number(oxygen.amount ?? 0, digits: 0))
        }
    }

    /// "38.4 °C", "60/35 mmHg", "91 % on 2 L/min", "3/10": a reading with its unit, in the
    /// language's decimals (units as clinicians write them).
    func measurement(_ kind: MeasurementKind, value: Double, diastolic: Double?, oxygen: OxygenSupport?) -> String {
        let number = context.format.number
        switch kind {
        case .bloodPressure:
            return "\(number(value, 3))/\(diastolic.map { number($0, 3) } ?? "?") mmHg"
        case .spo2:
            let reading = "\(number(value.rounded(), 3)) %"
            return oxygen.map { "\(reading) \(context.t("range.on_oxygen", self.oxygen($0)))" } ?? reading
        case .pain:
            return "\(number(value, 1))/10"
        case .weight, .heartRate, .respiratoryRate:
            return "\(number(value.rounded(), 3)) \(kind.canonicalUnit)"
        default:
            return "\(number(value, 1)) \(kind.canonicalUnit)"
        }
    }

    /// "12 d", "6 wk", "4 y 5 mo" (the rule of `AgeWording`), or "12 d · 33+4 cGA" for babies
    /// born before 37 weeks.
    func age(_ age: PatientAge) -> String {
        let text = wording(age.wording)
        guard let weeks = age.correctedGestationWeeks, let d = age.correctedGestationDays else { return text }
        return context.t("age.corrected", text, "\(weeks)+\(d)")
    }

    /// One age wording in the user's language.
    func wording(_ wording: AgeWording) -> String {
        switch wording {
        case .hours(let h): return context.t("age.hours", h)
        case .days(let d): return context.t("age.days", d)
        case .weeks(let w): return context.t("age.weeks", w)
        case .months(let m): return context.t("age.months", m)
        case .yearsMonths(let y, 0): return context.t("age.years", y)
        case .yearsMonths(let y, let m): return context.t("age.years_months", y, m)
        }
    }

    /// The patient's age today on the ward clock.
    func age(of patient: Patient) -> String {
        age(PatientAge(patient: patient, now: context.clock.now, timeZone: context.clock.timeZone))
    }

    /// "2 h 5 min ago", "vor 2 h 5 min", "in 10 min", "now", in the user's language.
    func since(_ date: Date) -> String { Self.relative(date, now: context.clock.now, context) }

    /// `TimeShortcut.relative` in the catalogue's words.
    static func relative(_ date: Date, now: Date, _ context: AppContext) -> String {
        TimeShortcut.relative(date, now: now, words: relativeWords(context))
    }

    /// The catalogue's words for relative times ("vor 2 h", "in 55 min").
    static func relativeWords(_ context: AppContext) -> TimeShortcut.RelativeWords {
        let t = context.localizer
        return TimeShortcut.RelativeWords(now: t("time.now"), days: { t("age.days", $0) }, ago: { t("time.ago", $0) },
                                          ahead: { t("time.in", $0) })
    }

    /// Seven day counts as bars on a shared 0…max scale (0 shows the lowest bar).
    func spark(_ counts: [Int]) -> String {
        let ramp = context.glyphs.barRamp
        guard !ramp.isEmpty else { return "" }
        let top = max(1, counts.max() ?? 1)
        return counts.map { count in
            let index = count == 0 ? 0 : max(1, Int((Double(count) / Double(top) * Double(ramp.count - 1)).rounded()))
            return ramp[min(ramp.count - 1, index)]
        }.joined()
    }

    /// "1.25" mL/kg/h with two decimals ("1,25" in German).
    func rate(_ value: Double) -> String { context.format.fixed(value, digits: 2) }

    /// A text the store or the clinical module means (a key with arguments), in the user's
    /// language with its decimal mark: insight summaries and their evidence.
    func words(_ text: ClinicalText) -> String { decimals(text.resolved(context.localizer)) }

    /// Text made below the app (store summaries, clinical results) with the language's decimal mark.
    func decimals(_ text: String) -> String { context.format.decimals(text) }
}
