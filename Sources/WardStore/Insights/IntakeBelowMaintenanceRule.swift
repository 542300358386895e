import Clinical
/// Fluid intake under the maintenance requirement for several days running, e.g. "intake below
/// maintenance for 3 days (mean 88 of 110 mL/kg/day)". Maintenance per day (Holliday–Segar, or a
/// neonatal day-of-life target) is computed elsewhere and passed in.
public enum IntakeBelowMaintenanceRule {
    public struct Day: Hashable, Sendable {
        public var day: CalendarDay
        public var intakeMLPerKg: Double
        public var maintenanceMLPerKg: Double
        public init(day: CalendarDay, intakeMLPerKg: Double, maintenanceMLPerKg: Double) {
            self.day = day
            self.intakeMLPerKg = intakeMLPerKg
            self.maintenanceMLPerKg = maintenanceMLPerKg
        }
    }

    /// Below 90 % counts as short: maintenance formulas are estimates, so a 10 % margin keeps
    /// ordinary day-to-day variation quiet.
    public static let shortfallFraction = 0.9
    /// Two consecutive short days: one low day is common (a procedure, a fast); two is a trend.
    public static let minimumConsecutiveDays = 2

    /// Counts the run of short days ending at the latest day (consecutive calendar days only).
    public static func evaluate(days: [Day]) -> Insight? {
        let sorted = days.filter { $0.intakeMLPerKg.isFinite && $0.maintenanceMLPerKg > 0 }.sorted { $0.day < $1.day }
        var run: [Day] = []
        for day in sorted.reversed() {
            guard day.intakeMLPerKg < day.maintenanceMLPerKg * shortfallFraction else { break }
            if let later = run.last, day.day.days(until: later.day) != 1 { break }
            run.append(day)
        }
        guard run.count >= minimumConsecutiveDays else { return nil }
        run.reverse()
        let meanIntake = run.map(\.intakeMLPerKg).reduce(0, +) / Double(run.count)
        let meanTarget = run.map(\.maintenanceMLPerKg).reduce(0, +) / Double(run.count)
        return Insight(
            kind: .intakeBelowMaintenance, severity: .warning, subject: "intake",
            summary: ClinicalText("insight.intake_below", "intake below maintenance for {0} days (mean {1} of {2} mL/kg/day)",
                                  plain: [run.count, InsightNumber.text(meanIntake.rounded()), InsightNumber.text(meanTarget.rounded())]),
            evidence: run.map {
                InsightEvidence(moment: .day($0.day), value: $0.intakeMLPerKg,
                                note: ClinicalText("insight.note.maintenance", "mL/kg/day, maintenance {0}",
                                                   plain: [InsightNumber.text($0.maintenanceMLPerKg)]))
            })
    }
}
