import CotsideApp
import Foundation
import WardStore

/// History's page in one process, on a ward file or a server (`--db PATH|URL`): the store opened
/// once, then the first page, a page-down from the middle and one patient's first page, each the
/// median of `--runs` (31). The server target is ≤ 10 ms a page (issue 19).
func runPageBenchmarks(arguments: [String]) async throws {
    func value(_ name: String) -> String? {
        arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
    }
    guard let db = value("--db") else {
        print("pages: give --db PATH|URL (a ward made by `cotside demo`); skipped")
        return
    }
    let runs = value("--runs").flatMap(Int.init) ?? 31
    let store = try await AppBootstrap.openStore(options: LaunchOptions(databasePath: db))
    let pageSize = 40
    func median(_ body: () async throws -> Void) async throws -> Double {
        var times: [Double] = []
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            try await body()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
        }
        return times.sorted()[times.count / 2]
    }
    var cursor: HistoryCursor?
    for _ in 0..<200 { cursor = try await store.historyPage(.everything, after: cursor, limit: pageSize).events.last?.cursor ?? cursor }
    let top = try await median { _ = try await store.historyPage(.everything, after: nil, limit: pageSize) }
    let middle = try await median { _ = try await store.historyPage(.everything, after: cursor, limit: pageSize) }
    let patient = try await median { _ = try await store.historyPage(HistoryFilter(patientId: 1), after: nil, limit: pageSize) }
    let engine = store.isOnServer ? "server" : "file"
    print(String(format: "  %-6@ History page: first %.2f ms, page-down at 8,000 %.2f ms, one patient %.2f ms   target (server) ≤ 10 ms",
                 engine as NSString, top, middle, patient))
    await store.close()
}
