import Foundation
import GRDB
import XCTest
@testable import WardStore

/// Doses on the Trends screen count every scheduled slot, not only the rows someone wrote: a past
/// slot nobody answered is missed (as on the drug round), today's open slots and slots inside a
/// pause are not, and a discharged stay has no slots after the discharge. One constructed cot in
/// London across the clock change of 29 March 2026, checked cell by cell and day by day against
/// `SlotReference` (slot by slot, no shortcuts), with hand-worked spot checks.
final class DoseTrendsTests: WardStoreTestCase {
    /// 31 March 2026 09:30 UTC = 10:30 BST.
    let now = ISO8601DateFormatter().date(from: "2026-03-31T09:30:00Z")!

    struct Cot {
        let ava: Patient
        let bo: Patient
    }

    /// Bed 3 across the clock change (01:00 UTC on 29 March):
    /// - Ava, admitted 25 March 10:00 UTC, discharged 30 March 15:00 UTC:
    ///   caffeine 02:30 08:00 22:00 (02:30 does not exist on 29 March: given at 03:30 BST),
    ///   paused 27 March 12:00 to 28 March 09:00 UTC, one dose given during the pause anyway;
    ///   benzylpenicillin every 8 h from 25 March 13:00 UTC; vitamin D 01:30 09:00; ondansetron
    ///   12:00, stopped at 11:30 UTC on 29 March (just after its 12:00 BST dose).
    ///   Recorded: given, withheld, a recorded "missed", a snooze on a past slot; the rest of
    ///   caffeine's and vitamin D's past slots and two penicillin doses never answered.
    /// - Bo, admitted to the same bed 30 March 18:00 UTC: iron 08:00 10:00 20:00 (yesterday's 20:00
    ///   snoozed this morning and due again, today's 08:00 snoozed and due, 10:00 due) and
    ///   gentamicin every 6 h from 30 March 19:00 UTC (today's 01:00 UTC dose overdue, not missed:
    ///   its day has not ended).
    func seedCot() async throws -> Cot {
        clock.now = now
        let ava = try await store.admit(patientDraft(admittedAt: date("2026-03-25T10:00:00Z")), by: nil).record
        let caffeine = try await addMedication(patient: ava, name: "caffeine citrate", schedule: .fixedTimes(times("02:30", "08:00", "22:00")))
        let penicillin = try await addMedication(patient: ava, name: "benzylpenicillin", schedule: .everyHours(8),
                                                 startsAt: date("2026-03-25T13:00:00Z"))
        let vitaminD = try await addMedication(patient: ava, name: "vitamin D", schedule: .fixedTimes(times("01:30", "09:00")))
        func record(_ medication: Medication, _ iso: String, _ status: DoseStatus, reason: WithheldReason? = nil) async throws {
            let at = date(iso)
            _ = try await store.recordDose(DoseRecordDraft(medicationId: medication.id, scheduledAt: at, status: status,
                                                           withheldReason: reason, recordedAt: at.addingTimeInterval(600)), by: nil)
        }
        try await record(caffeine, "2026-03-26T08:00:00Z", .given)
        try await record(caffeine, "2026-03-26T22:00:00Z", .withheld, reason: .refused)
        try await record(caffeine, "2026-03-27T08:00:00Z", .missed)
        try await record(caffeine, "2026-03-28T02:30:00Z", .given)   // inside the pause: still given
        try await record(caffeine, "2026-03-30T07:00:00Z", .given)   // 08:00 BST
        // Penicillin: every dose given except 27 March 05:00 and 29 March 21:00 UTC.
        var dose = date("2026-03-25T13:00:00Z")
        while dose < date("2026-03-30T15:00:00Z") {
            if ![date("2026-03-27T05:00:00Z"), date("2026-03-29T21:00:00Z")].contains(dose) {
                try await record(penicillin, iso(dose), .given)
            }
            dose = dose.addingTimeInterval(8 * 3600)
        }
        try await record(vitaminD, "2026-03-27T09:00:00Z", .given)
        // Stopped half an hour after its 12:00 BST dose on the day of the clock change: that dose
        // (11:00 UTC, never answered) is the course's last.
        let ondansetron = try await addMedication(patient: ava, name: "ondansetron", schedule: .fixedTimes(times("12:00")))
        _ = try await store.stopMedication(id: ondansetron.id, at: date("2026-03-29T11:30:00Z"), by: nil)
        // Pause caffeine 27 March 12:00 → 28 March 09:00 UTC (the audit time opens and closes the period).
        clock.now = date("2026-03-27T12:00:00Z")
        _ = try await store.setMedicationPaused(id: caffeine.id, paused: true, by: nil)
        clock.now = date("2026-03-28T09:00:00Z")
        _ = try await store.setMedicationPaused(id: caffeine.id, paused: false, by: nil)
        // Caffeine 22:00 BST on 29 March (21:00 UTC) snoozed at 21:05 for 30 min, then never answered.
        clock.now = date("2026-03-29T21:05:00Z")
        _ = try await store.snoozeDose(medicationId: caffeine.id, scheduledAt: date("2026-03-29T21:00:00Z"),
                                       for: .thirtyMinutes, by: nil)
        clock.now = now
        _ = try await store.discharge(patientId: ava.id, at: date("2026-03-30T15:00:00Z"), by: nil)

        let bo = try await store.admit(patientDraft(bed: "3", given: "Bo", hospitalNumber: "H200",
                                                    admittedAt: date("2026-03-30T18:00:00Z")), by: nil).record
        let iron = try await addMedication(patient: bo, name: "sodium feredetate", schedule: .fixedTimes(times("08:00", "10:00", "20:00")))
        let gentamicin = try await addMedication(patient: bo, name: "gentamicin", schedule: .everyHours(6),
                                                 startsAt: date("2026-03-30T19:00:00Z"))
        try await record(gentamicin, "2026-03-30T19:00:00Z", .given)
        try await record(gentamicin, "2026-03-31T07:00:00Z", .given)
        clock.now = date("2026-03-31T07:50:00Z")
        _ = try await store.snoozeDose(medicationId: iron.id, scheduledAt: date("2026-03-31T07:00:00Z"), for: .sixtyMinutes, by: nil)
        // Yesterday's 20:00 BST iron, unanswered, snoozed this morning: open again, not missed.
        clock.now = date("2026-03-31T09:00:00Z")
        _ = try await store.snoozeDose(medicationId: iron.id, scheduledAt: date("2026-03-30T19:00:00Z"), for: .sixtyMinutes, by: nil)
        clock.now = now
        return Cot(ava: try await store.patient(id: ava.id)!, bo: bo)
    }

    func setDayStart(_ minutes: Int) async throws {
        var settings = try await store.settings()
        settings.dayStartMinutes = minutes
        _ = try await store.updateSettings(settings, by: nil)
    }

    func reference(patientId: Int64?, from: Date, to: Date) async throws -> [SlotReference.Entry] {
        let (now, zone) = (self.now, london)
        let timing = try await store.settings().slotTiming
        return try await sql { db in
            try SlotReference.entries(db, patientId: patientId, from: from, to: to, now: now, timeZone: zone, timing: timing)
        }
    }

    /// The heatmap, day counts and recent doses of each patient against the reference, for day
    /// starts at midnight and at 07:30, at every window.
    func testPatientDosesMatchTheSlotBySlotReference() async throws {
        let cot = try await seedCot()
        for dayStart in [0, 7 * 60 + 30] {
            try await setDayStart(dayStart)
            for patient in [cot.ava, cot.bo] {
                for window in TrendWindow.allCases {
                    let trends = try await store.patientTrends(patientId: patient.id, window: window, now: now, timeZone: london)
                    let label = "\(patient.givenName), day start \(dayStart) min, \(window)"
                    let entries = try await reference(patientId: patient.id, from: trends.days[0].day.start,
                                                      to: now.addingTimeInterval(0.001))
                    // Cells: the worst final state per local day and slot time, inside the window.
                    var cells: [String: DoseStatus] = [:]
                    for entry in entries where entry.slot.scheduledAt >= trends.from {
                        guard let final = entry.final else { continue }
                        let key = "\(entry.slot.day) \(entry.slot.time)"
                        if let current = cells[key], current.severity >= final.severity { continue }
                        cells[key] = final
                    }
                    let got = Dictionary(uniqueKeysWithValues: trends.doseCells.map { ("\($0.day) \($0.slotTime)", $0.status) })
                    XCTAssertEqual(got, cells, label)
                    // Day counts: every final slot on the ward day of its scheduled time.
                    for day in trends.days {
                        let mine = entries.filter { day.day.start <= $0.slot.scheduledAt && $0.slot.scheduledAt < day.day.end }
                        XCTAssertEqual([day.dosesGiven, day.dosesWithheld, day.dosesMissed],
                                       [DoseStatus.given, .withheld, .missed].map { s in mine.count { $0.final == s } },
                                       "\(label), day \(day.label)")
                    }
                    // Insight input: the last ten final slots per drug, however far back.
                    let all = try await reference(patientId: patient.id, from: .distantPast, to: now.addingTimeInterval(0.001))
                    var recent: [String: [DoseOutcomeRule.Dose]] = [:]
                    for (drug, list) in Dictionary(grouping: all.filter { $0.final != nil }, by: \.drugName) {
                        recent[drug] = list.suffix(DoseOutcomeRule.recentDoseCount).map {
                            DoseOutcomeRule.Dose(time: $0.slot.scheduledAt, outcome: DoseOutcomeRule.Outcome(rawValue: $0.final!.rawValue)!)
                        }
                    }
                    // ... in the input the insights (and the Dashboard) read.
                    XCTAssertEqual(trends.insightInput.recentDoses.mapValues(Set.init), recent.mapValues(Set.init), label)
                }
            }
        }
    }

    /// The same cot worked by hand: what the heatmap must and must not show.
    func testHandWorkedCells() async throws {
        let cot = try await seedCot()
        try await setDayStart(0)
        let ava = try await store.patientTrends(patientId: cot.ava.id, window: .days7, now: now, timeZone: london)
        func cell(_ cells: [DoseCell], _ day: String, _ time: String) -> DoseStatus? {
            cells.first { $0.day == CalendarDay(day) && $0.slotTime == time }?.status
        }
        XCTAssertEqual(cell(ava.doseCells, "2026-03-26", "08:00"), .given)
        XCTAssertEqual(cell(ava.doseCells, "2026-03-26", "22:00"), .withheld, "withheld caffeine; penicillin was at 21:00")
        XCTAssertEqual(cell(ava.doseCells, "2026-03-27", "08:00"), .missed, "recorded missed")
        XCTAssertEqual(cell(ava.doseCells, "2026-03-26", "02:30"), .missed, "never answered: missed, not an empty cell")
        XCTAssertEqual(cell(ava.doseCells, "2026-03-29", "02:30"), .missed, "the skipped 02:30 (given at 03:30 BST) was a slot too")
        XCTAssertEqual(cell(ava.doseCells, "2026-03-29", "22:00"), .missed, "snoozed, then its day ended")
        XCTAssertNil(cell(ava.doseCells, "2026-03-27", "22:00"), "paused, nothing recorded: no cell")
        XCTAssertEqual(cell(ava.doseCells, "2026-03-28", "02:30"), .given, "given during the pause")
        XCTAssertEqual(cell(ava.doseCells, "2026-03-27", "05:00"), .missed, "penicillin never answered")
        XCTAssertEqual(cell(ava.doseCells, "2026-03-30", "08:00"), .given)
        XCTAssertEqual(cell(ava.doseCells, "2026-03-29", "12:00"), .missed, "ondansetron's last dose, 11:00 UTC, before its stop")
        XCTAssertNil(cell(ava.doseCells, "2026-03-30", "12:00"), "stopped")
        XCTAssertFalse(ava.doseCells.contains { $0.day >= CalendarDay("2026-03-31")! }, "nothing after the discharge")
        XCTAssertNil(cell(ava.doseCells, "2026-03-30", "22:00"), "caffeine's 22:00 on the day of discharge fell after it")
        XCTAssertEqual(ava.insightInput.recentDoses["vitamin D"]?.count { $0.outcome == .missed }, 9, "10 most recent: 9 missed, 1 given")

        let bo = try await store.patientTrends(patientId: cot.bo.id, window: .days7, now: now, timeZone: london)
        XCTAssertEqual(cell(bo.doseCells, "2026-03-30", "20:00"), .given,
                       "gentamicin given; iron's 20:00, snoozed this morning, is open again, not missed")
        XCTAssertEqual(bo.days.map(\.dosesMissed).reduce(0, +), 0, "nothing of Bo's is missed yet")
        XCTAssertEqual(cell(bo.doseCells, "2026-03-31", "08:00"), .given,
                       "gentamicin given at 08:00 BST; iron's 08:00, snoozed and due now, is open and not missed")
        XCTAssertNil(cell(bo.doseCells, "2026-03-31", "10:00"), "due now: open")
        XCTAssertNil(cell(bo.doseCells, "2026-03-31", "02:00"), "overdue since 01:00 UTC but its day has not ended")
        XCTAssertEqual([bo.days.last!.dosesGiven, bo.days.last!.dosesMissed], [1, 0], "today: gentamicin 07:00 UTC given")
    }

    /// A discharged stay has no slots after the discharge on any screen: the medication's slot
    /// history, the patient's medication list (no open slot, adherence without them).
    func testNoSlotsAfterDischarge() async throws {
        let cot = try await seedCot()
        let medications = try await store.medications(patientId: cot.ava.id, includeEnded: true)
        let caffeine = try XCTUnwrap(medications.first { $0.drugName == "caffeine citrate" })
        let discharge = date("2026-03-30T15:00:00Z")
        let history = try await store.slotHistory(medicationId: caffeine.id, from: date("2026-03-29T00:00:00Z"), to: now,
                                                  now: now, timeZone: london)
        XCTAssertEqual(history.last?.slot.scheduledAt, date("2026-03-30T07:00:00Z"), "08:00 BST on 30 March is the last")
        XCTAssertFalse(history.contains { $0.slot.scheduledAt >= discharge })
        let list = try await store.medicationList(patientId: cot.ava.id, now: now, timeZone: london)
        for row in list.rows {
            XCTAssertNil(row.nextSlot, "\(row.medication.drugName): no open slot after discharge")
            XCTAssertEqual(row.overdueSlots, 0)
        }
        // Caffeine over the last 7 days, admission to discharge: 25 March 22:00, three a day 26–29
        // March, 02:30 and 08:00 on 30 March = 15 slots: given 3 (26 March 08:00, 28 March 02:30 in
        // the pause, 30 March 08:00), withheld 1, paused 2 (27 March 22:00, 28 March 08:00), and
        // 9 missed (one recorded, eight never answered); none after the discharge.
        let a = try XCTUnwrap(list.rows.first { $0.medication.id == caffeine.id }).adherence7d
        XCTAssertEqual(a.given + a.withheld + a.withheldClinical + a.missed + a.paused, 15)
        XCTAssertEqual([a.given, a.withheld, a.paused, a.missed], [3, 1, 2, 9])
    }

    /// The ward view on the same cot: recorded statuses on the day they were recorded, plus each
    /// never-answered slot as missed on the day it was scheduled.
    func testWardMissedDosesMatchTheReference() async throws {
        _ = try await seedCot()
        for dayStart in [0, 7 * 60 + 30] {
            try await setDayStart(dayStart)
            for window in TrendWindow.allCases {
                let ward = try await store.wardTrends(window: window, now: now, timeZone: london)
                let days = ward.days.map(\.day)
                let entries = try await reference(patientId: nil, from: days[0].start, to: now.addingTimeInterval(0.001))
                let never = SlotReference.neverRecordedMissed(entries, days: days)
                let recordedMissed = try await sql { db in
                    try Int64.fetchAll(db, sql: "SELECT recordedAt FROM dose_record WHERE deletedAt IS NULL AND status = 'missed'")
                }.map(StoredTime.date(milliseconds:))
                let expected = days.indices.map { i in never[i] + recordedMissed.count { days[i].start <= $0 && $0 < days[i].end } }
                XCTAssertEqual(ward.days.map(\.dosesMissed), expected, "day start \(dayStart) min, \(window)")
                if window == .days7 {
                    XCTAssertGreaterThanOrEqual(never.reduce(0, +), 15, "not vacuous: many never-answered slots")
                }
            }
        }
    }
}
