import Foundation
import TerminalUI
import WardStore

/// The audit trail's filters: patient (a bed; the selected patient's bed is offered), kind of
/// action (record changes, sign-ins, locks, wrong PINs, PIN changes, refusals), who (initials)
/// and a date range. Beds and initials are looked up in the store; an unknown one is named at
/// its field, as in History's filter.
@MainActor
final class AuditTrailFilterScreen: WardFormScreen, CommandScreen {
    private weak var trail: AuditTrailScreen?

    /// The filters once the bed and the initials were looked up.
    enum Loaded: Sendable {
        case chosen(AuditTrailScreen.Query)
        case unknown(field: String, message: String)
    }

    init(trail: AuditTrailScreen, _ context: AppContext) {
        self.trail = trail
        let format = WardFormat(context)
        let query = trail.query
        // The trail's own patient filter; on an unfiltered trail the patient the tabs are about is
        // offered (the line above the fields says so; emptying the bed reads the whole ward).
        let offered = query == AuditTrailScreen.Query() ? context.selectedPatient?.bedLabel : nil
        let bed = query.patient?.bedLabel ?? offered ?? ""
        super.init(titleKey: "audit.filter.title", fields: [
            .text("bed", label: context.t("filter.bed"), maxLength: 16, value: bed),
            .choice("action", label: context.t("audit.filter.action"),
                    options: AuditActionGroup.allCases.map { ChoiceOption(context.t("audit.group.\($0.rawValue)")) },
                    selected: AuditActionGroup.allCases.firstIndex(of: query.group) ?? 0),
            .text("staff", label: context.t("filter.staff"), maxLength: 4, value: query.initials ?? ""),
            .dateTime("from", label: context.t("filter.from"), value: query.from.map(format.stamp) ?? "", required: false),
            .dateTime("until", label: context.t("filter.until"), value: query.until.map(format.stamp) ?? "", required: false),
        ], context)
        subtitle = offered.map { context.t("audit.filter.subtitle.selected", $0) } ?? context.t("audit.filter.subtitle")
    }

    override func submit(_ context: AppContext) -> Intent {
        let bed = state.text("bed")?.trimmingCharacters(in: .whitespaces) ?? ""
        let initials = state.text("staff")?.trimmingCharacters(in: .whitespaces) ?? ""
        let group = AuditActionGroup.allCases[state.choice("action") ?? 0]
        let from = state.date("from")
        let until = state.date("until")
        if let from, let until, until <= from { return refuse("until", context.t("filter.bad_range")) }
        let unknownBed = context.t("filter.unknown_bed", bed)
        let unknownStaff = context.t("filter.unknown_staff", initials)
        return command { repository in
            var query = AuditTrailScreen.Query(group: group, from: from, until: until)
            if !bed.isEmpty {
                guard let patient = try await HistoryFilterScreen.patient(inBed: bed, repository) else {
                    return .unknown(field: "bed", message: unknownBed)
                }
                query.patient = patient
            }
            if !initials.isEmpty {
                guard let staff = try await repository.anyMember(initials: initials) else {
                    return .unknown(field: "staff", message: unknownStaff)
                }
                query.staffId = staff.id
                query.initials = staff.initials
            }
            return .chosen(query)
        }
    }

    /// Applies the chosen filters to the trail (from its newest entry), then closes.
    func update(_ loaded: Loaded, _ context: AppContext) -> Intent {
        switch loaded {
        case .unknown(let field, let message):
            return refuse(field, message)
        case .chosen(let query):
            guard let trail else { return .pop }
            trail.query = query
            return .all([.pop, .followUp { _ in trail.restart() }])
        }
    }
}
