import Foundation
import XCTest
@testable import WardStore

/// Due / overdue / missed transitions at fixed clocks, snooze, and the ward's due board.
final class SlotStateTests: WardStoreTestCase {
    let slot = DoseSlot(medicationId: 1, scheduledAt: ISO8601DateFormatter().date(from: "2026-03-10T14:00:00Z")!,
                        day: CalendarDay("2026-03-10")!, time: TimeOfDay("14:00")!)

    func state(_ at: String, status: DoseStatus? = nil, snoozed: String? = nil, timing: SlotTiming = .standard) -> SlotState {
        timing.state(of: slot, status: status, snoozedUntil: snoozed.map(date), pauses: [], now: date(at), timeZone: london)
    }

    func testTransitionsWithTheDefaultWindowAndGrace() {
        XCTAssertEqual(state("2026-03-10T13:29:00Z"), .upcoming)
        XCTAssertEqual(state("2026-03-10T13:30:00Z"), .due, "window opens 30 min before")
        XCTAssertEqual(state("2026-03-10T14:30:00Z"), .due, "still due at the end of the window")
        XCTAssertEqual(state("2026-03-10T15:00:00Z"), .due, "grace: 30 more minutes")
        XCTAssertEqual(state("2026-03-10T15:00:01Z"), .overdue)
        XCTAssertEqual(state("2026-03-10T23:59:59Z"), .overdue)
        XCTAssertEqual(state("2026-03-11T00:00:00Z"), .missed, "never recorded by the end of its day")
    }

    func testGraceIsASetting() {
        let strict = SlotTiming(windowMinutes: 15, graceMinutes: 0)
        XCTAssertEqual(state("2026-03-10T13:44:00Z", timing: strict), .upcoming)
        XCTAssertEqual(state("2026-03-10T14:15:00Z", timing: strict), .due)
        XCTAssertEqual(state("2026-03-10T14:16:00Z", timing: strict), .overdue)
    }

    func testFinalStatusesDoNotChangeWithTheClock() {
        for at in ["2026-03-10T10:00:00Z", "2026-03-10T14:00:00Z", "2026-03-12T00:00:00Z"] {
            XCTAssertEqual(state(at, status: .given), .given)
            XCTAssertEqual(state(at, status: .withheld), .withheld)
            XCTAssertEqual(state(at, status: .missed), .missed)
        }
    }

    func testSnoozeMovesTheDueTime() {
        XCTAssertEqual(state("2026-03-10T15:20:00Z", snoozed: "2026-03-10T15:00:00Z"), .due)
        XCTAssertEqual(state("2026-03-10T16:00:01Z", snoozed: "2026-03-10T15:00:00Z"), .overdue)
        let now = date("2026-03-10T14:40:00Z")
        XCTAssertEqual(SnoozeOption.thirtyMinutes.snoozedUntil(now: now, current: nil), date("2026-03-10T15:10:00Z"))
        XCTAssertEqual(SnoozeOption.tenMinutes.snoozedUntil(now: now, current: date("2026-03-10T15:10:00Z")),
                       date("2026-03-10T15:20:00Z"), "snoozing again adds to the current snooze")
    }

    func testLateEveningSlotIsMissedOnlyAfterItsOverdueTimeTooWhenThatIsLater() {
        let late = DoseSlot(medicationId: 1, scheduledAt: date("2026-03-10T23:45:00Z"), day: CalendarDay("2026-03-10")!,
                            time: TimeOfDay("23:45")!)
        let t = SlotTiming.standard
        XCTAssertEqual(t.state(of: late, status: nil, snoozedUntil: nil, pauses: [], now: date("2026-03-11T00:30:00Z"), timeZone: london), .due)
        XCTAssertEqual(t.state(of: late, status: nil, snoozedUntil: nil, pauses: [], now: date("2026-03-11T00:45:00Z"), timeZone: london), .missed)
    }

    func testDueBoardGroupsOverdueFirstAndFollowsRecordsAndSnoozes() async throws {
        let a = try await admit(bed: "2", given: "Ann", hospitalNumber: "A1")
        let b = try await admit(bed: "10", given: "Bo", hospitalNumber: "B1")
        clock.now = date("2026-03-10T14:10:00Z")
        let caffeine = try await addMedication(patient: a, name: "caffeine citrate", schedule: .fixedTimes(times("13:00", "14:00")))
        let vitD = try await addMedication(patient: b, name: "vitamin D", schedule: .fixedTimes(times("14:00")))
        let iron = try await addMedication(patient: b, name: "iron", schedule: .fixedTimes(times("12:30", "20:00")))
        let paused = try await addMedication(patient: a, name: "paused drug", schedule: .fixedTimes(times("14:00")))
        _ = try await store.setMedicationPaused(id: paused.id, paused: true, by: nil)
        _ = try await addMedication(patient: a, name: "paracetamol", schedule: .asNeeded(minimumIntervalMinutes: 240, maxDosesPer24h: 4))

        var board = try await store.dueBoard(now: clock.now, timeZone: london)
        XCTAssertEqual(board.overdueCount, 2, "13:00 caffeine and 12:30 iron are past 60 min")
        XCTAssertEqual(board.dueCount, 2)
        XCTAssertEqual(board.groups.map { "\($0.isOverdue ? "overdue" : "due") \(iso($0.dueAt))" },
                       ["overdue 2026-03-10T12:30:00Z", "overdue 2026-03-10T13:00:00Z", "due 2026-03-10T14:00:00Z"])
        XCTAssertEqual(board.groups[2].items.map(\.bedLabel), ["2", "10"], "natural bed order within a time")
        XCTAssertEqual(board.groups[2].items.map(\.medication.id), [caffeine.id, vitD.id])

        _ = try await store.recordDose(DoseRecordDraft(medicationId: iron.id, scheduledAt: date("2026-03-10T12:30:00Z"),
                                                       status: .given, recordedAt: clock.now), by: nil)
        _ = try await store.snoozeDose(medicationId: vitD.id, scheduledAt: date("2026-03-10T14:00:00Z"), for: .sixtyMinutes,
                                       by: nil)
        board = try await store.dueBoard(now: clock.now, timeZone: london)
        XCTAssertEqual(board.overdueCount, 1)
        XCTAssertEqual(board.dueCount, 1, "the snoozed slot is upcoming until 30 min before 15:10")
        clock.now = date("2026-03-10T14:45:00Z")
        board = try await store.dueBoard(now: clock.now, timeZone: london)
        let snoozed = try XCTUnwrap(board.items.first { $0.medication.id == vitD.id })
        XCTAssertEqual(snoozed.dueAt, date("2026-03-10T15:10:00Z"))
        XCTAssertEqual(snoozed.slot.scheduledAt, date("2026-03-10T14:00:00Z"), "identity kept")
        clock.now = date("2026-03-11T00:00:00Z")
        board = try await store.dueBoard(now: clock.now, timeZone: london)
        XCTAssertTrue(board.items.isEmpty, "at midnight every open slot of the day is missed, none is on the board")
    }

    func testSlotHistoryShowsUnrecordedPastSlotsAsMissed() async throws {
        let patient = try await admit()
        let med = try await addMedication(patient: patient, schedule: .fixedTimes(times("08:00", "20:00")),
                                          startsAt: date("2026-03-09T00:00:00Z"))
        _ = try await store.recordDose(DoseRecordDraft(medicationId: med.id, scheduledAt: date("2026-03-09T08:00:00Z"),
                                                       status: .given, recordedAt: date("2026-03-09T08:20:00Z")), by: nil)
        let history = try await store.slotHistory(medicationId: med.id, from: date("2026-03-09T00:00:00Z"),
                                                  to: date("2026-03-11T00:00:00Z"), now: clock.now, timeZone: london)
        XCTAssertEqual(history.map(\.state), [.given, .missed, .overdue, .upcoming], "09 Mar 08:00, 20:00; 10 Mar 08:00, 20:00 at noon")
        XCTAssertNotNil(history[0].record)
        XCTAssertNil(history[1].record)
    }
}
