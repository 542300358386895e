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
    /// A slot is due from this long before its time to this long after (the ±window).
    public var doseWindowMinutes: Int
    /// After the window, this much more before a slot is overdue.
    public var doseGraceMinutes: Int
    /// How glucose is typed and shown (stored in mmol/L).
    public var glucoseUnit: GlucoseUnit
    public var effectivenessMode: EffectivenessMode
    /// Effectiveness is only judged when 14-day adherence is at least this (percent).
    public var adherenceGatePercent: Int
    /// Maintenance fluid targets by day of life for babies under 28 days (default NICE NG29).
    public var neonatalFluidTable: NeonatalFluidTable
    /// A running workstation takes an automatic backup this often (hours); 0 = off.
    public var backupEveryHours: Int
    /// Automatic backups kept (older `ward-*.sqlite` files in the backup folder are pruned).
    public var backupKeep: Int
    /// Signing in, switching user, unlocking and command-line writes ask for the member's PIN.
    /// On for a new ward; a ward made before PINs existed is asked once by its ward admin.
    public var requirePin: Bool
    /// The screen locks after this long without a key; 0 = never.
    public var idleLockMinutes: Int
    /// Nurses may add, change, pause and stop medications too (off: doctors and pharmacists).
    public var nursesPrescribe: Bool
    /// How the bilirubin calculator takes and shows TSB and its thresholds.
    public var bilirubinUnit: BilirubinUnit
    /// Doses of these drugs / categories / routes need a second member's signature when given.
    public var secondCheck: SecondCheckRules
    /// When the shifts change; the handover covers the shift since the latest change.
    public var shiftChanges: ShiftChanges

    public init(wardName: String = "Ward", dayStartMinutes: Int = 0,
                noWetAlertThresholdMinutes: Int = 8 * 60, dryNappyWeightGrams: Int = 0,
                doseWindowMinutes: Int = 30, doseGraceMinutes: Int = 30, glucoseUnit: GlucoseUnit = .mmolPerL,
                effectivenessMode: EffectivenessMode = .balanced, adherenceGatePercent: Int = 60,
                neonatalFluidTable: NeonatalFluidTable = .nice, backupEveryHours: Int = 24, backupKeep: Int = 14,
                requirePin: Bool = true, idleLockMinutes: Int = 5, nursesPrescribe: Bool = false,
                bilirubinUnit: BilirubinUnit = .mgPerDl,
                secondCheck: SecondCheckRules = .none, shiftChanges: ShiftChanges = .standard) {
        self.wardName = wardName
        self.dayStartMinutes = dayStartMinutes
        self.noWetAlertThresholdMinutes = noWetAlertThresholdMinutes
        self.dryNappyWeightGrams = dryNappyWeightGrams
        self.doseWindowMinutes = doseWindowMinutes
        self.doseGraceMinutes = doseGraceMinutes
        self.glucoseUnit = glucoseUnit
        self.effectivenessMode = effectivenessMode
        self.adherenceGatePercent = adherenceGatePercent
        self.neonatalFluidTable = neonatalFluidTable
        self.backupEveryHours = backupEveryHours
        self.backupKeep = backupKeep
        self.requirePin = requirePin
        self.idleLockMinutes = idleLockMinutes
        self.nursesPrescribe = nursesPrescribe
        self.bilirubinUnit = bilirubinUnit
        self.secondCheck = secondCheck
        self.shiftChanges = shiftChanges
    }

    /// The board's timing from these settings.
    public var slotTiming: SlotTiming { SlotTiming(windowMinutes: doseWindowMinutes, graceMinutes: doseGraceMinutes) }

    public static let defaults = WardSettings()

    /// Reads from key/value rows; missing or unreadable values fall back to the defaults.
    init(values: [String: String]) {
        let d = WardSettings.defaults
        func value(_ key: WardSettingKey) -> String? { values[key.rawValue] }
        wardName = value(.wardName) ?? d.wardName
        dayStartMinutes = value(.dayStartMinutes).flatMap { Int($0) } ?? d.dayStartMinutes
        noWetAlertThresholdMinutes = value(.noWetAlertThresholdMinutes).flatMap { Int($0) } ?? d.noWetAlertThresholdMinutes
        dryNappyWeightGrams = value(.dryNappyWeightGrams).flatMap { Int($0) } ?? d.dryNappyWeightGrams
        doseWindowMinutes = value(.doseWindowMinutes).flatMap { Int($0) } ?? d.doseWindowMinutes
        doseGraceMinutes = value(.doseGraceMinutes).flatMap { Int($0) } ?? d.doseGraceMinutes
        glucoseUnit = value(.glucoseUnit).flatMap(GlucoseUnit.init(rawValue:)) ?? d.glucoseUnit
        effectivenessMode = value(.effectivenessMode).flatMap(EffectivenessMode.init(rawValue:)) ?? d.effectivenessMode
        adherenceGatePercent = value(.adherenceGatePercent).flatMap { Int($0) } ?? d.adherenceGatePercent
        neonatalFluidTable = value(.neonatalFluidTable).flatMap(NeonatalFluidTable.init(text:)) ?? d.neonatalFluidTable
        backupEveryHours = value(.backupEveryHours).flatMap { Int($0) } ?? d.backupEveryHours
        backupKeep = value(.backupKeep).flatMap { Int($0) } ?? d.backupKeep
        requirePin = value(.requirePin).map { $0 == "1" } ?? d.requirePin
        idleLockMinutes = value(.idleLockMinutes).flatMap { Int($0) } ?? d.idleLockMinutes
        nursesPrescribe = value(.nursesPrescribe).map { $0 == "1" } ?? d.nursesPrescribe
        bilirubinUnit = value(.bilirubinUnit).flatMap(BilirubinUnit.init(rawValue:)) ?? d.bilirubinUnit
        secondCheck = value(.secondCheck).flatMap { try? SecondCheckRules.parse($0).get() } ?? d.secondCheck
        shiftChanges = value(.shiftChanges).flatMap(ShiftChanges.init(text:)) ?? d.shiftChanges
    }

    /// Every setting as stored in `ward_setting` (text), by key.
    public var storedValues: [WardSettingKey: String] {
        [.wardName: wardName,
         .dayStartMinutes: String(dayStartMinutes),
         .noWetAlertThresholdMinutes: String(noWetAlertThresholdMinutes),
         .dryNappyWeightGrams: String(dryNappyWeightGrams),
         .doseWindowMinutes: String(doseWindowMinutes),
         .doseGraceMinutes: String(doseGraceMinutes),
         .glucoseUnit: glucoseUnit.rawValue,
         .effectivenessMode: effectivenessMode.rawValue,
         .adherenceGatePercent: String(adherenceGatePercent),
         .neonatalFluidTable: neonatalFluidTable.text,
         .backupEveryHours: String(backupEveryHours),
         .backupKeep: String(backupKeep),
         .requirePin: requirePin ? "1" : "0",
         .idleLockMinutes: String(idleLockMinutes),
         .nursesPrescribe: nursesPrescribe ? "1" : "0",
         .bilirubinUnit: bilirubinUnit.rawValue,
         .secondCheck: secondCheck.text,
         .shiftChanges: shiftChanges.description]
    }
}
