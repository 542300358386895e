import Foundation
import ReportKit
import WardStore
import XCTest
@testable import CotsideApp

/// A baby who went home during the shift is part of that shift's handover: listed, marked
/// discharged with the time, with what was charted and given before leaving, and nothing due
/// after; a baby discharged before the shift began, or admitted after it ended, is not.
final class HandoverDischargedCotTests: WardTestCase {
    func testABabyDischargedDuringTheShiftIsListedMarkedDischargedWithTheShiftsEvents() async throws {
        let nurse = try await addStaff("Ada Okafor", "AO")
        try await admit(bed: "2", given: "Bo", family: "Brown")
        let home = try await admit(bed: "3", given: "Mia", family: "Jones")
        let gone = try await admit(bed: "4", given: "Eli", family: "Early", hoursAgo: 72)
        let caffeine = try await store.addMedication(MedicationDraft(
            patientId: home.id, drugName: "caffeine citrate", doseAmount: 10, doseUnit: .mg, route: .oral,
            schedule: .fixedTimes([TimeOfDay("09:00")!, TimeOfDay("13:00")!]), startsAt: home.admittedAt, category: .other),
            by: nil).record
        _ = try await store.recordDose(DoseRecordDraft(
            medicationId: caffeine.id, scheduledAt: WardClock.parseInstant("2026-11-21T09:00:00Z")!, status: .given,
            recordedAt: WardClock.parseInstant("2026-11-21T09:05:00Z")!), by: nurse.id)
        try await logNappy(home, .wet, minutesAgo: 5 * 60, notes: "parents changed it before going home", by: nurse)
        // Mia goes home at 10:00 (before the 13:00 dose); Eli went home yesterday.
        _ = try await store.discharge(patientId: home.id, at: WardClock.parseInstant("2026-11-21T10:00:00Z")!, by: nurse.id)
        _ = try await store.discharge(patientId: gone.id, at: WardClock.parseInstant("2026-11-20T12:00:00Z")!, by: nurse.id)

        let since = WardClock.parseInstant("2026-11-21T07:30:00Z")!
        let handover = try await store.handover(HandoverRequest(since: since, until: Self.now, timeZone: Self.utc))
        let document = HandoverDocument(handover, localizer: try Catalogues.localizer(for: "en"), madeBy: nurse,
                                        madeAt: Self.now).document
        XCTAssertEqual(document.sections.map(\.heading), ["Bed 2: Bo Brown", "Bed 3: Mia Jones (discharged)"])
        let text = String(decoding: ReportRendering.render(document, as: .text), as: UTF8.self)
        XCTAssertTrue(text.contains("Discharged at 10:00: this section covers the shift until then."), text)
        XCTAssertTrue(text.contains("1 wet, 0 dirty"), text)
        XCTAssertTrue(text.contains("parents changed it before going home"), text)
        let mia = (document.sections.dropFirst().first?.blocks ?? []).flatMap { block -> [[String]] in
            if case .table(let table) = block { return table.rows }
            return []
        }
        XCTAssertTrue(mia.contains(["09:00", "caffeine citrate 10 mg oral", "given"]), "\(mia)")
        XCTAssertFalse(mia.contains { $0.first == "13:00" }, "no dose is due after the baby went home: \(mia)")

        // A handover that ended before the discharge lists the baby as on the ward.
        let morning = try await store.handover(HandoverRequest(since: since, until: WardClock.parseInstant("2026-11-21T09:30:00Z")!,
                                                               timeZone: Self.utc))
        XCTAssertEqual(morning.cots.map(\.patient.bedLabel), ["2", "3"])
        let early = HandoverDocument(morning, localizer: try Catalogues.localizer(for: "en"), madeBy: nurse, madeAt: Self.now).document
        XCTAssertEqual(early.sections.map(\.heading), ["Bed 2: Bo Brown", "Bed 3: Mia Jones"])

        // One cot asked for by id: a discharged one during the period is found too.
        let one = try await store.handover(HandoverRequest(patientId: home.id, since: since, until: Self.now, timeZone: Self.utc))
        XCTAssertEqual(one.cots.map(\.patient.id), [home.id])
    }
}
