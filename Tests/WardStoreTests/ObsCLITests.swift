import Foundation
import GRDB
import XCTest
@testable import WardStore

/// `cotside log obs`: a set of observations at one time, all stored (one row and one audit
/// entry each) or, on any bad input, exit 2 with the option named and NOTHING stored.
/// Skipped when the debug binary is not built.
final class ObsCLITests: WardStoreTestCase {
    func count(_ table: String) async throws -> Int {
        try await sql { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)")! }
    }

    func assertRefused(_ arguments: [String], says text: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try runCotside(["log", "obs", "--bed", "3", "--by", "AB"] + arguments)
        XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)", file: file, line: line)
        XCTAssertTrue(result.stderr.contains(text), "\(arguments) said: \(result.stderr)", file: file, line: line)
        XCTAssertTrue(result.stdout.isEmpty, "\(arguments) printed \(result.stdout)", file: file, line: line)
    }

    func testAFullSetIsStoredAtOneTimeWithItsOxygen() async throws {
        let nurse = try await addNurse("AB")
        _ = try await admit(bed: "3")  // 2 days old: newborn goal ranges
        let ok = try runCotside(["log", "obs", "--bed", "3", "--temp", "37.2", "--hr", "190", "--rr", "42", "--spo2", "97",
                                 "--o2", "2L", "--bp", "70/40", "--glucose", "4.2", "--pain", "3", "--at", "-15m",
                                 "--notes", "after feed", "--by", "AB"])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertTrue(ok.stdout.contains("Logged observations for bed 3 at 11:45"), ok.stdout)
        XCTAssertTrue(ok.stdout.contains("heart rate 190 bpm (high)"), "out of range is stored and marked: \(ok.stdout)")
        XCTAssertTrue(ok.stdout.contains("SpO2 97 % on 2 L/min"), ok.stdout)
        let rows = try await sql { db in try MeasurementRecord.fetchAll(db, sql: "SELECT * FROM measurement ORDER BY id") }
        XCTAssertEqual(rows.map(\.kind), ObservationSet.kinds)
        XCTAssertEqual(Set(rows.map(\.measuredAt)), [clock.now.addingTimeInterval(-900)], "one time for every value")
        XCTAssertTrue(rows.allSatisfy { $0.recordedBy == nurse.id && $0.notes == "after feed" })
        XCTAssertEqual(rows[3].oxygen, OxygenSupport(mode: .litres, amount: 2))
        XCTAssertEqual(rows[6].value, 3, "the pain score")
        let audits = try await sql { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM audit_entry WHERE entity = 'measurement'")! }
        XCTAssertEqual(audits, 7, "one audit entry per value")

        let json = try runCotside(["log", "obs", "--bed", "3", "--spo2", "91", "--o2", "40%", "--by", "AB", "--json"])
        XCTAssertEqual(json.status, 0, json.stderr)
        XCTAssertTrue(json.stdout.contains(#""oxygenMode":"fio2""#) && json.stdout.contains(#""oxygenAmount":40"#), json.stdout)
        let air = try runCotside(["log", "obs", "--bed", "3", "--spo2", "99", "--o2", "air", "--by", "AB"])
        XCTAssertTrue(air.stdout.contains("SpO2 99 % on air"), air.stdout)
        let stillWorks = try runCotside(["log", "measurement", "--bed", "3", "--kind", "weight", "--value", "3200", "--by", "AB"])
        XCTAssertEqual(stillWorks.status, 0, "log measurement keeps working: \(stillWorks.stderr)")
    }

    func testEveryBadInputExitsTwoAndStoresNothing() async throws {
        _ = try await addNurse("AB")
        _ = try await admit(bed: "3")
        let good = ["--temp", "37.2", "--hr", "140"]
        try assertRefused([], says: "no value given: an observation set needs at least one of --temp")
        try assertRefused(good + ["--rr", "fast"], says: "--rr fast is not a number")
        try assertRefused(["--temp", "70", "--hr", "140"], says: "--temp: temperature 70 °C is outside 25–45 °C")
        try assertRefused(good + ["--spo2", "120"], says: "--spo2: SpO2 120 % is outside 30–100 %")
        try assertRefused(good + ["--bp", "70"], says: "--bp 70 is not a blood pressure; give SYSTOLIC/DIASTOLIC")
        try assertRefused(good + ["--bp", "40/70"], says: "--bp: diastolic 70 must be below systolic 40")
        try assertRefused(good + ["--spo2", "95", "--o2", "mask"], says: "--o2 mask is not an oxygen; give air, litres per minute")
        try assertRefused(good + ["--spo2", "95", "--o2", "20L"], says: "--o2: oxygen flow 20 L/min is outside 0.01–15 L/min")
        try assertRefused(good + ["--spo2", "95", "--o2", "10%"], says: "--o2: FiO2 10 % is outside 21–100 %")
        try assertRefused(good + ["--o2", "air"], says: "--o2 is recorded with an SpO2; give --spo2 too")
        try assertRefused(good + ["--glucose", "0.1"], says: "--glucose: glucose 0.1 mmol/L is outside 0.5–50 mmol/L")
        try assertRefused(good + ["--pain", "11"], says: "--pain: pain score 11 is outside 0–10")
        try assertRefused(good + ["--pain", "2.5"], says: "--pain: pain score 2.5 must be a whole number 0–10")
        try assertRefused(good + ["--at", "+2h"], says: "--at")
        try assertRefused(good + ["--at", "teatime"], says: "--at: ‘teatime’")
        let unknownBed = try runCotside(["log", "obs", "--bed", "9", "--hr", "140", "--by", "AB"])
        XCTAssertEqual(unknownBed.status, 2)
        XCTAssertTrue(unknownBed.stderr.contains("--bed 9: no patient is admitted in that bed"), unknownBed.stderr)
        let noAuthor = try runCotside(["log", "obs", "--bed", "3", "--hr", "140"])
        XCTAssertEqual(noAuthor.status, 2)
        XCTAssertTrue(noAuthor.stderr.contains("--by: name the staff member"), noAuthor.stderr)
        let (rows, audits) = (try await count("measurement"), try await count("audit_entry WHERE entity = 'measurement'"))
        XCTAssertEqual(rows, 0, "nothing stored by any refused set")
        XCTAssertEqual(audits, 0)
    }
}
