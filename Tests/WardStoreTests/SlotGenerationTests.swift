import Foundation
import XCTest
@testable import WardStore

/// Slots of fixed-time and every-N-hours schedules across midnight and both clock changes.
/// Clock-change dates: UK 29 Mar 2026 (01:00 GMT → 02:00 BST) and 25 Oct 2026 (02:00 BST → 01:00 GMT);
/// US 8 Mar 2026 (02:00 EST → 03:00 EDT) and 1 Nov 2026 (02:00 EDT → 01:00 EST).
final class SlotGenerationTests: WardStoreTestCase {
    let newYork = TimeZone(identifier: "America/New_York")!

    func testFixedTimesAcrossMidnightBelongToTheirOwnDays() {
        let med = medicationValue(schedule: .fixedTimes(times("22:00", "02:00", "14:00")),
                                  startsAt: date("2026-03-01T00:00:00Z"))
        let slots = SlotGenerator.slots(for: med, from: date("2026-03-10T21:00:00Z"), to: date("2026-03-11T03:00:00Z"),
                                        timeZone: london)
        XCTAssertEqual(slots.map { iso($0.scheduledAt) }, ["2026-03-10T22:00:00Z", "2026-03-11T02:00:00Z"])
        XCTAssertEqual(slots.map(\.day.description), ["2026-03-10", "2026-03-11"])
        XCTAssertEqual(slots.map(\.time.description), ["22:00", "02:00"])
    }

    func testSpringForwardSkippedTimeIsGivenAfterTheGapNotLost() {
        // New York: 02:30 does not exist on 8 Mar 2026; the slot is at 03:30 EDT = 07:30 UTC.
        let ny = medicationValue(schedule: .fixedTimes(times("02:30", "08:00")), startsAt: date("2026-03-01T00:00:00Z"))
        let day = SlotGenerator.slots(for: ny, on: CalendarDay("2026-03-08")!, timeZone: newYork)
        XCTAssertEqual(day.map { iso($0.scheduledAt) }, ["2026-03-08T07:30:00Z", "2026-03-08T12:00:00Z"])
        XCTAssertEqual(day.map(\.time.description), ["02:30", "08:00"], "the slot keeps its charted time")
        // London: 01:30 does not exist on 29 Mar 2026; it is at 02:30 BST = 01:30 UTC.
        let uk = medicationValue(schedule: .fixedTimes(times("01:30")), startsAt: date("2026-03-01T00:00:00Z"))
        XCTAssertEqual(SlotGenerator.slots(for: uk, on: CalendarDay("2026-03-29")!, timeZone: london).map { iso($0.scheduledAt) },
                       ["2026-03-29T01:30:00Z"])
        // The day before and after are ordinary (GMT then BST).
        XCTAssertEqual(SlotGenerator.slots(for: uk, on: CalendarDay("2026-03-28")!, timeZone: london).map { iso($0.scheduledAt) },
                       ["2026-03-28T01:30:00Z"])
        XCTAssertEqual(SlotGenerator.slots(for: uk, on: CalendarDay("2026-03-30")!, timeZone: london).map { iso($0.scheduledAt) },
                       ["2026-03-30T00:30:00Z"])
    }

    func testFallBackRepeatedTimeIsOneSlotAtItsFirstOccurrence() {
        let uk = medicationValue(schedule: .fixedTimes(times("01:30", "12:00")), startsAt: date("2026-10-01T00:00:00Z"))
        let day = SlotGenerator.slots(for: uk, on: CalendarDay("2026-10-25")!, timeZone: london)
        // 01:30 BST (00:30 UTC) happens first; 01:30 GMT (01:30 UTC) is not a second slot.
        XCTAssertEqual(day.map { iso($0.scheduledAt) }, ["2026-10-25T00:30:00Z", "2026-10-25T12:00:00Z"])
        let ny = medicationValue(schedule: .fixedTimes(times("01:30")), startsAt: date("2026-10-01T00:00:00Z"))
        XCTAssertEqual(SlotGenerator.slots(for: ny, on: CalendarDay("2026-11-01")!, timeZone: newYork).map { iso($0.scheduledAt) },
                       ["2026-11-01T05:30:00Z"])
        // A whole window over the change still has exactly one slot per day.
        let week = SlotGenerator.slots(for: uk, from: date("2026-10-23T00:00:00Z"), to: date("2026-10-28T00:00:00Z"),
                                       timeZone: london)
        XCTAssertEqual(week.filter { $0.time.description == "01:30" }.map(\.day.description),
                       ["2026-10-23", "2026-10-24", "2026-10-25", "2026-10-26", "2026-10-27"])
    }

    func testEveryNHoursKeepsElapsedGapsAcrossTheClockChange() {
        // 6-hourly from 18:00 GMT on 28 Mar: elapsed 6 h steps, so local times move from 18/00/06 to 01/07 BST.
        let med = medicationValue(schedule: .everyHours(6), startsAt: date("2026-03-28T18:00:00Z"))
        let slots = SlotGenerator.slots(for: med, from: date("2026-03-28T00:00:00Z"), to: date("2026-03-29T13:00:00Z"),
                                        timeZone: london)
        XCTAssertEqual(slots.map { iso($0.scheduledAt) },
                       ["2026-03-28T18:00:00Z", "2026-03-29T00:00:00Z", "2026-03-29T06:00:00Z", "2026-03-29T12:00:00Z"])
        XCTAssertEqual(slots.map(\.time.description), ["18:00", "00:00", "07:00", "13:00"])
        for pair in zip(slots, slots.dropFirst()) {
            XCTAssertEqual(pair.1.scheduledAt.timeIntervalSince(pair.0.scheduledAt), 6 * 3600)
        }
    }

    func testStartEndAndAsNeededBounds() {
        let med = medicationValue(schedule: .fixedTimes(times("06:00", "18:00")), startsAt: date("2026-03-10T07:00:00Z"),
                                  endsAt: date("2026-03-11T18:00:00Z"))
        let slots = SlotGenerator.slots(for: med, from: date("2026-03-09T00:00:00Z"), to: date("2026-03-13T00:00:00Z"),
                                        timeZone: london)
        XCTAssertEqual(slots.map { iso($0.scheduledAt) },
                       ["2026-03-10T18:00:00Z", "2026-03-11T06:00:00Z"], "no slot before the start or at/after the end")
        let prn = medicationValue(schedule: .asNeeded(minimumIntervalMinutes: 240, maxDosesPer24h: 4),
                                  startsAt: date("2026-03-01T00:00:00Z"))
        XCTAssertTrue(SlotGenerator.slots(for: prn, from: date("2026-03-09T00:00:00Z"), to: date("2026-03-13T00:00:00Z"),
                                          timeZone: london).isEmpty)
    }

    func testTimeOfDayParsing() {
        XCTAssertEqual(TimeOfDay("06:00")?.minutesSinceMidnight, 360)
        XCTAssertEqual(TimeOfDay("2230")?.description, "22:30")
        XCTAssertEqual(TimeOfDay("7:05")?.description, "07:05")
        XCTAssertNil(TimeOfDay("24:00"))
        XCTAssertNil(TimeOfDay("12:60"))
        XCTAssertNil(TimeOfDay("noon"))
    }
}
