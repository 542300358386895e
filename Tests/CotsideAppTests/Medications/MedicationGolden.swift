/// Golden screens of the Medications tab and the Dashboard's dose columns (issue 6), reviewed
/// by eye against the seed in `MedicationTestSeed.swift`.
extension Golden {
    static let drugRound = #"""
         1 Dashboard   2 History   3 Tools   4 Medications   5 Trends
         Drug round: 2 due, 1 overdue
           State       Due    Bed   Patient      Medication       Dose       Schedule
           ✖ overdue   13:00  3     Ada Lovelace paracetamol      45 mg oral 13:00
           ! due       14:00  3     Ada Lovelace caffeine citrate 5 mg oral  14:00
           ! due              10    Bo Preterm   gentamicin       7 mg IV    every 12 h
















         Ward · Doses 2 due · 1 overdue         User: Nia Nurse (NN)                       Sat 21 Nov 14:05
        Enter Given  w Withheld  z Snooze  Space Mark  v Patient list  u Undo  ? Help  : Commands
        """#
    static let medicationList = #"""
         1 Dashboard   2 History   3 Tools   4 Medications   5 Trends
         Bed 3 Ada Lovelace · 7-day adherence 25 %              [All 3]  Active 3   Paused 0   Attention 3
         Medication       Dose           Schedule Status Latest      Next              7 d Effect
         caffeine citrate 5 mg oral      14:00    active none yet    ! 14:00           0 %
         paracetamol      45 mg oral     13:00    active none yet    ✖ 13:00           0 % unclear 9 %
         vitamin D        400 units oral 09:00    active given 09:05   tomorrow 09:00 50 %
















         Ward · Doses 2 due · 1 overdue         User: Nia Nurse (NN)                       Sat 21 Nov 14:05
        n New  f Filter  g Give PRN  P Pause  v Round  u Undo  ? Help  : Commands  s Settings  p Patient
        """#
    /// Alerts 4: both cots have had no wet nappy since admission 48 h ago (urgent, so first on the
    /// row); Bo also has 38.4 °C above 37.5 and 2 of his last 3 gentamicin doses missed ("+2").
    static let dashboardDoses = #"""
         1 Dashboard   2 History   3 Tools   4 Medications   5 Trends
         Occupied cots 2 · changes today 0 · alerts 4
           Bed    Patient                            Age             Last nappy Wet Dirty 7 days  Next dose            Alert            Intake 24 h  Out of range
           3      Ada Lovelace                       3 d             none yet     0     0 ▁▁▁▁▁▁▁ ✖ 13:00 paracetamol  ✖ no wet 48 h    120 mL 38 %
           10     Bo Preterm                         20 d · 33+3 cGA none yet     0     0 ▁▁▁▁▁▁▁ ! 14:00 gentamicin   ✖ no wet 48 h +2 0 mL 0 %     ▲ high temperature













         Bed 3 · Ada Lovelace · hospital no. H300 · born 2026-11-18 at 38+2 weeks, 3200 g
         Urine output: set the dry nappy weight in Settings (s) to see mL/kg/h
         Intake 24 h: 120 mL (no weight, birth weight 3200 g) of 320–384 mL (38 %, day 4 of life) · no reading out of range

         Ward · Doses 2 due · 1 overdue                                       User: Nia Nurse (NN)                                                     Sat 21 Nov 14:05
        w Wet  d Dirty  m Mixed  f Feed  n New  Space Mark  u Undo  A Admit  ? Help  : Commands  s Settings  p Patient  q Quit
        """#
}
