import Foundation
import GRDB

/// The successive admissions of one demo bed and their nappy changes, written in one transaction.
struct BedPlan {
    let bed: Int
    let staffIds: [Int64]
    var random: SeededRandom
    let nowMs: Int64
    let days: Int
    let timeZone: TimeZone
    /// How many earlier beds have a baby on the ward at `now` (picks this bed's round role).
    let occupiedBefore: Int

    private static let hourMs: Int64 = 3_600_000
    private static let dayMs: Int64 = 86_400_000
    private static let notes = ["skin intact", "barrier cream applied", "mild nappy rash", "parents changed",
                                "loose stool", "sample sent", "small amount of blood noted, doctor informed",
                                "weighed before feed", "crying settled after change", "cord clean and dry"]

    mutating func write(_ db: Database) throws -> (patients: Int, nappies: Int, occupied: Bool, clinical: DemoClinicalPlan.Counts) {
        let clinicalStatements = try DemoClinicalPlan.Statements(db)
        var clinical = DemoClinicalPlan.Counts()
        let insertPatient = try db.cachedStatement(sql: """
            INSERT INTO patient (bedLabel, givenName, familyName, hospitalNumber, dateOfBirth, timeOfBirth, sex,
                gestationalAgeWeeks, gestationalAgeDays, birthWeightGrams, admittedAt, dischargedAt,
                createdAt, updatedAt, isDemo)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)
            """)
        let insertNappy = try db.cachedStatement(sql: """
            INSERT INTO nappy_change (patientId, occurredAt, kind, size, stoolColour, nappyWeightGrams, notes,
                recordedBy, createdAt, updatedAt, isDemo)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)
            """)
        let windowStart = nowMs - Int64(days) * Self.dayMs
        // The first baby arrived some days before the window so the bed is occupied from its start.
        var admitted = windowStart - Int64(random.int(0...5)) * Self.dayMs - Int64(random.int(0...23)) * Self.hourMs
        var patients = 0
        var nappies = 0
        var occupied = false
        while admitted < nowMs {
            let stayDays = random.pick([(random.int(2...7), 0.5), (random.int(7...21), 0.35), (random.int(21...60), 0.15)])
            let discharged = admitted + Int64(stayDays) * Self.dayMs + Int64(random.int(0...23)) * Self.hourMs
            let stillHere = discharged >= nowMs
            let weeks = random.pick([(random.int(24...29), 0.12), (random.int(30...33), 0.2),
                                     (random.int(34...36), 0.28), (random.int(37...41), 0.4)])
            let gaDays = random.int(0...6)
            let birthWeight = Self.typicalBirthWeight(weeks: weeks, random: &random)
            let ageAtAdmissionMs = Int64(random.pick([(0, 0.7), (random.int(1...3), 0.2), (random.int(4...14), 0.1)])) * Self.dayMs
            let birth = StoredTime.date(milliseconds: admitted - ageAtAdmissionMs - Int64(random.int(0...12)) * Self.hourMs)
            let given = Self.pick(DemoNames.given, &random)
            let family = Self.pick(DemoNames.family, &random)
            try insertPatient.execute(arguments: [
                String(bed), given, family, String(format: "D%07d", bed * 100_000 + patients),
                CalendarDay(birth, in: timeZone), WardLocalTime.timeOfDay(birth, in: timeZone), random.unit() < 0.5 ? Sex.male : Sex.female, weeks, gaDays,
                birthWeight, admitted, stillHere ? nil : discharged, admitted, admitted])
            let patientId = db.lastInsertedRowID
            patients += 1
            nappies += try writeNappies(insertNappy, patientId: patientId, birthMs: StoredTime.milliseconds(birth),
                                        from: admitted, until: min(discharged, nowMs), weightGrams: birthWeight)
            var plan = DemoClinicalPlan(patientId: patientId, weeks: weeks, birthWeightGrams: birthWeight,
                                        birthMs: StoredTime.milliseconds(birth), admittedMs: admitted,
                                        untilMs: min(discharged, nowMs), nowMs: nowMs, staffIds: staffIds, timeZone: timeZone,
                                        roundRole: stillHere ? DemoRoundRole.forOccupiedCot(occupiedBefore) : nil,
                                        abnormalObservations: stillHere && DemoRoundRole.hasAbnormalObservations(occupiedIndex: occupiedBefore),
                                        random: SeededRandom(seed: UInt64(bitPattern: patientId) &* 0x2545_F491_4F6C_DD1D))
            let counts = try plan.write(clinicalStatements, db: db)
            clinical.medications += counts.medications
            clinical.doseRecords += counts.doseRecords
            clinical.asNeededDoses += counts.asNeededDoses
            clinical.feeds += counts.feeds
            clinical.measurements += counts.measurements
            occupied = occupied || stillHere
            admitted = discharged + Int64(random.int(2...36)) * Self.hourMs
        }
        return (patients, nappies, occupied, clinical)
    }

    private mutating func writeNappies(_ insert: Statement, patientId: Int64, birthMs: Int64, from: Int64, until: Int64,
                                       weightGrams: Int) throws -> Int {
        var t = from + Int64(random.int(10...120)) * 60_000
        var lastMs = from
        var count = 0
        while t < until {
            let dayOfLife = Int((t - birthMs) / Self.dayMs)
            let kind: NappyKind = random.pick([(.wet, 0.52), (.dirty, 0.14), (.mixed, 0.29), (.dry, 0.05)])
            let size: NappySize = random.pick([(.small, 0.3), (.medium, 0.5), (.large, 0.2)])
            var colour: StoolColour?
            if kind.isDirty {
                colour = dayOfLife < 3 ? .blackMeconium
                    : dayOfLife < 6 ? random.pick([(.green, 0.6), (.brown, 0.2), (.yellow, 0.2)])
                    : random.pick([(.yellow, 0.7), (.brown, 0.15), (.green, 0.12), (.pale, 0.015), (.redStreaked, 0.015)])
            }
            var weight: Int?
            if kind == .wet && random.unit() < 0.3 {
                // ~2–4 mL/kg/h since the previous change, on a 12 g dry nappy.
                let hours = Double(t - lastMs) / 3_600_000
                let urine = (2 + 2 * random.unit()) * Double(weightGrams) / 1000 * hours
                weight = min(1000, 12 + max(1, Int(urine.rounded())))
            }
            let note = random.unit() < 0.03 ? Self.pick(Self.notes, &random) : ""
            let by = staffIds[random.int(0...staffIds.count - 1)]
            try insert.execute(arguments: [patientId, t, kind, size, colour, weight, note, by, t, t])
            count += 1
            lastMs = t
            // 6–10 changes a day: every 2.4–4 hours, a little irregular.
            t += Int64((2.4 + 1.6 * random.unit()) * 3_600_000)
        }
        return count
    }

    /// Rough median birth weight for gestation, ±15 %, within 300–7000 g.
    private static func typicalBirthWeight(weeks: Int, random: inout SeededRandom) -> Int {
        let median = [24: 650, 25: 750, 26: 850, 27: 1000, 28: 1100, 29: 1250, 30: 1400, 31: 1600, 32: 1750,
                      33: 2000, 34: 2250, 35: 2500, 36: 2750, 37: 3000, 38: 3200, 39: 3400, 40: 3500, 41: 3650][weeks] ?? 3300
        let factor = 0.85 + 0.3 * random.unit()
        return min(7000, max(300, Int(Double(median) * factor)))
    }

    private static func pick(_ list: [String], _ random: inout SeededRandom) -> String {
        list[random.int(0...list.count - 1)]
    }
}

enum DemoNames {
    static let given = ["Ava", "Noah", "Isla", "Leo", "Mia", "Oscar", "Lily", "Arlo", "Freya", "Theo", "Amara",
                        "Zain", "Ivy", "Finn", "Nia", "Kai", "Elsie", "Rory", "Maya", "Ezra", "Hana", "Yusuf",
                        "Poppy", "Luca", "Aisha", "Jude", "Sofia", "Milo", "Ada", "Remi", "Olu", "Wren"]
    static let family = ["Smith", "Jones", "Patel", "Khan", "Williams", "Brown", "Taylor", "Nowak", "Okafor",
                         "Evans", "Murphy", "Ali", "Chen", "Walker", "Hughes", "Silva", "Roberts", "Begum",
                         "Wright", "Kowalski", "Green", "Hall", "Ahmed", "Wood", "Adeyemi", "Novak"]
}
