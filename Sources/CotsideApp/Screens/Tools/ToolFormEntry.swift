import Clinical
import Foundation
import TerminalUI
import WardStore

/// How a form field's typed text becomes a contract value where the text may carry more than a
/// number: a quantity with its unit (`250 µmol/L`, `14.6 mg/dL`) for inputs that come in
/// several units, and an age in hours given as the time of birth. Pure: the clock and the
/// ward's time zone are passed in.
enum ToolFormEntry {
    /// What one field's text means: the contract key and value, and what was understood.
    struct Reading: Equatable {
        var key: String
        var value: RawValue
        /// Shown beside the field ("= 46.5 h, born Tue 24 Nov 2026 03:15").
        var understood: String?
    }

    /// A number, optionally followed by a unit naming `field`'s unit or another of its unit
    /// group in `spec`. Another unit is checked against its own range, then converted into the
    /// field's unit, so the result comes back in the field's (the ward's) unit.
    static func quantity(_ text: String, field: InputSpec, spec: ToolSpec, wording: (any ClinicalLookup)? = nil) -> Result<Reading, FieldError> {
        let (number, unit) = split(text)
        if unit.isEmpty { return .success(Reading(key: field.key, value: .string(number))) }
        let group = [field] + spec.unitAlternatives(of: field.key).compactMap { spec.input($0) }
        guard let input = group.first(where: { normalised($0.unit ?? "") == normalised(unit) }) else {
            return .failure(FieldError(field: field.key, Text.notAUnit(unit, field: field, units: group.compactMap(\.unit))))
        }
        if input.key == field.key { return .success(Reading(key: field.key, value: .string(number))) }
        guard let value = Double(number), value.isFinite else {
            return .failure(FieldError(field: input.key, InputErrorText.notANumber(number, input)))
        }
        if let range = input.range, !range.contains(value) {
            return .failure(FieldError(field: input.key, InputErrorText.outside(value, input)))
        }
        guard let converted = spec.convert(value, from: input.key, to: field.key) else {
            return .success(Reading(key: input.key, value: .string(number)))
        }
        return .success(Reading(key: field.key, value: .number(converted),
                                understood: Text.understood(converted, digits: 1, unit: field.unit ?? "", wording)))
    }

    /// A weight for a kilogram input typed with its unit ("3400 g", "3.4 kg"), read by the same
    /// parser as the chart's weight forms (`WeightText`), so weights are typed in kg or g
    /// everywhere; the contract still gets kilograms. Grams are spelt out beside the field.
    static func weightKg(_ text: String, field: InputSpec, wording: (any ClinicalLookup)? = nil) -> Result<Reading, FieldError> {
        let kilograms = field.range ?? 0.001...1000
        let plausible = (kilograms.lowerBound * 1000)...(kilograms.upperBound * 1000)
        switch WeightText.grams(text, stated: .kilograms, plausible: plausible) {
        case .success(let grams):
            let kg = grams / 1000
            let typedGrams = WeightText.typedUnit(text) == .grams
            return .success(Reading(key: field.key, value: .number(kg),
                                    understood: typedGrams ? Text.understood(kg, digits: 3, unit: "kg", wording) : nil))
        case .failure(let error):
            return .failure(FieldError(field: field.key, message: (wording as? Localizer)?.weightError(error) ?? error.message))
        }
    }

    /// Hours since birth: a plain number is hours; otherwise the text is the date and time of
    /// birth in ward time (`2026-11-24 03:15`, or a shortcut such as `yesterday 22:30`).
    /// `timeText` writes the time of birth a shortcut stood for in the user's language.
    static func ageHours(_ text: String, key: String, now: Date, timeZone: TimeZone,
                         timeText: WardTimeText? = nil, relativeWords: TimeShortcut.RelativeWords? = nil,
                         wording: (any ClinicalLookup)? = nil) -> Result<Reading, FieldError> {
        let trimmed = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".")
        if Double(trimmed) != nil { return .success(Reading(key: key, value: .string(trimmed))) }
        guard let born = birthInstant(trimmed, now: now, timeZone: timeZone) else {
            return .failure(FieldError(field: key, Text.notHours(text)))
        }
        if born > now {
            return .failure(FieldError(field: key, Text.bornInFuture(TimeShortcut.relative(born, now: now, words: relativeWords ?? .english))))
        }
        let hours = now.timeIntervalSince(born) / 3600
        // A typed date and time already says when; a shortcut ("yesterday 22:30") is spelt out.
        let spelt = isDateAndTime(trimmed) ? nil : timeText?.dayAndTime(born) ?? short(born, timeZone)
        return .success(Reading(key: key, value: .number(hours), understood: Text.understoodHours(hours, born: spelt, wording)))
    }

    static func isDateAndTime(_ text: String) -> Bool {
        let parts = text.replacingOccurrences(of: "T", with: " ").split(separator: " ").map(String.init)
        return parts.count == 2 && CalendarDay(parts[0]) != nil && TimeOfDay(parts[1]) != nil
    }

    /// `YYYY-MM-DD HH:MM` through the ward's local-time rules (WardLocalTime, as the chart's
    /// time of birth is read); other shortcuts as every date-time field reads them.
    static func birthInstant(_ text: String, now: Date, timeZone: TimeZone) -> Date? {
        let parts = text.replacingOccurrences(of: "T", with: " ").split(separator: " ").map(String.init)
        if parts.count == 2, let day = CalendarDay(parts[0]), let time = TimeOfDay(parts[1]) {
            return WardLocalTime.instant(on: day, at: time, in: timeZone)
        }
        return try? TimeShortcut.parse(text, now: now, timeZone: timeZone).get()
    }

    /// "Thu 19 Nov 03:15" in ward time: short enough to stand beside the field at 80 columns.
    static func short(_ date: Date, _ timeZone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_GB_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "EEE d MMM HH:mm"
        return formatter.string(from: date)
    }

    /// The chart's time of birth as the age field shows it: `2026-11-24 03:15`.
    static func birthText(day: CalendarDay, time: TimeOfDay) -> String { "\(day.description) \(time.description)" }

    /// "250µmol/L" → ("250", "µmol/L"); "14.6" → ("14.6", "").
    static func split(_ text: String) -> (number: String, unit: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".")
        let number = trimmed.prefix { $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-") }
        return (String(number), trimmed.dropFirst(number.count).trimmingCharacters(in: .whitespaces))
    }

    /// Units compared loosely: case, spaces, a trailing "/L" or "/dL" and the micro sign (µ, μ,
    /// u or "micro") do not matter, so `umol`, `µmol/L` and `micromol/l` are one unit.
    static func normalised(_ unit: String) -> String {
        var u = unit.lowercased().replacingOccurrences(of: " ", with: "")
        u = u.replacingOccurrences(of: "µ", with: "u").replacingOccurrences(of: "μ", with: "u")
        u = u.replacingOccurrences(of: "micro", with: "u")
        for suffix in ["/dl", "/l"] where u.hasSuffix(suffix) && u.count > suffix.count {
            u.removeLast(suffix.count)
            break
        }
        return u
    }

    /// The form's own messages, as catalogue texts (`tools.entry.*`) resolved like the tools'.
    enum Text {
        static func notAUnit(_ unit: String, field: InputSpec, units: [String]) -> ClinicalText {
            ClinicalText("tools.entry.not_a_unit", "‘{0}’ is not a unit for {1}; type a number in {2}, or add one of {3}",
                         [.plain(unit), .plain(field.label), .plain(field.unit ?? ""), .plain(units.joined(separator: ", "))])
        }

        static func notHours(_ text: String) -> ClinicalText {
            ClinicalText("tools.entry.not_hours",
                         "‘{0}’ is neither hours nor a time of birth; type hours ({1}) or the date and time of birth (2026-11-24 03:15, yesterday 22:30)",
                         [.plain(text), .number(46.5)])
        }

        static func bornInFuture(_ relative: String) -> ClinicalText {
            ClinicalText("tools.entry.born_in_future", "the time of birth is in the future ({0})", [.plain(relative)])
        }

        /// "= 273.6 µmol/L": a number rounded to `digits`, in the language's decimal mark.
        static func understood(_ value: Double, digits: Int, unit: String, _ wording: (any ClinicalLookup)?) -> String {
            let rounded = (value * NumberText.powerOfTen(digits)).rounded() / NumberText.powerOfTen(digits)
            return ClinicalText("tools.entry.understood", "= {0} {1}", [.number(rounded), .plain(unit)]).resolved(wording)
        }

        static func born(_ hours: Double, _ born: String) -> ClinicalText {
            ClinicalText("tools.entry.born", "= {0} h, born {1}", [.number((hours * 10).rounded() / 10), .plain(born)])
        }

        /// "= 14.6 h" or "= 14.6 h, born Fri 20 Nov 23:30".
        static func understoodHours(_ hours: Double, born when: String?, _ wording: (any ClinicalLookup)?) -> String {
            guard let when else { return understood(hours, digits: 1, unit: "h", wording) }
            return born(hours, when).resolved(wording)
        }

        /// Every text with sample arguments (the catalogue test holds en.json to their English).
        static var all: [ClinicalText] {
            [notAUnit("", field: InputSpec(key: "k", label: "", kind: .number), units: []), notHours(""), bornInFuture(""),
             born(1, ""), ClinicalText("tools.entry.understood", "= {0} {1}", [.number(1), .plain("")])]
        }
    }
}
