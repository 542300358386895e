import Clinical
import Foundation
import GRDB

/// One measurement in its kind's canonical unit (`MeasurementKind.canonicalUnit`): weight in
/// grams, lengths in cm, temperature in °C, rates per minute, SpO2 %, blood pressure mmHg
/// (`value` systolic, `diastolicMmHg` beside it), glucose in mmol/L, pain score out of 10.
/// An SpO2 carries the oxygen it was read on (`oxygenMode`, `oxygenAmount`).
public struct MeasurementRecord: Sendable, Hashable, Codable, FetchableRecord, PersistableRecord, MillisecondDates {
    public static let databaseTableName = "measurement"

    public var id: Int64
    public var patientId: Int64
    public var measuredAt: Date
    public var kind: MeasurementKind
    public var value: Double
    public var diastolicMmHg: Double?
    public var notes: String
    public var recordedBy: Int64?
    public var createdAt: Date
    public var updatedAt: Date
    public var deletedAt: Date?
    public var isDemo: Bool
    /// SpO2 only: room air, litres or FiO2 (nil when not recorded).
    public var oxygenMode: OxygenMode? = nil
    /// L/min for litres, % for FiO2; nil for room air or when not recorded.
    public var oxygenAmount: Double? = nil

    public var oxygen: OxygenSupport? {
        get { oxygenMode.map { OxygenSupport(mode: $0, amount: oxygenAmount) } }
        set {
            oxygenMode = newValue?.mode
            oxygenAmount = newValue?.amount
        }
    }

    public var draft: MeasurementDraft {
        MeasurementDraft(patientId: patientId, measuredAt: measuredAt, kind: kind, value: value,
                         diastolicMmHg: diastolicMmHg, oxygen: oxygen, notes: notes)
    }

    /// "3250 g", "37.8 °C", "82/50 mmHg", "2.4 mmol/L", "96 % on 0.5 L/min", "3/10".
    public var valueText: String {
        MeasurementText.value(kind: kind, value: value, diastolic: diastolicMmHg, oxygen: oxygen)
    }
}

public struct MeasurementDraft: Sendable, Hashable, Codable {
    public var patientId: Int64
    public var measuredAt: Date
    public var kind: MeasurementKind
    /// Canonical unit (see `MeasurementKind.canonicalUnit`); convert with `UnitConversion` first.
    public var value: Double
    public var diastolicMmHg: Double?
    /// SpO2 only: the oxygen it was read on.
    public var oxygen: OxygenSupport?
    public var notes: String

    public init(patientId: Int64, measuredAt: Date, kind: MeasurementKind, value: Double, diastolicMmHg: Double? = nil,
                oxygen: OxygenSupport? = nil, notes: String = "") {
        self.patientId = patientId
        self.measuredAt = measuredAt
        self.kind = kind
        self.value = value
        self.diastolicMmHg = diastolicMmHg
        self.oxygen = oxygen
        self.notes = notes
    }
}

/// A goal range for one measurement kind (canonical units; either end may be open).
public struct GoalRange: Sendable, Hashable, Codable {
    public var low: Double?
    public var high: Double?
    /// Where the numbers come from ("patient goal", or the cited default table).
    public var source: String

    public init(low: Double?, high: Double?, source: String) {
        self.low = low
        self.high = high
        self.source = source
    }

    /// "low", "high" or nil when inside (or no limit on that side).
    public func mark(_ value: Double) -> RangeMark? {
        if let low, value < low { return .low }
        if let high, value > high { return .high }
        return nil
    }
}

/// An out-of-range mark, always shown with its word (never colour alone).
public enum RangeMark: String, Sendable, Hashable, Codable {
    case low, high
}

enum MeasurementText {
    static func value(kind: MeasurementKind, value: Double, diastolic: Double?, oxygen: OxygenSupport? = nil) -> String {
        switch kind {
        case .bloodPressure:
            return "\(NumberText.rounded(value, digits: 3))/\(diastolic.map { NumberText.rounded($0, digits: 3) } ?? "?") mmHg"
        case .spo2:
            let reading = "\(NumberText.rounded(value.rounded(), digits: 3)) %"
            return oxygen.map { "\(reading) on \($0.text)" } ?? reading
        case .pain:
            return "\(NumberText.rounded(value, digits: 1))/10"
        case .weight, .heartRate, .respiratoryRate:
            return "\(NumberText.rounded(value.rounded(), digits: 3)) \(kind.canonicalUnit)"
        default:
            return "\(NumberText.rounded(value, digits: 1)) \(kind.canonicalUnit)"
        }
    }
}
