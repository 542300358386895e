import GRDB

/// Sex recorded at admission.
public enum Sex: String, Sendable, Codable, CaseIterable, DatabaseValueConvertible {
    case male, female, unknown
}

/// What a staff member does on the ward.
public enum StaffRole: String, Sendable, Codable, CaseIterable, DatabaseValueConvertible {
    case nurse, doctor, pharmacist, healthcareAssistant, student, other
}

/// What was in the nappy. `mixed` counts as both wet and dirty in every count and alert.
public enum NappyKind: String, Sendable, Codable, CaseIterable, DatabaseValueConvertible {
    case wet, dirty, mixed, dry

    /// True for nappies that show urine output (wet, mixed).
    public var isWet: Bool { self == .wet || self == .mixed }
    /// True for nappies that hold stool (dirty, mixed): only these carry a stool colour.
    public var isDirty: Bool { self == .dirty || self == .mixed }
}

/// Amount in the nappy, by eye.
public enum NappySize: String, Sendable, Codable, CaseIterable, DatabaseValueConvertible {
    case small, medium, large
}

/// Stool colour, recorded for dirty and mixed nappies only. Pale and red-streaked stools are
/// warning signs (cholestasis, blood) the UI should highlight.
public enum StoolColour: String, Sendable, Codable, CaseIterable, DatabaseValueConvertible {
    case yellow, green, brown, blackMeconium, pale, redStreaked
}
