import Foundation
import TerminalUI
import WardStore

/// What Enter and `x` do to a History row, per kind: every charted kind opens its own form filled
/// with the entry (a dose record opens a correction that asks why) and is deleted softly after
/// asking; `u` takes either back. Calculator results and stroke assessments stay as saved.
@MainActor
enum HistoryCorrections {
    /// The form that edits `event`, fetched fresh (it may have changed or gone since the list loaded).
    static func edit(_ event: HistoryEvent, _ context: AppContext) -> Intent {
        if !isCorrectable(event.kind) { return .message(.info(context.t("history.not_editable"))) }
        if let refusal = WardTask.requireUser(context) { return refusal }
        return WardTask.store(context) { repository in
            guard let patient = try await repository.patient(id: event.patientId),
                  let screen = try await form(for: event, patient: patient, repository, context) else {
                return .message(.warning(context.t("history.gone")))
            }
            return .push(screen)
        }
    }

    private static func form(for event: HistoryEvent, patient: Patient, _ repository: any WardRepository,
                             _ context: AppContext) async throws -> (any Screen)? {
        switch event.kind {
        case .nappyChange:
            guard let change = try await repository.nappyChange(id: event.id), change.deletedAt == nil else { return nil }
            return NappyFormScreen(patient: patient, editing: change, context)
        case .feed:
            guard let feed = try await repository.feed(id: event.id), feed.deletedAt == nil else { return nil }
            return QuickFeedScreen(patient: patient, last: nil, editing: feed, context)
        case .measurement:
            guard let measurement = try await repository.measurement(id: event.id), measurement.deletedAt == nil else { return nil }
            return MeasurementFormScreen(patient: patient, editing: measurement, context)
        case .doseRecord:
            guard let record = try await repository.doseRecord(id: event.id), record.deletedAt == nil,
                  let medication = try await repository.medication(id: record.medicationId) else { return nil }
            return DoseCorrectionScreen(record: record, patient: patient, drugName: medication.drugName, context)
        case .asNeededDose:
            guard let dose = try await repository.asNeededDose(id: event.id), dose.deletedAt == nil,
                  let medication = try await repository.medication(id: dose.medicationId) else { return nil }
            return AsNeededDoseFormScreen(dose: dose, medication: medication, patient: patient, context)
        case .calculatorResult, .strokeAssessment:
            return nil
        }
    }

    /// Asks, then deletes `event` softly; the message and `u` name it.
    static func delete(_ event: HistoryEvent, _ context: AppContext) -> Intent {
        if !isCorrectable(event.kind) { return .message(.info(context.t("history.not_editable"))) }
        if let refusal = WardTask.requireUser(context) { return refusal }
        let format = WardFormat(context)
        let summary = context.t("history.summary", event.title, event.bedLabel, format.stamp(event.occurredAt))
        let by = context.staff?.id
        let delete = WardTask.store(context) { repository in
            let auditId = try await softDelete(event, by: by, repository)
            return .all([
                .session(.undoable(UndoRecord(auditEntryIds: [auditId], summary: summary))),
                .message(.success(context.t("history.deleted", summary))),
                .shell(.reloadAll),
            ])
        }
        return .push(ConfirmScreen(title: context.t("history.delete.title"),
                                   body: context.t("history.delete.body", summary), onConfirm: [delete]))
    }

    /// The audit entry id of the deletion.
    private static func softDelete(_ event: HistoryEvent, by: Int64?, _ repository: any WardRepository) async throws -> Int64 {
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
    static func isCorrectable(_ kind: HistoryEventKind) -> Bool {
        switch kind {
        case .nappyChange, .feed, .measurement, .doseRecord, .asNeededDose: return true
        case .calculatorResult, .strokeAssessment: return false
        }
    }
}
