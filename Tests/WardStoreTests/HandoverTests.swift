import Foundation
import XCTest
@testable import WardStore

/// The handover read against a small ward charted by hand, over a night shift that crosses
/// midnight (19:30 → 07:30): every part, and the parts a quiet cot leaves empty.
final class HandoverTests: WardStoreTestCase {
    let since = ISO8601DateFormatter().date(from: "2026-03-09T19:30:00Z")!
    let until = ISO8601DateFormatter().date(from: "2026-03-10T07:30:00Z")!

    /// Bed 3 charted through the night; bed 5 admitted and left alone.
    func chartTheNight() async throws -> (busy: Patient, quiet: Patient, nurse: Staff) {
        let nurse = try await addNurse("AB")
        _ = try await store.updateSettings([.dryNappyWeightGrams: "10"], by: nil)
        let busy = try await admit(bed: "3")
        let quiet = try await admit(bed: "5", given: "Bo", hospitalNumber: "H200")
        func at(_ iso: String) -> Date { date(iso) }
        clock.now = at("2026-03-09T18:00:00Z")
        let caffeine = try await addMedication(patient: busy, name: "caffeine citrate", schedule: .fixedTimes(times("22:00", "06:00")))
        let vitaminD = try await addMedication(patient: busy, name: "vitamin D", schedule: .fixedTimes(times("08:00", "10:00")))
        let gentamicin = try await addMedication(patient: busy, name: "gentamicin", schedule: .fixedTimes(times("05:00")))
        let iron = try await addMedication(patient: busy, name: "iron", schedule: .fixedTimes(times("07:00")))
        let paracetamol = try await addMedication(patient: busy, name: "paracetamol",
                                                  schedule: .asNeeded(minimumIntervalMinutes: 240, maxDosesPer24h: 4))
        _ = (vitaminD, gentamicin)
        clock.now = until
        let id = busy.id
        for (iso, grams) in [("2026-03-09T08:00:00Z", 2000.0), ("2026-03-10T06:00:00Z", 2050.0)] {
            _ = try await store.logMeasurement(MeasurementDraft(patientId: id, measuredAt: at(iso), kind: .weight, value: grams), by: nurse.id)
        }
        for (iso, ml) in [("2026-03-09T18:00:00Z", 30), ("2026-03-09T22:00:00Z", 40), ("2026-03-10T02:00:00Z", 40),
                          ("2026-03-10T07:00:00Z", 35)] {
            _ = try await store.logFeed(FeedDraft(patientId: id, occurredAt: at(iso), kind: .nasogastric, volumeML: ml), by: nurse.id)
        }
        _ = try await store.logNappyChange(NappyChangeDraft(patientId: id, occurredAt: at("2026-03-09T18:30:00Z"), kind: .wet), by: nurse.id)
        _ = try await store.logNappyChange(NappyChangeDraft(patientId: id, occurredAt: at("2026-03-09T21:00:00Z"), kind: .wet,
                                                            nappyWeightGrams: 25), by: nurse.id)
        _ = try await store.logNappyChange(NappyChangeDraft(patientId: id, occurredAt: at("2026-03-10T03:00:00Z"), kind: .mixed,
                                                            stoolColour: .yellow, notes: "mild nappy rash"), by: nurse.id)
        _ = try await store.logNappyChange(NappyChangeDraft(patientId: id, occurredAt: at("2026-03-10T05:00:00Z"), kind: .dirty,
                                                            stoolColour: .green), by: nil)
        for (iso, kind, value) in [("2026-03-10T01:00:00Z", MeasurementKind.temperature, 38.4),
                                   ("2026-03-10T06:00:00Z", .heartRate, 150), ("2026-03-10T07:00:00Z", .temperature, 36.8)] {
            _ = try await store.logMeasurement(MeasurementDraft(patientId: id, measuredAt: at(iso), kind: kind, value: value), by: nurse.id)
        }
        _ = try await store.recordDose(DoseRecordDraft(medicationId: caffeine.id, scheduledAt: at("2026-03-09T22:00:00Z"), status: .given,
                                                       recordedAt: at("2026-03-09T22:05:00Z")), by: nurse.id)
        _ = try await store.recordDose(DoseRecordDraft(medicationId: caffeine.id, scheduledAt: at("2026-03-10T06:00:00Z"), status: .withheld,
                                                       withheldReason: .other, recordedAt: at("2026-03-10T06:10:00Z"),
                                                       notes: "asleep after a long desaturation"), by: nurse.id)
        _ = try await store.logAsNeededDose(AsNeededDoseDraft(medicationId: paracetamol.id, givenAt: at("2026-03-10T04:00:00Z")), by: nurse.id)
        clock.now = at("2026-03-10T07:10:00Z")
        _ = try await store.snoozeDose(medicationId: iron.id, scheduledAt: at("2026-03-10T07:00:00Z"), for: .thirtyMinutes, by: nurse.id)
        _ = try await store.saveCalculatorResult(CalculatorResultDraft(patientId: id, toolId: "iv_fluid", inputsJSON: "{}",
                                                                       resultJSON: "{}", summary: "maintenance 210 mL/day",
                                                                       reviewed: true), by: nil)
        clock.now = until
        return (busy, quiet, nurse)
    }

    func testANightShiftHandoverHoldsEveryPartOfTheChartAcrossMidnight() async throws {
        let (busy, quiet, nurse) = try await chartTheNight()
        // Due at 07:15, not yet overdue at the 07:30 handover: the incoming nurse must hear of it
        // (it fell between "overdue" and "due in the next 4 hours" and was left out).
        _ = try await addMedication(patient: busy, name: "benzylpenicillin", schedule: .fixedTimes(times("07:15")))
        let handover = try await store.handover(HandoverRequest(since: since, until: until, timeZone: london))
        XCTAssertEqual(handover.cots.map(\.patient.bedLabel), ["3", "5"])
        let cot = handover.cots[0]
        XCTAssertEqual(cot.patient.id, busy.id)
        // Who: 2 days old, born at 34+2 so corrected 34+4; weighed at 06:00, 2.4 % below birth weight.
        XCTAssertEqual(cot.age.days, 2)
        XCTAssertEqual(cot.age.correctedGestationWeeks, 34)
        XCTAssertEqual(cot.age.correctedGestationDays, 4)
        XCTAssertEqual(cot.weight.grams, 2050)
        XCTAssertEqual(cot.weight.weighedAt, date("2026-03-10T06:00:00Z"))
        XCTAssertEqual(cot.weight.changeSinceBirthPercent!, -2.38, accuracy: 0.01)
        XCTAssertNil(cot.weight.weekAgoGrams, "no weighing a week before")
        XCTAssertEqual(cot.daysSinceAdmission, 2)
        // Intake: the shift's three feeds (one after midnight); the 24 h adds the 18:00 one.
        XCTAssertEqual(cot.intake.shiftML, 115)
        XCTAssertEqual(cot.intake.feedsInShift, 3)
        XCTAssertEqual(cot.intake.last24hML, 145)
        XCTAssertEqual(cot.intake.shiftHours, 12)
        // Output: a mixed nappy is wet and dirty; urine only from the weighed wet nappy (25 − 10 g).
        XCTAssertEqual(cot.output.wet, 2)
        XCTAssertEqual(cot.output.dirty, 2)
        XCTAssertEqual(cot.output.urineMLPerKgPerHour!, 15 / 2.05 / 12, accuracy: 0.0001)
        XCTAssertEqual(cot.output.lastStoolAt, date("2026-03-10T05:00:00Z"))
        XCTAssertEqual(cot.output.lastStoolColour, .green)
        XCTAssertEqual(cot.output.longestDryGap, HandoverGap(from: date("2026-03-09T21:00:00Z"), to: date("2026-03-10T03:00:00Z"),
                                                             endedByWetNappy: true))
        // Observations: the 38.4 °C at 01:00 was out of range; the latest temperature is back in it.
        XCTAssertEqual(cot.outOfRange.map(\.measurement.value), [38.4])
        XCTAssertEqual(cot.outOfRange.first?.mark, .high)
        let latest = Dictionary(uniqueKeysWithValues: cot.latest.map { ($0.measurement.kind, $0) })
        XCTAssertEqual(latest[.temperature]?.measurement.value, 36.8)
        XCTAssertNil(latest[.temperature]?.mark)
        XCTAssertEqual(latest[.heartRate]?.measurement.value, 150)
        XCTAssertEqual(latest[.weight]?.measurement.value, 2050)
        // Medications.
        let m = cot.medications
        XCTAssertEqual(m.answered.map { "\($0.medication.drugName) \($0.state)" }, ["caffeine citrate given", "caffeine citrate withheld"])
        XCTAssertEqual(m.answered[1].withheldReason, .other)
        XCTAssertEqual(m.answered[1].notes, "asleep after a long desaturation")
        XCTAssertEqual(m.snoozed.map(\.medication.drugName), ["iron"])
        XCTAssertEqual(m.snoozed.first?.snoozedUntil, date("2026-03-10T07:40:00Z"))
        XCTAssertEqual(m.overdue.map(\.medication.drugName), ["gentamicin"])
        XCTAssertEqual(m.dueNext.map { "\($0.medication.drugName) \(iso($0.dueAt))" },
                       ["benzylpenicillin 2026-03-10T07:15:00Z", "iron 2026-03-10T07:40:00Z", "vitamin D 2026-03-10T08:00:00Z",
                        "vitamin D 2026-03-10T10:00:00Z"])
        XCTAssertEqual(m.asNeeded.map(\.medication.drugName), ["paracetamol"])
        XCTAssertEqual(m.asNeeded.first?.givenAt, [date("2026-03-10T04:00:00Z")])
        XCTAssertEqual(m.asNeeded.first?.nextAllowedAt, date("2026-03-10T08:00:00Z"), "4 h after the last dose")
        // Notes, results, who charted.
        XCTAssertEqual(cot.notes.map(\.notes), ["mild nappy rash", "asleep after a long desaturation"])
        XCTAssertEqual(cot.calculatorResults.map(\.summary), ["maintenance 210 mL/day"])
        XCTAssertTrue(cot.strokeAssessments.isEmpty)
        XCTAssertEqual(cot.chartedBy.map(\.staffId), [nurse.id])
        XCTAssertEqual(handover.staff[nurse.id]?.initials, "AB")
        XCTAssertEqual(cot.insightInput.now, until)

        // The quiet cot keeps every part, empty.
        let empty = handover.cots[1]
        XCTAssertEqual(empty.patient.id, quiet.id)
        XCTAssertEqual(empty.intake, HandoverIntake(shiftML: 0, last24hML: 0, feedsInShift: 0, shiftHours: 12))
        XCTAssertEqual([empty.output.wet, empty.output.dirty], [0, 0])
        XCTAssertNil(empty.output.urineMLPerKgPerHour)
        XCTAssertNil(empty.output.lastStoolAt)
        XCTAssertEqual(empty.output.longestDryGap?.endedByWetNappy, false, "dry since admission, still open")
        XCTAssertTrue(empty.outOfRange.isEmpty && empty.latest.isEmpty && empty.notes.isEmpty && empty.chartedBy.isEmpty)
        XCTAssertEqual(empty.medications, HandoverMedications(answered: [], snoozed: [], dueNext: [], overdue: [], asNeeded: []))
        XCTAssertEqual(empty.weight.grams, 2100, "the birth weight until weighed")
        XCTAssertNil(empty.weight.weighedAt)
    }

    func testOneCotsHandoverIsThatCotOfTheWards() async throws {
        let (busy, _, _) = try await chartTheNight()
        let ward = try await store.handover(HandoverRequest(since: since, until: until, timeZone: london))
        let one = try await store.handover(HandoverRequest(patientId: busy.id, since: since, until: until, timeZone: london))
        XCTAssertEqual(one.cots, [ward.cots[0]])
    }

    /// The ward read (a statement per part for every cot, `CotInsightInput.fetchWard`) against the
    /// one-cot read (`CotInsightInput.fetch`, WardSlots per patient), cot by cot, on a seeded ward.
    func testWardHandoverEqualsCotByCotHandoverOnASeededWard() async throws {
        try await DemoWard.generate(into: try storeToSeed, cots: 8, days: 20, seed: 4, now: clock.now, timeZone: london)
        let (from, to) = (clock.now.addingTimeInterval(-12 * 3600), clock.now)
        let ward = try await store.handover(HandoverRequest(since: from, until: to, timeZone: london))
        let admitted = try await store.admittedPatients().count
        // A baby who went home in the period is in its handover too.
        let wentHome = try await store.allPatients().filter { $0.dischargedAt.map { $0 >= from && $0 <= to } ?? false }.count
        XCTAssertEqual(ward.cots.count, admitted + wentHome)
        XCTAssertGreaterThan(wentHome, 0, "the comparison covers a discharged cot")
        XCTAssertGreaterThan(admitted, 5)
        for cot in ward.cots {
            let one = try await store.handover(HandoverRequest(patientId: cot.patient.id, since: from, until: to, timeZone: london))
            XCTAssertEqual(one.cots, [cot], "bed \(cot.patient.bedLabel)")
        }
        // The comparison has something in it.
        XCTAssertGreaterThan(ward.cots.filter { !$0.medications.answered.isEmpty && $0.intake.shiftML > 0 }.count, 3)
    }

    /// The ward read's SQL against the slow, obvious reading of the same chart: every live row of
    /// the cot fetched and counted in Swift (intake, nappies, the last stool, the longest dry
    /// stretch by brute force, readings out of range and the latest of each kind).
    func testWardHandoverAgreesWithCountingEveryRowInSwiftOnASeededWard() async throws {
        try await DemoWard.generate(into: try storeToSeed, cots: 8, days: 20, seed: 11, now: clock.now, timeZone: london)
        let (from, to) = (clock.now.addingTimeInterval(-12 * 3600), clock.now)
        let ward = try await store.handover(HandoverRequest(since: from, until: to, timeZone: london))
        var checkedReadings = 0
        for cot in ward.cots {
            let id = cot.patient.id
            let (feeds, nappies, readings) = try await sql { db in
                (try Feed.fetchAll(db, sql: "SELECT * FROM feed WHERE patientId = ? AND deletedAt IS NULL", arguments: [id]),
                 try NappyChange.fetchAll(db, sql: "SELECT * FROM nappy_change WHERE patientId = ? AND deletedAt IS NULL", arguments: [id]),
                 try MeasurementRecord.fetchAll(db, sql: "SELECT * FROM measurement WHERE patientId = ? AND deletedAt IS NULL",
                                                arguments: [id]))
            }
            let bed = "bed \(cot.patient.bedLabel)"
            let inShift = { (date: Date) in date >= from && date <= to }
            XCTAssertEqual(cot.intake.shiftML, feeds.filter { inShift($0.occurredAt) }.map { $0.volumeML ?? 0 }.reduce(0, +), bed)
            XCTAssertEqual(cot.intake.last24hML,
                           feeds.filter { $0.occurredAt > to.addingTimeInterval(-86_400) && $0.occurredAt <= to }
                               .map { $0.volumeML ?? 0 }.reduce(0, +), bed)
            let shiftNappies = nappies.filter { inShift($0.occurredAt) }
            XCTAssertEqual(cot.output.wet, shiftNappies.filter { $0.kind == .wet || $0.kind == .mixed }.count, bed)
            XCTAssertEqual(cot.output.dirty, shiftNappies.filter { $0.kind == .dirty || $0.kind == .mixed }.count, bed)
            let stool = nappies.filter { ($0.kind == .dirty || $0.kind == .mixed) && $0.occurredAt <= to }.max { $0.occurredAt < $1.occurredAt }
            XCTAssertEqual(cot.output.lastStoolAt, stool?.occurredAt, bed)
            XCTAssertEqual(cot.output.lastStoolColour, stool?.stoolColour, bed)
            // The longest dry stretch touching the shift: from admission or each wet nappy to the next (or `to`).
            let wet = nappies.filter { ($0.kind == .wet || $0.kind == .mixed) && $0.occurredAt <= to && $0.occurredAt >= cot.patient.admittedAt }
                .map(\.occurredAt).sorted()
            let marks = [cot.patient.admittedAt] + wet
            var longest = 0.0
            for (i, start) in marks.enumerated() {
                let end = i + 1 < marks.count ? marks[i + 1] : to
                if end >= from { longest = max(longest, end.timeIntervalSince(start)) }
            }
            XCTAssertEqual(cot.output.longestDryGap?.hours ?? 0, longest / 3600, accuracy: 0.0001, bed)
            let ranges = try await store.goalRanges(patientId: id)
            let expectedOut = readings.filter { inShift($0.measuredAt) && ranges[$0.kind]?.mark($0.value) != nil }
            XCTAssertEqual(Set(cot.outOfRange.map(\.measurement.id)), Set(expectedOut.map(\.id)), bed)
            let latest = Dictionary(grouping: readings.filter { $0.measuredAt <= to }, by: \.kind).values
                .compactMap { $0.max { ($0.measuredAt, $0.id) < ($1.measuredAt, $1.id) } }
            XCTAssertEqual(Set(cot.latest.map(\.measurement.kind)), Set(latest.map(\.kind)), bed)
            for reading in latest {
                XCTAssertEqual(cot.latest.first { $0.measurement.kind == reading.kind }?.measurement.measuredAt, reading.measuredAt, bed)
            }
            checkedReadings += readings.count
        }
        XCTAssertGreaterThan(ward.cots.map(\.output.wet).reduce(0, +), 10, "the comparison has something in it")
        XCTAssertGreaterThan(ward.cots.map(\.outOfRange.count).reduce(0, +), 0, "some readings out of range")
        XCTAssertGreaterThan(checkedReadings, 100)
    }

    func testAHandoverEndingBeforeItStartsIsRefused() async throws {
        do {
            _ = try await store.handover(HandoverRequest(since: until, until: since, timeZone: london))
            XCTFail("refused")
        } catch let error as WardStoreError {
            XCTAssertTrue(error.description.contains("after its end"), error.description)
        }
    }
}

/// The ward setting `shift_changes` and the start of the shift it gives.
final class ShiftChangesTests: XCTestCase {
    let london = TimeZone(identifier: "Europe/London")!
    func date(_ iso: String) -> Date { ISO8601DateFormatter().date(from: iso)! }

    func testTheShiftStartsAtTheLatestChangeAtOrBeforeNowLookingBackAcrossMidnight() {
        let changes = ShiftChanges.standard
        XCTAssertEqual(changes.shiftStart(at: date("2026-03-10T07:29:00Z"), timeZone: london), date("2026-03-09T19:30:00Z"))
        XCTAssertEqual(changes.shiftStart(at: date("2026-03-10T07:30:00Z"), timeZone: london), date("2026-03-10T07:30:00Z"))
        XCTAssertEqual(changes.shiftStart(at: date("2026-03-10T23:59:00Z"), timeZone: london), date("2026-03-10T19:30:00Z"))
        XCTAssertEqual(changes.shiftStart(at: date("2026-03-11T00:10:00Z"), timeZone: london), date("2026-03-10T19:30:00Z"))
        XCTAssertEqual(ShiftChanges(text: "08:00")!.shiftStart(at: date("2026-03-10T07:00:00Z"), timeZone: london),
                       date("2026-03-09T08:00:00Z"), "one change a day: yesterday's")
    }

    /// At 07:30 the night nurse hands over the night: within the hour after a change the
    /// handover covers the shift that has just ended (to now); after it, the running shift.
    func testAHandoverJustAfterAChangeCoversTheShiftThatEnded() {
        let changes = ShiftChanges.standard
        XCTAssertEqual(changes.handoverStart(at: date("2026-03-10T07:30:00Z"), timeZone: london), date("2026-03-09T19:30:00Z"))
        XCTAssertEqual(changes.handoverStart(at: date("2026-03-10T08:29:00Z"), timeZone: london), date("2026-03-09T19:30:00Z"))
        XCTAssertEqual(changes.handoverStart(at: date("2026-03-10T08:30:00Z"), timeZone: london), date("2026-03-10T07:30:00Z"))
        XCTAssertEqual(changes.handoverStart(at: date("2026-03-10T07:20:00Z"), timeZone: london), date("2026-03-09T19:30:00Z"),
                       "before the change: the running night shift")
    }

    func testShiftChangesInTheDaylightSavingHoursFollowTheWardClock() {
        // 29 March 2026: 01:00 GMT → 02:00 BST; a change at 01:30 falls just after the gap (02:30 BST).
        let spring = ShiftChanges(text: "01:30, 13:30")!
        XCTAssertEqual(spring.shiftStart(at: date("2026-03-29T02:00:00Z"), timeZone: london), date("2026-03-29T01:30:00Z"))
        // BST 07:30 is 06:30 UTC.
        XCTAssertEqual(ShiftChanges.standard.shiftStart(at: date("2026-03-30T06:31:00Z"), timeZone: london),
                       date("2026-03-30T06:30:00Z"))
        // 25 October 2026: 01:30 happens twice; the change is its first occurrence (00:30 UTC).
        let autumn = ShiftChanges(text: "01:30")!
        XCTAssertEqual(autumn.shiftStart(at: date("2026-10-25T01:10:00Z"), timeZone: london), date("2026-10-25T00:30:00Z"))
    }

    func testTheSettingTakesOneToSixDifferentTimesAndSaysWhatIsWrong() {
        let declaration = WardSettings.declaration(.shiftChanges)
        XCTAssertEqual(declaration.defaultValue, "07:30, 19:30")
        XCTAssertEqual(declaration.check(" 19:30,7:30 "), .valid("07:30, 19:30"))
        XCTAssertEqual(declaration.check("06:00; 14:00 22:00"), .valid("06:00, 14:00, 22:00"))
        for (text, words) in [("", "has no time"), ("7.30", "‘7.30’ is not a time of day HH:MM"), ("25:00", "‘25:00’ is not"),
                              ("07:30, 07:30", "has 07:30 twice"),
                              ("01:00 02:00 03:00 04:00 05:00 06:00 07:00", "has 7 times")] {
            guard case .invalid(let issue) = declaration.check(text) else { return XCTFail("\(text) accepted") }
            XCTAssertEqual(issue.field, "shiftChanges")
            XCTAssertTrue(issue.message.hasPrefix("the shift changes \(words)"), issue.message)
            XCTAssertTrue(issue.message.contains("1 to 6 different times of day HH:MM"), issue.message)
        }
    }
}
