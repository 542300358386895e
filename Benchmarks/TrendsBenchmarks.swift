import CotsideApp
import Foundation
import TerminalUI
import WardStore

/// Trends benchmarks on the million-event demo ward (40-ish cots × 730 days): one patient's
/// 730-day series (SQL aggregate + one chart rendered at 140×20), the whole Trends screen's
/// first frame for that patient (load + render at 140×50, 7-day and "all" windows) and the
/// ward view. Targets: chart ≤ 20 ms, screen ≤ 150 ms, ward view ≤ 200 ms (medians).
///
/// Arguments: `--db PATH` (reuse a demo database; generated when missing), `--quick`
/// (10 cots × 60 days), `--runs N` (default 15).
@MainActor
func runTrendsBenchmarks(arguments: [String]) async throws {
    func value(_ name: String) -> String? {
        arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
    }
    let runs = value("--runs").flatMap(Int.init) ?? 15
    let quick = arguments.contains("--quick")
    let days = quick ? 60 : 730
    let cots = quick ? 10 : DemoWard.cots(forEvents: 1_000_000, days: 730)
    let path = value("--db") ?? FileManager.default.temporaryDirectory
        .appendingPathComponent("cotside-trends-bench-\(cots)x\(days).sqlite").path
    let now = Date(timeIntervalSince1970: 1_795_270_800)  // 2026-11-21 14:20 UTC, fixed so reruns reuse the file
    let zone = TimeZone(identifier: "Europe/London")!
    if !FileManager.default.fileExists(atPath: path) {
        let store = try SQLiteWardStore(path: path, clock: { now }, timeZone: zone)
        let started = ContinuousClock.now
        let summary = try await DemoWard.generate(into: store, cots: cots, days: days, seed: 1, now: now, timeZone: zone)
        print("generated \(path): \(summary.nappyChanges) nappy changes, \(summary.patients) patients in "
              + String(format: "%.1f s", seconds(ContinuousClock.now - started)))
        await store.close()
    }
    let store = try SQLiteWardStore(path: path, clock: { now }, timeZone: zone)
    // The admitted patient with the longest stay: the one whose "all" window is the longest.
    let patient = try await store.admittedPatients().min { $0.admittedAt < $1.admittedAt }!
    print("Trends benchmarks on \(path) (median / p90 of \(runs) runs); patient bed \(patient.bedLabel), "
          + "admitted \(patient.admittedAt)")

    // First frame of the Trends screen for the patient, and of the ward view.
    // The Trends tab opens on 7 days; `[` narrows to 24 h, each `]` widens one step.
    let wardWindows: [(String, Int)] = [("24 h", -1), ("7 days", 0), ("14 days", 1), ("30 days", 2), ("90 days", 3),
                                        ("all (730 days)", 4)]
    let wardRuns: [(String, [Key], Double, Bool)] = wardWindows.map { name, steps in
        ("Ward view first frame, \(name)", [Key.char("5")] + Array(repeating: Key.char(steps < 0 ? "[" : "]"), count: abs(steps)),
         200.0, false)
    }
    let patientRuns: [(String, [Key], Double, Bool)] = [
        ("Trends screen first frame, patient, 7 days", [Key.char("5")], 150.0, true),
        ("Trends screen first frame, patient, all", [Key.char("5"), .char("]"), .char("]"), .char("]"), .char("]"), .char("]")], 150.0, true),
    ]
    for (label, keys, target, selected) in patientRuns + wardRuns {
        let shell = try await AppBootstrap.makeWardShell(options: LaunchOptions(databasePath: path, now: now),
                                                         terminalHasColour: true, persistPreferences: false,
                                                         assumeDisclaimerAccepted: true, askForUser: false)
        await shell.settle()
        if selected { shell.selectPatient(patient) }
        await shell.settle()
        let backend = HeadlessBackend(width: 140, height: 50, theme: shell.context.theme)
        let runner = AppRunner(shell: shell, backend: backend)
        // Set the window with ], then time pressing 5 again: the tab reloads (SQL) and draws a frame.
        await runner.replaySettled(keys.map { TerminalEvent.key($0) })
        let result = try await timed(runs) {
            await runner.replaySettled([.key(.char("5"))])
        }
        report(label, result, target: target, detail: "")
    }

    // The ward view's query alone over two years: the hourly summaries plus the never-answered
    // slots of every scheduled course on the ward (WardMissedSlots).
    var wardAll: WardTrends?
    let wardSQL = try await timed(runs) {
        wardAll = try await store.wardTrends(window: .all, now: now, timeZone: zone)
    }
    let wardDays = wardAll?.days ?? []
    report("Ward view SQL, all", wardSQL, target: 200,
           detail: "\(wardDays.count) days, doses given \(wardDays.map(\.dosesGiven).reduce(0, +)), "
               + "withheld \(wardDays.map(\.dosesWithheld).reduce(0, +)), missed \(wardDays.map(\.dosesMissed).reduce(0, +))")

    // Run last, on a warm cache, as the screens above are.
    // One 730-day chart: the patient's series aggregated in SQL, then the weight chart drawn.
    var chartTrends: PatientTrends?
    let chart = try await timed(runs) {
        let trends = try await store.patientTrends(patientId: patient.id, window: .all, now: now, timeZone: zone)
        let points = (trends.readings[.weight] ?? []).map { ChartPoint(x: $0.at.timeIntervalSince1970, y: $0.mean / 1000) }
        let line = LineChart(series: [LineSeries(name: "Weight", unit: "kg", points: points, decimals: 3)],
                             xAxis: .time(zone), yTitle: "Weight (kg)")
        var buffer = Buffer(width: 140, height: 20)
        line.render(in: buffer.area, into: &buffer)
        chartTrends = trends
    }
    report("730-day chart, one patient (all series in SQL + render 140×20)", chart, target: 20,
           detail: "\(chartTrends?.windowDays ?? 0) days, \(chartTrends?.readings[.weight]?.count ?? 0) weight points")

    // The patient view over "all" for the busiest cot's patient (most nappy changes, admitted or
    // discharged): its SQL alone, the part that grows with the patient's history.
    let busiest = try await store.pool.read { db in
        try Int64.fetchOne(db, sql: """
            SELECT patientId FROM nappy_change WHERE deletedAt IS NULL GROUP BY patientId ORDER BY count(*) DESC LIMIT 1
            """)
    }
    if let busiest {
        var busiestTrends: PatientTrends?
        let result = try await timed(runs) {
            busiestTrends = try await store.patientTrends(patientId: busiest, window: .all, now: now, timeZone: zone)
        }
        report("Patient view SQL, busiest patient, all", result, target: 150,
               detail: "patient \(busiest), \(busiestTrends?.windowDays ?? 0) days, "
                   + "\(busiestTrends?.days.map(\.nappies).reduce(0, +) ?? 0) nappy changes")
    }

}

/// Median and 90th percentile of wall time in ms after one warm-up run, and the median CPU time
/// of the whole process (every thread: the store's reads run off the main thread), which a
/// machine shared with other builds inflates far less than wall time.
@MainActor
private func timed(_ runs: Int, _ body: () async throws -> Void) async throws -> (median: Double, p90: Double, cpu: Double) {
    try await body()
    var times: [Double] = []
    var cpu: [Double] = []
    for _ in 0..<runs {
        let start = ContinuousClock.now
        let cpuStart = processCPUms()
        try await body()
        times.append(seconds(ContinuousClock.now - start) * 1000)
        cpu.append(processCPUms() - cpuStart)
    }
    times.sort()
    cpu.sort()
    return (times[times.count / 2], times[min(times.count - 1, times.count * 9 / 10)], cpu[cpu.count / 2])
}

private func processCPUms() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) * 1000 + Double(spec.tv_nsec) / 1e6
}

private func report(_ label: String, _ result: (median: Double, p90: Double, cpu: Double), target: Double, detail: String) {
    let verdict = result.median <= target ? "ok" : "OVER"
    print(String(format: "%@: median %.1f ms, p90 %.1f ms, CPU median %.1f ms (target ≤ %.0f ms, %@)%@", label, result.median,
                 result.p90, result.cpu, target, verdict, detail.isEmpty ? "" : " — \(detail)"))
}

private func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}
