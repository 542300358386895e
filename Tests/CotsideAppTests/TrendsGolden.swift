/// Golden Trends screens, each checked by eye against its seed when written.
enum TrendsGolden {
    /// Demo ward 3 cots × 14 days, seed 1, clock 2026-11-21 14:05 UTC; bed 1 (term, born 9 Nov),
    /// 140×50, window 7 days. Checked: the KPI rows use 20 Nov (the last complete day) against
    /// 19 Nov; the weight row's 24 h change is the latest reading minus the one a day before;
    /// nappy bars stack wet over dirty (mixed counts in both, so a bar can exceed the day's
    /// changes); the Holliday–Segar line sits at 100 mL/kg/day for a baby under 10 kg.
    static let demoPatient = #"""
         1 Dashboard   2 History   3 Tools   4 Medications   5 Trends
         Trends · bed 1 Luca Chen · last 7 days · [ ] window  ← → cursor  Esc ward view
         Measure                   Latest      24 h change  7-day mean  Min       Max
         Intake (mL/kg/day)        60          -42          82          60        101
         Urine (mL/kg/h)           –           –            1.07        0.39      1.42
         Nappies/day               7           0            7           7         8
         Wet nappies/day           5           -1           6           5         8
         Weight (kg)               3.844       +0.060       3.695       3.608     3.844
         Length (cm)               –           –            –           –         –
         Head circumference (cm)   –           –            –           –         –
         Temperature (°C)          36.7        0.0          36.9        36.4      37.4
         Heart rate (bpm)          172         +38          145         117       190
         Respiratory rate (/min)   41          +8           44          30        56
         SpO2 (%)                  –           –            –           –         –
         Blood pressure (mmHg)     –           –            –           –         –
         Glucose (mmol/L)          –           –            –           –         –
         Daily rows use whole days of the stay (latest = yesterday, else today so far); readings the latest value. Min and max cover the window.

         Insights
         No rule fired for this cot.


         Nappies per day
          9  11   9  11   9   8   7
             ▒▒▒     ▒▒▒
         ▇▇▇ ▒▒▒ ▇▇▇ ▒▒▒ ▇▇▇ ▃▃▃
         ▒▒▒ ███ ▒▒▒ ███ ▒▒▒ ▒▒▒ ▇▇▇
         ███ ███ ███ ███ ███ ███ ▒▒▒
         ███ ███ ███ ███ ███ ███ ███
         ███ ███ ███ ███ ███ ███ ███
          15  16  17  18  19  20  21
         █ wet  ▒ dirty

         Intake (mL/kg/day)                                                                                                                   hours
         120┤
            │                                            ⣀⣀                                          ⣀⣀
         100┤⠉ ⠉ ⠉ ⠉ ⠉ ⠉ ⠉ ⠉ ⠉ ⠉ ⠉ ⠉⠁⠈⠁⠈⠁⠈⠁⠈⠁⠈⠁⠈⠁⠈⠁⣈⡡⠬⠓⠊⠉⠈⠁⠉⠉⠉⠓⠚⠓⠬⠥⢌⣁⣈⡁⠈⠁⠈⠁⠈⠁⠈⠁⠈⠉ ⠉ ⠉ ⠉ ⠉ ⣉⣀⡩⠤⠭⠔⠛⠒⠉⠉⠉ ⠉⠉⠙⠒⠭⣀⡉ ⠉ ⠉ ⠉ ⠉ ⠉ ⠉ ⠉ ⠉⠁⠈⠁⠈⠁⠈⠁⠈⠁⠈⠁⠈⠁⠈⠁⠈⠁⠈⠁⠈⠁⠈
            │⣀⣀                              ⢀⡠⠤⠒⠊⠉                   ⠈⠉⠉⠒⠒⠒⠤⠤⠤⣀⣀⡠⠤⠤⠔⠒⠒⠉⠉⠉                  ⠈⠉⠒⠢⠤⣀
          80┤  ⠉⠉⠉⠒⠒⠒⠢⠤⠤⢄⣀⣀⡀           ⢀⣀⠤⠔⠒⠉⠁                                                                    ⠉⠑⠒⠤⢄⣀
          60┤              ⠈⠉⠉⠉⠒⠒⠒⠤⠤⠔⠒⠉⠁                                                                                ⠉⠒⠢⠤⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀
            │
          40┤
            └┬──────────┬──────────┬──────────┬──────────┬──────────┬───────────┬──────────┬──────────┬──────────┬──────────┬──────────┬──────────┬
             12:00    16 Nov     12:00      17 Nov     12:00      18 Nov      12:00      19 Nov     12:00      20 Nov     12:00      21 Nov   12:00
         ── intake  ┄┄ Holliday–Segar

         Urine output (mL/kg/h)                                                                                                               hours

         Ward                                                         no user selected                                             Sat 21 Nov 14:05
        ] Wider  [ Narrower  ? Help  : Commands  s Settings  p Patient  q Quit
        """#
}
