import Foundation

/// One set of observations taken together at one time (the obs round): any of temperature,
/// heart rate, respiratory rate, SpO2 with its oxygen, blood pressure, glucose and pain score.
/// Stored as one measurement row per reading, in one transaction, with one audit entry each.
public struct ObservationSet: Sendable, Hashable, Codable {
    /// The kinds a set may hold, in the order the form, the command line and the saved rows use.
    public static let kinds: [MeasurementKind] = [.temperature, .heartRate, .respiratoryRate, .spo2, .bloodPressure,
                                                  .glucose, .pain]

    public var patientId: Int64
    public var measuredAt: Date
    public var readings: [ObservationReading]
    /// Kept on every row of the set, so each reading read alone still has them.
    public var notes: String

    public init(patientId: Int64, measuredAt: Date, readings: [ObservationReading], notes: String = "") {
        self.patientId = patientId
        self.measuredAt = measuredAt
        self.readings = readings
        self.notes = notes
    }

    /// One measurement draft per reading, in `kinds` order.
    public var drafts: [MeasurementDraft] {
        readings.sorted { (Self.kinds.firstIndex(of: $0.kind) ?? 99) < (Self.kinds.firstIndex(of: $1.kind) ?? 99) }
            .map { MeasurementDraft(patientId: patientId, measuredAt: measuredAt, kind: $0.kind, value: $0.value,
                                    diastolicMmHg: $0.diastolicMmHg, oxygen: $0.oxygen, notes: notes) }
    }
}

/// One value of a set, in its kind's canonical unit (glucose mmol/L).
public struct ObservationReading: Sendable, Hashable, Codable {
    public var kind: MeasurementKind
    public var value: Double
    /// Blood pressure only.
    public var diastolicMmHg: Double?
    /// SpO2 only.
    public var oxygen: OxygenSupport?

    public init(_ kind: MeasurementKind, _ value: Double, diastolicMmHg: Double? = nil, oxygen: OxygenSupport? = nil) {
        self.kind = kind
        self.value = value
        self.diastolicMmHg = diastolicMmHg
        self.oxygen = oxygen
    }
}
