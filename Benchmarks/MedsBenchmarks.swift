import ChildProcess
import Foundation
import GRDB
import WardSQL
import WardStore

/// Medication-round benchmarks on the 40-cot × 730-day demo (about a million events of every
/// kind): the due board (what `cotside due --json` runs), `cotside due --json` end to end when
/// the binary sits beside this one, the Dashboard with every column, a patient's medication list
/// and a History page merging all kinds. Medians of `--runs` (default 31).
///
/// Arguments: `--db PATH` reuse a demo file instead of generating one; `--quick` (10 cots × 60 d);
/// `--runs N`.
func runMedsBenchmarks(arguments: [String]) async throws {
    func value(_ name: String) -> String? {
        arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
    }
    let runs = value("--runs").flatMap(Int.init) ?? 31
    let (cots, days) = arguments.contains("--quick") ? (10, 60) : (40, 730)
    let now = Date()
    let timeZone = TimeZone.current
    var path = value("--db")
    var folder: URL?
    if path == nil {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cotside-meds-bench-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        folder = dir
        path = dir.appendingPathComponent("ward.sqlite").path
        let store = try SQLiteWardStore(path: path!)
        let start = ContinuousClock.now
        let summary = try await DemoWard.generate(into: store, cots: cots, days: days, seed: 1, now: now, timeZone: timeZone)
        print(String(format: "demo %d cots × %d d: %d events (%d nappies, %d feeds, %d measurements, %d dose records) in %.1f s",
                     cots, days, summary.events, summary.nappyChanges, summary.feeds, summary.measurements,
                     summary.doseRecords + summary.asNeededDoses, benchSeconds(ContinuousClock.now - start)))
        await store.close()
    }
    defer { if let folder { try? FileManager.default.removeItem(at: folder) } }

    // First frame of the drug round and of the Dashboard: open cold, then the screen's query.
    var start = ContinuousClock.now
    let store = try SQLiteWardStore(path: path!)
    let board = try await store.dueBoard(now: now, timeZone: timeZone)
    let roundFirstMs = benchSeconds(ContinuousClock.now - start) * 1000
    await store.close()
    start = ContinuousClock.now
    let again = try SQLiteWardStore(path: path!)
    let dashboard = try await again.dashboard(now: now, timeZone: timeZone)
    let dashboardFirstMs = benchSeconds(ContinuousClock.now - start) * 1000

    var results: [(String, Double, String)] = [
        ("drug round first frame (open + due board)", roundFirstMs, "≤ 100 ms"),
        ("Dashboard first frame, all columns (\(dashboard.rows.count) cots)", dashboardFirstMs, "≤ 100 ms"),
    ]
    results.append(("due board via API (\(board.items.count) slots)",
                    try await benchMedian(runs) { _ = try await again.dueBoard(now: now, timeZone: timeZone) }, "≤ 50 ms"))
    results.append(("Dashboard via API, all columns",
                    try await benchMedian(runs) { _ = try await again.dashboard(now: now, timeZone: timeZone) }, "≤ 100 ms"))
    let dashboardQuery = DashboardQuery(now: now, timeZone: timeZone, settings: try await again.settings())
    results.append(("  of which the Dashboard's one SQL statement",
                    try await benchMedian(runs) {
                        _ = try again.pool.read { db in try db.fetchAll(dashboardQuery.query(for: .sqlite)) }
                    }, ""))
    let busiest = dashboard.rows.max { $0.dueDoses + $0.overdueDoses < $1.dueDoses + $1.overdueDoses }?.patient.id
        ?? dashboard.rows.first?.patient.id
    if let busiest {
        results.append(("medication list of one patient",
                        try await benchMedian(runs) { _ = try await again.medicationList(patientId: busiest, now: now, timeZone: timeZone) },
                        ""))
    }
    results.append(("History page, every kind merged",
                     try await benchMedian(runs) { _ = try await again.historyPage(.everything, after: nil, limit: 50) }, "≤ 5 ms"))
    await again.close()

    // `cotside due --json` as a script runs it: a whole process (start-up, open, query, JSON).
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("cotside")
    if FileManager.default.isExecutableFile(atPath: binary.path) {
        let ms = try await benchMedian(min(runs, 15)) {
            _ = try ChildProcess.run(binary.path, ["due", "--json", "--db", path!])
        }
        results.append(("`cotside due --json` (whole process, wall)", ms, "≤ 50 ms"))
        // CPU time of those runs (user + system), which a busy shared machine does not inflate.
        let before = childCPUSeconds()
        let n = 10
        for _ in 0..<n {
            _ = try ChildProcess.run(binary.path, ["due", "--json", "--db", path!])
        }
        results.append(("`cotside due --json` (whole process, CPU)", (childCPUSeconds() - before) / Double(n) * 1000, "≤ 50 ms"))
    } else {
        print("(no cotside binary beside cotside-bench: `cotside due --json` end to end not timed)")
    }
    print("   " + "query".padding(toLength: 52, withPad: " ", startingAt: 0) + "   median   target")
    for (label, ms, target) in results {
        print("   " + label.padding(toLength: 52, withPad: " ", startingAt: 0) + String(format: " %8.2f ms", ms) + "   " + target)
    }
}

private func benchMedian(_ count: Int, _ body: () async throws -> Void) async throws -> Double {
    try await body()  // warm-up
    var samples: [Double] = []
    for _ in 0..<count {
        let start = ContinuousClock.now
        try await body()
        samples.append(benchSeconds(ContinuousClock.now - start) * 1000)
    }
    return samples.sorted()[samples.count / 2]
}

private func benchSeconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// User + system CPU seconds of every finished child process so far.
private func childCPUSeconds() -> Double {
    var usage = rusage()
    #if os(Linux)
    getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
    #else
    getrusage(RUSAGE_CHILDREN, &usage)
    #endif
    func s(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
    return s(usage.ru_utime) + s(usage.ru_stime)
}
