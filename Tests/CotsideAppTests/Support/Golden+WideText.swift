/// Golden screens with Chinese text (WideTextScreenTests.seedChineseAndLatinCots): bed 3 Ada
/// Lovelace and bed 5 王小明 (two cells a character) with a note in Chinese; checked by eye
/// that every column starts in the same cell on every row.
enum WideTextGolden {
    /// Dashboard at 80×24: the sparkline gives way; 王小明 takes 6 cells and Age starts in the same cell on both rows.
    static let dashboard80 = #"""
         1 Dashboard   2 History   3 Tools   4 Medications   5 Trends
         Occupied cots 2 · changes today 3 · alerts 0
           Bed  Patient      Age             Last nappy                Wet Dirty  Alert
           3    Ada Lovelace 3 d             30 min ago wet              1     0
           5    王小明       20 d · 33+3 cGA 1 h 30 min ago dirty        1     1













         Bed 3 · Ada Lovelace · hospital no. H300 · born 2026-11-18 at 38+2 weeks, 320…
         Urine output: set the dry nappy weight in Settings (s) to see mL/kg/h
         Intake 24 h: 0 mL (no weight, birth weight 3200 g) of 320–384 mL (0 %, day 4 …

         Ward                           User: 李娜 (LN)                Sat 21 Nov 14:05
        w Wet  d Dirty  m Mixed  f Feed  n New  Space Mark  u Undo  A Admit  ? Help
        """#

    /// Dashboard at 120×40: every column starts in the same cell on both rows.
    static let dashboard120 = #"""
         1 Dashboard   2 History   3 Tools   4 Medications   5 Trends
         Occupied cots 2 · changes today 3 · alerts 0
           Bed    Patient                     Age             Last nappy           Wet Dirty 7 days  Next dose            Alert
           3      Ada Lovelace                3 d             30 min ago wet         1     0 ▁▁▁▁▁▁█
           5      王小明                      20 d · 33+3 cGA 1 h 30 min ago dirty   1     1 ▁▁▁▁▁▁█





























         Bed 3 · Ada Lovelace · hospital no. H300 · born 2026-11-18 at 38+2 weeks, 3200 g
         Urine output: set the dry nappy weight in Settings (s) to see mL/kg/h
         Intake 24 h: 0 mL (no weight, birth weight 3200 g) of 320–384 mL (0 %, day 4 of life) · no reading out of range

         Ward                                               User: 李娜 (LN)                                    Sat 21 Nov 14:05
        w Wet  d Dirty  m Mixed  f Feed  n New  Space Mark  u Undo  A Admit  ? Help  : Commands  s Settings  p Patient  q Quit
        """#

    /// History at 80×24: the Chinese note is cut with an ellipsis at a whole character; "By" stays in its column.
    static let history80 = #"""
         1 Dashboard   2 History   3 Tools   4 Medications   5 Trends
         Whole ward
         Time         Bed Event                                                    By
         21 Nov 13:35 3   Nappy wet · medium · 40 g                                LN
         21 Nov 12:35 5   Nappy dirty · medium · yellow · 尿布湿，颜色正常，已涂…  LN
         21 Nov 10:45 5   Nappy wet · medium · Zoë’s cream — applied               LN
















         Ward                           User: 李娜 (LN)                Sat 21 Nov 14:05
        Enter Edit  a Audit  x Delete  n New  u Undo  f Filter  / Search  g Go to
        """#

    /// History at 120×40: the Chinese note and the Latin one end their Details column at the same cell.
    static let history120 = #"""
         1 Dashboard   2 History   3 Tools   4 Medications   5 Trends
         Whole ward
         Time             Bed    Patient      Event        Details                                                         By
         2026-11-21 13:35 3      Ada Lovelace Nappy wet    medium · 40 g                                                   LN
         2026-11-21 12:35 5      王小明       Nappy dirty  medium · yellow · 尿布湿，颜色正常，已涂护臀膏                  LN
         2026-11-21 10:45 5      王小明       Nappy wet    medium · Zoë’s cream — applied                                  LN
































         Ward                                               User: 李娜 (LN)                                    Sat 21 Nov 14:05
        Enter Edit  a Audit  x Delete  n New  u Undo  f Filter  / Search  g Go to  ? Help  : Commands  s Settings  p Patient
        """#
}
