extension Golden {
    /// The observations form at 80×24 (ObservationsFormTests): bed 3, 3 days old, so the newborn
    /// heart-rate goal 100–180 (PALS 2020); 190 is marked high with its word and the goal,
    /// 37.2 °C and 97 % are inside theirs and unmarked.
    static let observationsFormHighHeartRate = #"""
         1 Dashboard   2 History   3 Tools   4 Medications   5 Trends
         ┌ Chart observations ────────────────────────────────────────────────────────┐
         │ Bed 3 · Ada Lovelace · hospital no. H300                                   │
         │                                                                            │
         │ Time             now                           → Sat 21 Nov 2026 14:05 (n… │
         │ Temperature      37.2                       °C                             │
         │ Heart rate       190                       bpm ▲ high (goal 100–180 bpm)   │
         │ Respiratory rate                          /min                             │
         │ SpO2             97                          %                             │
         │ Oxygen             not recorded                                            │
         │ BP systolic                               mmHg                             │
         │ BP diastolic                              mmHg                             │
         │ Blood glucose                           mmol/L                             │
         │ Pain score                                 /10                             │
         │ Notes                                                                      │
         │ Enter saves · Tab/↓ next field · ←/→ change a choice · Esc back            │
         └────────────────────────────────────────────────────────────────────────────┘





         Ward                         User: Nia Nurse (NN)             Sat 21 Nov 14:05
        Enter Save  Esc Back
        """#
}
