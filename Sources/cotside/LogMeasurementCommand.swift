import ArgumentParser
import Foundation
import WardStore

/// `cotside log measurement`: one measurement, converted to the stored unit, strictly validated.
struct LogMeasurementCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measurement",
        abstract: "Log a measurement for a cot (weight, length, hc, temp, hr, rr, spo2, bp, glucose, pain).",
        discussion: """
        Units: weight g (default) or kg; temp C (default) or F; glucose mmol/L or mg/dL (default: the ward \
        setting); length and hc in cm; hr bpm; rr /min; spo2 %; bp as SYS/DIA in mmHg, e.g. --value 80/50.
        """
    )

    @Option(name: .long, help: "Bed label of an admitted patient.") var bed: String
    @Option(name: .long, help: "weight, length, hc, temp, hr, rr, spo2, bp, glucose or pain.") var kind: String
    @Option(name: .long, help: "The reading (bp: 80/50).") var value: String
    @Option(name: .long, help: "g|kg for weight, C|F for temp, mmol/L|mg/dL for glucose.") var unit: String?
    @Option(name: .long, parsing: .unconditional,
            help: ArgumentHelp("When: now, 14:05, -15m, yesterday 22:30 ...", valueName: "time")) var at: String?
    @Option(name: .long, help: "Free-text notes.") var notes = ""
    @OptionGroup var author: AuthorOptions
    @Flag(name: .long, help: "Print the stored measurement as JSON.") var json = false
    @OptionGroup var options: AppOptions

    static let kinds: [(names: [String], value: MeasurementKind)] = [
        (["weight"], .weight), (["length"], .length), (["hc", "head-circumference", "headCircumference"], .headCircumference),
        (["temp", "temperature"], .temperature), (["hr", "heart-rate", "heartRate"], .heartRate),
        (["rr", "respiratory-rate", "respiratoryRate"], .respiratoryRate), (["spo2", "sats"], .spo2),
        (["bp", "blood-pressure", "bloodPressure"], .bloodPressure), (["glucose", "bm"], .glucose),
        (["pain", "pain-score"], .pain),
    ]

    func run() async throws {
        let kind = try CLIChoice.parse(kind, option: "--kind", choices: Self.kinds)
        let cli = try await WardCLI(options: options)
        let staff = try await cli.authorId(author, doing: "cli.doing.logging")
        let glucoseDefault = try await cli.store.settings().glucoseUnit
        let (canonical, diastolic) = try Self.canonicalValue(value, unit: unit, kind: kind, glucoseDefault: glucoseDefault)
        let at = try cli.time(at)
        let patient = try await cli.patient(bed: bed)
        let draft = MeasurementDraft(patientId: patient.id, measuredAt: at, kind: kind, value: canonical,
                                     diastolicMmHg: diastolic, notes: notes)
        let issues = WardValidation.measurement(draft, now: cli.now)
        guard issues.isEmpty else { throw WardCLI.usage(WardValidationError(issues)) }
        let stored = try await cli.write { try await cli.store.logMeasurement(draft, by: staff) }.record
        let ranges = try await cli.store.goalRanges(patientId: patient.id)
        let mark = ranges[kind]?.mark(stored.value)
        if json {
            print(try WardCLI.json(MeasurementJSON(stored, bed: patient.bedLabel, mark: mark)))
        } else {
            let value = CLIText.format.decimals(stored.valueText) + (mark.map { " (\(CLIText.t("range.\($0.rawValue)")))" } ?? "")
            print(CLIText.t("cli.measurement.logged", stored.id, patient.bedLabel, CLIText.t("measurement.kind.\(kind.rawValue)"), value,
                            cli.clockText(stored.measuredAt)))
        }
    }

    /// The typed value in the stored unit; bp gives (systolic, diastolic).
    static func canonicalValue(_ text: String, unit: String?, kind: MeasurementKind,
                               glucoseDefault: GlucoseUnit, option: String = "--value") throws -> (Double, Double?) {
        if kind == .bloodPressure {
            let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2 else {
                throw CommandFailure.usage(CLIText.t("cli.measurement.bp", "\(option) \(text)", "80/50"))
            }
            try checkUnit(unit, allowed: ["mmHg"], kind: kind)
            return (try CLIChoice.number(parts[0], option: option, what: CLIText.t("cli.measurement.what.systolic")),
                    try CLIChoice.number(parts[1], option: option, what: CLIText.t("cli.measurement.what.diastolic")))
        }
        if kind == .weight { return (try weightGrams(text, unit: unit, option: option), nil) }
        let number = try CLIChoice.number(text, option: option, what: CLIText.t("cli.measurement.what.reading", CLIText.t("measurement.kind.\(kind.rawValue)")))
        switch kind {
        case .temperature:
            let u = try CLIChoice.parse(unit ?? "C", option: "--unit", choices: [(["C", "°C"], "C"), (["F", "°F"], "F")])
            return (u == "F" ? UnitConversion.celsius(fromFahrenheit: number) : number, nil)
        case .glucose:
            let u = try CLIChoice.parse(unit ?? glucoseDefault.rawValue, option: "--unit",
                                        choices: [(["mmol/L", "mmol"], GlucoseUnit.mmolPerL), (["mg/dL", "mg"], .mgPerDl)])
            return (u == .mgPerDl ? UnitConversion.mmolPerL(fromMgPerDl: number) : number, nil)
        default:
            try checkUnit(unit, allowed: [kind.canonicalUnit], kind: kind)
            return (number, nil)
        }
    }

    /// A weight through the one weight parser: "3.4kg", "3400 g", or a bare number in --unit
    /// (grams by default); a bare number that fits only the other unit is refused, not converted.
    static func weightGrams(_ text: String, unit: String?, option: String = "--value") throws -> Double {
        let stated = try CLIChoice.parse(unit ?? "g", option: "--unit", choices: [(["g"], WeightUnit.grams), (["kg"], .kilograms)])
        switch WeightText.grams(text, stated: stated, plausible: MeasurementKind.weight.plausibleRange) {
        case .success(let grams):
            if unit != nil, let typed = WeightText.typedUnit(text), typed != stated {
                throw CommandFailure.usage(CLIText.t("cli.measurement.two_units", "\(option) \(text)", typed.rawValue, "--unit", stated.rawValue))
            }
            return grams
        case .failure(let error): throw CommandFailure.usage(CLIText.t("cli.option_issue", option, error.message))
        }
    }

    static func checkUnit(_ unit: String?, allowed: [String], kind: MeasurementKind) throws {
        guard let unit else { return }
        guard allowed.map(CLIChoice.normalise).contains(CLIChoice.normalise(unit)) else {
            throw CommandFailure.usage(CLIText.t("cli.measurement.unit_refused", "--unit \(unit)", CLIText.t("measurement.kind.\(kind.rawValue)"),
                                                 allowed.joined(separator: ", ")))
        }
    }
}

struct MeasurementJSON: Encodable {
    let id: Int64, bed: String, patientId: Int64, measuredAt: String, kind: String, value: Double, unit: String
    let diastolicMmHg: Double?, oxygenMode: String?, oxygenAmount: Double?, outOfRange: String?, notes: String
    let recordedBy: Int64?

    init(_ m: MeasurementRecord, bed: String, mark: RangeMark?) {
        id = m.id
        self.bed = bed
        patientId = m.patientId
        measuredAt = WardCLI.isoText(m.measuredAt)
        kind = m.kind.rawValue
        value = m.value
        unit = m.kind.canonicalUnit
        diastolicMmHg = m.diastolicMmHg
        oxygenMode = m.oxygenMode?.rawValue
        oxygenAmount = m.oxygenAmount
        outOfRange = mark?.rawValue
        notes = m.notes
        recordedBy = m.recordedBy
    }
}
