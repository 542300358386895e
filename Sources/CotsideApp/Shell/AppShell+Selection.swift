import WardStore

extension AppShell {
    /// Selects the patient the History, Trends and Tools screens are about (as the picker does)
    /// and reloads what is shown: used by `cotside snapshot --bed`.
    /// - Parameter reload: false before `start`, which loads the screens for this patient anyway.
    public func selectPatient(_ patient: Patient?, reload: Bool = true) {
        applySession(.selectedPatient(patient))
        if reload { reloadAll() }
    }
}
