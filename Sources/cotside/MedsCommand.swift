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
        let warnings = Dictionary(uniqueKeysWithValues: rows.compactMap { row -> (Int64, String)? in
            guard let formulary else { return nil }
            let m = row.medication
            let findings = DoseCeiling.check(drugName: m.drugName, amount: m.doseAmount, unit: m.doseUnit,
                                             schedule: m.schedule, route: m.route, weightGrams: weight,
                                             ageDays: ageDays, gestationDays: patient.gestationDays, formulary: formulary)
            return findings.isEmpty ? nil : (m.id, findings.map { Self.describe($0, weightGrams: weight) }.joined(separator: "; "))
        })
        if json {
            print(try WardCLI.json(MedsJSON(bed: patient.bedLabel, patient: patient.fullName, weightGrams: weight, list: list,
                                            rows: rows, warnings: warnings)))
            return
        }
        let chips = MedicationFilter.allCases.map { "\($0.rawValue) \(list.count($0))" }.joined(separator: " · ")
        print("Bed \(patient.bedLabel) \(patient.fullName): \(chips); 7-day adherence \(Self.percent(list.patientAdherence7d))")
        if rows.isEmpty { print("  no medications"); return }
        for row in rows {
            let m = row.medication
            var state = m.isPaused ? "paused" : row.isActive ? "active" : "ended"
            if row.overdueSlots > 0 { state += ", \(row.overdueSlots) overdue" }
            let latest = row.latest.map {
                "\($0.status.rawValue)\($0.withheldReason.map { " (\($0.displayName))" } ?? "") \(cli.clockText($0.at))"
                    + ($0.checkedBy.map { " checked by \($0)" } ?? "")
            } ?? "none"
            let next = row.nextDueAt.map { "\(cli.clockText($0))\(row.nextSlotState == .overdue ? " OVERDUE" : "")" } ?? "-"
            var line = "  \(m.id) \(m.doseText) · \(m.schedule.summary) · \(state) · latest \(latest) · next \(next) · 7d \(Self.percent(row.adherence7d))"
            if let e = row.effectiveness { line += " · \(e.verdict.displayName) \(e.confidencePercent) %" }
            if let why = Effectiveness.notJudged(m.category) { line += " · \(why)" }
            print(line)
            if let warning = warnings[m.id] { print("    WARNING: \(warning)") }
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
    /// The dose-table finding in words, for the command line.
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
