import Foundation

/// The kinds of event History merges: one case and one SQL branch each (later issues add
/// calculator results and stroke assessments).
public enum HistoryEventKind: String, Sendable, Hashable, CaseIterable {
    case nappyChange, feed, measurement
    /// A scheduled slot's final status (given / withheld / missed), at the time it was recorded for.
    case doseRecord
    case asNeededDose
    /// A reviewed calculator result saved to the chart (Tools pane).
    case calculatorResult
    /// A stroke triage assessment stored for a patient.
    case strokeAssessment

    /// Tie-breaker between kinds at the same millisecond (part of the keyset); never reuse a rank.
    /// The Tools pane's kinds use 20+ so other issues' kinds can take the small numbers.
    public var rank: Int {
        switch self {
        case .nappyChange: return 1
        case .feed: return 2
        case .measurement: return 3
        case .doseRecord: return 4
        case .asNeededDose: return 5
        case .calculatorResult: return 20
        case .strokeAssessment: return 21
        }
    }
}

/// One line of History.
public struct HistoryEvent: Sendable, Hashable {
    public let kind: HistoryEventKind
    /// Id in the kind's own table.
    public let id: Int64
    public let occurredAt: Date
    public let patientId: Int64
    public let bedLabel: String
    public let patientName: String
    /// Short event name, e.g. "Nappy wet".
    public let title: String
    /// Details in a line, e.g. "medium · yellow · 32 g".
    public let details: String
    /// What `title` and `details` say, as values for a screen to word in its language.
    public let facts: HistoryEventFacts
    public let notes: String
    public let staffId: Int64?
    public let staffInitials: String?
    /// The nappy kind for nappy events (for colouring / filtering), nil for other kinds.
    public let nappyKind: NappyKind?
    public let feedKind: FeedKind?
    public let measurementKind: MeasurementKind?
    /// Given / withheld / missed for dose events (`.given` for an as-needed dose).
    public let doseStatus: DoseStatus?

    public var cursor: HistoryCursor { HistoryCursor(occurredAt: occurredAt, kindRank: kind.rank, id: id) }
}

/// A position in History's order (occurredAt DESC, kind rank DESC, id DESC).
public struct HistoryCursor: Sendable, Hashable {
    public let occurredAt: Date
    public let kindRank: Int
    public let id: Int64

    public init(occurredAt: Date, kindRank: Int, id: Int64) {
        self.occurredAt = occurredAt
        self.kindRank = kindRank
        self.id = id
    }

    /// Just after `date` in History's order, so "after" it starts with events at or before `date`.
    public static func justAfter(_ date: Date) -> HistoryCursor {
        HistoryCursor(occurredAt: date, kindRank: Int.max, id: Int64.max)
    }
}

/// What History shows. Nil / empty fields do not filter.
public struct HistoryFilter: Sendable, Hashable {
    public var patientId: Int64?
    /// Only these event kinds (empty: every kind).
    public var kinds: Set<HistoryEventKind> = []
    /// Only these nappy kinds among nappy events (other kinds are not affected; use `kinds`).
    public var nappyKinds: Set<NappyKind>
    /// Only these feed kinds among feeds.
    public var feedKinds: Set<FeedKind> = []
    /// Only these measurement kinds among measurements.
    public var measurementKinds: Set<MeasurementKind> = []
    public var staffId: Int64?
    /// Inclusive start.
    public var from: Date?
    /// Exclusive end.
    public var until: Date?
    /// Words to find in the notes: each must begin a word of them (`NotesSearch` has the rule).
    public var notesContaining: String?

    public init(patientId: Int64? = nil, kinds: Set<HistoryEventKind> = [], nappyKinds: Set<NappyKind> = [],
                feedKinds: Set<FeedKind> = [], measurementKinds: Set<MeasurementKind> = [], staffId: Int64? = nil,
                from: Date? = nil, until: Date? = nil, notesContaining: String? = nil) {
        self.patientId = patientId
        self.kinds = kinds
        self.feedKinds = feedKinds
        self.measurementKinds = measurementKinds
        self.nappyKinds = nappyKinds
        self.staffId = staffId
        self.from = from
        self.until = until
        self.notesContaining = notesContaining
    }

    public static let everything = HistoryFilter()

    /// The kinds a page merges: `kinds` when set; else, when any subtype filter is set, only the
    /// kinds that have one (so "wet nappies" shows only wet nappies); else every kind.
    public var effectiveKinds: Set<HistoryEventKind> {
        if !kinds.isEmpty { return kinds }
        var implied = Set<HistoryEventKind>()
        if !nappyKinds.isEmpty { implied.insert(.nappyChange) }
        if !feedKinds.isEmpty { implied.insert(.feed) }
        if !measurementKinds.isEmpty { implied.insert(.measurement) }
        return implied.isEmpty ? Set(HistoryEventKind.allCases) : implied
    }
}

/// A window onto History, newest first.
public struct HistoryPage: Sendable, Hashable {
    public let events: [HistoryEvent]
    /// True when older events exist beyond the last one (paging down) or newer ones beyond the
    /// first one (paging up), in the direction that was asked.
    public let hasMore: Bool
}
