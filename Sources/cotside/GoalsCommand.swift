import ArgumentParser
import CotsideApp
import Foundation
import TerminalUI
import WardStore

/// `cotside goals --bed 3 [--set temperature=36.0-37.8] [--reset heart-rate] [--by NN]`: a cot's
/// goal ranges (own or age default), set or reset from a script. Every `--set`/`--reset` is
/// checked before anything is written; bad input exits 2 naming what is wrong and what is allowed.
struct GoalsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "goals",
        abstract: "Show, set or reset a cot's measurement goal ranges (own goal or age default).",
        discussion: """
        KIND is one of temperature, heart-rate, respiratory-rate, spo2, blood-pressure (systolic), glucose, pain.
        RANGE is LOW-HIGH (36.0-37.8), LOW- (94- for SpO2 ≥ 94) or -HIGH; glucose in the ward's unit setting.
        A limit may be left open only where the age default is open on that side.
        """
    )

    @Option(name: .long, help: "Bed label of an admitted patient.") var bed: String
    @Option(name: .customLong("set"), help: ArgumentHelp("Set an own goal.", valueName: "KIND=RANGE")) var sets: [String] = []
    @Option(name: .customLong("reset"), help: ArgumentHelp("Return a kind to its age default.", valueName: "KIND")) var resets: [String] = []
    @OptionGroup var author: AuthorOptions
    @Flag(name: .long, help: "Print JSON.") var json = false
    @OptionGroup var options: AppOptions

    static let kindChoices: [(names: [String], value: MeasurementKind)] = MeasurementGoals.kinds.map { kind in
        var names = [CLIChoice.kebab(kind.rawValue), kind.rawValue, kind.displayName]
        if kind == .bloodPressure { names += ["systolic", "bp"] }
        if kind == .heartRate { names.append("hr") }
        if kind == .respiratoryRate { names.append("rr") }
        return (names, kind)
    }

    func run() async throws {
        let cli = try await WardCLI(options: options)
        // Only a change names its author; showing the goals is a read.
        let staff: Int64? = sets.isEmpty && resets.isEmpty ? nil
            : try await cli.authorId(author, doing: "cli.doing.goals")
        let patient = try await cli.patient(bed: bed)
        let settings = try await cli.store.settings()
        let age = PatientAge(patient: patient, now: cli.now, timeZone: cli.timeZone)
        let defaults = Dictionary(uniqueKeysWithValues: MeasurementGoals.kinds.compactMap { kind in
            MeasurementGoals.defaultRange(kind, ageDays: age.days, correctedWeeks: age.correctedGestationWeeks).map { (kind, $0) }
        })
        let mgPerDl = settings.glucoseUnit == .mgPerDl

        // Check everything first: one bad value and nothing is written.
        var changes: [(MeasurementKind, GoalRange?)] = []
        for text in sets {
            let (kind, low, high) = try Self.parseSet(text, mgPerDl: mgPerDl)
            let problems = MeasurementGoals.problems(low: low, high: high, kind: kind, ageDefault: defaults[kind])
            guard problems.isEmpty else {
                throw CommandFailure.usage(CLIText.t("cli.option_issue", "--set \(text)", problems.joined(separator: "; "))
                                           + (kind == .glucose && mgPerDl ? CLIText.t("cli.goals.glucose_mmol") : ""))
            }
            changes.append((kind, GoalRange(low: low, high: high, source: MeasurementGoals.patientGoalSource)))
        }
        for text in resets {
            changes.append((try CLIChoice.parse(text, option: "--reset", choices: Self.kindChoices), nil))
        }
        let kinds = changes.map(\.0)
        if let repeated = kinds.first(where: { kind in kinds.filter { $0 == kind }.count > 1 }) {
            throw CommandFailure.usage(CLIText.t("cli.goals.twice", CLIChoice.kebab(repeated.rawValue)))
        }
        for (kind, range) in changes {
            try await cli.write { try await cli.store.setGoalRange(patientId: patient.id, kind: kind, range, by: staff) }
        }

        let ranges = try await cli.store.goalRanges(patientId: patient.id)
        if json {
            print(try WardCLI.json(GoalsJSON(bed: patient.bedLabel, patient: patient.fullName, glucoseUnit: settings.glucoseUnit.rawValue,
                                             goals: MeasurementGoals.kinds.map { kind in
                let range = ranges[kind]
                return GoalsJSON.Goal(kind: CLIChoice.kebab(kind.rawValue), unit: kind.canonicalUnit, low: range?.low, high: range?.high,
                                      own: range?.isPatientGoal ?? false, source: range?.source,
                                      defaultLow: defaults[kind]?.low, defaultHigh: defaults[kind]?.high)
            })))
            return
        }
        let t = CLIText.t
        print(t("cli.goals.header", patient.bedLabel, patient.fullName, age.wording.text))
        func pad(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - TextWidth.columns(of: text))) }
        for kind in MeasurementGoals.kinds {
            let range = ranges[kind]
            let from = range.map { $0.isPatientGoal ? t("cli.goals.own", CLIText.format.decimals(Self.text(defaults[kind], kind, mgPerDl)))
                                                     : t("cli.goals.age_default", $0.source) } ?? "-"
            let name = kind == .bloodPressure ? t("cli.goals.bp_systolic") : t("cli.goals.kind.\(kind.rawValue)")
            print("  \(pad(name, 26)) \(pad(CLIText.format.decimals(Self.text(range, kind, mgPerDl)), 16)) \(from)")
        }
    }

    /// "temperature=36.0-37.8" → kind and limits in canonical units (glucose typed in the ward's unit).
    static func parseSet(_ text: String, mgPerDl: Bool) throws -> (MeasurementKind, Double?, Double?) {
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2 else {
            throw CommandFailure.usage(CLIText.t("cli.goals.set_form", "--set \(text)", "KIND=RANGE", "temperature=36.0-37.8", "spo2=92-"))
        }
        let kind = try CLIChoice.parse(parts[0], option: "--set", choices: kindChoices)
        let bounds = parts[1].trimmingCharacters(in: .whitespaces)
            .split(separator: "-", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard bounds.count == 2 else {
            throw CommandFailure.usage(CLIText.t("cli.goals.range_form", "--set \(text)", "LOW-HIGH", "LOW-", "-HIGH", "36.0-37.8"))
        }
        let unit = kind == .glucose ? (mgPerDl ? "mg/dL" : "mmol/L") : kind.canonicalUnit
        func value(_ s: String, _ name: String) throws -> Double? {
            guard !s.isEmpty else { return nil }
            let typed = try CLIChoice.number(s, option: "--set \(parts[0])", what: CLIText.t("cli.goals.limit_\(name)", unit))
            return kind == .glucose && mgPerDl ? UnitConversion.mmolPerL(fromMgPerDl: typed) : typed
        }
        return (kind, try value(bounds[0], "low"), try value(bounds[1], "high"))
    }

    static func text(_ range: GoalRange?, _ kind: MeasurementKind, _ mgPerDl: Bool) -> String {
        guard let range else { return "-" }
        let unit = kind == .glucose ? (mgPerDl ? "mg/dL" : "mmol/L") : kind.canonicalUnit
        func n(_ v: Double) -> String {
            let shown = kind == .glucose && mgPerDl ? UnitConversion.mgPerDl(fromMmolPerL: v).rounded() : (v * 10).rounded() / 10
            return shown == shown.rounded() ? String(Int(shown)) : String(shown)
        }
        switch (range.low, range.high) {
        case let (l?, h?): return "\(n(l))-\(n(h)) \(unit)"
        case let (l?, nil): return ">= \(n(l)) \(unit)"
        case let (nil, h?): return "<= \(n(h)) \(unit)"
        case (nil, nil): return "-"
        }
    }
}

struct GoalsJSON: Encodable {
    struct Goal: Encodable {
        let kind: String, unit: String, low: Double?, high: Double?, own: Bool, source: String?
        let defaultLow: Double?, defaultHigh: Double?
    }
    let bed: String, patient: String, glucoseUnit: String, goals: [Goal]
}
