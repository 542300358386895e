import Foundation
import GRDB
import XCTest
@testable import WardStore

/// The discharge summary read against a stay charted by hand (admitted 2026-03-08 20:00 UTC,
/// discharged 2026-03-10 11:00): every figure checked against what was charted, before and
/// after the discharge, and against the demo ward's chart for every discharged patient.
final class DischargeSummaryTests: WardStoreTestCase {
    /// Bed 3 charted over two days; returns the patient and the nurse who charted.
    func chartTheStay() async throws -> (patient: Patient, nurse: Staff) {
        let nurse = try await addNurse("AB")
        let patient = try await admit(bed: "3", by: nurse.id)
        let id = patient.id
        for (iso, grams) in [("2026-03-08T21:00:00Z", 2080.0), ("2026-03-09T08:00:00Z", 1990), ("2026-03-10T06:00:00Z", 2010)] {
            _ = try await store.logMeasurement(MeasurementDraft(patientId: id, measuredAt: date(iso), kind: .weight, value: grams), by: nurse.id)
        }
        // Temperature: 38.4 and 38.6 one episode, back to 37.0, then 36.0 a second one, then 36.8.
        for (iso, kind, value) in [("2026-03-09T01:00:00Z", MeasurementKind.temperature, 38.4), ("2026-03-09T02:00:00Z", .temperature, 38.6),
                                   ("2026-03-09T04:00:00Z", .temperature, 37.0), ("2026-03-09T10:00:00Z", .temperature, 36.0),
                                   ("2026-03-10T09:00:00Z", .temperature, 36.8), ("2026-03-10T09:00:00Z", .heartRate, 150)] {
            _ = try await store.logMeasurement(MeasurementDraft(patientId: id, measuredAt: date(iso), kind: kind, value: value), by: nurse.id)
        }
        for (iso, kind, ml) in [("2026-03-09T10:00:00Z", FeedKind.nasogastric, 30), ("2026-03-09T14:00:00Z", .expressedBreastMilk, 40),
                                ("2026-03-09T22:00:00Z", .expressedBreastMilk, 40), ("2026-03-10T06:00:00Z", .formula, 35),
                                ("2026-03-10T07:00:00Z", .vomit, 10)] {
            _ = try await store.logFeed(FeedDraft(patientId: id, occurredAt: date(iso), kind: kind, volumeML: ml), by: nurse.id)
        }
        _ = try await store.logFeed(FeedDraft(patientId: id, occurredAt: date("2026-03-10T08:00:00Z"), kind: .breast, durationMinutes: 15),
                                    by: nurse.id)
        let caffeine = try await addMedication(patient: patient, name: "caffeine citrate", schedule: .fixedTimes(times("22:00", "06:00")))
        let gentamicin = try await addMedication(patient: patient, name: "gentamicin", schedule: .everyHours(36))
        let paracetamol = try await addMedication(patient: patient, name: "paracetamol",
                                                  schedule: .asNeeded(minimumIntervalMinutes: 240, maxDosesPer24h: 4))
        _ = try await store.recordDose(DoseRecordDraft(medicationId: caffeine.id, scheduledAt: date("2026-03-09T22:00:00Z"), status: .given,
                                                       recordedAt: date("2026-03-09T22:05:00Z")), by: nurse.id)
        _ = try await store.recordDose(DoseRecordDraft(medicationId: caffeine.id, scheduledAt: date("2026-03-10T06:00:00Z"), status: .withheld,
                                                       withheldReason: .other, recordedAt: date("2026-03-10T06:10:00Z"),
                                                       notes: "asleep"), by: nurse.id)
        _ = try await store.recordDose(DoseRecordDraft(medicationId: gentamicin.id, scheduledAt: patient.admittedAt, status: .given,
                                                       recordedAt: patient.admittedAt.addingTimeInterval(300)), by: nurse.id)
        _ = try await store.stopMedication(id: gentamicin.id, at: date("2026-03-10T08:00:00Z"), by: nil)
        _ = try await store.logAsNeededDose(AsNeededDoseDraft(medicationId: paracetamol.id, givenAt: date("2026-03-10T04:00:00Z"),
                                                              doseAmount: 30), by: nurse.id)
        _ = try await store.saveCalculatorResult(CalculatorResultDraft(patientId: id, toolId: "iv_fluid", inputsJSON: "{}",
                                                                       resultJSON: "{}", summary: "maintenance 210 mL/day",
                                                                       reviewed: true), by: nurse.id)
        return (patient, nurse)
    }

    func testAStaySoFarIsSummarisedUpToNowAndSaysItIsNotYetDischarged() async throws {
        let (patient, nurse) = try await chartTheStay()
        let summary = try await store.dischargeSummary(DischargeSummaryRequest(patientId: patient.id, until: noon, timeZone: london))
        XCTAssertFalse(summary.isDischarged)
        XCTAssertEqual(summary.end, noon)
        XCTAssertEqual(summary.stayHours, 40)
        XCTAssertEqual(summary.admittedBy, nurse.id)
        XCTAssertNil(summary.dischargedBy)
        XCTAssertEqual(summary.ageAtAdmission.days, 0)
        XCTAssertEqual(summary.ageAtEnd.days, 2)
        XCTAssertEqual(summary.ageAtEnd.correctedGestationWeeks, 34)
        XCTAssertEqual(summary.ageAtEnd.correctedGestationDays, 4)
        // Weights: the first, the lowest and the last of the stay.
        XCTAssertEqual(summary.weights.onAdmission, DischargeWeight(grams: 2080, at: date("2026-03-08T21:00:00Z")))
        XCTAssertEqual(summary.weights.lowest, DischargeWeight(grams: 1990, at: date("2026-03-09T08:00:00Z")))
        XCTAssertEqual(summary.weights.atEnd, DischargeWeight(grams: 2010, at: date("2026-03-10T06:00:00Z")))
        XCTAssertEqual(summary.weights.weighings, 3)
        XCTAssertEqual(summary.weights.birthGrams, 2100)
        // Feeding over the last 24 h (from 12:00 the day before): two EBM feeds and one formula; the
        // 10:00 NG feed is before it and the vomit is output, never intake.
        XCTAssertEqual(summary.feeding.from, date("2026-03-09T12:00:00Z"))
        XCTAssertEqual(summary.feeding.intakeML, 115)
        XCTAssertEqual(summary.feeding.kinds, [DischargeFeedKind(kind: .expressedBreastMilk, count: 2, ml: 80, minutes: 0),
                                               DischargeFeedKind(kind: .formula, count: 1, ml: 35, minutes: 0),
                                               DischargeFeedKind(kind: .breast, count: 1, ml: 0, minutes: 15)],
                       "a breastfeed counts by its minutes")
        XCTAssertEqual(summary.feeding.lastFeedAt, date("2026-03-10T08:00:00Z"))
        XCTAssertEqual(summary.feeding.lastFeedKind, .breast)
        // Temperature: three readings out of 36.5–37.5 in two episodes; the heart rate in range.
        let temperature = try XCTUnwrap(summary.observations.first { $0.kind == .temperature })
        XCTAssertEqual([temperature.readings, temperature.outOfRange, temperature.episodes], [5, 3, 2])
        XCTAssertEqual(temperature.worstHigh?.measurement.value, 38.6)
        XCTAssertEqual(temperature.worstHigh?.mark, .high)
        XCTAssertEqual(temperature.worstLow?.measurement.value, 36.0)
        XCTAssertEqual(temperature.worstLow?.range?.low, 36.5)
        let heart = try XCTUnwrap(summary.observations.first { $0.kind == .heartRate })
        XCTAssertEqual([heart.readings, heart.outOfRange, heart.episodes], [1, 0, 0])
        XCTAssertNil(heart.worstHigh)
        XCTAssertNil(summary.observations.first { $0.kind == .weight }, "weights have no goal range: they are the figures above")
        // Medications: by name; gentamicin stopped at 08:00 is not open; the as-needed dose keeps its own amount.
        XCTAssertEqual(summary.medications.map(\.medication.drugName), ["caffeine citrate", "gentamicin", "paracetamol"])
        let caffeine = summary.medications[0]
        XCTAssertEqual(caffeine.adherence.given, 1)
        XCTAssertEqual(caffeine.adherence.withheld, 1)
        XCTAssertEqual(caffeine.adherence.missed, 2, "22:00 and 06:00 on the first night, never answered")
        XCTAssertEqual(caffeine.lastGiven, DischargeDose(at: date("2026-03-09T22:05:00Z"), amount: nil), "a slot records no amount")
        XCTAssertTrue(caffeine.openAtEnd)
        XCTAssertFalse(summary.medications[1].openAtEnd)
        XCTAssertEqual(summary.medications[1].givenCount, 1)
        let paracetamol = summary.medications[2]
        XCTAssertEqual(paracetamol.asNeededGiven, 1)
        XCTAssertEqual(paracetamol.lastGiven, DischargeDose(at: date("2026-03-10T04:00:00Z"), amount: 30))
        XCTAssertTrue(paracetamol.openAtEnd)
        // Results and who cared.
        XCTAssertEqual(summary.calculatorResults.map(\.summary), ["maintenance 210 mL/day"])
        XCTAssertEqual(summary.caredBy.map(\.staffId), [nurse.id])
        XCTAssertEqual(summary.caredBy.first?.entries, 20,
                       "3 weights, 6 other readings, 6 feeds and outputs, 3 slots answered, 1 as-needed dose, 1 saved result")
        XCTAssertEqual(summary.caredBy.first?.first, date("2026-03-08T20:05:00Z"), "the first gentamicin dose")
        XCTAssertEqual(summary.caredBy.first?.last, noon, "the result saved now")
        XCTAssertEqual(summary.staff[nurse.id]?.initials, "AB")
        XCTAssertEqual(summary.insightInput.now, noon)
    }

    func testADischargedStayStopsAtTheDischargeAndNamesWhoDischarged() async throws {
        let (patient, nurse) = try await chartTheStay()
        _ = try await store.discharge(patientId: patient.id, at: date("2026-03-10T11:00:00Z"), by: nurse.id)
        clock.now = noon.addingTimeInterval(3 * 86_400)
        let summary = try await store.dischargeSummary(DischargeSummaryRequest(patientId: patient.id, until: clock.now, timeZone: london))
        XCTAssertTrue(summary.isDischarged)
        XCTAssertEqual(summary.end, date("2026-03-10T11:00:00Z"))
        XCTAssertEqual(summary.dischargedBy, nurse.id)
        XCTAssertEqual(summary.stayHours, 39)
        XCTAssertEqual(summary.feeding.from, date("2026-03-09T11:00:00Z"))
        XCTAssertEqual(summary.feeding.intakeML, 115)
        XCTAssertEqual(summary.ageAtEnd.days, 2, "at discharge, not at the time the summary was made")
        XCTAssertEqual(summary.insightInput.now, date("2026-03-10T11:00:00Z"))
        XCTAssertEqual(summary.medications.filter(\.openAtEnd).map(\.medication.drugName), ["caffeine citrate", "paracetamol"])
    }

    func testAnUnknownPatientIsRefused() async throws {
        do {
            _ = try await store.dischargeSummary(DischargeSummaryRequest(patientId: 999, until: noon, timeZone: london))
            XCTFail("an unknown patient has no summary")
        } catch let error as WardStoreError {
            XCTAssertTrue(error.description.contains("no patient with id 999"), error.description)
        }
    }

    /// Every discharged demo patient's figures against plain SQL over their stay: the lowest and
    /// last weights, the count of weighings and the doses given.
    func testTheFiguresOfEveryDischargedDemoPatientAgreeWithTheChart() async throws {
        _ = try await DemoWard.generate(into: try storeToSeed, cots: 4, days: 40, seed: 3, now: noon, timeZone: london)
        let discharged = try await store.allPatients().filter { $0.dischargedAt != nil }
        XCTAssertGreaterThan(discharged.count, 2)
        for patient in discharged {
            let summary = try await store.dischargeSummary(DischargeSummaryRequest(patientId: patient.id, until: noon, timeZone: london))
            let (id, from, to) = (patient.id, StoredTime.milliseconds(patient.admittedAt), StoredTime.milliseconds(patient.dischargedAt!))
            let chart = try await sql { db -> (lowest: Double?, count: Int, last: Double?, given: Int) in
                let row = try Row.fetchOne(db, sql: """
                    SELECT min(value), count(*), (SELECT value FROM measurement WHERE patientId = :id AND kind = 'weight'
                        AND deletedAt IS NULL AND measuredAt >= :from AND measuredAt <= :to ORDER BY measuredAt DESC LIMIT 1),
                        (SELECT count(*) FROM dose_record WHERE patientId = :id AND status = 'given' AND deletedAt IS NULL
                            AND scheduledAt >= :from AND scheduledAt <= :to)
                        + (SELECT count(*) FROM as_needed_dose WHERE patientId = :id AND deletedAt IS NULL
                            AND givenAt >= :from AND givenAt <= :to)
                    FROM measurement WHERE patientId = :id AND kind = 'weight' AND deletedAt IS NULL
                        AND measuredAt >= :from AND measuredAt <= :to
                    """, arguments: ["id": id, "from": from, "to": to])!
                return (row[0], row[1], row[2], row[3])
            }
            XCTAssertEqual(summary.weights.lowest.map { Double($0.grams) }, chart.lowest.map { $0.rounded() }, "\(patient.fullName)")
            XCTAssertEqual(summary.weights.weighings, chart.count)
            XCTAssertEqual(summary.weights.atEnd.map { Double($0.grams) }, chart.last.map { $0.rounded() })
            XCTAssertEqual(summary.medications.map(\.givenCount).reduce(0, +), chart.given, "\(patient.fullName)")
            XCTAssertEqual(summary.end, patient.dischargedAt)
        }
    }
}
