import ArgumentParser
import Clinical
import Foundation
import WardStore

/// `cotside log obs`: a set of observations at one time, stored all or nothing (one row and one
/// audit entry per value, in one transaction). Any bad value exits 2 and stores nothing.
struct LogObsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "obs",
        abstract: "Log a set of observations for a cot (any of temp, hr, rr, spo2 with oxygen, bp, glucose, pain).",
        discussion: """
        One time for every value. Units: temp °C, hr bpm, rr /min, spo2 %, bp SYS/DIA mmHg, glucose in the \
        ward's unit (settings), pain 0-10 (FLACC, or the 0-10 numeric rating for a child who can say). \
        Oxygen with the SpO2: air, litres per minute (2L, 0.5L, 0.01-15) or FiO2 (40%, 21-100). \
        A value outside the cot's goal range is stored and marked (low/high); an impossible one is refused.
        Example: cotside log obs --bed 3 --temp 37.2 --hr 140 --rr 42 --spo2 97 --o2 air --bp 70/40 --by AO
        """
    )

    @Option(name: .long, help: "Bed label of an admitted patient.") var bed: String
    @Option(name: .customLong("temp"), help: "Temperature in °C (25-45).") var temperature: String?
    @Option(name: .customLong("hr"), help: "Heart rate in beats/min (20-300).") var heartRate: String?
    @Option(name: .customLong("rr"), help: "Respiratory rate in breaths/min (1-150).") var respiratoryRate: String?
    @Option(name: .long, help: "SpO2 in % (30-100).") var spo2: String?
    @Option(name: .customLong("o2"), help: "Oxygen with the SpO2: air, 2L (L/min, 0.01-15) or 40% (FiO2, 21-100).")
    var oxygen: String?
    @Option(name: .customLong("bp"), help: "Blood pressure SYSTOLIC/DIASTOLIC in mmHg, e.g. 70/40.") var bloodPressure: String?
    @Option(name: .long, help: "Glucose in the ward's unit (mmol/L or mg/dL, see `cotside settings`).") var glucose: String?
    @Option(name: .long, help: "Pain score 0-10 (FLACC, or the 0-10 numeric rating).") var pain: String?
    @Option(name: .long, parsing: .unconditional,
            help: ArgumentHelp("When, for every value: now, 14:05, -15m, yesterday 22:30 ...", valueName: "time")) var at: String?
    @Option(name: .long, help: "Free-text notes (kept with every value).") var notes = ""
    @OptionGroup var author: AuthorOptions
    @Flag(name: .long, help: "Print the stored measurements as JSON.") var json = false
    @OptionGroup var options: AppOptions

    /// The option that carries each field of a set's validation issues.
    static let optionForField: [String: String] = [
        "temperature": "--temp", "heartRate": "--hr", "respiratoryRate": "--rr", "spo2": "--spo2", "oxygen": "--o2",
        "bloodPressure": "--bp", "diastolicMmHg": "--bp", "glucose": "--glucose", "pain": "--pain",
        "measuredAt": "--at", "notes": "--notes",
    ]

    func run() async throws {
        let cli = try await WardCLI(options: options)
        let staff = try await cli.authorId(author, doing: "cli.doing.logging")
        let glucoseUnit = try await cli.store.settings().glucoseUnit
        let readings = try readings(glucoseUnit: glucoseUnit)
        let at = try cli.time(at)
        let patient = try await cli.patient(bed: bed)
        let set = ObservationSet(patientId: patient.id, measuredAt: at, readings: readings, notes: notes)
        let issues = WardValidation.observations(set, now: cli.now)
        guard issues.isEmpty else { throw Self.usage(WardValidationError(issues)) }
        let stored = try await cli.write { try await cli.store.logObservations(set, by: staff) }.map(\.record)
        let ranges = try await cli.store.goalRanges(patientId: patient.id)
        let marked = stored.map { ($0, ranges[$0.kind]?.mark($0.value)) }
        if json {
            print(try WardCLI.json(marked.map { MeasurementJSON($0.0, bed: patient.bedLabel, mark: $0.1) }))
        } else {
            let values = marked.map { record, mark in
                "\(CLIText.t("measurement.kind.\(record.kind.rawValue)")) \(CLIText.format.decimals(record.valueText))"
                    + (mark.map { " (\(CLIText.t("range.\($0.rawValue)")))" } ?? "")
            }
            print(CLIText.t("cli.obs.logged", patient.bedLabel, cli.clockText(at), values.joined(separator: ", ")))
        }
    }

    /// The typed values in stored units; a value that is not a number, a blood pressure that
    /// is not SYS/DIA, an oxygen that is none of air/litres/FiO2, or oxygen without an SpO2
    /// exits 2. Ranges are the store's check (the same words as every other entry).
    func readings(glucoseUnit: GlucoseUnit) throws -> [ObservationReading] {
        var out: [ObservationReading] = []
        if let temperature {
            out.append(.init(.temperature, try CLIChoice.number(temperature, option: "--temp", what: CLIText.t("cli.obs.what.temperature"))))
        }
        if let heartRate { out.append(.init(.heartRate, try CLIChoice.number(heartRate, option: "--hr", what: CLIText.t("cli.obs.what.heart_rate")))) }
        if let respiratoryRate {
            out.append(.init(.respiratoryRate, try CLIChoice.number(respiratoryRate, option: "--rr", what: CLIText.t("cli.obs.what.respiratory_rate"))))
        }
        var oxygenSupport: OxygenSupport?
        if let oxygen {
            guard let parsed = OxygenSupport.parse(oxygen) else {
                throw CommandFailure.usage(CLIText.t("cli.obs.o2_refused", "--o2 \(oxygen)"))
            }
            guard spo2 != nil else { throw CommandFailure.usage(CLIText.t("cli.obs.o2_without_spo2", "--o2", "--spo2")) }
            oxygenSupport = parsed
        }
        if let spo2 {
            out.append(.init(.spo2, try CLIChoice.number(spo2, option: "--spo2", what: CLIText.t("cli.obs.what.spo2")), oxygen: oxygenSupport))
        }
        if let bloodPressure {
            let (systolic, diastolic) = try LogMeasurementCommand.canonicalValue(bloodPressure, unit: nil, kind: .bloodPressure,
                                                                                 glucoseDefault: glucoseUnit, option: "--bp")
            out.append(.init(.bloodPressure, systolic, diastolicMmHg: diastolic))
        }
        if let glucose {
            let (mmol, _) = try LogMeasurementCommand.canonicalValue(glucose, unit: nil, kind: .glucose,
                                                                     glucoseDefault: glucoseUnit, option: "--glucose")
            out.append(.init(.glucose, mmol))
        }
        if let pain { out.append(.init(.pain, try CLIChoice.number(pain, option: "--pain", what: CLIText.t("cli.obs.what.pain")))) }
        guard !out.isEmpty else {
            throw CommandFailure.usage(CLIText.t("cli.obs.no_value", "--temp, --hr, --rr, --spo2, --bp, --glucose", "--pain"))
        }
        return out
    }

    /// Each issue named by the option the user typed (`--temp: temperature 70 °C is outside 25–45 °C`).
    static func usage(_ error: WardValidationError) -> CommandFailure {
        CommandFailure.usage(error.issues.map { issue in
            optionForField[issue.field].map { CLIText.t("cli.option_issue", $0, issue.message) } ?? issue.message
        }.joined(separator: "; "))
    }
}
