import Foundation

/// Ward-wide settings shared by every workstation (table `ward_setting`, key/value text).
public struct WardSettings: Sendable, Hashable, Codable {
    public var wardName: String
    /// Minutes after local midnight when the ward's day (and "today" counts) starts; 0 = 00:00.
    public var dayStartMinutes: Int
    /// No wet nappy for longer than this raises a Dashboard alert.
    public var noWetAlertThresholdMinutes: Int
    /// Weight of a dry nappy; 0 means not set (no urine output derived).
    public var dryNappyWeightGrams: Int

    public init(wardName: String = "Ward", dayStartMinutes: Int = 0,
                noWetAlertThresholdMinutes: Int = 8 * 60, dryNappyWeightGrams: Int = 0) {
        self.wardName = wardName
        self.dayStartMinutes = dayStartMinutes
        self.noWetAlertThresholdMinutes = noWetAlertThresholdMinutes
        self.dryNappyWeightGrams = dryNappyWeightGrams
    }

    public static let defaults = WardSettings()

    /// Keys in `ward_setting`.
    enum Key: String, CaseIterable {
        case wardName, dayStartMinutes, noWetAlertThresholdMinutes, dryNappyWeightGrams
    }

    /// Reads from key/value rows; missing or unreadable values fall back to the defaults.
    init(values: [String: String]) {
        let d = WardSettings.defaults
        wardName = values[Key.wardName.rawValue] ?? d.wardName
        dayStartMinutes = values[Key.dayStartMinutes.rawValue].flatMap { Int($0) } ?? d.dayStartMinutes
        noWetAlertThresholdMinutes = values[Key.noWetAlertThresholdMinutes.rawValue].flatMap { Int($0) }
            ?? d.noWetAlertThresholdMinutes
        dryNappyWeightGrams = values[Key.dryNappyWeightGrams.rawValue].flatMap { Int($0) } ?? d.dryNappyWeightGrams
    }

    var values: [String: String] {
        [Key.wardName.rawValue: wardName,
         Key.dayStartMinutes.rawValue: String(dayStartMinutes),
         Key.noWetAlertThresholdMinutes.rawValue: String(noWetAlertThresholdMinutes),
         Key.dryNappyWeightGrams.rawValue: String(dryNappyWeightGrams)]
    }
}
