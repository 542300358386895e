import ChildProcess
import Foundation
import WardStore

/// History notes search (`/`, FTS5 since migration v7) on the 40-cot × 730-day demo ward, about a
/// million events. The ward is written in one bulk transaction (as `cotside demo` does); each
/// measurement then runs in a fresh process (`--probe`) that opens the file cold (timed on its
/// own) and pages each search's first 50 rows: its first run in that process, then the median
/// of repeated first pages. Medians over the probes. Target: ≤ 100 ms.
///
/// Arguments: `--quick` (10 cots × 60 days), `--probes N` (fresh processes, default 7),
/// `--runs N` (repeats inside each, default 15), `--keep DIR` (keep the database).
func runSearchBenchmarks(arguments: [String]) async throws {
    func value(_ name: String) -> String? {
        arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
    }
    let runs = value("--runs").flatMap(Int.init) ?? 15
    if let path = value("--probe") {
        try await probeSearch(path: path, runs: runs)
        return
    }
    let probes = value("--probes").flatMap(Int.init) ?? 7
    let (cots, days) = arguments.contains("--quick") ? (10, 60) : (40, 730)
    let folder = value("--keep").map { URL(fileURLWithPath: $0) }
        ?? FileManager.default.temporaryDirectory.appendingPathComponent("cotside-search-bench-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { if value("--keep") == nil { try? FileManager.default.removeItem(at: folder) } }
    let path = folder.appendingPathComponent("ward-\(cots)x\(days).sqlite").path
    try? FileManager.default.removeItem(atPath: path)

    let started = ContinuousClock.now
    var store: SQLiteWardStore? = try SQLiteWardStore(path: path)
    let summary = try await DemoWard.generate(into: store!, cots: cots, days: days, seed: 1)
    let events = summary.nappyChanges + summary.feeds + summary.measurements + summary.doseRecords + summary.asNeededDoses
    await store!.close()
    store = nil
    print("Search benchmarks: \(cots) cots × \(days) d demo ward, \(events) events, bulk-written in "
          + String(format: "%.1f s", searchSeconds(ContinuousClock.now - started))
          + "; \(probes) fresh processes, \(runs) repeats each")

    var first: [String: [Double]] = [:], warm: [String: [Double]] = [:], found: [String: Int] = [:]
    for _ in 0..<probes {
        let outcome = try ChildProcess.run(CommandLine.arguments[0], ["search", "--probe", path, "--runs", String(runs)],
                                           timeout: 600)
        guard outcome.status == 0 else { throw BenchError("search probe failed: \(outcome.stderr)") }
        for line in outcome.stdout.split(separator: "\n") {
            let parts = line.split(separator: "\t").map(String.init)
            guard parts.count == 4, let f = Double(parts[1]), let w = Double(parts[2]), let n = Int(parts[3]) else { continue }
            first[parts[0], default: []].append(f)
            warm[parts[0], default: []].append(w)
            found[parts[0]] = n
        }
    }
    print("   " + "search (first page of 50)".padding(toLength: 34, withPad: " ", startingAt: 0)
          + "  rows  first in process  then (median)")
    print(String(format: "   opening the ward file (fresh process)    %11.2f ms", searchMedian(first["open"] ?? [])))
    for query in searchBenchQueries {
        let label = "\"\(query)\"".padding(toLength: 34, withPad: " ", startingAt: 0)
        print("   " + label + String(format: " %5d  %11.2f ms  %10.2f ms", found[query] ?? 0,
                                      searchMedian(first[query] ?? []), searchMedian(warm[query] ?? [])))
    }
    print("   target: ≤ 100 ms per search on a million events (was 8.6–21 s with LIKE)")
}

/// Common words of the demo notes, a rare one, a two-word search, a short prefix and a miss.
let searchBenchQueries = ["rash", "doctor informed", "blood", "cr", "intact", "nothing-like-this"]

/// One fresh process: the first query's page straight after opening the file (cold), then for
/// every query the median of `runs` first pages. Prints "query<TAB>first ms<TAB>median ms<TAB>rows".
private func probeSearch(path: String, runs: Int) async throws {
    let openStart = ContinuousClock.now
    let store = try SQLiteWardStore(path: path)
    let openMs = searchSeconds(ContinuousClock.now - openStart) * 1000
    print("open\t\(openMs)\t\(openMs)\t0")
    for query in searchBenchQueries {
        let filter = HistoryFilter(notesContaining: query)
        let start = ContinuousClock.now
        let page = try await store.historyPage(filter, after: nil, limit: 50)
        let first = searchSeconds(ContinuousClock.now - start) * 1000
        var samples: [Double] = []
        for _ in 0..<runs {
            let t = ContinuousClock.now
            _ = try await store.historyPage(filter, after: nil, limit: 50)
            samples.append(searchSeconds(ContinuousClock.now - t) * 1000)
        }
        print("\(query)\t\(first)\t\(searchMedian(samples))\t\(page.events.count)")
    }
    await store.close()
}

private func searchMedian(_ values: [Double]) -> Double {
    values.isEmpty ? .nan : values.sorted()[values.count / 2]
}

private func searchSeconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
