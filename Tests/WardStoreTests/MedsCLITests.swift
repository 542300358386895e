import Foundation
import XCTest
@testable import WardStore

/// Runs the built `cotside` binary (`log feed|measurement|dose`, `meds`, `due`) against a ward set
/// up through the store: exit 0 and the stored rows on success, exit 2, a message naming the
/// problem and NOTHING stored on bad input. Skipped when the debug binary is not built.
final class MedsCLITests: WardStoreTestCase {
    /// A `log` names its author (nurse AB, added by each test that logs) unless the test names one.
    func cotside(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        try runCotside(arguments + (arguments.first == "log" && !arguments.contains("--by") ? ["--by", "AB"] : []))
    }

    func count(_ table: String) async throws -> Int {
        try await sql { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)")! }
    }

    func assertRefused(_ arguments: [String], says text: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try cotside(arguments)
        XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)", file: file, line: line)
        XCTAssertTrue(result.stderr.contains(text), "\(arguments) said: \(result.stderr)", file: file, line: line)
    }

    func testLogFeedAndMeasurement() async throws {
        let nurse = try await addNurse("AB")
        _ = try await admit(bed: "3")
        let ok = try cotside(["log", "feed", "--bed", "3", "--kind", "ebm", "--volume", "30", "--at", "-15m", "--by", "ab", "--json"])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertTrue(ok.stdout.contains(#""kind":"expressedBreastMilk""#), ok.stdout)
        XCTAssertTrue(ok.stdout.contains(#""occurredAt":"2026-03-10T11:45:00Z""#), ok.stdout)
        XCTAssertTrue(ok.stdout.contains(#""recordedBy":\#(nurse.id)"#), ok.stdout)
        try assertRefused(["log", "feed", "--bed", "3", "--kind", "milkshake", "--volume", "30"], says: "--kind milkshake is not allowed; use one of: breast, ebm")
        try assertRefused(["log", "feed", "--bed", "3", "--kind", "formula"], says: "needs its volume in mL")
        try assertRefused(["log", "feed", "--bed", "3", "--kind", "formula", "--volume", "thirty"], says: "--volume thirty is not a whole number")
        try assertRefused(["log", "feed", "--bed", "9", "--kind", "iv", "--volume", "5"], says: "--bed 9: no patient is admitted in that bed; admitted beds: 3")
        try assertRefused(["log", "feed", "--bed", "3", "--kind", "iv", "--volume", "5", "--by", "ZZ"], says: "--by ZZ: no active staff member")
        try assertRefused(["log", "feed", "--bed", "3", "--kind", "iv", "--volume", "5", "--at", "teatime"], says: "--at: ‘teatime’")
        try assertRefused(["log", "feed", "--bed", "3", "--kind", "iv", "--volume", "5", "--at", "+2h"], says: "in the future")
        let feeds = try await count("feed")
        XCTAssertEqual(feeds, 1, "nothing stored by the refused commands")

        let kg = try cotside(["log", "measurement", "--bed", "3", "--kind", "weight", "--value", "2.25", "--unit", "kg"])
        XCTAssertEqual(kg.status, 0, kg.stderr)
        XCTAssertTrue(kg.stdout.contains("weight 2250 g"), kg.stdout)
        let glucose = try cotside(["log", "measurement", "--bed", "3", "--kind", "glucose", "--value", "36", "--unit", "mg/dL", "--json"])
        XCTAssertEqual(glucose.status, 0, glucose.stderr)
        XCTAssertTrue(glucose.stdout.contains(#""outOfRange":"low""#), glucose.stdout)
        let bp = try cotside(["log", "measurement", "--bed", "3", "--kind", "bp", "--value", "72/40"])
        XCTAssertEqual(bp.status, 0, bp.stderr)
        try assertRefused(["log", "measurement", "--bed", "3", "--kind", "bp", "--value", "72"], says: "SYSTOLIC/DIASTOLIC")
        try assertRefused(["log", "measurement", "--bed", "3", "--kind", "temp", "--value", "98.6"], says: "outside 25–45 °C")
        try assertRefused(["log", "measurement", "--bed", "3", "--kind", "hr", "--value", "140", "--unit", "kg"], says: "--unit kg is not allowed for heart rate")
        try assertRefused(["log", "measurement", "--bed", "3", "--kind", "weight", "--value", "3.2", "--unit", "lb"], says: "--unit lb is not allowed")
        let measurements = try await count("measurement")
        XCTAssertEqual(measurements, 3)
    }

    func testLogDoseMedsAndDue() async throws {
        _ = try await addNurse("AB")
        let patient = try await admit(bed: "3")
        let caffeine = try await addMedication(patient: patient, name: "caffeine citrate", schedule: .fixedTimes(times("12:00", "20:00")),
                                               startsAt: date("2026-03-10T00:00:00Z"))
        _ = try await addMedication(patient: patient, name: "paracetamol", schedule: .asNeeded(minimumIntervalMinutes: 240, maxDosesPer24h: 4),
                                    category: .antipyretic)
        let due = try cotside(["due", "--json"])
        XCTAssertEqual(due.status, 0, due.stderr)
        XCTAssertTrue(due.stdout.contains(#""due":1"#) && due.stdout.contains(#""drug":"caffeine citrate""#), due.stdout)
        XCTAssertTrue(due.stdout.contains(#""dose":"5 mg""#), due.stdout)

        try assertRefused(["log", "dose", "--bed", "3", "--drug", "caffeine citrate", "--status", "withheld"], says: "needs --reason")
        try assertRefused(["log", "dose", "--bed", "3", "--drug", "caffeine citrate", "--status", "taken"], says: "--status taken is not allowed")
        try assertRefused(["log", "dose", "--bed", "3", "--drug", "morphine"], says: "no such medication; medications: caffeine citrate, paracetamol")
        try assertRefused(["log", "dose", "--bed", "3", "--drug", "caffeine citrate", "--slot", "13:00"], says: "has no dose at 13:00")
        try assertRefused(["log", "dose", "--bed", "3"], says: "exactly one of --drug NAME or --med ID")
        let records = try await count("dose_record")
        XCTAssertEqual(records, 0)

        let given = try cotside(["log", "dose", "--bed", "3", "--drug", "caffeine", "--by", "AB"])
        XCTAssertEqual(given.status, 0, given.stderr)
        XCTAssertTrue(given.stdout.contains("12:00 slot given"), given.stdout)
        try assertRefused(["log", "dose", "--bed", "3", "--med", String(caffeine.id), "--slot", "12:00", "--status", "withheld",
                           "--reason", "nil-by-mouth", "--json"],
                          says: "the 12:00 dose of caffeine citrate is already given by AB at 12:00")
        let rows = try await count("dose_record")
        XCTAssertEqual(rows, 1, "one row, still given")
        // A deliberate correction names the slot and says why; it is audited as an update.
        try assertRefused(["log", "dose", "--bed", "3", "--drug", "caffeine", "--status", "withheld", "--reason", "nil-by-mouth",
                           "--correct", "charted on the wrong cot"], says: "--correct needs --slot")
        try assertRefused(["log", "dose", "--bed", "3", "--drug", "caffeine", "--slot", "20:00", "--status", "missed",
                           "--correct", "no"], says: "the 20:00 dose of caffeine citrate has no recorded status to correct")
        let corrected = try cotside(["log", "dose", "--bed", "3", "--drug", "caffeine", "--slot", "12:00", "--status", "withheld",
                                     "--reason", "nil-by-mouth", "--correct", "charted on the wrong cot", "--by", "AB"])
        XCTAssertEqual(corrected.status, 0, corrected.stderr)
        XCTAssertTrue(corrected.stdout.contains("12:00 slot given → withheld (nil by mouth); reason: charted on the wrong cot"),
                      corrected.stdout)

        let prn = try cotside(["log", "dose", "--bed", "3", "--drug", "paracetamol", "--at", "-1h"])
        XCTAssertEqual(prn.status, 0, prn.stderr)
        try assertRefused(["log", "dose", "--bed", "3", "--drug", "paracetamol"], says: "minimum interval 4 h")
        let overridden = try cotside(["log", "dose", "--bed", "3", "--drug", "paracetamol", "--override-reason", "spiking 39.4"])
        XCTAssertEqual(overridden.status, 0, overridden.stderr)
        let prnRows = try await count("as_needed_dose")
        XCTAssertEqual(prnRows, 2)

        let meds = try cotside(["meds", "--bed", "3"])
        XCTAssertEqual(meds.status, 0, meds.stderr)
        XCTAssertTrue(meds.stdout.contains("caffeine citrate 5 mg oral · 12:00 20:00 · active · latest withheld (nil by mouth)"), meds.stdout)
        XCTAssertTrue(meds.stdout.contains("paracetamol 5 mg oral · as needed (≥ 4 h apart, max 4/24 h)"), meds.stdout)
        let json = try cotside(["meds", "--bed", "3", "--json", "--filter", "attention"])
        XCTAssertEqual(json.status, 0, json.stderr)
        XCTAssertTrue(json.stdout.contains(#""counts":{"active":2,"all":2,"attention":0,"paused":0}"#), json.stdout)
        try assertRefused(["meds", "--bed", "3", "--filter", "odd"], says: "use one of: all, active, paused, attention")
        let after = try cotside(["due"])
        XCTAssertEqual(after.status, 0)
        XCTAssertTrue(after.stdout.hasPrefix("0 overdue, 0 due"), after.stdout)
    }

    /// `due --json` writes a dose as every other text does (`doseText`): no thousands separator
    /// and a half rounded up as typed; it used a locale's NumberFormatter ("1,250 mg", "0.012 mg").
    func testDueJSONWritesDosesLikeEveryOtherDoseText() async throws {
        let patient = try await admit(bed: "3")
        for amount in [1250, 0.0125] {
            _ = try await store.addMedication(MedicationDraft(patientId: patient.id, drugName: "drug \(amount)", doseAmount: amount,
                                                              doseUnit: .mg, route: .oral, schedule: .fixedTimes(times("12:00")),
                                                              startsAt: date("2026-03-10T00:00:00Z")), by: nil)
        }
        let due = try cotside(["due", "--json"])
        XCTAssertEqual(due.status, 0, due.stderr)
        XCTAssertTrue(due.stdout.contains(#""dose":"1250 mg""#), due.stdout)
        XCTAssertTrue(due.stdout.contains(#""dose":"0.013 mg""#), due.stdout)
    }

    /// The 10:00 dose fell in a pause (09:30–11:00), so at 12:00 only the 12:00 dose is open and
    /// `log dose` without --slot records it, instead of refusing "several doses due or overdue".
    func testLogDoseNeverPicksASlotThatFellInAPause() async throws {
        _ = try await addNurse("AB")
        let patient = try await admit(bed: "3")
        let caffeine = try await addMedication(patient: patient, name: "caffeine citrate", schedule: .fixedTimes(times("10:00", "12:00")),
                                               startsAt: date("2026-03-10T00:00:00Z"))
        clock.now = date("2026-03-10T09:30:00Z")
        _ = try await store.setMedicationPaused(id: caffeine.id, paused: true, by: nil)
        clock.now = date("2026-03-10T11:00:00Z")
        _ = try await store.setMedicationPaused(id: caffeine.id, paused: false, by: nil)
        let given = try cotside(["log", "dose", "--bed", "3", "--drug", "caffeine", "--by", "AB"])
        XCTAssertEqual(given.status, 0, given.stderr)
        let records = try await store.doseRecords(medicationId: caffeine.id, from: date("2026-03-10T00:00:00Z"),
                                                  to: date("2026-03-11T00:00:00Z"))
        XCTAssertEqual(records.map(\.scheduledAt), [date("2026-03-10T12:00:00Z")])
    }

    func testMedsWarnsWhenADoseIsAboveTheDrugTablesDoseForTheWeight() async throws {
        let patient = try await admit(bed: "3")  // 2 days old, born 34+2, birth weight 2100 g, no weight measured yet
        // Drug table, neonate at 34+4 weeks' postmenstrual age: oral paracetamol 15 mg/kg every
        // 8 hours, so 31.5 mg for 2.1 kg; 40 mg is above it. Ibuprofen's only band is for
        // children over 3 months: for a 2-day-old it is outside the table, and meds says so.
        _ = try await store.addMedication(MedicationDraft(patientId: patient.id, drugName: "Ibuprofen", doseAmount: 20, doseUnit: .mg,
                                                          route: .oral, schedule: .fixedTimes(times("18:00")), startsAt: patient.admittedAt),
                                          by: nil)
        _ = try await store.addMedication(MedicationDraft(patientId: patient.id, drugName: "paracetamol", doseAmount: 40, doseUnit: .mg,
                                                          route: .oral, schedule: .fixedTimes(times("18:00")), startsAt: patient.admittedAt),
                                          by: nil)
        let text = try cotside(["meds", "--bed", "3"])
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertTrue(text.stdout.contains("WARNING: dose 40 mg is above the drug table's 31.5 mg for 2100 g (mg/kg × weight)"), text.stdout)
        XCTAssertTrue(text.stdout.contains("WARNING: the drug table has no Ibuprofen dose by this route for this child (it covers: child over 3 months)"),
                      text.stdout)
        _ = try await store.logMeasurement(MeasurementDraft(patientId: patient.id, measuredAt: clock.now, kind: .weight, value: 4200), by: nil)
        let heavier = try cotside(["meds", "--bed", "3", "--json"])
        XCTAssertTrue(heavier.stdout.contains(#""weightGrams":4200"#), heavier.stdout)
        XCTAssertFalse(heavier.stdout.contains("doseWarning\":\"dose"), "40 mg is within 15 mg/kg × 4.2 kg")
    }
}
