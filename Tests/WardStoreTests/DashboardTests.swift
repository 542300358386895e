import Foundation
import XCTest
@testable import WardStore

/// Dashboard aggregates at a fixed clock on the day UK clocks go forward (29 March 2026,
/// 01:00 UTC), with the ward day starting at 07:00 local (06:00 UTC that day, 07:00 UTC the day before).
final class DashboardTests: WardStoreTestCase {
    var bedA: Patient!, bedB: Patient!, bedC: Patient!, bedD: Patient!

    override func setUp() async throws {
        try await super.setUp()
        clock.now = date("2026-03-29T12:00:00Z")
        _ = try await store.updateSettings(WardSettings(wardName: "Puffin", dayStartMinutes: 7 * 60,
                                                        noWetAlertThresholdMinutes: 8 * 60, dryNappyWeightGrams: 12), by: nil)
        func draft(_ bed: String, admitted: String, weight: Int = 2000) -> PatientDraft {
            PatientDraft(bedLabel: bed, givenName: "Baby", familyName: bed, hospitalNumber: "H\(bed)",
                         dateOfBirth: CalendarDay("2026-03-18")!, sex: .male, gestationalAgeWeeks: 34, gestationalAgeDays: 2,
                         birthWeightGrams: weight, admittedAt: date(admitted))
        }
        bedA = try await store.admit(draft("A", admitted: "2026-03-20T10:00:00Z"), by: nil).record
        bedB = try await store.admit(draft("B", admitted: "2026-03-29T09:00:00Z"), by: nil).record
        bedC = try await store.admit(draft("C", admitted: "2026-03-28T00:00:00Z"), by: nil).record
        bedD = try await store.admit(draft("D", admitted: "2026-03-29T02:00:00Z"), by: nil).record
        let gone = try await store.admit(draft("E", admitted: "2026-03-21T00:00:00Z"), by: nil).record
        _ = try await store.discharge(patientId: gone.id, at: date("2026-03-29T08:00:00Z"), by: nil)

        func log(_ p: Patient, _ at: String, _ kind: NappyKind, weight: Int? = nil) -> NappyChangeDraft {
            NappyChangeDraft(patientId: p.id, occurredAt: date(at), kind: kind,
                             stoolColour: kind.isDirty ? .yellow : nil, nappyWeightGrams: weight)
        }
        let logged = try await store.logNappyChanges([
            log(bedA, "2026-03-22T10:00:00Z", .wet),              // before the 7-day window
            log(bedA, "2026-03-27T10:00:00Z", .wet),
            log(bedA, "2026-03-29T05:59:00Z", .wet, weight: 40),  // yesterday for the ward (before 07:00 BST)
            log(bedA, "2026-03-29T06:00:00Z", .dirty),            // first minute of the ward's today
            log(bedA, "2026-03-29T08:00:00Z", .mixed),
            log(bedA, "2026-03-29T11:00:00Z", .wet, weight: 42),
            log(bedA, "2026-03-29T11:30:00Z", .wet, weight: 99),  // deleted below
            log(bedC, "2026-03-29T02:00:00Z", .wet),
            log(bedC, "2026-03-29T07:00:00Z", .dirty),
            log(gone, "2026-03-29T07:30:00Z", .wet),
        ], by: nil)
        _ = try await store.deleteNappyChange(id: logged[6].record.id, by: nil)
    }

    func testRowsCountsSparklineUrineAndAlerts() async throws {
        let dashboard = try await store.dashboard(now: clock.now, timeZone: london)
        XCTAssertEqual(dashboard.today.start, date("2026-03-29T06:00:00Z"))
        XCTAssertEqual(dashboard.rows.map(\.patient.bedLabel), ["A", "B", "C", "D"], "discharged bed E hidden")

        let a = dashboard.rows[0]
        XCTAssertEqual(a.wetToday, 2, "mixed 08:00 + wet 11:00")
        XCTAssertEqual(a.dirtyToday, 2, "dirty 06:00 + mixed 08:00")
        XCTAssertEqual(a.changesToday, 3)
        XCTAssertEqual(a.nappiesPerDay, [0, 0, 0, 0, 1, 1, 3])
        XCTAssertEqual(a.lastNappyAt, date("2026-03-29T11:00:00Z"))
        XCTAssertEqual(a.lastNappyKind, .wet)
        XCTAssertEqual(a.lastWetAt, date("2026-03-29T11:00:00Z"))
        XCTAssertEqual(a.currentWeightGrams, 2000)
        // 6 h: (42 − 12) mL / 2 kg / 6 h = 2.5; 24 h: (28 + 30) mL / 2 kg / 24 h.
        XCTAssertEqual(a.urineOutput6hMLPerKgPerHour!, 2.5, accuracy: 1e-9)
        XCTAssertEqual(a.urineOutput24hMLPerKgPerHour!, 58.0 / 2 / 24, accuracy: 1e-9)
        XCTAssertNil(a.noWetAlert)
        XCTAssertEqual(a.age.days, 11)
        XCTAssertEqual(a.age.correctedGestationWeeks, 35)
        XCTAssertEqual(a.age.correctedGestationDays, 6)

        let b = dashboard.rows[1]
        XCTAssertNil(b.lastNappyAt)
        XCTAssertEqual(b.nappiesPerDay, [0, 0, 0, 0, 0, 0, 0])
        XCTAssertNil(b.noWetAlert, "admitted 3 h ago: under the 8 h threshold")
        XCTAssertNil(b.urineOutput6hMLPerKgPerHour)

        let c = dashboard.rows[2]
        XCTAssertEqual(c.noWetAlert, NoWetNappyAlert(since: date("2026-03-29T02:00:00Z"), neverWetSinceAdmission: false, hours: 10))
        XCTAssertEqual(c.lastNappyKind, .dirty)
        XCTAssertEqual(c.changesToday, 1)

        let d = dashboard.rows[3]
        XCTAssertEqual(d.noWetAlert, NoWetNappyAlert(since: date("2026-03-29T02:00:00Z"), neverWetSinceAdmission: true, hours: 10))

        XCTAssertEqual(dashboard.summary, DashboardSummary(occupiedCots: 4, changesToday: 4, alerts: 2))
    }

    func testMidnightDayStartAndUnsetDryWeight() async throws {
        _ = try await store.updateSettings(WardSettings(wardName: "Puffin", dayStartMinutes: 0,
                                                        noWetAlertThresholdMinutes: 11 * 60, dryNappyWeightGrams: 0), by: nil)
        let dashboard = try await store.dashboard(now: clock.now, timeZone: london)
        XCTAssertEqual(dashboard.today.start, date("2026-03-29T00:00:00Z"))
        let a = dashboard.rows[0]
        XCTAssertEqual(a.wetToday, 3, "05:59 now counts as today")
        XCTAssertEqual(a.changesToday, 4)
        XCTAssertNil(a.urineOutput6hMLPerKgPerHour, "no urine output without a dry nappy weight")
        XCTAssertNil(a.urineOutput24hMLPerKgPerHour)
        XCTAssertEqual(dashboard.summary.alerts, 0, "10 h without wet is under an 11 h threshold")
    }

    func testWritesFromThisProcessArePublishedAtOnce() async throws {
        var iterator = store.changes().makeAsyncIterator()
        _ = try await store.logNappyChange(NappyChangeDraft(patientId: bedB.id, occurredAt: clock.now, kind: .wet), by: nil)
        let change = await iterator.next()
        XCTAssertEqual(change, WardChange(entities: [.nappyChange], isFromAnotherProcess: false))
    }
}
