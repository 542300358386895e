/// Another process's change as a PostgreSQL change feed names it (`SQLChangeEvent.tablesChanged`,
/// table names) turned into the kinds of record the screens refresh by.
extension WardChange {
    /// The kinds of record each ward table holds. Tables kept by triggers from another table
    /// (trends, nappy gaps, the audit's patient links) or by the program itself (backup lease)
    /// add nothing: the table they follow is named in the same notice.
    static let entitiesByTable: [String: Set<WardEntity>] = [
        "staff": [.staff], "staff_credential": [.staff], "patient": [.patient], "nappy_change": [.nappyChange],
        "ward_setting": [.setting], "ward_identity": [.setting], "medication": [.medication],
        "medication_pause": [.medication], "dose_record": [.doseRecord], "as_needed_dose": [.asNeededDose],
        "feed": [.feed], "measurement": [.measurement], "measurement_goal": [.measurementGoal],
        "calculator_result": [.calculatorResult], "stroke_assessment": [.strokeAssessment],
        "stroke_centre": [.strokeCentreList],
        "audit_entry": [], "audit_patient": [], "ward_trend_hour": [], "wet_nappy_gap": [], "backup_schedule": [],
    ]

    /// Another process changed these tables. A table this build does not know (a newer Cotside's)
    /// counts as every kind, and so does a write that touched only the audit trail (a sign-in on
    /// another workstation), which has no kind of its own but shows in the trail.
    public init(otherProcessChangedTables tables: Set<String>) {
        var entities: Set<WardEntity> = []
        for table in tables {
            guard let known = Self.entitiesByTable[table.lowercased()] else {
                entities = Set(WardEntity.allCases)
                break
            }
            entities.formUnion(known)
        }
        if entities.isEmpty { entities = Set(WardEntity.allCases) }
        self.init(entities: entities, isFromAnotherProcess: true)
    }
}
