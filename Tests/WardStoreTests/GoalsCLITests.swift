import Foundation
import XCTest
@testable import WardStore

/// `cotside goals --bed 3 [--set KIND=RANGE] [--reset KIND]`: shows the ranges in force, sets and
/// resets own goals (audited), and refuses bad input with exit 2, a message naming the problem
/// and nothing stored — not even the valid changes named beside the bad one.
final class GoalsCLITests: WardStoreTestCase {
    /// A change names its author (nurse AB, who may set goal ranges) unless the test names one.
    func cotside(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let changes = arguments.contains("--set") || arguments.contains("--reset")
        return try runCotside(["goals"] + arguments + (changes && !arguments.contains("--by") ? ["--by", "AB"] : []))
    }

    func assertRefused(_ arguments: [String], says text: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try cotside(arguments)
        XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)", file: file, line: line)
        XCTAssertTrue(result.stderr.contains(text), "\(arguments) said: \(result.stderr)", file: file, line: line)
    }

    /// A term baby born 2 days before the clock (SpO2 default ≥ 94 %, open above).
    func admitTerm() async throws -> Patient {
        var draft = patientDraft()
        draft.gestationalAgeWeeks = 39
        return try await store.admit(draft, by: nil).record
    }

    func ownGoals(_ patient: Patient) async throws -> [MeasurementKind: GoalRange] {
        try await store.goalRanges(patientId: patient.id).filter { $0.value.isPatientGoal }
    }

    func testShowSetAndReset() async throws {
        let nurse = try await addNurse("AB")
        let patient = try await admitTerm()
        let shown = try cotside(["--bed", "3"])
        XCTAssertEqual(shown.status, 0, shown.stderr)
        XCTAssertTrue(shown.stdout.contains("temperature"), shown.stdout)
        XCTAssertTrue(shown.stdout.contains("36.5-37.5 °C"), shown.stdout)
        XCTAssertTrue(shown.stdout.contains(">= 94 %"), shown.stdout)
        XCTAssertTrue(shown.stdout.contains("age default (BTS 2017)"), shown.stdout)

        let set = try cotside(["--bed", "3", "--set", "temperature=36.0-37.8", "--set", "spo2=92-", "--by", "ab", "--json"])
        XCTAssertEqual(set.status, 0, set.stderr)
        XCTAssertTrue(set.stdout.contains(#""kind":"temperature","low":36,"own":true"#), set.stdout)
        var own = try await ownGoals(patient)
        XCTAssertEqual(own[.temperature], GoalRange(low: 36, high: 37.8, source: MeasurementGoals.patientGoalSource))
        XCTAssertEqual(own[.spo2], GoalRange(low: 92, high: nil, source: MeasurementGoals.patientGoalSource))
        let audit = try await store.auditEntries(entity: .measurementGoal, entityId: patient.id)
        XCTAssertEqual(audit.map(\.staffId), [nurse.id, nurse.id])

        let reset = try cotside(["--bed", "3", "--reset", "temperature"])
        XCTAssertEqual(reset.status, 0, reset.stderr)
        own = try await ownGoals(patient)
        XCTAssertNil(own[.temperature])
        XCTAssertNotNil(own[.spo2])
    }

    func testBadInputIsRefusedAndNothingIsStored() async throws {
        _ = try await addNurse("AB")
        let patient = try await admitTerm()
        try assertRefused(["--bed", "3", "--set", "temperature=38-37"], says: "low 38 must be below high 37")
        try assertRefused(["--bed", "3", "--set", "temperature=20-37"], says: "low 20 °C is outside 25–45 °C")
        try assertRefused(["--bed", "3", "--set", "temperature=36-"], says: "needs a high limit (the age default has one)")
        try assertRefused(["--bed", "3", "--set", "temperature=warm"], says: "the range must be LOW-HIGH, LOW- or -HIGH")
        try assertRefused(["--bed", "3", "--set", "temperature=abc-37"], says: "abc is not a number")
        try assertRefused(["--bed", "3", "--set", "temperature"], says: "give KIND=RANGE")
        try assertRefused(["--bed", "3", "--set", "weight=2-3"], says: "--set weight is not allowed; use one of: temperature, heart-rate")
        try assertRefused(["--bed", "3", "--reset", "mood"], says: "--reset mood is not allowed")
        try assertRefused(["--bed", "3", "--set", "spo2=-"], says: "a goal needs a low or a high limit")
        try assertRefused(["--bed", "9"], says: "--bed 9: no patient is admitted in that bed")
        // A good change beside a bad one is not written either.
        try assertRefused(["--bed", "3", "--set", "heart-rate=110-170", "--set", "spo2=101-"], says: "low 101 % is outside")
        try assertRefused(["--bed", "3", "--set", "hr=110-170", "--reset", "heart-rate"], says: "named twice")
        let own = try await ownGoals(patient)
        XCTAssertTrue(own.isEmpty, "nothing stored: \(own)")
        let audit = try await store.auditEntries(entity: .measurementGoal, entityId: patient.id)
        XCTAssertTrue(audit.isEmpty)
    }
}
