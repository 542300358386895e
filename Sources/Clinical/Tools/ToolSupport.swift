import Foundation

/// Input declarations shared by several tools, so a weight or a height reads and
/// validates the same everywhere (contract: weight_kg 0.1–300, height_cm 10–250).
enum CommonInputs {
    static func weightKg(range: ClosedRange<Double> = 0.1...300, required: Bool = true, help: String? = nil) -> InputSpec {
        InputSpec(key: "weight_kg", label: "Weight", unit: "kg", kind: .number, range: range,
                  isRequired: required, help: help, chartField: .weightKg)
    }

    static func heightCm(required: Bool = true) -> InputSpec {
        InputSpec(key: "height_cm", label: "Height / length", unit: "cm", kind: .number, range: 10...250,
                  isRequired: required, chartField: .lengthCm)
    }

    static func ageMonths(range: ClosedRange<Double> = 0...215) -> InputSpec {
        InputSpec(key: "age_months", label: "Age", unit: "months", kind: .number, range: range, chartField: .ageMonths)
    }

    /// A score criterion: options in the order staff read them.
    static func choice(_ key: String, _ label: String, _ options: [(Int, String)], help: String? = nil) -> InputSpec {
        InputSpec(key: key, label: label, kind: .choice(options.map { ChoiceOption($0.0, $0.1) }), help: help)
    }

    /// A yes/no finding that counts as "no" when absent.
    static func flag(_ key: String, _ label: String, help: String? = nil) -> InputSpec {
        InputSpec(key: key, label: label, kind: .boolean, isRequired: false, help: help)
    }
}

/// Shared arithmetic of the fluid tools (ivfluid, dehydration), written once.
/// Routine maintenance for term neonates by day of life (the day of birth is day 1), NICE NG29
/// (Intravenous fluid therapy in children and young people in hospital, 2015, updated 2020):
/// birth to day 1 50–60, day 2 70–80, day 3 80–100, day 4 100–120, days 5–28 120–150 mL/kg/day.
/// The ward's own table (WardSettings.neonatalFluidTable) defaults to the same rows.
public enum NeonatalMaintenance {
    public struct Row: Sendable, Equatable {
        public var firstDay: Int, lastDay: Int, minMLPerKg: Int, maxMLPerKg: Int
    }

    public static let nice: [Row] = [
        Row(firstDay: 1, lastDay: 1, minMLPerKg: 50, maxMLPerKg: 60),
        Row(firstDay: 2, lastDay: 2, minMLPerKg: 70, maxMLPerKg: 80),
        Row(firstDay: 3, lastDay: 3, minMLPerKg: 80, maxMLPerKg: 100),
        Row(firstDay: 4, lastDay: 4, minMLPerKg: 100, maxMLPerKg: 120),
        Row(firstDay: 5, lastDay: 28, minMLPerKg: 120, maxMLPerKg: 150),
    ]

    /// The row for a baby `ageDays` old (days since the day of birth); nil from 28 days.
    public static func row(ageDays: Int) -> Row? {
        let day = max(0, ageDays) + 1
        return nice.first { $0.firstDay <= day && day <= $0.lastDay }
    }
}

enum HollidaySegar {
    /// Maintenance water per 24 h: 100 mL/kg for the first 10 kg, 50 for the next 10, 20 beyond.
    static func mlPerDay(weightKg w: Double) -> Double {
        if w <= 10 { return 100 * w }
        if w <= 20 { return 1000 + 50 * (w - 10) }
        return 1500 + 20 * (w - 20)
    }

    /// The hourly "4-2-1" form: 4 mL/kg/h for the first 10 kg, 2 for the next 10, 1 beyond.
    static func mlPerHour(weightKg w: Double) -> Double {
        if w <= 10 { return 4 * w }
        if w <= 20 { return 40 + 2 * (w - 10) }
        return 60 + (w - 20)
    }

    static let reference = Reference(
        authors: "Holliday MA, Segar WE",
        title: "The maintenance need for water in parenteral fluid therapy",
        source: "Pediatrics 1957;19(5):823-832", year: 1957)
}

extension ResultCategory {
    /// Shorthand for a category under `key`, with the label derived from the word.
    static func of(_ key: String, _ word: String, _ severity: Severity, label: String? = nil) -> ResultCategory {
        // Plain character mapping: Foundation's replacingOccurrences costs more than a whole tool.
        let text = label ?? String(word.map { $0 == "_" ? " " : $0 }).capitalizedFirst
        return ResultCategory(key: key, word: word, label: text, severity: severity)
    }
}

extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}


/// Sum of the chosen points of every listed criterion.
func scoreSum(_ inputs: ToolInputs, _ keys: [String]) -> Int {
    keys.reduce(0) { $0 + inputs.int($1) }
}
