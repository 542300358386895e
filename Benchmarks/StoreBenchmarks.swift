import ChildProcess
import Foundation
import GRDB
import WardSQL
import WardStore

/// Store benchmarks: a 40-cot × 730-day demo ward and one scaled to about a million nappy
/// events. Times the Dashboard query, a History page-down at the top, middle and end, and the
/// same SQL run by the `sqlite3` command-line tool on the same file; prints medians and ratios.
///
/// Arguments: `--quick` (ward of 10 cots × 60 days only), `--small` (only the 40-cot ward), `--keep DIR` (keep the databases),
/// `--runs N` (timed repetitions, default 31).
func runStoreBenchmarks(arguments: [String]) async throws {
    func value(_ name: String) -> String? {
        arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
    }
    let runs = value("--runs").flatMap(Int.init) ?? 31
    let folder = value("--keep").map { URL(fileURLWithPath: $0) }
        ?? FileManager.default.temporaryDirectory.appendingPathComponent("cotside-bench-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { if value("--keep") == nil { try? FileManager.default.removeItem(at: folder) } }

    let standard: [(String, Int, Int)] = [("40 cots × 730 d", 40, 730),
                                          ("~1M events", DemoWard.cots(forEvents: 1_000_000, days: 730), 730)]
    let wards: [(String, Int, Int)] = arguments.contains("--quick") ? [("quick 10 cots × 60 d", 10, 60)]
        : arguments.contains("--small") ? [standard[0]]
        : standard
    print("Store benchmarks (median of \(runs) runs; sqlite3 = same SQL in the sqlite3 CLI on the same file)")
    for (name, cots, days) in wards {
        let path = folder.appendingPathComponent("ward-\(cots)x\(days).sqlite").path
        try? FileManager.default.removeItem(atPath: path)
        try await StoreBench(name: name, path: path, cots: cots, days: days, runs: runs).run()
    }
    print(String(format: "peak memory (max RSS of this process): %.1f MB (target ≤ 60 MB)", peakMemoryMB()))
}

private struct StoreBench {
    let name: String
    let path: String
    let cots: Int
    let days: Int
    let runs: Int
    let now = Date()
    let timeZone = TimeZone.current

    func run() async throws {
        let generateStart = ContinuousClock.now
        var store: SQLiteWardStore? = try SQLiteWardStore(path: path)
        let summary = try await DemoWard.generate(into: store!, cots: cots, days: days, seed: 1, now: now, timeZone: timeZone)
        let generateSeconds = seconds(ContinuousClock.now - generateStart)
        await store!.close()
        store = nil
        let fileMB = Double((try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0) / 1e6
        print("\n== \(name): \(summary.nappyChanges) nappy changes, \(summary.patients) patients, "
              + String(format: "generated in %.1f s, %.0f MB", generateSeconds, fileMB))

        // First frame: open the file cold in this process and compute the Dashboard.
        let openStart = ContinuousClock.now
        let fresh = try SQLiteWardStore(path: path)
        _ = try await fresh.dashboard(now: now, timeZone: timeZone)
        let firstFrameMs = seconds(ContinuousClock.now - openStart) * 1000

        let settings = try await fresh.settings()
        // As the app runs it: prepared once per connection, then run with the clock's values.
        let dashboardQuery = DashboardQuery(now: now, timeZone: timeZone, settings: settings)
        let dashboardSQL = dashboardQuery.inlinedSQL
        if ProcessInfo.processInfo.environment["COTSIDE_BENCH_SQL"] != nil {
            try dashboardSQL.write(toFile: path + ".dashboard.sql", atomically: true, encoding: .utf8)
        }
        var rowCount = 0
        let dashboardMs = try await median(runs) {
            rowCount = try await fresh.pool.read { db in try db.fetchAll(dashboardQuery.query(for: .sqlite)).count }
        }
        let dashboardAPIMs = try await median(runs) { _ = try await fresh.dashboard(now: now, timeZone: timeZone) }

        let (total, middle, end) = try await fresh.pool.read { db -> (Int, HistoryCursor, HistoryCursor) in
            let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM nappy_change WHERE deletedAt IS NULL")!
            func cursor(offsetFromNewest: Int) throws -> HistoryCursor {
                let row = try Row.fetchOne(db, sql: """
                    SELECT occurredAt, id FROM nappy_change WHERE deletedAt IS NULL
                    ORDER BY occurredAt DESC, id DESC LIMIT 1 OFFSET ?
                    """, arguments: [offsetFromNewest])!
                return HistoryCursor(occurredAt: Date(timeIntervalSince1970: Double(row["occurredAt"] as Int64) / 1000),
                                     kindRank: HistoryEventKind.nappyChange.rank, id: row["id"])
            }
            return (count, try cursor(offsetFromNewest: count / 2), try cursor(offsetFromNewest: max(0, count - 60)))
        }
        let pageSize = 50
        var results: [(String, Double, Double?)] = [
            ("first Dashboard (open + query)", firstFrameMs, nil),
            ("Dashboard via API (\(rowCount) cots)", dashboardAPIMs, nil),
        ]
        let sqliteDashboard = try sqlite3Median(dashboardSQL)
        results.append(("Dashboard SQL", dashboardMs, sqliteDashboard))
        for (label, cursor) in [("top", nil as HistoryCursor?), ("middle", middle), ("end", end)] {
            let query = HistoryQuery(filter: .everything, cursor: cursor, direction: .older, limit: pageSize)
            let ms = try await median(runs) { _ = try await fresh.historyPage(.everything, after: cursor, limit: pageSize) }
            results.append(("History page-down at \(label)", ms, try sqlite3Median(query.inlinedSQL)))
        }
        let patientFilter = HistoryFilter(patientId: 1)
        let patientQuery = HistoryQuery(filter: patientFilter, cursor: nil, direction: .older, limit: pageSize)
        let patientMs = try await median(runs) { _ = try await fresh.historyPage(patientFilter, after: nil, limit: pageSize) }
        results.append(("History page, one patient", patientMs, try sqlite3Median(patientQuery.inlinedSQL)))
        let notesFilter = HistoryFilter(notesContaining: "rash")
        let notesQuery = HistoryQuery(filter: notesFilter, cursor: nil, direction: .older, limit: pageSize)
        let notesMs = try await median(runs) { _ = try await fresh.historyPage(notesFilter, after: nil, limit: pageSize) }
        results.append(("History notes search 'rash', first page", notesMs, try sqlite3Median(notesQuery.inlinedSQL)))
        await fresh.close()

        print("   \(total) live events; page = \(pageSize) rows")
        print("   " + "query".padding(toLength: 44, withPad: " ", startingAt: 0) + "   cotside     sqlite3    ratio")
        for (label, ms, sqlite) in results {
            let line = label.padding(toLength: 44, withPad: " ", startingAt: 0)
                + String(format: " %8.2f ms", ms)
                + (sqlite.map { String(format: " %8.2f ms %7.2f×", $0, ms / max($0, 0.001)) } ?? "")
            print("   " + line)
        }
        print("   targets: History page-down ≤ 5 ms at a million events; Dashboard SQL within 1.5× of sqlite3")
    }

    func median(_ count: Int, _ body: () async throws -> Void) async throws -> Double {
        try await body()  // warm-up
        var samples: [Double] = []
        for _ in 0..<count {
            let start = ContinuousClock.now
            try await body()
            samples.append(seconds(ContinuousClock.now - start) * 1000)
        }
        return samples.sorted()[samples.count / 2]
    }

    /// Per-query time in the sqlite3 CLI: one process runs the query `k` times; the same process
    /// run with `SELECT 1` instead is subtracted (start-up, file open), divided by `k`. Median of 5.
    func sqlite3Median(_ sql: String) throws -> Double? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3") else { return nil }
        let k = 20
        func wall(_ statement: String) throws -> Double {
            let script = String(repeating: statement.trimmingCharacters(in: .whitespacesAndNewlines) + ";\n", count: k)
            let start = ContinuousClock.now
            _ = try ChildProcess.run("/usr/bin/sqlite3", ["-readonly", path], stdin: Data(script.utf8), timeout: 300)
            return seconds(ContinuousClock.now - start) * 1000
        }
        var samples: [Double] = []
        for _ in 0..<5 {
            let base = try wall("SELECT 1")
            let full = try wall(sql)
            samples.append(max(0, full - base) / Double(k))
        }
        return samples.sorted()[2]
    }
}

private func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// Peak resident memory of this process (Linux: ru_maxrss in kilobytes).
func peakMemoryMB() -> Double {
    var usage = rusage()
    #if os(Linux)
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    #else
    getrusage(RUSAGE_SELF, &usage)
    #endif
    return Double(usage.ru_maxrss) / 1024
}
