import ArgumentParser
import Clinical
import CotsideApp
import Foundation
import WardStore

/// `cotside meds --bed 3`: a patient's medication list as the Medications tab shows it.
struct MedsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "meds",
        abstract: "List a cot's medications: schedule, latest status, next dose, 7-day adherence, effectiveness."
    )

    @Option(name: .long, help: "Bed label of an admitted patient.") var bed: String
    @Option(name: .long, help: "all (default), active, paused or attention.") var filter = "all"
    @Flag(name: .long, help: "Print JSON.") var json = false
    @OptionGroup var options: AppOptions

    func run() async throws {
        let chosen = try CLIChoice.parse(filter, option: "--filter",
                                         choices: MedicationFilter.allCases.map { ([$0.rawValue], $0) })
        let cli = try await WardCLI(options: options)
        let patient = try await cli.patient(bed: bed)
        let list = try await cli.store.medicationList(patientId: patient.id, now: cli.now, timeZone: cli.timeZone)
        let rows = list.rows(chosen)
        let weight = try await cli.store.latestMeasurements(patientId: patient.id)
            .first { $0.measurement.kind == .weight }.map { Int($0.measurement.value.rounded()) } ?? patient.birthWeightGrams ?? 0  // 0: no weight, no per-kg check
        let formulary = try? DrugFormulary.shared.get()
        let ageDays = PatientAge(patient: patient, now: cli.now, timeZone: cli.timeZone).days
        let findings = Dictionary(uniqueKeysWithValues: rows.compactMap { row -> (Int64, [DoseCeiling.Finding])? in
            guard let formulary else { return nil }
            let m = row.medication
            let found = DoseCeiling.check(drugName: m.drugName, amount: m.doseAmount, unit: m.doseUnit,
                                          schedule: m.schedule, route: m.route, weightGrams: weight,
                                          ageDays: ageDays, gestationDays: patient.gestationDays, formulary: formulary)
            return found.isEmpty ? nil : (m.id, found)
        })
        // The JSON's warning is English in every language (a machine field); the text's is the reader's.
        let warnings = findings.mapValues { $0.map { Self.describe($0, weightGrams: weight) }.joined(separator: "; ") }
        if json {
            print(try WardCLI.json(MedsJSON(bed: patient.bedLabel, patient: patient.fullName, weightGrams: weight, list: list,
                                            rows: rows, warnings: warnings)))
            return
        }
        let t = CLIText.t
        let chips = MedicationFilter.allCases.map { "\(t("cli.meds.filter.\($0.rawValue)")) \(list.count($0))" }.joined(separator: " · ")
        print(t("cli.meds.header", patient.bedLabel, patient.fullName, chips, Self.percent(list.patientAdherence7d)))
        if rows.isEmpty { print(t("cli.meds.none")); return }
        for row in rows {
            let m = row.medication
            var state = t(m.isPaused ? "cli.meds.state.paused" : row.isActive ? "cli.meds.state.active" : "cli.meds.state.ended")
            if row.overdueSlots > 0 { state = t("cli.meds.state_overdue", state, row.overdueSlots) }
            let latest = row.latest.map {
                LogDoseCommand.statusText($0.status, $0.withheldReason) + " " + cli.clockText($0.at)
                    + ($0.checkedBy.map { t("cli.meds.checked_by", $0) } ?? "")
            } ?? t("cli.none")
            let next = row.nextDueAt.map { row.nextSlotState == .overdue ? t("cli.meds.overdue", cli.clockText($0)) : cli.clockText($0) } ?? "-"
            var line = t("cli.meds.line", m.id, WardCLI.doseText(m), m.schedule.summary, state, latest, next, Self.percent(row.adherence7d))
            if let e = row.effectiveness { line += " · \(t("effect.\(e.verdict.rawValue)")) \(e.confidencePercent) %" }
            if let why = Effectiveness.notJudged(m.category) { line += " · \(why)" }
            print(line)
            if let finding = findings[m.id] { print(t("cli.meds.warning", finding.map { Self.describeText($0, weightGrams: weight) }.joined(separator: "; "))) }
        }
    }

    static func percent(_ adherence: Adherence) -> String {
        adherence.percent.map { "\($0) % (\(adherence.given)/\(adherence.due))" } ?? "-"
    }
}

struct MedsJSON: Encodable {
    struct Row: Encodable {
        let id: Int64, drug: String, doseAmount: Double, doseUnit: String, route: String, schedule: String
        let category: String, paused: Bool, active: Bool, attention: Bool, overdueSlots: Int
        let latestStatus: String?, latestAt: String?, nextDueAt: String?, nextState: String?
        let adherence7dPercent: Int?, adherence14dPercent: Int?, effectiveness: String?, confidencePercent: Int?
        /// Why the category is never judged (antibiotics), in words; null otherwise.
        let effectivenessNotJudged: String?
        let doseWarning: String?
    }
    let bed: String, patient: String, weightGrams: Int, adherence7dPercent: Int?, counts: [String: Int], medications: [Row]

    init(bed: String, patient: String, weightGrams: Int, list: MedicationList, rows: [MedicationListRow],
         warnings: [Int64: String]) {
        self.bed = bed
        self.patient = patient
        self.weightGrams = weightGrams
        adherence7dPercent = list.patientAdherence7d.percent
        counts = Dictionary(uniqueKeysWithValues: MedicationFilter.allCases.map { ($0.rawValue, list.count($0)) })
        medications = rows.map { r in
            let m = r.medication
            return Row(id: m.id, drug: m.drugName, doseAmount: m.doseAmount, doseUnit: m.doseUnit.rawValue,
                       route: m.route.rawValue, schedule: m.schedule.summary, category: m.category.rawValue,
                       paused: m.isPaused, active: r.isActive, attention: r.needsAttention, overdueSlots: r.overdueSlots,
                       latestStatus: r.latest?.status.rawValue, latestAt: r.latest.map { WardCLI.isoText($0.at) },
                       nextDueAt: r.nextDueAt.map { WardCLI.isoText($0) }, nextState: r.nextSlotState?.rawValue,
                       adherence7dPercent: r.adherence7d.percent, adherence14dPercent: r.adherence14d.percent,
                       effectiveness: r.effectiveness?.verdict.rawValue, confidencePercent: r.effectiveness?.confidencePercent,
                       effectivenessNotJudged: Effectiveness.notJudged(m.category), doseWarning: warnings[m.id])
        }
    }
}

extension MedsCommand {
    /// The dose-table finding in the run's language, for the text list.
    static func describeText(_ finding: DoseCeiling.Finding, weightGrams: Int) -> String {
        let dose = CLIText.format.number(finding.doseMg, digits: 2), limit = CLIText.format.number(finding.limitMg, digits: 2)
        switch finding.kind {
        case "single": return CLIText.t("cli.meds.finding.single", dose, limit)
        case "noBand": return CLIText.t("cli.meds.finding.no_band", finding.drug, finding.covers.joined(separator: "; "))
        case "perKg": return CLIText.t("cli.meds.finding.per_kg", dose, limit, weightGrams)
        default: return CLIText.t("cli.meds.finding.daily", dose, limit, weightGrams)
        }
    }

    /// The dose-table finding in English words, for the JSON's `doseWarning`.
    static func describe(_ finding: DoseCeiling.Finding, weightGrams: Int) -> String {
        let dose = NumberText.rounded(finding.doseMg, digits: 2), limit = NumberText.rounded(finding.limitMg, digits: 2)
        switch finding.kind {
        case "single": return "dose \(dose) mg is above the maximum single dose \(limit) mg in the drug table"
        case "noBand": return "the drug table has no \(finding.drug) dose by this route for this child (it covers: \(finding.covers.joined(separator: "; ")))"
        case "perKg": return "dose \(dose) mg is above the drug table's \(limit) mg for \(weightGrams) g (mg/kg × weight)"
        default: return "\(dose) mg a day is above the drug table's daily maximum \(limit) mg for \(weightGrams) g"
        }
    }
}
