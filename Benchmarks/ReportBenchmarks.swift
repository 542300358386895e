import CotsideApp
import Foundation
import ReportKit
import WardStore

/// The ward's shift handover on the 40 × 730-day demo ward: the store's one read transaction for
/// every cot, then the document and its text and PDF (what `cotside report handover` makes).
/// Targets (medians, all 40 cots): text ≤ 300 ms, PDF ≤ 1 s. Then one patient's report (below).
///
/// Arguments: `--db PATH` (reuse a demo database; generated when missing), `--quick`
/// (10 cots × 60 days), `--runs N` (default 15).
@MainActor
func runReportBenchmarks(arguments: [String]) async throws {
    func value(_ name: String) -> String? {
        arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
    }
    let runs = value("--runs").flatMap(Int.init) ?? 15
    let quick = arguments.contains("--quick")
    let (cots, days) = quick ? (10, 60) : (40, 730)
    let path = value("--db") ?? FileManager.default.temporaryDirectory
        .appendingPathComponent("cotside-report-bench-\(cots)x\(days).sqlite").path
    let now = Date(timeIntervalSince1970: 1_795_270_800)  // 2026-11-21 14:20 UTC, fixed so reruns reuse the file
    let zone = TimeZone(identifier: "Europe/London")!
    if !FileManager.default.fileExists(atPath: path) {
        let store = try SQLiteWardStore(path: path, clock: { now }, timeZone: zone)
        let started = ContinuousClock.now
        let summary = try await DemoWard.generate(into: store, cots: cots, days: days, seed: 1, now: now, timeZone: zone)
        print("generated \(path): \(summary.nappyChanges) nappy changes, \(summary.patients) patients in "
              + String(format: "%.1f s", reportSeconds(ContinuousClock.now - started)))
        await store.close()
    }
    let store = try SQLiteWardStore(path: path, clock: { now }, timeZone: zone)
    let settings = try await store.settings()
    let maker = try await store.activeStaff().first!
    let localizer = try Catalogues.localizer(for: "en")
    let since = settings.shiftChanges.shiftStart(at: now, timeZone: zone)
    let request = HandoverRequest(since: since, until: now, timeZone: zone)
    print("Report benchmarks on \(path) (median / p90 of \(runs) runs), shift since \(since)")

    var handover: ShiftHandover?
    let read = try await reportTimed(runs) { handover = try await store.handover(request) }
    reportLine("Ward handover, store read (one transaction)", read, target: 200,
               detail: "\(handover?.cots.count ?? 0) cots")
    var bytes = 0
    let text = try await reportTimed(runs) {
        let handover = try await store.handover(request)
        let document = HandoverDocument(handover, localizer: localizer, madeBy: maker, madeAt: now).document
        bytes = ReportRendering.render(document, as: .text).count
    }
    reportLine("Ward handover as text (read + document + render)", text, target: 300, detail: "\(bytes) bytes")
    let pdf = try await reportTimed(runs) {
        let handover = try await store.handover(request)
        let document = HandoverDocument(handover, localizer: localizer, madeBy: maker, madeAt: now).document
        bytes = ReportRendering.render(document, as: .pdf).count
    }
    reportLine("Ward handover as PDF (read + document + render)", pdf, target: 1000, detail: "\(bytes) bytes")
    try await runDischargeSummaryBenchmarks(store: store, maker: maker, localizer: localizer, now: now, zone: zone,
                                       windowStart: now.addingTimeInterval(-Double(days) * 86_400), runs: runs)
    try await runPatientReportBenchmarks(store: store, runs: runs, now: now, zone: zone, maker: maker, localizer: localizer)
    await store.close()
}

/// The patient report (what `cotside report patient` makes) for the cot with the longest stay:
/// a registrar's week, and a 90-day stay for scale. Targets (medians): week as text ≤ 150 ms,
/// as PDF ≤ 500 ms.
@MainActor
private func runPatientReportBenchmarks(store: SQLiteWardStore, runs: Int, now: Date, zone: TimeZone, maker: Staff,
                                        localizer: Localizer) async throws {
    guard let patient = try await store.admittedPatients().min(by: { $0.admittedAt < $1.admittedAt }) else { return }
    for (days, targets) in [(7.0, (read: 100.0, text: 150.0, pdf: 500.0)), (90, (read: 400, text: 600, pdf: 1500))] {
        let request = PatientReportRequest(patientId: patient.id, from: now.addingTimeInterval(-days * 86_400), to: now, timeZone: zone)
        let label = "Patient report, \(Int(days)) days (bed \(patient.bedLabel))"
        var report: PatientReport?
        let read = try await reportTimed(runs) { report = try await store.patientReport(request) }
        reportLine("\(label), store read (one transaction)", read, target: targets.read,
                   detail: "\(report?.readings.values.map(\.count).reduce(0, +) ?? 0) chart points, "
                       + "\(report?.medications.count ?? 0) medications")
        var bytes = 0
        let text = try await reportTimed(runs) {
            let document = PatientReportDocument(try await store.patientReport(request), localizer: localizer, madeBy: maker,
                                                 madeAt: now).document
            bytes = ReportRendering.render(document, as: .text).count
        }
        reportLine("\(label) as text (read + document + render)", text, target: targets.text, detail: "\(bytes) bytes")
        let pdf = try await reportTimed(runs) {
            let document = PatientReportDocument(try await store.patientReport(request), localizer: localizer, madeBy: maker,
                                                 madeAt: now).document
            bytes = ReportRendering.render(document, as: .pdf).count
        }
        reportLine("\(label) as PDF (read + document + render)", pdf, target: targets.pdf, detail: "\(bytes) bytes")
    }
}

@MainActor
func reportTimed(_ runs: Int, _ body: () async throws -> Void) async throws -> (median: Double, p90: Double) {
    try await body()
    var times: [Double] = []
    for _ in 0..<runs {
        let start = ContinuousClock.now
        try await body()
        times.append(reportSeconds(ContinuousClock.now - start) * 1000)
    }
    times.sort()
    return (times[times.count / 2], times[min(times.count - 1, times.count * 9 / 10)])
}

func reportLine(_ label: String, _ result: (median: Double, p90: Double), target: Double, detail: String) {
    let verdict = result.median <= target ? "ok" : "OVER"
    print(String(format: "%@: median %.1f ms, p90 %.1f ms (target ≤ %.0f ms, %@)%@", label, result.median, result.p90, target,
                 verdict, detail.isEmpty ? "" : " — \(detail)"))
}

private func reportSeconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}
