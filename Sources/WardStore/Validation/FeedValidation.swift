import Foundation

/// The IV parts of a feed: an infusion (fluid, rate, start, stop) or a bolus (volume), never
/// both; and no IV field on any other kind.
extension WardValidation {
    public static let infusionRateRange = 0.1...500.0
    public static let fluidMaxLength = 80
    /// What a ward usually runs, offered by the form and the command line's help.
    public static let suggestedFluids = ["10% glucose", "0.9% sodium chloride", "0.9% sodium chloride + 5% glucose",
                                         "0.45% sodium chloride + 5% glucose", "Plasma-Lyte 148", "Hartmann's",
                                         "parenteral nutrition", "lipid"]

    static func infusion(_ draft: FeedDraft, now: Date) -> [ValidationIssue] {
        var issues: [ValidationIssue] = []
        let fluid = draft.fluid?.trimmingCharacters(in: .whitespaces) ?? ""
        if let rate = draft.rateMLPerHour {
            if !rate.isFinite || !infusionRateRange.contains(rate) {
                issues.append(.init(field: "rateMLPerHour", message: "rate \(number(rate)) mL/h must be 0.1 to 500 mL/h"))
            }
            if draft.volumeML != nil {
                issues.append(.init(field: "volumeML",
                                    message: "an infusion is charted by its rate, not a volume; give the rate (mL/h) or, for a bolus, the volume"))
            }
            if fluid.isEmpty {
                issues.append(.init(field: "fluid", message: "an infusion needs its fluid, e.g. 10% glucose"))
            }
        } else if draft.volumeML == nil {
            issues.append(.init(field: "rateMLPerHour",
                                message: "an IV fluid needs its rate in mL/h (0.1–500) for an infusion, or its volume in mL for a bolus"))
        }
        if fluid.count > fluidMaxLength {
            issues.append(.init(field: "fluid", message: "the fluid has \(fluid.count) characters; at most \(fluidMaxLength) are allowed"))
        }
        if let issue = controlCharacters(draft.fluid ?? "", field: "fluid", what: "the fluid") { issues.append(issue) }
        if let stop = draft.stoppedAt {
            if !draft.isInfusion {
                issues.append(.init(field: "stoppedAt", message: "only an infusion (with a rate in mL/h) has a stop time"))
            } else if stop <= draft.occurredAt {
                issues.append(.init(field: "stoppedAt", message: "the stop must be after the start"))
            } else if let issue = notInFuture(stop, now: now, field: "stoppedAt", what: "stop time") {
                issues.append(issue)
            }
        }
        return issues
    }

    static func notInfusion(_ draft: FeedDraft) -> [ValidationIssue] {
        var issues: [ValidationIssue] = []
        let what = "a \(draft.kind.displayName) \(draft.kind.isOutput ? "output" : "feed")"
        if draft.rateMLPerHour != nil {
            issues.append(.init(field: "rateMLPerHour", message: "\(what) has no rate; only IV fluids run at a rate in mL/h"))
        }
        if !(draft.fluid ?? "").trimmingCharacters(in: .whitespaces).isEmpty {
            issues.append(.init(field: "fluid", message: "\(what) has no fluid; only IV fluids name one"))
        }
        if draft.stoppedAt != nil {
            issues.append(.init(field: "stoppedAt", message: "\(what) has no stop time; only IV infusions stop"))
        }
        return issues
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
