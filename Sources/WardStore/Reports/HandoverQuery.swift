import Foundation
import WardSQL

/// Reads a `ShiftHandover` inside one read transaction. Each part is one statement for every cot
/// asked for (a range search per cot on the per-patient covering indexes), so 40 cots cost a
/// few statements, not a few hundred. Parts that other screens already compute are theirs:
/// the insight input (`CotInsightInput`, as the Dashboard and Trends read it), the dose slots and
/// their states (`WardSlots`, as the drug round reads them), the events charted (`HistoryQuery`,
/// as History reads them), the goal ranges (`SQLiteWardStore.goalRanges`) and the as-needed
/// rules (`AsNeededRules`). Tests hold the ward-wide read to the one-cot read, cot by cot.
/// The handover's own statements are `HandoverCharted`'s (WardSQL, either engine); `fetch` takes
/// GRDB's connection until the insight input, the slots and History's events it borrows do too.
struct HandoverQuery {
    let request: HandoverRequest

    /// How far back the slots and their notes are read: the shift and 36 h before it (overdue ones).
    var lookBack: TimeInterval { max(request.until.timeIntervalSince(request.since), 0) + 36 * 3600 }

    func fetch(_ db: some SQLConnection) throws -> ShiftHandover {
        let settings = try SQLiteWardStore.settings(db)
        let (since, until, timeZone) = (request.since, request.until, request.timeZone)
        let charted = try HandoverCharted.fetch(db, request: request, lookBack: lookBack)
        let patients = charted.patients
        let ids = Set(patients.map(\.id))
        let goals = charted.goals
        // A cot discharged in the period is told up to its discharge: its end is the discharge.
        let end = { (patient: Patient) in min(until, patient.dischargedAt ?? until) }
        let (admitted, discharged) = (patients.filter { $0.dischargedAt == nil }, patients.filter { $0.dischargedAt != nil })
        var insightInputs: [Int64: CotInsightInput] = [:]
        if request.patientId == nil, !admitted.isEmpty {
            insightInputs = try CotInsightInput.fetchWard(db, patients: admitted, now: until, timeZone: timeZone,
                                                          settings: settings, goals: goals)
        }
        for patient in (request.patientId == nil ? discharged : patients) {
            insightInputs[patient.id] = try CotInsightInput.fetch(db, patient: patient, now: end(patient), timeZone: timeZone,
                                                                  settings: settings, goals: goals[patient.id] ?? [:])
        }
        let (weights, intake, nappies) = (charted.weights, charted.intake, charted.nappies)
        let (lastWetBefore, lastStool) = (charted.lastWetBefore, charted.lastStool)
        let (shiftReadings, latestReadings, doseNotes) = (charted.shiftReadings, charted.latestReadings, charted.doseNotes)
        let (asNeededGiven, asNeededMedications) = (charted.asNeededGiven, charted.asNeededMedications)
        let (calculatorResults, strokeAssessments) = (charted.calculatorResults, charted.strokeAssessments)

        // Scheduled slots from well before the shift (overdue ones) to 4 h after it; a discharged
        // cot's up to its discharge, none after.
        var slotEntries = try WardSlots.load(db, now: until, timeZone: timeZone, timing: settings.slotTiming,
                                             patientId: request.patientId, lookBack: lookBack, lookAhead: HandoverRequest.lookAhead)
        for patient in discharged {
            slotEntries += try WardSlots.load(db, now: end(patient), timeZone: timeZone, timing: settings.slotTiming,
                                              patientId: patient.id, includingDischarged: true,
                                              lookBack: lookBack - until.timeIntervalSince(end(patient)), lookAhead: 0)
                .filter { $0.slot.scheduledAt <= end(patient) }
        }
        let slots = Dictionary(grouping: slotEntries, by: \.patient.id)

        // Everything charted in the shift, as History lists it: notes, results and who charted.
        let events = try HistoryQuery(filter: HistoryFilter(patientId: request.patientId, from: since,
                                                            until: until.addingTimeInterval(0.001)),
                                      cursor: nil, direction: .newer, limit: 1_000_000).fetch(db).events
            .filter { ids.contains($0.patientId) }
        let eventsByCot = Dictionary(grouping: events, by: \.patientId)
        let staff = try HandoverCharted.staff(Set(events.compactMap(\.staffId)), db)

        let cots = patients.map { patient -> CotHandover in
            let id = patient.id
            let until = end(patient)
            let gone = patient.dischargedAt != nil
            let ranges = goals[id] ?? [:]
            let weight = weights[id]
            let grams = weight?.grams ?? patient.birthWeightGrams
            let cotNappies = nappies[id] ?? []
            let cotSlots = (slots[id] ?? []).map { entry in
                HandoverSlot(medication: entry.medication, scheduledAt: entry.slot.scheduledAt, dueAt: entry.dueAt,
                             state: entry.state, withheldReason: entry.record?.withheldReason,
                             notes: doseNotes[entry.medication.id]?[StoredTime.milliseconds(entry.slot.scheduledAt)] ?? "",
                             snoozedUntil: entry.record?.snoozedUntil)
            }.sorted { ($0.dueAt, $0.medication.drugName) < ($1.dueAt, $1.medication.drugName) }
            let inShift = { (slot: HandoverSlot) in slot.scheduledAt >= since && slot.scheduledAt <= until }
            let cotEvents = eventsByCot[id] ?? []
            let authors = Dictionary(grouping: cotEvents.compactMap(\.staffId), by: { $0 })
                .map { HandoverAuthor(staffId: $0.key, entries: $0.value.count) }
                .sorted { ($1.entries, $0.staffId) < ($0.entries, $1.staffId) }
            return CotHandover(
                patient: patient,
                age: PatientAge(patient: patient, now: until, timeZone: timeZone),
                daysSinceAdmission: max(0, CalendarDay(patient.admittedAt, in: timeZone).days(until: CalendarDay(until, in: timeZone))),
                weight: HandoverWeight(grams: grams, weighedAt: weight?.weighedAt, birthGrams: patient.birthWeightGrams,
                                       weekAgoGrams: weight?.weekAgo),
                intake: HandoverIntake(shiftML: intake[id]?.shift ?? 0, last24hML: intake[id]?.day ?? 0,
                                       feedsInShift: intake[id]?.feeds ?? 0,
                                       shiftHours: until.timeIntervalSince(since) / 3600),
                output: Self.output(cotNappies, patient: patient, grams: grams, lastWetBefore: lastWetBefore[id],
                                    lastStool: lastStool[id].map { ($0.at, $0.colour) }, settings: settings,
                                    since: since, until: until),
                outOfRange: (shiftReadings[id] ?? []).compactMap { m in
                    guard let range = ranges[m.kind], let mark = range.mark(m.value) else { return nil }
                    return MarkedMeasurement(measurement: m, range: range, mark: mark)
                },
                latest: LatestMeasurements.marked(latestReadings[id] ?? [], ranges: ranges),
                medications: HandoverMedications(
                    answered: cotSlots.filter { inShift($0) && [.given, .withheld, .missed].contains($0.state) },
                    snoozed: cotSlots.filter { inShift($0) && $0.snoozedUntil != nil },
                    // Due now (its time has come, not yet overdue) and due in the next 4 hours: a
                    // dose due at 07:15 is the incoming nurse's first job at a 07:30 handover.
                    dueNext: gone ? [] : cotSlots.filter { !$0.state.isFinal && $0.state != .overdue
                                                && $0.dueAt <= until.addingTimeInterval(HandoverRequest.lookAhead) },
                    overdue: gone ? [] : cotSlots.filter { $0.state == .overdue },
                    asNeeded: Self.asNeeded(asNeededMedications.filter { $0.patientId == id }, given: asNeededGiven,
                                            since: since, until: until)),
                insightInput: insightInputs[id]!,
                notes: cotEvents.filter { !$0.notes.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
                    .sorted { ($0.occurredAt, $0.kind.rank, $0.id) < ($1.occurredAt, $1.kind.rank, $1.id) },
                calculatorResults: calculatorResults[id] ?? [],
                strokeAssessments: strokeAssessments[id] ?? [],
                chartedBy: authors)
        }
        return ShiftHandover(request: request, settings: settings, cots: cots,
                             staff: Dictionary(uniqueKeysWithValues: staff.map { ($0.id, $0) }))
    }

    /// Counts, urine output and the longest gap without a wet nappy from the shift's nappies.
    static func output(_ nappies: [NappyChange], patient: Patient, grams: Int?, lastWetBefore: Date?,
                       lastStool: (Date, StoolColour?)?, settings: WardSettings, since: Date, until: Date) -> HandoverOutput {
        let wet = nappies.filter { $0.kind == .wet || $0.kind == .mixed }
        let dirty = nappies.filter { $0.kind == .dirty || $0.kind == .mixed }
        // Urine as the Dashboard derives it: weighed wet nappies less the dry weight, per kg per hour
        // of the shift (shortened to the stay when the baby came in during it).
        let weighed = nappies.filter { $0.kind == .wet }.compactMap { n in
            n.nappyWeightGrams.flatMap { UrineOutput.urineML(nappyWeightGrams: $0, dryNappyWeightGrams: settings.dryNappyWeightGrams) }
        }
        let rate = weighed.isEmpty ? nil : grams.flatMap {
            UrineOutput.mlPerKgPerHour(urineML: Double(weighed.reduce(0, +)), weightGrams: $0,
                                       windowHours: until.timeIntervalSince(since) / 3600,
                                       hoursSinceAdmission: until.timeIntervalSince(patient.admittedAt) / 3600)
        }
        return HandoverOutput(wet: wet.count, dirty: dirty.count, urineMLPerKgPerHour: rate,
                              lastStoolAt: lastStool?.0, lastStoolColour: lastStool?.1,
                              longestDryGap: longestDryGap(wetTimes: wet.map(\.occurredAt), lastWetBefore: lastWetBefore,
                                                           admittedAt: patient.admittedAt, since: since, until: until))
    }

    /// The longest stretch without a wet nappy that touches the shift: it starts at the last wet
    /// nappy before the shift (or admission, if later or none), between two wet nappies, or runs
    /// from the last one to `until` (still open).
    static func longestDryGap(wetTimes: [Date], lastWetBefore: Date?, admittedAt: Date, since: Date, until: Date) -> HandoverGap? {
        let first = max(lastWetBefore ?? admittedAt, admittedAt)
        guard first < until else { return nil }
        let marks = [first] + wetTimes.filter { $0 > first }.sorted()
        var best: HandoverGap?
        for (i, start) in marks.enumerated() {
            let end = i + 1 < marks.count ? marks[i + 1] : until
            let gap = HandoverGap(from: start, to: end, endedByWetNappy: i + 1 < marks.count)
            if gap.hours > (best?.hours ?? 0) { best = gap }
        }
        return best
    }

    /// Each as-needed medication given in the shift, with when the next dose may be given.
    static func asNeeded(_ medications: [Medication], given: [Int64: [Date]],
                         since: Date, until: Date) -> [HandoverAsNeeded] {
        medications.compactMap { medication -> HandoverAsNeeded? in
            let all = given[medication.id] ?? []
            let inShift = all.filter { $0 >= since && $0 <= until }
            guard !inShift.isEmpty else { return nil }
            var next = until
            if let rules = medication.schedule.asNeededLimits {
                // Move to the first moment no rule refuses: past the interval, then past the 24 h count.
                for _ in 0..<(rules.max + 2) {
                    let refusals = AsNeededRules.check(at: next, otherDoses: all, minimumIntervalMinutes: rules.minutes,
                                                       maxDosesPer24h: rules.max)
                    guard let refusal = refusals.first else { break }
                    switch refusal {
                    case .tooSoon(_, _, let allowedFrom):
                        next = max(allowedFrom, next.addingTimeInterval(0.001))
                    case .dailyMaximum:
                        let window = all.filter { $0 <= next && next.timeIntervalSince($0) < 86_400 }
                        next = (window.min() ?? next).addingTimeInterval(86_400)
                    }
                }
            }
            return HandoverAsNeeded(medication: medication, givenAt: inShift, nextAllowedAt: next)
        }.sorted { $0.medication.drugName < $1.medication.drugName }
    }
}
