import Foundation
import TerminalUI
import WardStore

/// History's filters: patient (bed), event kind (a nappy kind, feeds, measurements, doses,
/// as-needed doses), staff (initials) and a date range.
/// Beds and initials are looked up in the store; an unknown one is named at its field.
@MainActor
final class HistoryFilterScreen: WardFormScreen, CommandScreen {
    private weak var history: HistoryScreen?
    /// One choice of the kind field: every event, one nappy kind, or one kind of event.
    enum KindChoice: Equatable, Sendable {
        case any
        case nappy(NappyKind)
        case event(HistoryEventKind)
    }
    static let kinds: [KindChoice] = [.any] + NappyKind.allCases.map { .nappy($0) }
        + [.feed, .measurement, .doseRecord, .asNeededDose].map { .event($0) }

    /// The filters once the bed and the initials were looked up; the rest of the form as it
    /// was when Enter was pressed.
    struct Chosen: Sendable {
        var patient: Patient?
        var staffId: Int64?
        var initials: String
        var kind: KindChoice
        var from: Date?
        var until: Date?
    }

    /// What the look-ups bring back: the filters, or the field naming what is not in the ward.
    enum Loaded: Sendable {
        case chosen(Chosen)
        case unknown(field: String, message: String)
    }

    static func label(_ choice: KindChoice, _ format: WardFormat, _ context: AppContext) -> String {
        switch choice {
        case .any: return context.t("filter.any")
        case .nappy(let kind): return format.kind(kind)
        case .event(let kind): return context.t("filter.event.\(kind.rawValue)")
        }
    }

    static func current(_ filter: HistoryFilter) -> KindChoice {
        if filter.kinds.count == 1, let kind = filter.kinds.first, kind != .nappyChange { return .event(kind) }
        if filter.nappyKinds.count == 1, let kind = filter.nappyKinds.first { return .nappy(kind) }
        return .any
    }

    init(history: HistoryScreen, _ context: AppContext) {
        self.history = history
        let format = WardFormat(context)
        let f = history.baseFilter
        let kindIndex = Self.kinds.firstIndex(of: Self.current(f)) ?? 0
        super.init(titleKey: "filter.title", fields: [
            .text("bed", label: context.t("filter.bed"), maxLength: 16, value: context.historyPatient?.bedLabel ?? ""),
            .choice("kind", label: context.t("filter.kind"),
                    options: Self.kinds.map { ChoiceOption(Self.label($0, format, context)) }, selected: kindIndex),
            .text("staff", label: context.t("filter.staff"), maxLength: 4, value: history.staffInitialsFilter ?? ""),
            .dateTime("from", label: context.t("filter.from"), value: f.from.map(format.stamp) ?? "", required: false),
            .dateTime("until", label: context.t("filter.until"), value: f.until.map(format.stamp) ?? "", required: false),
        ], context)
    }

    override func submit(_ context: AppContext) -> Intent {
        let bed = state.text("bed")?.trimmingCharacters(in: .whitespaces) ?? ""
        let initials = state.text("staff")?.trimmingCharacters(in: .whitespaces) ?? ""
        let kind = Self.kinds[state.choice("kind") ?? 0]
        let from = state.date("from")
        let until = state.date("until")
        if let from, let until, until <= from { return refuse("until", context.t("filter.bad_range")) }
        let unknownBed = context.t("filter.unknown_bed", bed)
        let unknownStaff = context.t("filter.unknown_staff", initials)
        return command { repository in
            var patient: Patient?
            if !bed.isEmpty {
                patient = try await Self.patient(inBed: bed, repository)
                guard patient != nil else { return .unknown(field: "bed", message: unknownBed) }
            }
            var staffId: Int64?
            if !initials.isEmpty {
                guard let staff = try await repository.anyMember(initials: initials) else {
                    return .unknown(field: "staff", message: unknownStaff)
                }
                staffId = staff.id
            }
            return .chosen(Chosen(patient: patient, staffId: staffId, initials: initials, kind: kind, from: from, until: until))
        }
    }

    /// The patient a filter's bed means: the one admitted there now, else one who was there.
    nonisolated static func patient(inBed bed: String, _ repository: any WardRepository) async throws -> Patient? {
        let found = try await repository.searchPatients(bed, includeDischarged: true, limit: 20)
        return found.first { $0.bedLabel.lowercased() == bed.lowercased() && $0.isAdmitted }
            ?? found.first { $0.bedLabel.lowercased() == bed.lowercased() }
    }

    /// Applies the chosen filters to History, then closes.
    func update(_ loaded: Loaded, _ context: AppContext) -> Intent {
        switch loaded {
        case .unknown(let field, let message):
            return refuse(field, message)
        case .chosen(let chosen):
            if let history {
                switch chosen.kind {
                case .any:
                    history.baseFilter.kinds = []
                    history.baseFilter.nappyKinds = []
                case .nappy(let nappy):
                    history.baseFilter.kinds = [.nappyChange]
                    history.baseFilter.nappyKinds = [nappy]
                case .event(let event):
                    history.baseFilter.kinds = [event]
                    history.baseFilter.nappyKinds = []
                }
                history.baseFilter.staffId = chosen.staffId
                history.staffInitialsFilter = chosen.staffId == nil ? nil : chosen.initials.uppercased()
                history.baseFilter.from = chosen.from
                history.baseFilter.until = chosen.until
                history.list = ListState()
            }
            return .all([.pop, .session(.selectedPatient(chosen.patient)), .shell(.reloadAll)])
        }
    }
}
