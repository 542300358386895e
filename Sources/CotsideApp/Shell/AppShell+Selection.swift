import WardStore

extension AppShell {
    /// Selects the patient the History, Trends and Tools screens are about (as the picker does)
    /// and reloads every screen: used by `cotside snapshot --bed`.
    public func selectPatient(_ patient: Patient?) {
        applySession(.selectedPatient(patient))
        reloadAll()
    }
}
