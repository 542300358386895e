import Foundation
import GRDB

/// One demo admission's medications, dose records, feeds and measurements. Realistic by age:
/// caffeine and vitamin D for babies under 34 weeks, iron for long preterm stays, a 2–7 day
/// antibiotic course for a third of admissions, paracetamol as needed for some. Doses are mostly
/// given 0–40 min late, sometimes withheld, a few never recorded (missed); slots in the last hour
/// are left open so the drug round has work. A cot occupied at `now` has a `roundRole`: its main
/// scheduled medicine (caffeine for a preterm baby, 12-hourly benzylpenicillin for a term baby)
/// is pinned so a dose is due, overdue, just given, snoozed or withheld at that moment, whatever
/// the time of day. Feeds every 3 h; daily weight; obs every 4 h (some cots febrile and
/// tachycardic for their last three rounds).
/// Its own random stream (seeded from the patient) keeps the nappy stream of a seed unchanged.
struct DemoClinicalPlan {
    let patientId: Int64
    let weeks: Int
    let birthWeightGrams: Int
    let birthMs: Int64
    let admittedMs: Int64
    let untilMs: Int64
    let nowMs: Int64
    let staffIds: [Int64]
    let timeZone: TimeZone
    /// Set for the admission still on the ward at `now` (see `DemoRoundRole`).
    let roundRole: DemoRoundRole?
    let abnormalObservations: Bool
    var random: SeededRandom

    struct Statements {
        let medication: Statement
        let dose: Statement
        let snooze: Statement
        let asNeeded: Statement
        let feed: Statement
        let infusion: Statement
        let measurement: Statement

        init(_ db: Database) throws {
            medication = try db.cachedStatement(sql: """
                INSERT INTO medication (patientId, drugName, doseAmount, doseUnit, route, scheduleKind, scheduleTimes,
                    intervalHours, minimumIntervalMinutes, maxDosesPer24h, startsAt, endsAt, category, createdAt, updatedAt, isDemo)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)
                """)
            dose = try db.cachedStatement(sql: """
                INSERT INTO dose_record (medicationId, patientId, scheduledAt, slotDay, slotTime, status, withheldReason,
                    recordedAt, recordedBy, createdAt, updatedAt, notes, isDemo)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)
                """)
            snooze = try db.cachedStatement(sql: """
                INSERT INTO dose_record (medicationId, patientId, scheduledAt, slotDay, slotTime, snoozedUntil,
                    createdAt, updatedAt, isDemo)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1)
                """)
            asNeeded = try db.cachedStatement(sql: """
                INSERT INTO as_needed_dose (medicationId, patientId, givenAt, doseAmount, recordedBy, createdAt, updatedAt, isDemo)
                VALUES (?, ?, ?, ?, ?, ?, ?, 1)
                """)
            feed = try db.cachedStatement(sql: """
                INSERT INTO feed (patientId, occurredAt, kind, volumeML, durationMinutes, recordedBy, createdAt, updatedAt, isDemo)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1)
                """)
            infusion = try db.cachedStatement(sql: """
                INSERT INTO feed (patientId, occurredAt, kind, fluid, rateMLPerHour, stoppedAt, recordedBy, createdAt, updatedAt, isDemo)
                VALUES (?, ?, 'iv', '10% glucose', ?, ?, ?, ?, ?, 1)
                """)
            measurement = try db.cachedStatement(sql: """
                INSERT INTO measurement (patientId, measuredAt, kind, value, diastolicMmHg, recordedBy, createdAt, updatedAt, isDemo)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1)
                """)
        }
    }

    struct Counts {
        var medications = 0, doseRecords = 0, asNeededDoses = 0, feeds = 0, measurements = 0
    }

    private static let hourMs: Int64 = 3_600_000
    private static let dayMs: Int64 = 86_400_000

    mutating func write(_ s: Statements, db: Database) throws -> Counts {
        var counts = Counts()
        let kg = Double(birthWeightGrams) / 1000
        let stayDays = Double(untilMs - admittedMs) / Double(Self.dayMs)
        var prescriptions: [Medication] = []
        func prescribe(_ name: String, _ amount: Double, _ unit: DoseUnit, _ route: MedicationRoute, _ schedule: MedicationSchedule,
                       from: Int64, days: Double?, category: MedicationCategory = .other) throws {
            // A course ends after its days; everything ends at discharge.
            let courseEnd = days.map { from + Int64($0 * Double(Self.dayMs)) }
            let discharge: Int64? = untilMs < nowMs ? untilMs : nil
            let end = [courseEnd, discharge].compactMap { $0 }.min()
            let endsAt = end.flatMap { $0 < nowMs ? $0 : nil }
            // As prescribed on a ward: whole milligrams from 10 up, one decimal below.
            let rounded = amount >= 10 ? amount.rounded() : (amount * 10).rounded() / 10
            try s.medication.execute(arguments: [patientId, name, rounded, unit, route, schedule.kindText, schedule.timesText,
                                                 schedule.intervalHours, schedule.asNeededLimits?.minutes, schedule.asNeededLimits?.max,
                                                 from, endsAt, category, from, from])
            prescriptions.append(Medication(id: db.lastInsertedRowID, patientId: patientId, drugName: name, doseAmount: rounded,
                                            doseUnit: unit, route: route, schedule: schedule,
                                            startsAt: StoredTime.date(milliseconds: from),
                                            endsAt: endsAt.map(StoredTime.date(milliseconds:)), isPaused: false, category: category,
                                            notes: "", createdAt: .distantPast, updatedAt: .distantPast, deletedAt: nil, isDemo: true))
            counts.medications += 1
        }
        var start = admittedMs + Int64(random.int(1...4)) * Self.hourMs
        // The anchored slot of the cot's main medicine, when it falls after admission.
        let anchor = roundRole?.anchorMs(nowMs: nowMs, timeZone: timeZone).flatMap { $0 >= admittedMs + Self.hourMs ? $0 : nil }
        var anchored: Int64?  // the medication id the anchor applies to
        if weeks < 34 {
            let caffeineTime = anchor.map { WardLocalTime.timeOfDay(StoredTime.date(milliseconds: $0), in: timeZone) }
                ?? TimeOfDay(hour: 8, minute: 0)!
            try prescribe("caffeine citrate", 5 * kg, .mg, .oral, .fixedTimes([caffeineTime]), from: min(start, anchor ?? start),
                          days: nil)
            if anchor != nil { anchored = prescriptions.last?.id }
            try prescribe("vitamin D", 400, .units, .oral, .fixedTimes([TimeOfDay(hour: 10, minute: 0)!]), from: start, days: nil)
            if stayDays > 28 {
                try prescribe("sodium feredetate", 1, .mL, .oral,
                              .fixedTimes([TimeOfDay(hour: 10, minute: 0)!, TimeOfDay(hour: 22, minute: 0)!]),
                              from: admittedMs + 28 * Self.dayMs, days: nil)
            }
        }
        if weeks >= 34, let anchor {
            // A term baby on the ward now is on a course for suspected sepsis, 12-hourly, whose
            // slots fall on the anchor (the earliest such start after admission).
            start = anchor - (anchor - admittedMs - Self.hourMs) / (12 * Self.hourMs) * 12 * Self.hourMs
            try prescribe("benzylpenicillin", 50 * kg, .mg, .iv, .everyHours(12), from: start, days: nil, category: .antibiotic)
            anchored = prescriptions.last?.id
            try prescribe("gentamicin", 5 * kg, .mg, .iv, .everyHours(36), from: start, days: nil, category: .antibiotic)
        } else if random.unit() < 0.33 {
            let course = Double(random.int(2...7))
            try prescribe("benzylpenicillin", 50 * kg, .mg, .iv, .everyHours(12), from: start, days: course, category: .antibiotic)
            try prescribe("gentamicin", 5 * kg, .mg, .iv, .everyHours(36), from: start, days: course, category: .antibiotic)
        }
        if random.unit() < 0.4 {
            try prescribe("paracetamol", (weeks < 32 ? 10 : 15) * kg, .mg, .oral,
                          .asNeeded(minimumIntervalMinutes: 360, maxDosesPer24h: 4), from: start, days: nil, category: .antipyretic)
        }
        for medication in prescriptions {
            let pinned = medication.id == anchored ? anchor.map { (at: $0, role: roundRole ?? .none) } : nil
            try writeDoses(medication, s, pinned: pinned, counts: &counts)
        }
        try writeFeeds(s, counts: &counts)
        try writeMeasurements(s, counts: &counts)
        return counts
    }

    private mutating func by() -> Int64 { staffIds[random.int(0...staffIds.count - 1)] }

    /// The words a demo dose withheld for "other" carries (a bare "other" is never charted).
    static let otherReasonNote = "baby away for a scan at the time"

    /// `pinned`: the slot at `at` gets the round role's state instead of the usual random one.
    private mutating func writeDoses(_ medication: Medication, _ s: Statements, pinned: (at: Int64, role: DemoRoundRole)?,
                                     counts: inout Counts) throws {
        let last = min(untilMs, nowMs - Self.hourMs)
        if case .asNeeded = medication.schedule {
            var t = StoredTime.milliseconds(medication.startsAt) + Int64(random.int(2...48)) * Self.hourMs
            while t < last {
                try s.asNeeded.execute(arguments: [medication.id, patientId, t, medication.doseAmount, by(), t, t])
                counts.asNeededDoses += 1
                t += Int64(random.int(7...60)) * Self.hourMs
            }
            return
        }
        let slots = SlotGenerator.slots(for: medication, from: medication.startsAt, to: StoredTime.date(milliseconds: last),
                                        timeZone: timeZone)
        for slot in slots where StoredTime.milliseconds(slot.scheduledAt) != pinned?.at {
            let roll = random.unit()
            guard roll > 0.03 else { continue }  // never recorded: missed
            let at = StoredTime.milliseconds(slot.scheduledAt)
            var status: DoseStatus = .given
            var reason: WithheldReason?
            if roll < 0.07 {
                status = .withheld
                reason = random.pick([(.refused, 0.15), (.nilByMouth, 0.3), (.vomited, 0.2), (.notAvailable, 0.1),
                                      (.clinicalDecision, 0.2), (.other, 0.05)])
            }
            let late = Int64(max(-10, min(90, 12 + 14 * normal()))) * 60_000
            // Withheld for another reason always says which, as the ward's charting must.
            let notes = reason == .other ? Self.otherReasonNote : ""
            try s.dose.execute(arguments: [medication.id, patientId, at, slot.day, slot.time, status, reason, at + late, by(),
                                           at + late, at + late, notes])
            counts.doseRecords += 1
        }
        if let pinned {
            try writePinnedSlot(medication, at: pinned.at, role: pinned.role, s, counts: &counts)
        }
    }

    /// The anchored slot: left open (due, overdue) or given, snoozed or withheld as the role says.
    private mutating func writePinnedSlot(_ medication: Medication, at: Int64, role: DemoRoundRole, _ s: Statements,
                                          counts: inout Counts) throws {
        let instant = StoredTime.date(milliseconds: at)
        guard let slot = SlotGenerator.slots(for: medication, from: instant.addingTimeInterval(-1), to: instant.addingTimeInterval(1),
                                             timeZone: timeZone).first(where: { $0.scheduledAt == instant }) else { return }
        switch role {
        case .due, .overdue, .none:
            return
        case .given:
            let recorded = min(nowMs, at + Int64(random.int(5...20)) * 60_000)
            try s.dose.execute(arguments: [medication.id, patientId, at, slot.day, slot.time, DoseStatus.given, nil, recorded,
                                           by(), recorded, recorded, ""])
        case .withheld:
            let recorded = min(nowMs, at + 10 * 60_000)
            let reason: WithheldReason = random.unit() < 0.5 ? .nilByMouth : .clinicalDecision
            try s.dose.execute(arguments: [medication.id, patientId, at, slot.day, slot.time, DoseStatus.withheld, reason,
                                           recorded, by(), recorded, recorded, ""])
        case .snoozed:
            let snoozedAt = min(nowMs, at + 50 * 60_000)
            try s.snooze.execute(arguments: [medication.id, patientId, at, slot.day, slot.time, nowMs + 15 * 60_000,
                                             snoozedAt, snoozedAt])
        }
        counts.doseRecords += 1
    }

    private mutating func writeFeeds(_ s: Statements, counts: inout Counts) throws {
        let kg = Double(birthWeightGrams) / 1000
        // Under 32 weeks: IV 10% glucose at 60 mL/kg/day for the first two days on the ward
        // (still running when the baby came in less than two days ago). No random draw, so the
        // rest of the demo stays as it was.
        let infusionStart = admittedMs + 10 * 60_000
        if weeks < 32 && infusionStart < min(untilMs, nowMs) {
            let end = infusionStart + 48 * Self.hourMs
            let stop: Int64? = end <= min(untilMs, nowMs) ? end : (untilMs < nowMs ? untilMs : nil)
            try s.infusion.execute(arguments: [patientId, infusionStart, (60 * kg / 24 * 10).rounded() / 10, stop, staffIds[0],
                                               infusionStart, infusionStart])
            counts.feeds += 1
        }
        var t = admittedMs + Int64(random.int(30...150)) * 60_000
        while t < untilMs {
            let dayOfLife = Double(t - birthMs) / Double(Self.dayMs)
            // 60 mL/kg/day on day 1 rising to 150–165 by day 7 (common neonatal feeding plans).
            let perKgDay = min(150 + 15 * random.unit(), 60 + 15 * max(0, dayOfLife))
            let volume = Int((perKgDay * kg / 8).rounded())
            let kind: FeedKind = weeks < 32 ? random.pick([(.nasogastric, 0.8), (.fortifiedMilk, 0.2)])
                : weeks < 35 ? random.pick([(.nasogastric, 0.3), (.expressedBreastMilk, 0.4), (.formula, 0.3)])
                : random.pick([(.breast, 0.45), (.expressedBreastMilk, 0.2), (.formula, 0.35)])
            if kind == .breast {
                try s.feed.execute(arguments: [patientId, t, kind, nil, random.int(8...30), by(), t, t])
            } else {
                try s.feed.execute(arguments: [patientId, t, kind, max(1, volume), nil, by(), t, t])
            }
            counts.feeds += 1
            t += 3 * Self.hourMs + Int64(random.int(-20...20)) * 60_000
        }
    }

    private mutating func writeMeasurements(_ s: Statements, counts: inout Counts) throws {
        let firstDay = admittedMs / Self.dayMs
        let lastDay = untilMs / Self.dayMs
        for day in firstDay...lastDay {
            for hour in [1, 5, 9, 13, 17, 21, 23] {
                let t = day * Self.dayMs + Int64(hour) * Self.hourMs + Int64(random.int(0...40)) * 60_000
                guard t >= admittedMs && t < untilMs else { continue }
                let dayOfLife = Double(t - birthMs) / Double(Self.dayMs)
                if hour == 23 {
                    // Weight: down to ~7 % by day 4, then +15 g/kg/day.
                    let loss = min(dayOfLife, 4) / 4 * 0.07
                    let gain = max(0, dayOfLife - 7) * 0.015
                    let grams = Double(birthWeightGrams) * (1 - loss + gain) * (1 + 0.005 * normal())
                    try insertMeasurement(s, t, .weight, grams.rounded(), nil, counts: &counts)
                    continue
                }
                // Febrile and tachycardic for the last three rounds on some occupied cots.
                let unwell = abnormalObservations && t > nowMs - 13 * Self.hourMs
                let fever = unwell ? 1.4 : random.unit() < 0.02 ? 1.2 : 0
                try insertMeasurement(s, t, .heartRate, (145 + 12 * normal() + (unwell ? 45 : 15 * fever)).rounded(), nil,
                                      counts: &counts)
                try insertMeasurement(s, t, .respiratoryRate, (45 + 7 * normal()).rounded(), nil, counts: &counts)
                try insertMeasurement(s, t, .temperature, ((36.9 + 0.25 * normal() + fever) * 10).rounded() / 10, nil, counts: &counts)
                if weeks < 34 {
                    try insertMeasurement(s, t, .spo2, min(100, (94 + 2 * normal()).rounded()), nil, counts: &counts)
                }
                if dayOfLife < 2 && hour != 1 {
                    try insertMeasurement(s, t, .glucose, max(1.2, ((3.6 + 0.8 * normal()) * 10).rounded() / 10), nil, counts: &counts)
                }
                if weeks < 30 && hour == 9 {
                    let sys = (55 + 6 * normal() + min(dayOfLife, 14)).rounded()
                    try insertMeasurement(s, t, .bloodPressure, sys, (sys * 0.6).rounded(), counts: &counts)
                }
            }
        }
    }

    private mutating func insertMeasurement(_ s: Statements, _ t: Int64, _ kind: MeasurementKind, _ value: Double,
                                            _ diastolic: Double?, counts: inout Counts) throws {
        try s.measurement.execute(arguments: [patientId, t, kind, value, diastolic, by(), t, t])
        counts.measurements += 1
    }

    /// Standard normal (Box–Muller).
    private mutating func normal() -> Double {
        let u = max(1e-12, random.unit())
        return sqrt(-2 * log(u)) * cos(2 * .pi * random.unit())
    }
}
