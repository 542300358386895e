import Foundation

/// How readily the effectiveness heuristic calls a change: conservative needs bigger changes and
/// more samples, aggressive fewer.
public enum EffectivenessMode: String, Sendable, Codable, CaseIterable {
    case conservative, balanced, aggressive
}

public enum EffectivenessVerdict: String, Sendable, Hashable {
    case likelyEffective, unclear, likelyIneffective

    public var displayName: String {
        switch self {
        case .likelyEffective: return "likely effective"
        case .unclear: return "unclear"
        case .likelyIneffective: return "likely ineffective"
        }
    }
}

/// One measurement in the series the heuristic reads (canonical units; systolic for BP).
public struct TimedValue: Sendable, Hashable {
    public let at: Date
    public let value: Double
    public init(at: Date, value: Double) {
        self.at = at
        self.value = value
    }
}

/// What the heuristic found, with the numbers behind the verdict.
public struct EffectivenessResult: Sendable, Hashable {
    public let verdict: EffectivenessVerdict
    /// Smoothed 0–100.
    public let confidencePercent: Int
    /// Median of (after − before) over doses with both readings; negative = improvement.
    public let perDoseMedianDelta: Double?
    public let perDoseSamples: Int
    /// Mean of the last 14 days − mean of the 14 days before; negative = improvement.
    public let movingMeanDelta: Double?
    public let movingSamples: (recent: Int, prior: Int)
    /// Why the verdict is unclear, in words, when it is.
    public let reason: String?

    public static func == (a: EffectivenessResult, b: EffectivenessResult) -> Bool {
        a.verdict == b.verdict && a.confidencePercent == b.confidencePercent
            && a.perDoseMedianDelta == b.perDoseMedianDelta && a.perDoseSamples == b.perDoseSamples
            && a.movingMeanDelta == b.movingMeanDelta && a.movingSamples == b.movingSamples && a.reason == b.reason
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(verdict)
        hasher.combine(confidencePercent)
    }
}

/// The chronic-care effectiveness heuristic on ward data. For each category: which measurement,
/// the per-dose windows, and the improvement threshold (a fall, in canonical units) per mode.
public enum Effectiveness {
    public struct Profile: Sendable, Hashable {
        public let kind: MeasurementKind
        /// Latest reading at most this long before the dose is "before".
        public let beforeWindow: TimeInterval
        /// Readings from `afterStart` to `afterEnd` after the dose are "after" (their median).
        public let afterStart: TimeInterval
        public let afterEnd: TimeInterval
        /// A fall of at least this much (balanced) counts as improvement.
        public let balancedThreshold: Double
    }

    /// Blood pressure ≤ 2 h before / 1–6 h after; glucose ≤ 1 h / 1–3 h; temperature ≤ 1 h / 0.5–2 h.
    public static func profile(for category: MedicationCategory) -> Profile? {
        let h = 3600.0
        switch category {
        case .antihypertensive:
            return Profile(kind: .bloodPressure, beforeWindow: 2 * h, afterStart: 1 * h, afterEnd: 6 * h, balancedThreshold: 5)
        case .antidiabetic:
            return Profile(kind: .glucose, beforeWindow: 1 * h, afterStart: 1 * h, afterEnd: 3 * h, balancedThreshold: 1.0)
        case .antipyretic:
            return Profile(kind: .temperature, beforeWindow: 1 * h, afterStart: 0.5 * h, afterEnd: 2 * h, balancedThreshold: 0.5)
        case .antibiotic, .other:
            return nil
        }
    }

    /// Why a category is deliberately not judged, in words for where a verdict would be shown;
    /// nil for the judged ones and for `other` (nothing to say about an unknown drug). An
    /// antibiotic works on an infection, read in cultures, inflammatory markers and the baby's
    /// course, not in the observations charted here: a trend in temperature would be a guess.
    public static func notJudged(_ category: MedicationCategory) -> String? {
        switch category {
        case .antibiotic:
            return "antibiotics are not judged: their effect shows in cultures, blood markers and the clinical course, "
                + "not in the charted observations"
        case .antihypertensive, .antidiabetic, .antipyretic, .other:
            return nil
        }
    }

    /// Threshold multiplier and minimum samples (per-dose pairs; readings in each 14-day window).
    public static func settings(for mode: EffectivenessMode) -> (thresholdFactor: Double, minPerDose: Int, minMoving: Int) {
        switch mode {
        case .conservative: return (1.5, 5, 8)
        case .balanced: return (1.0, 3, 5)
        case .aggressive: return (0.6, 2, 3)
        }
    }

    public static let defaultAdherenceGate = 0.6

    /// Evaluates one medication at `now`. `doses` are the times it was given; `series` the
    /// category's measurement. Nil for categories that are never evaluated (`antibiotic`, `other`).
    ///
    /// Verdict: adherence below the gate → unclear. Too few samples for both signals → unclear.
    /// Either signal with enough samples falling by ≥ threshold → likely effective. Every signal
    /// with enough samples falling by less than a third of the threshold (or rising) → likely
    /// ineffective. Anything between → unclear.
    public static func evaluate(category: MedicationCategory, doses: [Date], series: [TimedValue], adherence: Double?,
                                mode: EffectivenessMode, now: Date,
                                adherenceGate: Double = defaultAdherenceGate) -> EffectivenessResult? {
        guard let profile = profile(for: category) else { return nil }
        let (factor, minPerDose, minMoving) = settings(for: mode)
        let threshold = profile.balancedThreshold * factor
        let sorted = series.sorted { $0.at < $1.at }

        var deltas: [Double] = []
        for dose in doses where dose <= now {
            let before = sorted.last { $0.at <= dose && dose.timeIntervalSince($0.at) <= profile.beforeWindow }
            let after = sorted.filter {
                let dt = $0.at.timeIntervalSince(dose)
                return dt >= profile.afterStart && dt <= profile.afterEnd && $0.at <= now
            }
            if let before, !after.isEmpty {
                deltas.append(median(after.map(\.value)) - before.value)
            }
        }
        let perDose = deltas.isEmpty ? nil : median(deltas)

        let fortnight: TimeInterval = 14 * 86_400
        let recent = sorted.filter { $0.at <= now && $0.at > now.addingTimeInterval(-fortnight) }.map(\.value)
        let prior = sorted.filter {
            $0.at <= now.addingTimeInterval(-fortnight) && $0.at > now.addingTimeInterval(-2 * fortnight)
        }.map(\.value)
        let moving = recent.isEmpty || prior.isEmpty ? nil : mean(recent) - mean(prior)

        let perDoseUsable = deltas.count >= minPerDose ? perDose : nil
        let movingUsable = recent.count >= minMoving && prior.count >= minMoving ? moving : nil
        let usable = [perDoseUsable, movingUsable].compactMap { $0 }

        let verdict: EffectivenessVerdict
        var reason: String?
        if let adherence, adherence < adherenceGate {
            verdict = .unclear
            reason = "adherence \(Int((adherence * 100).rounded())) % is below \(Int((adherenceGate * 100).rounded())) %"
        } else if usable.isEmpty {
            verdict = .unclear
            reason = "too few readings (need \(minPerDose) dose pairs or \(minMoving) readings in each 14-day window)"
        } else if usable.contains(where: { $0 <= -threshold }) {
            verdict = .likelyEffective
        } else if usable.allSatisfy({ $0 > -threshold / 3 }) {
            verdict = .likelyIneffective
        } else {
            verdict = .unclear
            reason = "a small change, below the threshold"
        }

        // Confidence: how far the signal is past (or short of) the threshold, with how many
        // samples back it and how regularly the drug was given. Each part saturates smoothly.
        let best = usable.min() ?? (perDose ?? moving ?? 0)
        let distance: Double
        switch verdict {
        case .likelyEffective: distance = -best / threshold            // ≥ 1
        case .likelyIneffective: distance = 1 + best / threshold        // ≥ 2/3, more for a rise
        case .unclear: distance = 0.3                                  // low by design
        }
        let magnitude = 1 - exp(-max(0, distance) * 1.2)
        let samples = Double(deltas.count) / Double(2 * minPerDose) + Double(min(recent.count, prior.count)) / Double(2 * minMoving)
        let sampleScore = 1 - exp(-samples)
        let adherenceScore = adherence ?? 0.5
        var raw = 0.5 * magnitude + 0.3 * sampleScore + 0.2 * adherenceScore
        if verdict == .unclear { raw *= 0.6 }
        let confidence = Int((min(1, max(0, raw)) * 100).rounded())

        return EffectivenessResult(verdict: verdict, confidencePercent: confidence, perDoseMedianDelta: perDose,
                                   perDoseSamples: deltas.count, movingMeanDelta: moving,
                                   movingSamples: (recent.count, prior.count), reason: reason)
    }

    static func median(_ values: [Double]) -> Double {
        let s = values.sorted()
        let n = s.count
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2
    }

    static func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(values.count) }
}
