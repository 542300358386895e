/// The feed form's golden screens (FeedFormTests), each checked by eye against its input.
enum FeedFormGolden {
    /// 80×24: an IV infusion typed into the feed form — started 3 h ago (-3h, shown as typed
    /// with what it means), 10% glucose at 6 mL/h, running (no stop), no bolus.
    static let infusion = #"""
         1 Dashboard   2 History   3 Tools   4 Medications   5 Trends
         ┌ Log a feed ────────────────────────────────────────────────────────────────┐
         │ Bed 3 Ada Lovelace                                                         │
         │                                                                            │
         │ Time    -3h                         → Sat 21 Nov 2026 11:05 (3 h ago)      │
         │ Kind      IV                                                               │
         │ Fluid   10% glucose                                                        │
         │ Rate    6                      mL/h                                        │
         │ Stopped                                                                    │
         │ Bolus                            mL                                        │
         │ Notes                                                                      │
         │ Enter saves · Tab/↓ next field · ←/→ change a choice · Esc back            │
         └────────────────────────────────────────────────────────────────────────────┘









         Ward                         User: Nia Nurse (NN)             Sat 21 Nov 14:05
        Enter Save  Esc Back
        """#
}
