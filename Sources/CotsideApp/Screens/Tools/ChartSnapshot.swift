import Clinical
import Foundation
import WardStore

/// What the Tools tab loaded from the selected patient's chart: the facts forms pre-fill from
/// (latest measured weight and length, else the birth weight) and the weight and length series
/// the growth chart plots. Loaded when the tab comes to the front or the ward's data changes.
struct ChartSnapshot {
    var patientId: Int64
    var facts: ChartFacts
    var growth: [GrowthIndicator: [GrowthPoint]]

    static func load(patient: Patient, repository: any WardRepository, now: Date, timeZone: TimeZone) async throws -> ChartSnapshot {
        let latest = try await repository.latestMeasurements(patientId: patient.id).map(\.measurement)
        let weight = latest.first { $0.kind == .weight }.map { ChartFacts.Measured(value: $0.value / 1000, at: $0.measuredAt) }
        let length = latest.first { $0.kind == .length }.map { ChartFacts.Measured(value: $0.value, at: $0.measuredAt) }
        var facts = ChartFacts(patient: patient, latestWeightKg: weight, latestLengthCm: length)
        if facts.weightKg == nil { facts.weightKg = birthWeight(patient, timeZone: timeZone) }

        let born = CalendarDate(year: patient.dateOfBirth.year, month: patient.dateOfBirth.month, day: patient.dateOfBirth.day)!
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let from = calendar.date(from: DateComponents(year: born.year, month: born.month, day: born.day)) ?? now
        func points(_ kind: MeasurementKind, scale: Double) async throws -> [GrowthPoint] {
            try await repository.measurements(patientId: patient.id, kind: kind, from: from, to: now).compactMap { m in
                let day = CalendarDate.on(m.measuredAt, in: timeZone).dayNumber - born.dayNumber
                return WHOGrowthStandard.days.contains(day) ? GrowthPoint(day: day, value: m.value * scale) : nil
            }
        }
        var weights = try await points(.weight, scale: 0.001)
        if weights.isEmpty, let grams = patient.birthWeightGrams { weights = [GrowthPoint(day: 0, value: Double(grams) / 1000)] }
        let lengths = try await points(.length, scale: 1)
        return ChartSnapshot(patientId: patient.id, facts: facts, growth: [.weightForAge: weights, .lengthForAge: lengths])
    }

    /// The birth weight, dated at birth: the chart's only weight before any is measured; nil
    /// when it is not recorded (an older child's).
    static func birthWeight(_ patient: Patient, timeZone: TimeZone) -> ChartFacts.Measured? {
        guard let grams = patient.birthWeightGrams else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let d = patient.dateOfBirth
        return calendar.date(from: DateComponents(year: d.year, month: d.month, day: d.day))
            .map { ChartFacts.Measured(value: Double(grams) / 1000, at: $0) }
    }
}
