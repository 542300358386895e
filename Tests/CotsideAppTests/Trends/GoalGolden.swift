/// Golden screens of the Goal ranges screen (100×24), checked by eye against the seed: Ada, born
/// 3 days before the clock at 38+2 weeks, with her own temperature goal 36–37.8 °C.
enum GoalGolden {
    /// The list: the own temperature goal beside its age default; every other kind on its age default with the source.
    static let list = #"""
         1 Dashboard   2 History   3 Tools   4 Medications   5 Trends
         ┌ Goal ranges ───────────────────────────────────────────────────────────────────────────────────┐
         │ Bed 3 · Ada Lovelace · H300 · 3 d                                                              │
         │                                                                                                │
         │ Measurement                In force         From                                 Age default   │
         │ Temperature                36–37.8 °C       own goal                             36.5–37.5 °C  │
         │ Heart rate                 100–180 bpm      age default (PALS 2020 newborn)                    │
         │ Respiratory rate           30–60 /min       age default (PALS 2020 newborn)                    │
         │ SpO2                       ≥ 94 %           age default (BTS 2017)                             │
         │ Blood pressure (systolic)  60–90 mmHg       age default (PALS 2020 newborn (systolic))         │
         │ Blood glucose              2.6–10 mmol/L    age default (BAPM 2017)                            │
         │ Pain score                 ≤ 3 /10          age default (FLACC / 0–10 rating, RCN 2009)        │
         │                                                                                                │
         │                                                                                                │
         │ Enter edit · d back to the age default · u undo · out-of-range marks follow at once            │
         └────────────────────────────────────────────────────────────────────────────────────────────────┘






         Ward                                   User: Nia Nurse (NN)                       Sat 21 Nov 14:05
        Enter Edit  d Default  u Undo  Esc Back  ? Help  : Commands  q Quit
        """#

    /// Enter on temperature: both limits filled with the goal in force, the age default in the subtitle.
    static let temperatureForm = #"""
         1 Dashboard   2 History   3 Tools   4 Medications   5 Trends
         ┌ Goal range ────────────────────────────────────────────────────────────────────────────────────┐
         │ Temperature · bed 3 Ada Lovelace · age default 36.5–37.5 °C                                    │
         │                                                                                                │
         │ Low limit  36                     °C                                                           │
         │ High limit 37.8                   °C                                                           │
         │ Enter saves · Tab/↓ next field · ←/→ change a choice · Esc back                                │
         └────────────────────────────────────────────────────────────────────────────────────────────────┘














         Ward                                   User: Nia Nurse (NN)                       Sat 21 Nov 14:05
        Enter Save  Esc Back
        """#
}
