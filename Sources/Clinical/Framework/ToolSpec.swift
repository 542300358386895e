import Foundation

/// Where a tool is listed in the Tools pane and in `cotside calc --list`.
public enum ToolGroup: String, Sendable, CaseIterable {
    case scores = "Scores & assessment"
    case calculators = "Calculators"
    case strokeTriage = "Stroke triage"
}

/// The published source a tool follows; the CLI help and the About screen print it.
public struct Reference: Sendable, Equatable {
    public var authors: String
    public var title: String
    /// Journal with volume/pages, or the guideline body.
    public var source: String
    public var year: Int

    public init(authors: String, title: String, source: String, year: Int) {
        self.authors = authors
        self.title = title
        self.source = source
        self.year = year
    }

    /// "Authors. Title. Source; Year."
    public var citation: String { "\(authors). \(title). \(source); \(year)." }
}

/// One selectable option of a score criterion, with the clinical wording staff choose by.
public struct ChoiceOption: Sendable, Equatable {
    /// The points (or code) this option contributes; what `key=value` carries.
    public var value: Int
    public var descriptor: String

    public init(_ value: Int, _ descriptor: String) {
        self.value = value
        self.descriptor = descriptor
    }
}

/// Other wording for a choice input's options while another input is below a value (the GCS
/// verbal descriptors under 5 years). Values and points stay the same; only the words change,
/// and a form shows them as soon as the other input changes.
public struct OptionWording: Sendable, Equatable {
    /// The input whose value selects the wording ("age_years").
    public var dependsOn: String
    /// While `dependsOn` is below this, `options` are shown instead of the input's own.
    public var below: Double
    public var options: [ChoiceOption]

    public init(dependsOn: String, below: Double, options: [ChoiceOption]) {
        self.dependsOn = dependsOn
        self.below = below
        self.options = options
    }

    /// The options to show for the other input's value (nil or not below: the input's own).
    public func options(for value: Double?, default own: [ChoiceOption]) -> [ChoiceOption] {
        guard let value, value < below else { return own }
        return options
    }
}

/// What kind of value an input takes; drives validation, the CLI help and the form widget.
public enum InputKind: Sendable, Equatable {
    /// A real number; `range` on the spec bounds it.
    case number
    /// A whole number; `range` on the spec bounds it.
    case integer
    /// A score criterion: one of the listed options, chosen by its value.
    case choice([ChoiceOption])
    /// A yes/no finding; absent means false unless the spec says it is required.
    case boolean
    /// A calendar date, ISO 8601 `YYYY-MM-DD`.
    case date
    /// One of a fixed set of words (sex, drug name, concentration id).
    case word([String])
}

/// The declaration of one input: everything a form, the CLI help and validation need.
public struct InputSpec: Sendable, Equatable {
    public var key: String
    public var label: String
    /// Unit as shown to users ("kg", "cm", "mg/dL"); nil for scores and words.
    public var unit: String?
    public var kind: InputKind
    /// Valid range for number and integer inputs; inclusive at both ends.
    public var range: ClosedRange<Double>?
    /// Optional inputs are marked `?` in the contract.
    public var isRequired: Bool
    /// One line of help (e.g. which table a value selects).
    public var help: String?
    /// Which chart fact can pre-fill this input in the Tools pane.
    public var chartField: ChartField?
    /// Other wording of a choice's options that depends on another input (GCS verbal under 5).
    public var optionWording: OptionWording?

    public init(
        key: String, label: String, unit: String? = nil, kind: InputKind,
        range: ClosedRange<Double>? = nil, isRequired: Bool = true, help: String? = nil,
        chartField: ChartField? = nil, optionWording: OptionWording? = nil
    ) {
        self.key = key
        self.label = label
        self.unit = unit
        self.kind = kind
        self.range = range
        self.isRequired = isRequired
        self.help = help
        self.chartField = chartField
        self.optionWording = optionWording
    }

    /// Human range text in English: "0.1–300 kg", "0, 1, 2", "true or false" (`rangeText` words
    /// it in another language).
    public var rangeDescription: String { rangeText().englishText }
}

/// Facts the patient's chart may know; the Tools pane fills inputs tagged with them.
public enum ChartField: String, Sendable, Equatable {
    case weightKg, lengthCm, ageYears, ageMonths, ageDays, birthDate, sex
    case gestationalAgeWeeks, gestationalAgeDays
    /// Hours since birth: the Tools pane fills the chart's date and time of birth (and takes a
    /// typed time of birth in place of hours).
    case ageHours
}

/// A tool's whole declaration. The CLI, the Tools pane and About are generated from it.
public struct ToolSpec: Sendable, Equatable {
    public var id: String
    public var name: String
    public var group: ToolGroup
    /// One line for the tool list.
    public var summary: String
    public var inputs: [InputSpec]
    public var references: [Reference]
    /// Where the tool applies and what it assumes ("PECARN applies to GCS 14–15 within 24 h").
    public var applicability: [String]
    /// The limitations statement shown before a result is saved to a chart.
    public var limitations: String
    /// Rules between inputs that a form should show ("give age_days or age_months, not both").
    public var constraints: [String]
    /// Patients the tool was not made for; the Tools pane says so with such a patient selected.
    public var notFor: [PatientRule]
    /// Inputs that are one quantity in different units (`tsb_mg_dl`, `tsb_umol_l`): exactly one
    /// of a group is given. A form shows one field per group, in the ward's unit, and honours a
    /// unit typed after the number.
    public var unitAlternatives: [[String]]
    /// For each input of a unit group, its value for 1 of the group's first input
    /// (`tsb_umol_l`: 17.1 per mg/dL), so a form can convert a typed unit into its field's.
    public var unitScales: [String: Double]

    public init(
        id: String, name: String, group: ToolGroup, summary: String, inputs: [InputSpec],
        references: [Reference], applicability: [String] = [], limitations: String,
        constraints: [String] = [], notFor: [PatientRule] = [], unitAlternatives: [[String]] = [],
        unitScales: [String: Double] = [:]
    ) {
        self.id = id
        self.name = name
        self.group = group
        self.summary = summary
        self.inputs = inputs
        self.references = references
        self.applicability = applicability
        self.limitations = limitations
        self.constraints = constraints
        self.notFor = notFor
        self.unitAlternatives = unitAlternatives
        self.unitScales = unitScales
    }

    public func input(_ key: String) -> InputSpec? { inputs.first { $0.key == key } }

    /// The other inputs that give the same quantity as `key` in another unit (empty if none).
    public func unitAlternatives(of key: String) -> [String] {
        unitAlternatives.first { $0.contains(key) }?.filter { $0 != key } ?? []
    }

    /// `value` given as input `from` in the unit of input `to` of the same group, or nil when
    /// the two are not declared as one quantity.
    public func convert(_ value: Double, from: String, to: String) -> Double? {
        guard unitAlternatives(of: from).contains(to), let a = unitScales[from], let b = unitScales[to], a > 0 else { return nil }
        return value / a * b
    }
}
