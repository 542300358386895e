/// Golden screens of the audit trail (issue 15), reviewed by eye against `seedAuditedWard`.
extension Golden {
    /// `a` on the nappy in History: made by NN at 13:30 (wet, 40 g), corrected by DD at 13:50
    /// (mixed, yellow, 44 g: the new values highlighted), a note added by NN at 14:00.
    static let recordTrail = #"""
         1 Dashboard   2 History   3 Tools   4 Medications   5 Trends
         Audit trail: Nappy mixed · bed 3 Ada Lovelace
         Versions: 3, oldest first
         2026-11-21 13:30  NN Nia Nurse  created
           is demo             no
           kind                wet
           nappy weight grams  40
           notes               (empty)
           occurred at         2026-11-21 13:30
           patient             bed 3 Ada Lovelace
           recorded by         NN Nia Nurse
           size                medium
         2026-11-21 13:50  DD Dee Doctor  changed
           kind                wet → mixed
           nappy weight grams  40 → 44
           stool colour        — → yellow
         2026-11-21 14:00  NN Nia Nurse  changed
           notes               (empty) → nappy rash starting, barrier cream applied




         Ward                        User: Sam Student (SS)            Sat 21 Nov 14:05
        PgDn Page down  PgUp Page up  Esc Back  ? Help  : Commands  q Quit
        """#

    /// The palette's "Audit trail", newest first, opened by the student (anyone signed in may read
    /// it): DD's three wrong PINs at 14:01 after setting a PIN, NN's note at 14:00, SS refused
    /// prescribing at 13:55 (selected: the lines under the table say it in full), DD's correction
    /// at 13:50, the nappy charted at 13:30, NN's sign-in at 13:00, the admission and staff at 12:00.
    static let auditTrail = #"""
         1 Dashboard   2 History   3 Tools   4 Medications   5 Trends
         Audit trail · newest first · whole ward
         Time             By   Bed    Patient      What
         2026-11-21 14:01 DD                       wrong PIN (3 in a row)
         2026-11-21 14:01 DD                       wrong PIN (2 in a row)
         2026-11-21 14:01 DD                       wrong PIN (1 in a row)
         2026-11-21 14:01 DD                       DD set their PIN
         2026-11-21 14:00 NN   3      Ada Lovelace Nappy change changed: notes
         2026-11-21 13:55 SS                       refused: add, change, pause and sto…
         2026-11-21 13:50 DD   3      Ada Lovelace Nappy change changed: kind, nappy w…
         2026-11-21 13:30 NN   3      Ada Lovelace Nappy change created
         2026-11-21 13:00 NN                       NN signed in
         2026-11-21 12:00 NN   3      Ada Lovelace Patient created
         2026-11-21 12:00 NN                       Staff member SS created
         2026-11-21 12:00 NN                       Staff member DD created
         2026-11-21 12:00 NN                       Staff member NN created



         2026-11-21 13:55 · SS Sam Student · refused: add, change, pause and stop
         medications (needs a doctor or a pharmacist)

         Ward                        User: Sam Student (SS)            Sat 21 Nov 14:05
        Enter Versions  f Filter  Esc Back  ? Help  : Commands  q Quit
        """#

    /// The same trail at 120×40 with DD's correction selected: its fields changed, by name.
    static let auditTrailWide = #"""
         1 Dashboard   2 History   3 Tools   4 Medications   5 Trends
         Audit trail · newest first · whole ward
         Time             By   Bed    Patient      What
         2026-11-21 14:01 DD                       wrong PIN (3 in a row)
         2026-11-21 14:01 DD                       wrong PIN (2 in a row)
         2026-11-21 14:01 DD                       wrong PIN (1 in a row)
         2026-11-21 14:01 DD                       DD set their PIN
         2026-11-21 14:00 NN   3      Ada Lovelace Nappy change changed: notes
         2026-11-21 13:55 SS                       refused: add, change, pause and stop medications (needs a doctor or a pharm…
         2026-11-21 13:50 DD   3      Ada Lovelace Nappy change changed: kind, nappy weight grams, stool colour
         2026-11-21 13:30 NN   3      Ada Lovelace Nappy change created
         2026-11-21 13:00 NN                       NN signed in
         2026-11-21 12:00 NN   3      Ada Lovelace Patient created
         2026-11-21 12:00 NN                       Staff member SS created
         2026-11-21 12:00 NN                       Staff member DD created
         2026-11-21 12:00 NN                       Staff member NN created



















         2026-11-21 13:50 · DD Dee Doctor · bed 3 Ada Lovelace · Nappy change changed: kind, nappy weight grams, stool colour


         Ward                                             User: Nia Nurse (NN)                                 Sat 21 Nov 14:05
        Enter Versions  f Filter  Esc Back  ? Help  : Commands  q Quit
        """#
}
