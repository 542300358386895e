/// Golden screens: what a user sees, each checked by eye against its seed data when written.
enum Golden {
    /// Empty ward at 100×24: the honest empty state and how to admit.
    static let dashboardEmpty = #"""
         1 Dashboard   2 History   3 Tools   4 Medications   5 Trends
         Occupied cots 0 · changes today 0 · alerts 0








                                      No patients admitted — press A to admit











         Ward                                     no user selected                         Sat 21 Nov 14:05
        w Wet  d Dirty  m Mixed  f Feed  n New  Space Mark  u Undo  A Admit  ? Help  : Commands  s Settings
        """#

    /// Two cots (DashboardScreenTests.seedTwoCots): bed 10 preterm 30+4 born 20 days ago → 33+3 cGA,
    /// no wet nappy since admission 48 h ago → alert; urine output for bed 3: (40−12) g / 3.2 kg / 6 h = 1.46,
    /// and over 24 h = 0.36 mL/kg/h.
    static let dashboardFull = #"""
         1 Dashboard   2 History   3 Tools   4 Medications   5 Trends
         Occupied cots 2 · changes today 3 · alerts 1
           Bed  Patient        Age             Last nappy     Wet Dirty 7 days  Next dose     Alert
           3    Ada Lovelace   3 d             30 min ago wet   1     1 ▁▁▁▁▁▁█
           10   Bo Preterm     20 d · 33+3 cGA 10 h ago dirty   0     1 ▁▁▁▁▁▁█               ✖ no wet 48 h













         Bed 3 · Ada Lovelace · hospital no. H300 · born 2026-11-18 at 38+2 weeks, 3200 g
         Urine output: 6 h 1.46 mL/kg/h · 24 h 0.36 mL/kg/h (dry nappy 12 g, weight 3200 g)
         Intake 24 h: 0 mL (no weight, birth weight 3200 g) of 320–384 mL (0 %, day 4 of life) · no readin…

         Neonatal B                             User: Nia Nurse (NN)                       Sat 21 Nov 14:05
        w Wet  d Dirty  m Mixed  f Feed  n New  Space Mark  u Undo  A Admit  ? Help  : Commands  s Settings
        """#

    /// History with no entries.
    static let historyEmpty = #"""
         1 Dashboard   2 History   3 Tools   4 Medications   5 Trends
         Whole ward
         Time             Bed    Patient Event        Details                                          By
                                                   No entries yet


















         Ward                                     no user selected                         Sat 21 Nov 14:05
        Enter Edit  a Audit  x Delete  n New  u Undo  f Filter  / Search  g Go to  ? Help  : Commands
        """#

    /// HistoryScreenTests.seed: four nappies 30 min, 90 min, 10 h and 26 h before 14:05, newest first.
    static let historyFull = #"""
         1 Dashboard   2 History   3 Tools   4 Medications   5 Trends
         Whole ward
         Time             Bed    Patient      Event        Details                                     By
         2026-11-21 13:35 3      Ada Lovelace Nappy wet    medium · 40 g                               NN
         2026-11-21 12:35 3      Ada Lovelace Nappy dirty  medium · yellow · mild nappy rash           NN
         2026-11-21 04:05 10     Bo Preterm   Nappy mixed  medium · green                              —
         2026-11-20 12:05 10     Bo Preterm   Nappy dry    medium · cream applied                      —















         Ward                                   User: Nia Nurse (NN)                       Sat 21 Nov 14:05
        Enter Edit  a Audit  x Delete  n New  u Undo  f Filter  / Search  g Go to  ? Help  : Commands
        """#

    /// HistoryScreenTests.testValuesShowWholeAt80Columns: at 80 columns each row says its event
    /// and value in one column; the patient's name gives way to the bed, the time drops its year.
    static let historyAt80 = #"""
         1 Dashboard   2 History   3 Tools   4 Medications   5 Trends
         Whole ward
         Time         Bed Event                                                    By
         21 Nov 14:03 10  Output vomit · 12 mL                                     NN
         21 Nov 14:00 10  Temperature · 38.4 °C                                    NN
         21 Nov 13:55 3   SpO2 · 91 % on 2 L/min                                   NN
         21 Nov 13:35 3   Nappy wet · medium · 40 g                                NN
         21 Nov 12:35 3   Nappy dirty · medium · yellow · mild nappy rash          NN
         21 Nov 04:05 10  Nappy mixed · medium · green                             —
         20 Nov 12:05 10  Nappy dry · medium · cream applied                       —












         Ward                         User: Nia Nurse (NN)             Sat 21 Nov 14:05
        Enter Edit  a Audit  x Delete  n New  u Undo  f Filter  / Search  g Go to
        """#

    /// First run after the disclaimer: no staff yet, so the only row adds yourself.
    static let staffPickerFirstRun = #"""
         1 Dashboard   2 History   3 Tools   4 Medications   5 Trends

                       ┌ Who is at the keyboard? ───────────────────────────────────────────┐
                       │ Name or initials: _                                                │
                       │                                                                    │
                       │ + Add myself (press a)                                             │
                       │                                                                    │
                       │                                                                    │
                       │                                                                    │
                       │                                                                    │
                       │                                                                    │
                       │                                                                    │
                       │                                                                    │
                       │                                                                    │
                       │                                                                    │
                       │                                                                    │
                       │                                                                    │
                       │                                                                    │
                       │ No staff yet: press a (or Enter) to add yourself · Esc quits       │
                       └────────────────────────────────────────────────────────────────────┘


         Ward                                     no user selected                         Sat 21 Nov 14:05
        Enter Select  Ins Add me  Esc Quit
        """#
}
