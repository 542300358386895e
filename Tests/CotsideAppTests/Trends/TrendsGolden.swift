/// Golden Trends screens, each checked by eye against its seed when written.
enum TrendsGolden {
    /// Demo ward 3 cots × 14 days, seed 1, clock 2026-11-21 14:05 UTC; bed 1 (term, born 9 Nov),
    /// 140×50, window 7 days. Checked: the KPI rows use 20 Nov (the last complete day) against
    /// 19 Nov; the weight row's 24 h change is the latest reading minus the one a day before;
    /// nappy bars stack wet over dirty (mixed counts in both, so a bar can exceed the day's
    /// changes); Luca is 12 days old, so the maintenance line is the NICE NG29 neonatal target's lower end,
    /// 120 mL/kg/day on days 5–28, and intake below it for 7 days raises the insight.
    static let demoPatient = #"""
         1 Dashboard   2 History   3 Tools   4 Medications   5 Trends
         Trends · bed 1 Luca Chen · 12 d · last 7 days · [ ] window  ← → cursor  Esc ward view
         Measure                   Latest      24 h change  7-day mean  Min       Max
         Intake (mL/kg/day)        117         +37          94          61        140
         Urine (mL/kg/h)           –           –            1.07        0.40      1.41
         Nappies/day               7           0            7           7         8
         Wet nappies/day           5           -1           6           5         8
         Weight (kg)               3.857       +0.068       3.700       3.582     3.857
         Length (cm)               –           –            –           –         –
         Head circumference (cm)   –           –            –           –         –
         Temperature (°C)          36.6        -0.3         36.9        36.5      38.0
         Heart rate (bpm)          135         -23          146         125       166
         Respiratory rate (/min)   34          -16          44          28        60
         SpO2 (%)                  –           –            –           –         –
         Blood pressure (mmHg)     –           –            –           –         –
         Glucose (mmol/L)          –           –            –           –         –
         Pain score (/10)          –           –            –           –         –
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
         150┤⣀
            │ ⠉⠒⠢⠤⣀
         125┤⠒ ⠒ ⠒ ⠛⠑⠒⠤⣒⡀⠒ ⠒ ⠒ ⠒ ⠒ ⠒⠂⠐⠂⠐⠂⠐⠂⠐⠂⠐⠂⠐⠂⠐⠂⠐⠂⠐⠂⠐⠂⠐⠂⠐⠂⠐⠂⠐⠂⠐⠂⠐⠂⠐⠂⠐⠂⠐⠂⠐⠂⠐⠂⠐⠒ ⠒ ⠒ ⠒ ⠒ ⠒ ⠒ ⠒ ⠒ ⠒ ⠒ ⠒ ⠒ ⠒ ⠒ ⠒ ⠒ ⠒ ⠒ ⠒ ⠒ ⣒⣀⠶⢆⡐⠂⠐⠂⠐⠂⠐⠂⠐⠂⠐⠂⠐⠂⠐⠂⠐⠂⠐⠂⠐
            │           ⠈⠉⠒⠤⢄⣀                      ⣀⣀⣀⣀⠤⠤⢄⣀                                                      ⢀⣀⡠⠤⠒⠒⠉⠉    ⠈⠉⠒⠤⣀⡀
         100┤                 ⠉⠒⠢⠤⣀  ⢀⣀⣀⣀⠤⠤⠤⠤⠒⠒⠒⠊⠉⠉⠉        ⠉⠉⠒⠢⠤⣀⡀                                        ⣀⣀⠤⠔⠒⠊⠉⠁                ⠈⠑⠒⠤⣀⡀
          75┤                      ⠉⠉⠁                            ⠈⠉⠒⠒⠤⢄⣀                       ⢀⣀⣀⣀⡠⠤⠤⠒⠒⠉⠉                             ⠈⠑⠒⠤⣀
            │                                                            ⠉⠑⠒⠤⠤⣀⡀  ⣀⣀⣀⡠⠤⠤⠤⠔⠒⠒⠒⠉⠉⠉⠁                                            ⠉⠑⠢⠤⣀
          50┤                                                                  ⠈⠉⠉                                                                ⠉
            └┬──────────┬──────────┬──────────┬──────────┬──────────┬───────────┬──────────┬──────────┬──────────┬──────────┬──────────┬──────────┬
             12:00    16 Nov     12:00      17 Nov     12:00      18 Nov      12:00      19 Nov     12:00      20 Nov     12:00      21 Nov   12:00
         ── intake  ┄┄ neonatal target (lower end)


         Ward · Doses 1 due · 1 overdue                               no user selected                                             Sat 21 Nov 14:05
        ] Wider  [ Narrower  ? Help  : Commands  s Settings  p Patient  q Quit
        """#
}
