/// Bed 3's week on the demo ward (seed 7, 4 cots, 30 days; 2026-11-21 14:05 UTC), checked by eye
/// against the chart and the handover of the same cot: admitted 2026-11-17 18:05, so the days
/// before are left out and the first is 5.9 h; 1749 g on 2026-11-20 23:24 against 1877 g at birth
/// (−6.8 %); a mixed nappy counts as wet and dirty; caffeine once a day, 4 of 4 given.
enum PatientReportGolden {
    static let bed3Week = #"""
        ================================================================================
        Patient report
        Ward: Ward
        Period: 2026-11-14 14:05 to 2026-11-21 14:05
        Made: 2026-11-21 14:05 GMT by Aisha Begum (AB), nurse
        Software: Cotside 0.1.0
        ================================================================================

        --------------------------------------------------------------------------------
        Patient: Bed 3 · Hana Roberts · D0300003 · DOB 2026-11-16
        Bed 3: Hana Roberts
        -------------------

            Name                Hana Roberts
            Bed                 3
            Hospital number     D0300003
            Born                2026-11-16 18:05
            Sex                 female
            Gestation at birth  33+1 weeks
            Birth weight        1.877 kg
            Age                 4 d, corrected 33+5 weeks (on 2026-11-21 14:05)
            Admitted            2026-11-17 18:05
            Weight              1.749 kg (2026-11-20 23:24); −6.8 % since birth

        --------------------------------------------------------------------------------
        Patient: Bed 3 · Hana Roberts · D0300003 · DOB 2026-11-16
        Measurements
        ------------

          Weight (kg)
          2.46 |                                                  x         x       x
               |                   x          x         x
               |
               |
               |                   +          +   *     +   *     +    *    +    *  +
               |
               |                                                            o       o
          1.24 |                   o          o         o         o
               +------------------------------------------------------------------------
                11-14       11-16     11-17      11-18     11-19     11-20     11-21
          Key: * Weight, o 3rd centile, + 50th centile, x 97th centile
          Weight: lowest 1.75 kg, highest 1.84 kg, latest 1.75 kg (4 values)
          3rd centile: lowest 1.24 kg, highest 1.36 kg, latest 1.36 kg (6 values)
          50th centile: lowest 1.68 kg, highest 1.83 kg, latest 1.83 kg (6 values)
          97th centile: lowest 2.28 kg, highest 2.46 kg, latest 2.46 kg (6 values)

          Centile lines: INTERGROWTH-21st preterm 3rd–97th (postmenstrual age).

          Temperature (°C)
          37.5 |........................................................................
               |...................................*........*...........................
               |..................................................................*.....
               |...............................................*........................
               |.................................*...**.*....*................*........*
               |................................................................*..*....
               |..........................................*......**.*.*.*............*..
          36.5 |.........................................................*.*.*..........
               +------------------------------------------------------------------------
                11-14       11-16     11-17      11-18     11-19     11-20     11-21
          Key: * Temperature, . goal range
          Temperature: lowest 36.5 °C, highest 37.4 °C, latest 36.9 °C (23 values)
          goal range: 36.5 to 37.5 °C

          Heart rate (bpm)
          180 |.........................................................................
              |......................................................................*..
              |.........................................*....*....*................*....
              |....................................*..*.........*......*...**.*.*.*.....
              |.....................................*....*.*...*....**...*.............*
              |..................................*......................................
              |.........................................................................
          100 |.........................................................................
              +-------------------------------------------------------------------------
               11-14        11-16     11-17     11-18     11-19      11-20     11-21
          Key: * Heart rate, . goal range
          Heart rate: lowest 126 bpm, highest 165 bpm, latest 136 bpm (23 values)
          goal range: 100 to 180 bpm

          Respiratory rate (/min)
          61 |.........................................*................................
             |..........................................................................
             |....................................*.....................................
             |..................................*...*......*......**...*.............*..
             |...........................................*......*....*..........*......*
             |...............................................*...........*..*......*....
             |................................................*...............*...*.....
          30 |........................................*...................*.............
             +--------------------------------------------------------------------------
              11-14        11-16     11-17      11-18     11-19     11-20      11-21
          Key: * Respiratory rate, . goal range
          Respiratory rate: lowest 30 /min, highest 61 /min, latest 44 /min (23
            values)
          goal range: 30 to 60 /min

          SpO2 (%)
          97 |                                  *
             |
             |....................................*.*...........*....*.*..........**....
             |..........................................................................
             |.............................................*..............*.*.*.........
             |.........................................*.*.........*.....*...........*.*
             |................................................*.................*.......
          91 |........................................*......*....*.....................
             +--------------------------------------------------------------------------
              11-14        11-16     11-17      11-18     11-19     11-20      11-21
          Key: * SpO2, . goal range
          SpO2: lowest 91 %, highest 97 %, latest 93 % (23 values)
          goal range: 91 to 95 %

          Glucose (mmol/L)
           10 |.........................................................................
              |.........................................................................
              |.........................................................................
              |.........................................................................
              |.........................................................................
              |.........................................................................
              |.....................................*.*.................................
          2.6 |..................................*......**..............................
              +-------------------------------------------------------------------------
               11-14        11-16     11-17     11-18     11-19      11-20     11-21
          Key: * Glucose, . goal range
          Glucose: lowest 2.7 mmol/L, highest 4 mmol/L, latest 2.7 mmol/L (5 values)
          goal range: 2.6 to 10 mmol/L

          No readings in this period: length, head circumference, blood pressure, pain
          score.

        --------------------------------------------------------------------------------
        Patient: Bed 3 · Hana Roberts · D0300003 · DOB 2026-11-16
        Nappies and intake per day
        --------------------------

          Per ward day (cut to the period at its ends); hours on the ward; wet and dirty
          nappies (a mixed one counts as both); urine from weighed nappies; feeds and
          fluids in mL and per kg of the day's weight; output charted on the feed chart.

          Day         Hours  Wet  Dirty  Urine mL/kg/h    Intake  mL/kg  Feeds    Output
                                                              mL                      mL
          ----------  -----  ---  -----  -------------  --------  -----  -----  --------
          2026-11-17    5.9    2      2              –        36     20      2         –
          2026-11-18   24.0    7      2              –       162     89      8         –
          2026-11-19   24.0    6      3              –       190    107      8         –
          2026-11-20   24.0    3      4            1.2       219    125      8         –
          2026-11-21   14.1    4      2            0.6       151     86      5         –
          Total        92.0   22     13                      758            31         0

        --------------------------------------------------------------------------------
        Patient: Bed 3 · Hana Roberts · D0300003 · DOB 2026-11-16
        Medications
        -----------

          Adherence counts the scheduled doses of the period (a dose withheld for a
          clinical reason is not counted as a failure); the effectiveness verdict is the
          Medications tab's at the end of the period.

          Medication           Adherence in the  Effectiveness           Latest
                               period
          -------------------  ----------------  ----------------------  ---------------
          caffeine citrate     100 % (4 of 4     not judged for this     given
          9.4 mg oral          given)            kind of drug            2026-11-21
                                                                         13:13
          vitamin D 400 units  100 % (4 of 4     not judged for this     given
          oral                 given)            kind of drug            2026-11-21
                                                                         09:50

        --------------------------------------------------------------------------------
        Patient: Bed 3 · Hana Roberts · D0300003 · DOB 2026-11-16
        Who charted
        -----------

        Charted by
        ~~~~~~~~~~

          - Amara Hughes (AH), student: 10 entries
          - Amara Walker (AWA), doctor: 9 entries
          - Ezra Evans (EE), other: 9 entries
          - Arlo Chen (AC), nurse: 8 entries
          - Olu Wood (OW), nurse: 8 entries
          - Oscar Roberts (OR), doctor: 8 entries
          - Maya Ali (MA), nurse: 7 entries
          - Aisha Begum (AB), nurse: 7 entries
          - Leo Okafor (LO), nurse: 7 entries
          - Finn Wood (FW), nurse: 7 entries
          - Olu Jones (OJ), nurse: 7 entries
          - Hana Begum (HB), healthcare assistant: 7 entries
          - Noah Jones (NJ), doctor: 6 entries
          - Ava Wood (AW), nurse: 5 entries
          - Milo Ahmed (MAA), nurse: 5 entries
          - Amara Roberts (AR), nurse: 5 entries
          - Theo Hughes (TH), nurse: 5 entries
          - Ezra Jones (EJ), nurse: 5 entries
          - Remi Brown (RB), doctor: 5 entries
          - Freya Hughes (FH), healthcare assistant: 5 entries
          - Arlo Chen (ACA), student: 5 entries
          - Amara Khan (AK), nurse: 4 entries
          - Rory Ahmed (RA), nurse: 4 entries
          - Finn Novak (FN), nurse: 4 entries
          - Sofia Hall (SH), doctor: 4 entries
          - Finn Patel (FP), nurse: 3 entries
          - Finn Wood (FWA), nurse: 3 entries
          - Zain Jones (ZJ), healthcare assistant: 3 entries
          - Noah Evans (NE), nurse: 2 entries
          - Remi Evans (RE), doctor: 2 entries

            Nappy changes     29
            Feeds and fluids  31
            Measurements      101
            Scheduled doses   8

        Audit trail
        ~~~~~~~~~~~

          Entries created in this period, by the audit trail: 0. Changes made to charted
          entries afterwards (corrections, deletions, undos) are listed here; a demo
          ward's and an import's records are audited once per batch, not one by one.

          No charted entry was corrected, deleted or restored in this period.

        ================================================================================
        End of Patient report - Ward - 2026-11-21 14:05 GMT

        """#
}
