import Clinical
import Foundation
import WardSQL

/// How one event kind's table maps onto History's common columns: kindRank, id, patientId,
/// occurredAt, staffId, subtype, detailA, detailB, detailNumber, detailNumber2, notes.
/// Each branch reads its table as `n` and is keyset-limited on its own time index. The select
/// lists run on both engines: a NULL column is cast to its type (PostgreSQL types a bare NULL in
/// a subquery as text, which the UNION then cannot match with numbers), and the separators are
/// `char(30)` / `chr(30)`.
struct HistoryBranch {
    let kind: HistoryEventKind
    let table: String
    let timeColumn: String
    /// Conditions the branch always has (they must imply the partial index's WHERE).
    let extraConditions: [String]
    /// The select list for subtype … detailNumber2.
    let columns: SQLQuery
    /// Who wrote the row (`recordedBy`; saved results say `savedBy`).
    var staffColumn = "recordedBy"
    /// The notes shown, and the column the notes search looks in.
    var notesColumn = "n.notes"
    var notesSearchColumn = "notes"
    /// The FTS5 index of `notesSearchColumn` (migration v7).
    var searchTable: String { table + "_search" }

    static func of(_ kind: HistoryEventKind) -> HistoryBranch {
        let rs = SQLQuery.dialect(sqlite: "char(30)", postgres: "chr(30)")
        let us = SQLQuery.dialect(sqlite: "char(31)", postgres: "chr(31)")
        let noText: SQLQuery = "CAST(NULL AS TEXT)", noNumber: SQLQuery = "CAST(NULL AS DOUBLE PRECISION)"
        switch kind {
        case .nappyChange:
            return HistoryBranch(kind: kind, table: "nappy_change", timeColumn: "occurredAt", extraConditions: [],
                                 columns: "n.kind AS subtype, n.size AS detailA, n.stoolColour AS detailB, "
                                    + "n.nappyWeightGrams AS detailNumber, \(sql: noNumber) AS detailNumber2")
        case .feed:
            return HistoryBranch(kind: kind, table: "feed", timeColumn: "occurredAt", extraConditions: [],
                                 columns: "n.kind AS subtype, n.fluid AS detailA, CASE WHEN n.rateMLPerHour IS NULL THEN NULL "
                                    + "WHEN n.stoppedAt IS NULL THEN 'running' ELSE 'stopped' END AS detailB, "
                                    + "n.volumeML AS detailNumber, coalesce(n.rateMLPerHour, n.durationMinutes) AS detailNumber2")
        case .measurement:
            return HistoryBranch(kind: kind, table: "measurement", timeColumn: "measuredAt", extraConditions: [],
                                 columns: "n.kind AS subtype, n.oxygenMode AS detailA, CAST(n.oxygenAmount AS TEXT) AS detailB, "
                                    + "n.value AS detailNumber, n.diastolicMmHg AS detailNumber2")
        case .doseRecord:
            return HistoryBranch(kind: kind, table: "dose_record", timeColumn: "recordedAt",
                                 extraConditions: ["n.status IS NOT NULL"],
                                 // detailA: the withheld reason, or (a given dose) <RS> and its second checker's initials.
                                 columns: "n.status AS subtype, CASE WHEN n.checkedBy IS NULL THEN n.withheldReason "
                                    + "ELSE \(sql: rs) || (SELECT cs.initials FROM staff cs WHERE cs.id = n.checkedBy) END AS detailA, "
                                    + "(SELECT dm.drugName || \(sql: us) || dm.doseUnit || \(sql: us) || dm.route FROM medication dm "
                                    + "WHERE dm.id = n.medicationId) || \(sql: us) || n.slotTime AS detailB, n.scheduledAt AS detailNumber, "
                                    + "(SELECT dm.doseAmount FROM medication dm WHERE dm.id = n.medicationId) AS detailNumber2")
        case .calculatorResult:
            return HistoryBranch(kind: kind, table: "calculator_result", timeColumn: "savedAt", extraConditions: [],
                                 columns: "n.toolId AS subtype, n.summary AS detailA, \(sql: noText) AS detailB, "
                                    + "\(sql: noNumber) AS detailNumber, \(sql: noNumber) AS detailNumber2",
                                 staffColumn: "savedBy", notesColumn: "''", notesSearchColumn: "summary")
        case .strokeAssessment:
            return HistoryBranch(kind: kind, table: "stroke_assessment", timeColumn: "assessedAt",
                                 extraConditions: ["n.patientId IS NOT NULL"],
                                 columns: "n.module AS subtype, n.summary AS detailA, \(sql: noText) AS detailB, "
                                    + "\(sql: noNumber) AS detailNumber, \(sql: noNumber) AS detailNumber2",
                                 staffColumn: "assessedBy", notesColumn: "''", notesSearchColumn: "summary")
        case .asNeededDose:
            return HistoryBranch(kind: kind, table: "as_needed_dose", timeColumn: "givenAt", extraConditions: [],
                                 // detailA: the override reason, then <RS> and the second checker's initials when checked.
                                 columns: "'given' AS subtype, CASE WHEN n.checkedBy IS NULL THEN n.overrideReason "
                                    + "ELSE COALESCE(n.overrideReason, '') || \(sql: rs) "
                                    + "|| (SELECT cs.initials FROM staff cs WHERE cs.id = n.checkedBy) END AS detailA, "
                                    + "(SELECT dm.drugName || \(sql: us) || dm.doseUnit || \(sql: us) || dm.route FROM medication dm "
                                    + "WHERE dm.id = n.medicationId) AS detailB, "
                                    + "COALESCE(n.doseAmount, (SELECT dm.doseAmount FROM medication dm WHERE dm.id = n.medicationId)) "
                                    + "AS detailNumber, \(sql: noNumber) AS detailNumber2")
        }
    }

    /// What a merged row says, as values (the screen words them in the user's language).
    static func facts(kind: HistoryEventKind, row: some SQLColumnReader) throws -> HistoryEventFacts {
        let subtype = try row.column("subtype", as: String?.self) ?? ""
        let detailA: String? = try row.column("detailA")
        let detailB: String? = try row.column("detailB")
        let number: Double? = try row.column("detailNumber")
        let number2: Double? = try row.column("detailNumber2")
        switch kind {
        case .nappyChange:
            return .nappy(NappyKind(rawValue: subtype), size: detailA.flatMap(NappySize.init(rawValue:)),
                          colour: detailB.flatMap(StoolColour.init(rawValue:)), weightGrams: number.map { Int($0) })
        case .feed:
            // detailA the fluid; detailB "running"/"stopped" for an infusion, whose rate is detailNumber2.
            let infusion = detailB.flatMap { state in number2.map { HistoryEventFacts.Infusion(rateMLPerHour: $0, running: state == "running") } }
            return .feed(FeedKind(rawValue: subtype), kindText: subtype, fluid: detailA, volumeML: number.map { Int($0) },
                         infusion: infusion, minutes: infusion == nil ? number2.map { Int($0) } : nil)
        case .measurement:
            // detailA / detailB: the oxygen an SpO2 was read on (mode, amount).
            let oxygen = detailA.flatMap(OxygenMode.init(rawValue:)).map { OxygenSupport(mode: $0, amount: detailB.flatMap(Double.init)) }
            return .measurement(MeasurementKind(rawValue: subtype) ?? .weight, value: number ?? 0, diastolic: number2, oxygen: oxygen)
        case .doseRecord:
            // detailB is "drug name <US> unit <US> route <US> slot time"; detailNumber2 the prescribed amount.
            let parts = (detailB ?? "?").split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
            let (reasonText, checker) = splitChecker(detailA)
            return .dose(DoseStatus(rawValue: subtype), statusText: subtype, drug: drug(parts, amount: number2),
                         slot: parts.count > 3 ? parts[3] : "?", withheld: reasonText.flatMap(WithheldReason.init(rawValue:)),
                         checkedBy: checker)
        case .calculatorResult:
            return .calculator(toolId: subtype, summary: detailA ?? "")
        case .strokeAssessment:
            return .stroke(module: subtype, summary: detailA ?? "")
        case .asNeededDose:
            // detailB is "drug name <US> unit <US> route"; detailNumber the amount given (else prescribed).
            let parts = (detailB ?? "?").split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
            let (overrideReason, checker) = splitChecker(detailA)
            return .asNeeded(drug: drug(parts, amount: number), overrideReason: overrideReason?.isEmpty == true ? nil : overrideReason,
                             checkedBy: checker)
        }
    }

    /// Title and one-line details in English (logs and tests; the screen words the facts itself).
    static func englishText(_ facts: HistoryEventFacts) -> (title: String, details: String) {
        switch facts {
        case .nappy(let kind, let size, let colour, let grams):
            let details = [size?.rawValue, colour?.displayName, grams.map { "\($0) g" }].compactMap { $0 }
            return ("Nappy \(kind?.rawValue ?? "")", details.joined(separator: " · "))
        case .feed(let kind, let kindText, let fluid, let ml, let infusion, let minutes):
            var details: [String] = fluid.map { [$0] } ?? []
            if let ml { details.append("\(ml) mL") }
            if let infusion {
                details += ["\(NumberText.plain(infusion.rateMLPerHour)) mL/h", infusion.running ? "running" : "stopped"]
            } else if let minutes {
                details.append("\(minutes) min")
            }
            let title = kind?.isOutput == true ? "Output" : "Feed"
            return ("\(title) \(kind?.displayName ?? kindText)", details.joined(separator: " · "))
        case .measurement(let kind, let value, let diastolic, let oxygen):
            let text = MeasurementText.value(kind: kind, value: value, diastolic: diastolic, oxygen: oxygen)
            return (kind.displayName.prefix(1).uppercased() + kind.displayName.dropFirst(), text)
        case .dose(_, let status, let drug, let slot, let withheld, let checker):
            var details = ["\(slot) slot"]
            if let withheld { details.append(withheld.displayName) }
            if let checker { details.append("checked by \(checker)") }
            return ("Dose \(status): \(doseText(drug))", details.joined(separator: " · "))
        case .calculator(let toolId, let summary):
            return ("Calculator \(toolId)", summary)
        case .stroke(let module, let summary):
            return ("Stroke triage \(module)", summary)
        case .asNeeded(let drug, let overrideReason, let checker):
            var details: [String] = ["as needed"]
            if let overrideReason { details.append("override: \(overrideReason)") }
            if let checker { details.append("checked by \(checker)") }
            return ("Dose given: \(doseText(drug))", details.joined(separator: " · "))
        }
    }

    /// A dose row's detailA: the reason before <RS>, the second checker's initials after it.
    private static func splitChecker(_ detailA: String?) -> (String?, String?) {
        guard let detailA, let mark = detailA.firstIndex(of: "\u{1E}") else { return (detailA, nil) }
        let checker = String(detailA[detailA.index(after: mark)...])
        return (String(detailA[..<mark]), checker.isEmpty ? nil : checker)
    }

    /// The drug of a dose row's "name <US> unit <US> route" parts, nil when they are not whole.
    private static func drug(_ parts: [String], amount: Double?) -> HistoryEventFacts.Drug? {
        guard parts.count > 2 else { return nil }
        return HistoryEventFacts.Drug(name: parts[0], amount: amount, unit: parts[1], route: MedicationRoute(rawValue: parts[2]),
                                      routeText: parts[2])
    }

    /// "paracetamol 240 mg oral": what a dose row is, as the drug round shows it.
    private static func doseText(_ drug: HistoryEventFacts.Drug?) -> String {
        guard let drug else { return "?" }
        let route = drug.route?.displayName ?? drug.routeText
        return [drug.name, drug.amount.map { NumberText.rounded($0, digits: 3) }, drug.unit, route].compactMap { $0 }.joined(separator: " ")
    }
}
