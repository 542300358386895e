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

    /// Title and one-line details for a merged row.
    static func text(kind: HistoryEventKind, row: some SQLColumnReader) throws -> (title: String, details: String) {
        let subtype = try row.column("subtype", as: String?.self) ?? ""
        let detailA: String? = try row.column("detailA")
        let detailB: String? = try row.column("detailB")
        let number: Double? = try row.column("detailNumber")
        let number2: Double? = try row.column("detailNumber2")
        switch kind {
        case .nappyChange:
            var details: [String] = [detailA ?? ""]
            if let colour = detailB.flatMap(StoolColour.init(rawValue:)) { details.append(colour.displayName) }
            if let grams = number { details.append("\(Int(grams)) g") }
            return ("Nappy \(subtype)", details.filter { !$0.isEmpty }.joined(separator: " · "))
        case .feed:
            let feedKind = FeedKind(rawValue: subtype)
            // detailA the fluid; detailB "running"/"stopped" for an infusion, whose rate is detailNumber2.
            var details: [String] = detailA.map { [$0] } ?? []
            if let ml = number { details.append("\(Int(ml)) mL") }
            if let state = detailB, let rate = number2 {
                details += ["\(NumberText.plain(rate)) mL/h", state]
            } else if let minutes = number2 {
                details.append("\(Int(minutes)) min")
            }
            let title = feedKind?.isOutput == true ? "Output" : "Feed"
            return ("\(title) \(feedKind?.displayName ?? subtype)", details.joined(separator: " · "))
        case .measurement:
            let measurementKind = MeasurementKind(rawValue: subtype) ?? .weight
            // detailA / detailB: the oxygen an SpO2 was read on (mode, amount).
            let oxygen = detailA.flatMap(OxygenMode.init(rawValue:)).map { OxygenSupport(mode: $0, amount: detailB.flatMap(Double.init)) }
            let value = MeasurementText.value(kind: measurementKind, value: number ?? 0, diastolic: number2, oxygen: oxygen)
            return (measurementKind.displayName.prefix(1).uppercased() + measurementKind.displayName.dropFirst(), value)
        case .doseRecord:
            // detailB is "drug name <US> unit <US> route <US> slot time"; detailNumber2 the prescribed amount.
            let parts = (detailB ?? "?").split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
            var details = ["\(parts.count > 3 ? parts[3] : "?") slot"]
            let (reasonText, checker) = splitChecker(detailA)
            if let reason = reasonText.flatMap(WithheldReason.init(rawValue:)) { details.append(reason.displayName) }
            if let checker { details.append("checked by \(checker)") }
            return ("Dose \(subtype): \(doseText(parts, amount: number2))", details.joined(separator: " · "))
        case .calculatorResult:
            return ("Calculator \(subtype)", detailA ?? "")
        case .strokeAssessment:
            return ("Stroke triage \(subtype)", detailA ?? "")
        case .asNeededDose:
            // detailB is "drug name <US> unit <US> route"; detailNumber the amount given (else prescribed).
            let parts = (detailB ?? "?").split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
            var details: [String] = ["as needed"]
            let (overrideReason, checker) = splitChecker(detailA)
            if let reason = overrideReason, !reason.isEmpty { details.append("override: \(reason)") }
            if let checker { details.append("checked by \(checker)") }
            return ("Dose given: \(doseText(parts, amount: number))", details.joined(separator: " · "))
        }
    }

    /// A dose row's detailA: the reason before <RS>, the second checker's initials after it.
    private static func splitChecker(_ detailA: String?) -> (String?, String?) {
        guard let detailA, let mark = detailA.firstIndex(of: "\u{1E}") else { return (detailA, nil) }
        let checker = String(detailA[detailA.index(after: mark)...])
        return (String(detailA[..<mark]), checker.isEmpty ? nil : checker)
    }

    /// "paracetamol 240 mg oral": what a dose row is, as the drug round shows it.
    private static func doseText(_ parts: [String], amount: Double?) -> String {
        guard parts.count > 2 else { return parts.first ?? "?" }
        let route = MedicationRoute(rawValue: parts[2])?.displayName ?? parts[2]
        return [parts[0], amount.map { NumberText.rounded($0, digits: 3) }, parts[1], route].compactMap { $0 }.joined(separator: " ")
    }
}
