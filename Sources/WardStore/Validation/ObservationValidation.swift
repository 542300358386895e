import Foundation

extension WardValidation {
    /// Every problem of a set, each named by the reading's kind (`temperature`, `bloodPressure`,
    /// `diastolicMmHg`, `oxygen`, …) so a form puts it at its field and the command line at its
    /// option; the time and the notes once. An empty set, a kind twice, or a kind that is not an
    /// observation (weight has its own form) is refused.
    public static func observations(_ set: ObservationSet, now: Date) -> [ValidationIssue] {
        var issues: [ValidationIssue] = []
        if set.readings.isEmpty {
            issues.append(.init(field: "readings", message: "an observation set needs at least one value "
                                + "(temperature, heart rate, respiratory rate, SpO2, blood pressure, glucose or pain score)"))
        }
        var seen = Set<MeasurementKind>()
        for reading in set.readings {
            if !ObservationSet.kinds.contains(reading.kind) {
                issues.append(.init(field: reading.kind.rawValue,
                                    message: "\(reading.kind.displayName) is not an observation; chart it as a measurement"))
            } else if !seen.insert(reading.kind).inserted {
                issues.append(.init(field: reading.kind.rawValue, message: "\(reading.kind.displayName) is given twice"))
            }
        }
        for draft in set.drafts {
            for issue in measurement(draft, now: now) {
                let field = issue.field == "value" ? draft.kind.rawValue : issue.field
                if !issues.contains(where: { $0.field == field && $0.message == issue.message }) {
                    issues.append(.init(field: field, message: issue.message))
                }
            }
        }
        return issues
    }
}
