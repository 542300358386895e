import ChildProcess
import Foundation
import GRDB
import WardStore

/// The audit trail (`cotside audit`, the trail screen) on a ward with a million audit entries
/// over two years: 40 staff (some left), 800 patients through 40 beds, 350,000 nappy changes
/// and their creates, edits, deletes and restores, patient edits and goals, sign-ins and locks,
/// refusals, wrong PINs, lock-outs and settings changes. The ward is written in one bulk
/// transaction; each measurement then runs in a fresh process (`--probe`) that opens the file
/// cold and, per filter shape, reads the first page of 50 and a deep page (older than an entry
/// near the old end of that filter's matches): the first run in the process, then the median of
/// repeats. Medians over the probes. Target: ≤ 50 ms a page, first or deep.
///
/// Arguments: `--quick` (100,000 entries), `--probes N` (fresh processes, default 5), `--runs N`
/// (repeats inside each, default 9), `--keep DIR` (keep the database).
func runAuditBenchmarks(arguments: [String]) async throws {
    func value(_ name: String) -> String? {
        arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
    }
    let runs = value("--runs").flatMap(Int.init) ?? 9
    if let path = value("--probe") {
        let ids = (value("--cursors") ?? "").split(separator: ",").compactMap { Int64($0) }
        let cursors = Dictionary(uniqueKeysWithValues: zip(AuditBenchWard.shapes.map(\.name), ids))
        try await probeAudit(path: path, runs: runs, cursors: cursors)
        return
    }
    let probes = value("--probes").flatMap(Int.init) ?? 5
    let entries = arguments.contains("--quick") ? 100_000 : 1_000_000
    let folder = value("--keep").map { URL(fileURLWithPath: $0) }
        ?? FileManager.default.temporaryDirectory.appendingPathComponent("cotside-audit-bench-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { if value("--keep") == nil { try? FileManager.default.removeItem(at: folder) } }
    let path = folder.appendingPathComponent("ward-audit-\(entries).sqlite").path
    try? FileManager.default.removeItem(atPath: path)

    let started = ContinuousClock.now
    let store = try SQLiteWardStore(path: path)
    try await store.pool.write { db in try db.execute(sql: AuditBenchWard.sql(entries: entries)) }
    let total = try await store.pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM audit_entry") ?? 0 }
    var cursors: [Int64] = []
    for shape in AuditBenchWard.shapes { cursors.append(try await deepCursor(store, shape.filter)) }
    await store.close()
    print("Audit trail benchmarks: \(total) audit entries (40 staff, 800 patients in 40 beds), bulk-written in "
          + String(format: "%.1f s", auditSeconds(ContinuousClock.now - started))
          + "; \(probes) fresh processes, \(runs) repeats each; pages of 50")

    var first: [String: [Double]] = [:], warm: [String: [Double]] = [:], found: [String: String] = [:]
    for _ in 0..<probes {
        let outcome = try ChildProcess.run(CommandLine.arguments[0], ["audit", "--probe", path, "--runs", String(runs),
                                                                                 "--cursors", cursors.map(String.init).joined(separator: ",")],
                                           timeout: 900)
        guard outcome.status == 0 else { throw BenchError("audit probe failed: \(outcome.stderr)") }
        for line in outcome.stdout.split(separator: "\n") {
            let parts = line.split(separator: "\t").map(String.init)
            guard parts.count == 4, let f = Double(parts[1]), let w = Double(parts[2]) else { continue }
            first[parts[0], default: []].append(f)
            warm[parts[0], default: []].append(w)
            found[parts[0]] = parts[3]
        }
    }
    print("   " + "filter shape".padding(toLength: 40, withPad: " ", startingAt: 0)
          + "   rows  first in process    then (median)")
    print("   " + "opening the ward file (fresh process)".padding(toLength: 47, withPad: " ", startingAt: 0)
          + String(format: "  %12.2f ms", auditMedian(first["open"] ?? [])))
    for shape in AuditBenchWard.shapes.map(\.name) {
        for page in ["first", "deep"] {
            let key = "\(shape) · \(page)"
            let rows = found[key] ?? "-"
            print("   " + key.padding(toLength: 40, withPad: " ", startingAt: 0)
                  + String(repeating: " ", count: max(0, 7 - rows.count)) + rows
                  + String(format: "  %12.2f ms  %12.2f ms", auditMedian(first[key] ?? []), auditMedian(warm[key] ?? [])))
        }
    }
    print("   target: ≤ 50 ms a page, first or deep")
}

/// The ward the audit benchmark writes, as SQL (one transaction, recursive CTEs), and the filter
/// shapes it times.
enum AuditBenchWard {
    /// 2024-01-01T00:00:00Z; the entries run from here, about one a minute, for two years.
    static let start: Int64 = 1_704_067_200_000

    static var shapes: [(name: String, filter: AuditFilter)] {
        let day = 86_400.0
        let t0 = Date(timeIntervalSince1970: Double(start) / 1000)
        let end = t0.addingTimeInterval(730 * day)
        return [
            ("none", AuditFilter()),
            ("bed", AuditFilter(bedLabel: "17")),
            ("one patient", AuditFilter(patientIds: [777])),
            ("by", AuditFilter(staffId: 12)),
            ("by, left the ward", AuditFilter(staffId: 13)),
            ("since (last 7 days)", AuditFilter(since: end.addingTimeInterval(-7 * day))),
            ("until (a year ago)", AuditFilter(until: end.addingTimeInterval(-365 * day))),
            ("since + until (one month)", AuditFilter(since: t0.addingTimeInterval(300 * day), until: t0.addingTimeInterval(330 * day))),
            ("action update", AuditFilter(actions: [.update])),
            ("action refused, pin-failed", AuditFilter(actions: [.refused, .pinFailed])),
            ("action locked-out (rare)", AuditFilter(actions: [.lockedOut])),
            ("action erase (none)", AuditFilter(actions: [.erase])),
            ("bed + by", AuditFilter(bedLabel: "17", staffId: 12)),
            ("by + action + since", AuditFilter(staffId: 12, actions: [.update], since: t0.addingTimeInterval(365 * day))),
            ("bed + action + since + until", AuditFilter(bedLabel: "17", actions: [.create], since: t0.addingTimeInterval(100 * day),
                                                         until: t0.addingTimeInterval(500 * day))),
            ("entity + id", AuditFilter(entity: .nappyChange, entityId: 12_321)),
        ]
    }

    static func sql(entries: Int) -> String {
        let nappies = entries * 35 / 100
        return """
            WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < 40)
            INSERT INTO staff (id, name, initials, role, active, isWardAdmin, createdAt, updatedAt)
            SELECT i, 'Staff member ' || i, 'S' || i,
                   CASE i % 8 WHEN 0 THEN 'doctor' WHEN 1 THEN 'pharmacist' WHEN 2 THEN 'healthcareAssistant' WHEN 3 THEN 'student' ELSE 'nurse' END,
                   CASE WHEN i % 13 = 0 THEN 0 ELSE 1 END, i = 1, \(start), \(start) FROM s;

            WITH RECURSIVE p(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM p WHERE i < 800)
            INSERT INTO patient (id, bedLabel, givenName, familyName, hospitalNumber, dateOfBirth, sex, gestationalAgeWeeks,
                                 gestationalAgeDays, birthWeightGrams, admittedAt, dischargedAt, createdAt, updatedAt)
            SELECT i, CAST(1 + (i - 1) % 40 AS TEXT), 'Baby' || i, 'Family' || (i % 97), 'H' || (100000 + i), '2024-01-01',
                   CASE i % 2 WHEN 0 THEN 'female' ELSE 'male' END, 30 + i % 10, i % 7, 1500 + i % 2000,
                   \(start) + ((i - 1) / 40) * 3153600000, CASE WHEN i > 760 THEN NULL ELSE \(start) + ((i - 1) / 40 + 1) * 3153600000 END,
                   \(start), \(start) FROM p;

            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(nappies))
            INSERT INTO nappy_change (id, patientId, occurredAt, kind, size, createdAt, updatedAt)
            SELECT i, 1 + min(19, i * 20 / \(nappies)) * 40 + i % 40, \(start) + i * 180000,
                   CASE i % 3 WHEN 0 THEN 'dirty' ELSE 'wet' END, 'medium', \(start), \(start) FROM n;

            WITH RECURSIVE a(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM a WHERE i < \(entries))
            INSERT INTO audit_entry (id, at, staffId, action, entity, entityId, beforeJSON, afterJSON)
            SELECT i, \(start) + i * (63072000000 / \(entries)), 1 + ((i * 2654435761) % 1000003) % 40, action, entity, entityId,
                   CASE WHEN action IN ('update', 'delete', 'restore') THEN image END,
                   CASE WHEN action IN ('signIn', 'signOut', 'lock', 'unlock', 'pinSet') THEN NULL
                        WHEN action = 'refused' THEN '{"needs":"a ward admin","permission":"changeSettings","what":"change ward settings"}'
                        WHEN action = 'pinFailed' THEN '{"failures":"2","purpose":"signIn"}'
                        WHEN action = 'lockedOut' THEN '{"purpose":"signIn","until":"' || (\(start) + i * 63072) || '"}'
                        ELSE replace(image, '"medium"', '"large"') END
            FROM (
                SELECT i, action, entity, entityId,
                       '{"createdAt":' || \(start) || ',"id":' || entityId || ',"kind":"wet","notes":"","occurredAt":'
                         || (\(start) + i * 60000) || ',"patientId":' || (1 + i % 800) || ',"recordedBy":' || (1 + i % 40)
                         || ',"size":"medium","stoolColour":null,"updatedAt":' || (\(start) + i * 60000) || '}' AS image
                FROM (
                    SELECT i,
                        CASE WHEN i % 1000 = 999 THEN 'lockedOut' WHEN i % 100 < 50 THEN 'create' WHEN i % 100 < 62 THEN 'update'
                             WHEN i % 100 < 64 THEN 'delete' WHEN i % 100 = 64 THEN 'restore' WHEN i % 100 < 70 THEN 'update'
                             WHEN i % 100 < 74 THEN 'create' WHEN i % 100 < 80 THEN 'signIn' WHEN i % 100 < 86 THEN 'signOut'
                             WHEN i % 100 < 90 THEN 'lock' WHEN i % 100 < 94 THEN 'unlock' WHEN i % 100 < 97 THEN 'refused'
                             WHEN i % 100 = 97 THEN 'pinFailed' WHEN i % 100 = 98 THEN 'update' ELSE 'pinSet' END AS action,
                        CASE WHEN i % 1000 = 999 OR i % 100 >= 74 AND i % 100 <> 98 THEN 'staff' WHEN i % 100 < 65 THEN 'nappyChange'
                             WHEN i % 100 < 70 THEN 'patient' WHEN i % 100 < 74 THEN 'measurementGoal' ELSE 'setting' END AS entity,
                        CASE WHEN i % 1000 = 999 OR i % 100 >= 74 AND i % 100 <> 98 THEN 1 + ((i * 2654435761) % 1000003) % 40
                             WHEN i % 100 < 65 THEN 1 + (i * 35 / 100) % \(nappies)
                             WHEN i % 100 < 74 THEN 1 + min(19, i * 20 / \(entries)) * 40 + i % 40
                             ELSE 0 END AS entityId
                    FROM a
                )
            );
            """
    }
}

/// One fresh process: opening the file, then per shape its first page and a deep page (the
/// first run, then the median of `runs`). Prints "shape · page<TAB>first ms<TAB>median ms<TAB>rows".
private func probeAudit(path: String, runs: Int, cursors: [String: Int64]) async throws {
    let openStart = ContinuousClock.now
    let store = try SQLiteWardStore(path: path)
    let openMs = auditSeconds(ContinuousClock.now - openStart) * 1000
    print("open\t\(openMs)\t\(openMs)\t-")
    for shape in AuditBenchWard.shapes {
        for (page, cursor) in [("first", Int64?.none), ("deep", cursors[shape.name])] {
            let start = ContinuousClock.now
            let rows = try await store.auditTrail(shape.filter, olderThan: cursor, limit: 50)
            let first = auditSeconds(ContinuousClock.now - start) * 1000
            var samples: [Double] = []
            for _ in 0..<runs {
                let t = ContinuousClock.now
                _ = try await store.auditTrail(shape.filter, olderThan: cursor, limit: 50)
                samples.append(auditSeconds(ContinuousClock.now - t) * 1000)
            }
            print("\(shape.name) · \(page)\t\(first)\t\(auditMedian(samples))\t\(rows.count)")
        }
    }
    await store.close()
}

/// An entry about nine tenths of the way down the filter's matches, newest first, or the tenth
/// of the ward's ids when there are none (a miss, read deep).
private func deepCursor(_ store: SQLiteWardStore, _ filter: AuditFilter) async throws -> Int64 {
    var cursor: Int64?
    var ids: [Int64] = []
    while true {
        let page = try await store.auditTrail(filter, olderThan: cursor, limit: 1000)
        ids += page.map(\.entry.id)
        guard page.count == 1000, let last = page.last else { break }
        cursor = last.entry.id
        if ids.count > 400_000 { break }
    }
    if ids.isEmpty { return try await store.pool.read { db in (try Int64.fetchOne(db, sql: "SELECT max(id) FROM audit_entry") ?? 10) / 10 } }
    return ids[ids.count * 9 / 10]
}

private func auditMedian(_ values: [Double]) -> Double {
    values.isEmpty ? .nan : values.sorted()[values.count / 2]
}

private func auditSeconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}
