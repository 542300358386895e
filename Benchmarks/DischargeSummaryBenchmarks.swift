import CotsideApp
import Foundation
import ReportKit
import WardStore

/// The discharge summary on the report bench's ward: the longest stay of a discharged patient
/// admitted inside the demo's window that has prescriptions, and the
/// longest-staying admitted one (the summary so far), each read in one transaction, put
/// in words and rendered as text and as PDF (what `cotside report discharge` makes).
/// Target (median): text ≤ 300 ms, PDF ≤ 1 s, as the handover's.
@MainActor
func runDischargeSummaryBenchmarks(store: SQLiteWardStore, maker: Staff, localizer: Localizer, now: Date, zone: TimeZone,
                                   windowStart: Date, runs: Int) async throws {
    let patients = try await store.allPatients()
    let stay = { (p: Patient) in (p.dischargedAt ?? now).timeIntervalSince(p.admittedAt) }
    // The longest discharged stay with prescriptions to summarise (not every demo baby has any).
    var discharged: Patient?
    for patient in patients.filter({ $0.dischargedAt != nil && $0.admittedAt >= windowStart }).sorted(by: { stay($0) > stay($1) }) {
        if try await store.medications(patientId: patient.id, includeEnded: true).count >= 2 { discharged = patient; break }
    }
    let picks = [discharged, patients.filter { $0.dischargedAt == nil }.max { stay($0) < stay($1) }].compactMap { $0 }
    for patient in picks {
        let request = DischargeSummaryRequest(patientId: patient.id, until: now, timeZone: zone)
        let what = (patient.dischargedAt == nil ? "admitted" : "discharged") + String(format: ", %.0f-day stay", stay(patient) / 86_400)
        var summary: DischargeSummary?
        let read = try await reportTimed(runs) { summary = try await store.dischargeSummary(request) }
        reportLine("Discharge summary, store read (one transaction)", read, target: 200,
                   detail: "\(what), \(summary?.medications.count ?? 0) medications")
        var bytes = 0
        for format in [ReportFormat.text, .pdf] {
            let timed = try await reportTimed(runs) {
                let summary = try await store.dischargeSummary(request)
                let document = DischargeSummaryDocument(summary, localizer: localizer, madeBy: maker, madeAt: now).document
                bytes = ReportRendering.render(document, as: format).count
            }
            reportLine("Discharge summary as \(format.rawValue) (read + document + render)", timed,
                       target: format == .pdf ? 1000 : 300, detail: "\(what), \(bytes) bytes")
        }
    }
}
