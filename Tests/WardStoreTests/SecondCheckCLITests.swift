import Foundation
import XCTest
@testable import WardStore

/// `cotside log dose` with the ward's second-check list and withheld "other": exit 2 and
/// nothing stored without what is needed, both names stored when given. Runs the built binary.
final class SecondCheckCLITests: WardStoreTestCase {
    func count(_ table: String) async throws -> Int {
        try await sql { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)")! }
    }

    func assertRefused(_ arguments: [String], says text: String, environment: [String: String] = [:], stdin: String = "",
                       file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try runCotside(arguments, environment: environment, stdin: stdin)
        XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)", file: file, line: line)
        XCTAssertTrue(result.stderr.contains(text), "\(arguments) said: \(result.stderr)", file: file, line: line)
    }

    /// Nurses AB (author) and CD (checker), bed 3 with IV gentamicin at 12:00 and 20:00 and oral
    /// caffeine at 12:00, and morphine as needed; the list names IV antibiotics and morphine.
    func makeWard() async throws -> (ab: Staff, cd: Staff, gentamicin: Medication) {
        let ab = try await addNurse("AB")
        let cd = try await addNurse("CD")
        let patient = try await admit(bed: "3")
        let gentamicin = try await store.addMedication(MedicationDraft(
            patientId: patient.id, drugName: "gentamicin", doseAmount: 15, doseUnit: .mg, route: .iv,
            schedule: .fixedTimes(times("12:00", "20:00")), startsAt: date("2026-03-10T00:00:00Z"), category: .antibiotic), by: nil).record
        _ = try await addMedication(patient: patient, name: "caffeine citrate", schedule: .fixedTimes(times("12:00")),
                                    startsAt: date("2026-03-10T00:00:00Z"))
        _ = try await addMedication(patient: patient, name: "morphine", schedule: .asNeeded(minimumIntervalMinutes: 60, maxDosesPer24h: 6))
        _ = try await store.updateSettings([.secondCheck: "route:iv+category:antibiotic, morphine"], by: ab.id)
        return (ab, cd, gentamicin)
    }

    func testAListNamingNoKnownDrugIsStoredWithANote() async throws {
        _ = try await makeWard()
        let result = try runCotside(["settings", "set", "second_check=gentamicn, morphine", "--by", "AB"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("note: no drug in the drug table or prescribed on this ward is called ‘gentamicn’"),
                      result.stdout)
        XCTAssertFalse(result.stdout.contains("‘morphine’"), result.stdout)
        let emptied = try runCotside(["settings", "set", "second_check=", "--by", "AB"])
        XCTAssertTrue(emptied.stdout.contains("second_check = none (was gentamicn, morphine)"), emptied.stdout)
    }

    func testWithheldOtherNeedsNotes() async throws {
        _ = try await makeWard()
        try assertRefused(["log", "dose", "--bed", "3", "--drug", "caffeine", "--status", "withheld", "--reason", "other", "--by", "AB"],
                          says: "--reason other needs --notes TEXT saying in words why the dose was withheld; nothing was stored")
        try assertRefused(["log", "dose", "--bed", "3", "--drug", "caffeine", "--status", "withheld", "--reason", "other",
                           "--notes", "  ", "--by", "AB"], says: "--reason other needs --notes")
        let none = try await count("dose_record")
        XCTAssertEqual(none, 0)
        let ok = try runCotside(["log", "dose", "--bed", "3", "--drug", "caffeine", "--status", "withheld", "--reason", "other",
                                 "--notes", "baby in theatre", "--by", "AB"])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertTrue(ok.stdout.contains("withheld (other)"), ok.stdout)
    }

    func testACheckedDrugNeedsItsCheckerAndStoresBothNames() async throws {
        let ward = try await makeWard()
        try assertRefused(["log", "dose", "--bed", "3", "--drug", "gentamicin", "--by", "AB"],
                          says: "--checked-by: gentamicin needs a second check (the ward's second_check list names "
                              + "route:iv+category:antibiotic): add --checked-by INITIALS of the member who checked it; nothing was stored")
        try assertRefused(["log", "dose", "--bed", "3", "--drug", "gentamicin", "--by", "AB", "--checked-by", "AB"],
                          says: "the second checker must be another member than the author")
        try assertRefused(["log", "dose", "--bed", "3", "--drug", "gentamicin", "--by", "AB", "--checked-by", "ZZ"],
                          says: "--checked-by ZZ: no active staff member has these initials")
        try assertRefused(["log", "dose", "--bed", "3", "--drug", "gentamicin", "--by", "AB", "--status", "withheld",
                           "--reason", "vomited", "--checked-by", "CD"], says: "--checked-by is for a dose given")
        try assertRefused(["log", "dose", "--bed", "3", "--drug", "morphine", "--by", "AB"], says: "morphine needs a second check")
        let stored = try await [count("dose_record"), count("as_needed_dose")]
        XCTAssertEqual(stored, [0, 0], "nothing stored by the refused commands")

        let given = try runCotside(["log", "dose", "--bed", "3", "--drug", "gentamicin", "--by", "AB", "--checked-by", "cd", "--json"])
        XCTAssertEqual(given.status, 0, given.stderr)
        XCTAssertTrue(given.stdout.contains(#""checkedBy":\#(ward.cd.id)"#), given.stdout)
        XCTAssertTrue(given.stdout.contains(#""recordedBy":\#(ward.ab.id)"#), given.stdout)
        let prn = try runCotside(["log", "dose", "--bed", "3", "--drug", "morphine", "--by", "AB", "--checked-by", "CD"])
        XCTAssertEqual(prn.status, 0, prn.stderr)
        XCTAssertTrue(prn.stdout.contains("by AB, checked by CD"), prn.stdout)
        let meds = try runCotside(["meds", "--bed", "3"])
        XCTAssertTrue(meds.stdout.contains("given 12:00 checked by CD"), meds.stdout)
        XCTAssertTrue(meds.stdout.contains("· antibiotics are not judged: their effect shows in cultures"), meds.stdout)
    }

    /// Where PINs are required, the checker's PIN is the line after the author's, or COTSIDE_CHECKER_PIN.
    func testTheCheckersPinIsCheckedWherePinsAreRequired() async throws {
        let ward = try await makeWard()
        _ = try await store.setPin(staffId: ward.ab.id, newPin: "2468", currentPin: nil, by: ward.ab.id)
        _ = try await store.setPin(staffId: ward.cd.id, newPin: "1357", currentPin: nil, by: ward.cd.id)
        try await requirePins(true)
        let base = ["log", "dose", "--bed", "3", "--drug", "gentamicin", "--by", "AB", "--pin-stdin", "--checked-by", "CD"]
        try assertRefused(base, says: "this ward requires the PIN of CD for every write: give it with --checker-pin-stdin", stdin: "2468\n")
        try assertRefused(base + ["--checker-pin-stdin"], says: "wrong PIN for CD; 4 tries left", stdin: "2468\n9999\n")
        try assertRefused(base + ["--checker-pin-stdin"], says: "the PIN of the checker CD (--checker-pin-stdin): standard input ended",
                          stdin: "2468\n")
        let none = try await count("dose_record")
        XCTAssertEqual(none, 0)
        let failures = try await store.auditTrail(AuditFilter(), olderThan: nil, limit: 50).filter { $0.entry.action == .pinFailed }
        XCTAssertTrue(failures.first?.entry.afterJSON?.contains("secondCheck") == true, "audited as a second check")

        let piped = try runCotside(base + ["--checker-pin-stdin"], stdin: "2468\n1357\n")
        XCTAssertEqual(piped.status, 0, piped.stderr)
        let env = try runCotside(["log", "dose", "--bed", "3", "--drug", "gentamicin", "--slot", "20:00", "--at", "-1m", "--by", "AB",
                                  "--checked-by", "CD"], environment: ["COTSIDE_PIN": "2468", "COTSIDE_CHECKER_PIN": "1357"])
        XCTAssertEqual(env.status, 0, env.stderr)
        let checked = try await sql { db in try Int64.fetchAll(db, sql: "SELECT checkedBy FROM dose_record ORDER BY id") }
        XCTAssertEqual(checked, [ward.cd.id, ward.cd.id])
    }

    func testTheListIsASettingLikeAnyOther() async throws {
        _ = try await addNurse("AB")
        try assertRefused(["settings", "set", "second_check=gentamicin, route:vein", "--by", "AB"],
                          says: "second_check=gentamicin, route:vein: the second-check list: route:vein is not a route; routes: oral, iv")
        let set = try runCotside(["settings", "set", "second_check=Gentamicin,insulin, route:iv+category:antibiotic", "--by", "AB"])
        XCTAssertEqual(set.status, 0, set.stderr)
        XCTAssertTrue(set.stdout.contains("second_check = gentamicin, insulin, route:iv+category:antibiotic (was none)"), set.stdout)
        let list = try runCotside(["settings"])
        XCTAssertTrue(list.stdout.contains("Doses of these drugs, categories and routes need a second member's initials"), list.stdout)
        let cleared = try runCotside(["settings", "set", "second_check=", "--by", "AB"])
        XCTAssertEqual(cleared.status, 0, cleared.stderr)
        let settings = try await store.settings()
        XCTAssertEqual(settings.secondCheck, .none)
    }
}
