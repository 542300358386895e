import Foundation
import TerminalUI
import WardStore

/// What Enter and `x` do to a History row, per kind: every charted kind opens its own form filled
/// with the entry (a dose record opens a correction that asks why) and is deleted softly after
/// asking; `u` takes either back. Calculator results and stroke assessments stay as saved.
@MainActor
enum HistoryCorrections {
    /// A History row's entry fetched fresh for its form (it may have changed or gone since the
    /// list loaded), with its patient.
    enum Entry: Sendable {
        case nappy(NappyChange, Patient)
        case feed(Feed, Patient)
        case measurement(MeasurementRecord, Patient)
        case dose(DoseRecord, drugName: String, Patient)
        case asNeeded(AsNeededDose, Medication, Patient)
    }

    /// Why Enter cannot edit `event` (kept as saved, nobody at the keyboard), or nil when it can.
    static func refusal(toEdit event: HistoryEvent, _ context: AppContext) -> Intent? {
        if !isCorrectable(event.kind) { return .message(.info(context.t("history.not_editable"))) }
        return WardTask.requireUser(context)
    }

    /// The entry behind `event` as stored now; nil when it or its patient is gone (or deleted).
    /// Runs off the main actor, as the screen's command.
    nonisolated static func entry(for event: HistoryEvent, _ repository: any WardRepository) async throws -> Entry? {
        guard let patient = try await repository.patient(id: event.patientId) else { return nil }
        switch event.kind {
        case .nappyChange:
            guard let change = try await repository.nappyChange(id: event.id), change.deletedAt == nil else { return nil }
            return .nappy(change, patient)
        case .feed:
            guard let feed = try await repository.feed(id: event.id), feed.deletedAt == nil else { return nil }
            return .feed(feed, patient)
        case .measurement:
            guard let measurement = try await repository.measurement(id: event.id), measurement.deletedAt == nil else { return nil }
            return .measurement(measurement, patient)
        case .doseRecord:
            guard let record = try await repository.doseRecord(id: event.id), record.deletedAt == nil,
                  let medication = try await repository.medication(id: record.medicationId) else { return nil }
            return .dose(record, drugName: medication.drugName, patient)
        case .asNeededDose:
            guard let dose = try await repository.asNeededDose(id: event.id), dose.deletedAt == nil,
                  let medication = try await repository.medication(id: dose.medicationId) else { return nil }
            return .asNeeded(dose, medication, patient)
        case .calculatorResult, .strokeAssessment:
            return nil
        }
    }

    /// The form that edits a fetched entry.
    static func form(for entry: Entry, _ context: AppContext) -> any Screen {
        switch entry {
        case .nappy(let change, let patient):
            return NappyFormScreen(patient: patient, editing: change, context)
        case .feed(let feed, let patient):
            return QuickFeedScreen(patient: patient, last: nil, editing: feed, context)
        case .measurement(let measurement, let patient):
            return MeasurementFormScreen(patient: patient, editing: measurement, context)
        case .dose(let record, let drugName, let patient):
            return DoseCorrectionScreen(record: record, patient: patient, drugName: drugName, context)
        case .asNeeded(let dose, let medication, let patient):
            return AsNeededDoseFormScreen(dose: dose, medication: medication, patient: patient, context)
        }
    }

    /// Asks, then deletes `event` softly; the message and `u` name it.
    static func delete(_ event: HistoryEvent, _ context: AppContext) -> Intent {
        if !isCorrectable(event.kind) { return .message(.info(context.t("history.not_editable"))) }
        // Refused before asking, so nobody answers a question whose answer cannot be saved.
        if let refusal = WardTask.requireUser(context) { return refusal }
        let format = WardFormat(context)
        let summary = context.t("history.summary", HistoryEventText(context).title(event), event.bedLabel, format.shown(event.occurredAt))
        let deleted = context.t("history.deleted", summary)
        let by = context.staff?.id
        let delete = WardWrite(undoSummary: summary) { repository in
            let auditId = try await softDelete(event, by: by, repository)
            return WriteReceipt(auditEntryIds: [auditId], message: deleted)
        }
        return .push(ConfirmScreen(title: context.t("history.delete.title"),
                                   body: context.t("history.delete.body", summary), onConfirm: [.write(delete)]))
    }

    /// Asks, then stops the running IV infusion of `event` now (`S`); to stop it at another
    /// time, edit it (Enter) and fill its stop. The store refuses one already stopped.
    static func stopInfusion(_ event: HistoryEvent, _ context: AppContext) -> Intent {
        guard event.kind == .feed, event.feedKind == .iv else { return .message(.info(context.t("history.stop_infusion.not"))) }
        if let refusal = WardTask.requireUser(context) { return refusal }
        let now = context.clock.now
        let stopped = context.t("history.stop_infusion.done", event.bedLabel, WardFormat(context).time(now))
        let by = context.staff?.id
        let stop = WardWrite(undoSummary: context.t("history.stop_infusion.undo", event.bedLabel)) { repository in
            let auditId = try await repository.stopInfusion(id: event.id, at: now, by: by).auditEntryId
            return WriteReceipt(auditEntryIds: [auditId], message: stopped)
        }
        return .push(ConfirmScreen(title: context.t("history.stop_infusion.title"),
                                   body: context.t("history.stop_infusion.body", event.bedLabel, HistoryEventText(context).details(event)), onConfirm: [.write(stop)]))
    }

    /// The audit entry id of the deletion.
    private nonisolated static func softDelete(_ event: HistoryEvent, by: Int64?, _ repository: any WardRepository) async throws -> Int64 {
        switch event.kind {
        case .nappyChange: return try await repository.deleteNappyChange(id: event.id, by: by).auditEntryId
        case .feed: return try await repository.deleteFeed(id: event.id, by: by).auditEntryId
        case .measurement: return try await repository.deleteMeasurement(id: event.id, by: by).auditEntryId
        case .doseRecord: return try await repository.deleteDoseRecord(id: event.id, by: by).auditEntryId
        case .asNeededDose: return try await repository.deleteAsNeededDose(id: event.id, by: by).auditEntryId
        case .calculatorResult, .strokeAssessment:
            throw WardStoreError("\(event.title) is kept as saved")
        }
    }

    /// Charted entries are corrected; calculator results and stroke assessments stay as saved.
    nonisolated static func isCorrectable(_ kind: HistoryEventKind) -> Bool {
        switch kind {
        case .nappyChange, .feed, .measurement, .doseRecord, .asNeededDose: return true
        case .calculatorResult, .strokeAssessment: return false
        }
    }
}
