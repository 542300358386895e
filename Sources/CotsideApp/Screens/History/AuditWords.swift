import Foundation
import TerminalUI
import WardStore

/// The audit trail in words: what an entry did ("Nappy change changed: kind", "AO signed in",
/// "wrong PIN (3 in a row)"), field names and values as a reader wants them (times in the ward's
/// zone, not Unix milliseconds). Shared by the ward's trail and one record's trail.
@MainActor
public struct AuditWords {
    let context: AppContext

    init(_ context: AppContext) { self.context = context }

    /// "Nappy change", "Staff member", "Ward settings".
    func entity(_ entity: WardEntity) -> String { context.t("audit.entity.\(entity.rawValue)") }

    /// "created", "changed", "deleted", … (record actions; the others are sentences, `sentence`).
    func action(_ action: AuditAction) -> String { context.t("audit.action.\(action.rawValue)") }

    /// The arrow between a value before and after.
    var arrow: String { context.glyphs == .ascii ? "->" : "→" }

    /// What the entry did, in a line. Record changes name the record and the fields changed;
    /// sign-ins, lock-outs and refusals are sentences. `member` names the staff record a PIN
    /// reset or a staff change is about (nil when unknown).
    func sentence(_ row: AuditTrailRow, member: Staff?) -> String {
        let entry = row.entry
        let who = row.staffInitials ?? "—"
        let note = entry.afterJSON.flatMap(AuditDiff.object) ?? [:]
        switch entry.action {
        case .signIn, .signOut, .lock, .unlock, .pinSet:
            return context.t("audit.sentence.\(entry.action.rawValue)", who)
        case .pinReset:
            return context.t("audit.sentence.pinReset", member?.initials ?? "#\(entry.entityId)")
        case .pinFailed:
            return context.t("audit.sentence.pinFailed", note["failures"].map(leaf) ?? "?")
        case .lockedOut:
            let until = note["until"].flatMap(\.instant).map { context.timeText.shown($0) } ?? "?"
            return context.t("audit.sentence.lockedOut", until)
        case .refused:
            // The permission in the user's words; who it needs as stored unless the ward's rule is
            // still the one the note recorded.
            let what = note["what"].map(leaf) ?? "?", needs = note["needs"].map(leaf) ?? "?"
            guard case .text(let raw)? = note["permission"], let permission = WardPermission(rawValue: raw) else {
                return context.t("audit.sentence.refused", what, needs)
            }
            let text = PermissionText(context)
            let who = permission.whoMay(context.wardSettings) == needs ? text.whoMay(permission, context.wardSettings) : needs
            return context.t("audit.sentence.refused", text.summary(permission), who)
        case .wardRestored:
            return context.t("audit.sentence.wardRestored", note["from"].map(leaf) ?? "?")
        case .create, .update, .delete, .restore, .discharge, .revert, .demoGenerate, .erase, .imported:
            var subject = entity(entry.entity)
            if entry.entity == .staff, let member { subject += " " + member.initials }
            let done = context.t("audit.record", subject, action(entry.action))
            if AuditDiff.isRedacted(entry) { return context.t("audit.record.redacted", done) }
            guard entry.action == .update || entry.action == .revert else { return done }
            let fields = AuditDiff.changes(before: entry.beforeJSON, after: entry.afterJSON).map { fieldName($0.field) }
            return fields.isEmpty ? done : context.t("audit.record.fields", done, fields.joined(separator: ", "))
        }
    }

    /// "nappyWeightGrams" → "nappy weight grams"; "removed.feed" → "removed feed"; "patientId"
    /// → "patient" (its value is shown by name where known).
    nonisolated static func fieldName(_ path: String) -> String {
        let words = path.split(separator: ".").map { part -> String in
            var words = ""
            for ch in part {
                if ch.isUppercase, !words.isEmpty { words += " " }
                words += ch.lowercased()
            }
            return words
        }.joined(separator: " ")
        return words.hasSuffix(" id") ? String(words.dropLast(3)) : words
    }

    /// A field's name in the user's language (`audit.field.…`, a ward setting's label), else
    /// the name the path spells.
    func fieldName(_ path: String) -> String {
        if context.localizer.has("audit.field.\(path)") { return context.t("audit.field.\(path)") }
        if context.localizer.has("ward.settings.field.\(path)") { return context.t("ward.settings.field.\(path)") }
        return Self.fieldName(path)
    }

    /// Where a field's stored words (enum values) are worded: "wet" of a kind is `nappy.kind.wet`.
    private static let valueWords: [String: [String]] = [
        "kind": ["nappy.kind", "feed.kind", "measurement.kind"], "size": ["nappy.size"], "stoolColour": ["nappy.colour"],
        "status": ["dose.status"], "withheldReason": ["withheld"], "route": ["med.route"], "doseUnit": ["med.unit"],
        "category": ["medform.category"], "sex": ["patient.sex"], "role": ["staff.role"], "oxygenMode": ["obs.oxygen"],
    ]

    /// A stored word of `field` in the user's language, nil when it is not one of its words.
    private func word(_ text: String, field: String) -> String? {
        let name = field.split(separator: ".").last.map(String.init) ?? field
        guard let key = Self.valueWords[name]?.map({ "\($0).\(text)" }).first(where: context.localizer.has) else { return nil }
        return context.t(key)
    }

    /// A value as a reader wants it: a time field in the ward's time, a staff or patient id by
    /// name (when `names` knows it), yes/no, text as it is.
    func value(_ value: AuditValue?, field: String, names: AuditNames = AuditNames()) -> String {
        guard let value else { return "—" }
        if Self.isTimeField(field), let date = value.instant { return context.timeText.shown(date) }
        if case .integer(let id) = value {
            if AuditNames.isStaffField(field), let member = names.members[id] { return "\(member.initials) \(member.name)" }
            if AuditNames.isPatientField(field), let patient = names.patients[id] {
                return context.t("audit.patient", patient.bedLabel, patient.fullName)
            }
        }
        switch value {
        case .bool(let on): return context.t(on ? "audit.value.yes" : "audit.value.no")
        case .text(let text): return text.isEmpty ? context.t("audit.value.empty") : word(text, field: field) ?? text
        default: return value.compact
        }
    }

    /// Fields the store writes as Unix milliseconds: "at", "until", and every "…At" / "…Until".
    public nonisolated static func isTimeField(_ path: String) -> Bool {
        let name = path.split(separator: ".").last.map(String.init) ?? path
        return name == "at" || name == "until" || name.hasSuffix("At") || name.hasSuffix("Until")
    }

    private func leaf(_ value: AuditValue) -> String {
        if case .text(let text) = value { return text }
        return value.compact
    }

    /// "AO Amy Okafor", or a dash for an entry nobody signed (a script, the demo).
    func author(_ row: AuditTrailRow) -> String {
        guard let initials = row.staffInitials else { return context.t("audit.nobody") }
        return [initials, row.staffName].compactMap { $0 }.joined(separator: " ")
    }
}

/// Patients and staff records named by id in the trail, looked up with the page or record that
/// names them (a trail row's patient, a PIN reset's member, a version's `recordedBy`).
struct AuditNames: Sendable {
    var patients: [Int64: Patient] = [:]
    var members: [Int64: Staff] = [:]

    /// Fields holding a staff member's id: "recordedBy", "pausedBy", "staffId", ….
    nonisolated static func isStaffField(_ path: String) -> Bool {
        let name = path.split(separator: ".").last.map(String.init) ?? path
        return name.hasSuffix("By") || name == "staffId"
    }

    nonisolated static func isPatientField(_ path: String) -> Bool { path == "patientId" }

    mutating func merge(_ other: AuditNames) {
        patients.merge(other.patients) { $1 }
        members.merge(other.members) { $1 }
    }

    /// Looks up the ids not known yet in `known`.
    nonisolated static func lookUp(patients: Set<Int64>, members: Set<Int64>, known: AuditNames,
                                   _ repository: any WardRepository) async throws -> AuditNames {
        var found = AuditNames()
        for id in patients where known.patients[id] == nil { found.patients[id] = try await repository.patient(id: id) }
        for id in members where known.members[id] == nil { found.members[id] = try await repository.staff(id: id) }
        return found
    }
}

/// The kinds of action the trail's filter offers: every `AuditAction` in exactly one (a test
/// holds it), and no more than nine so a digit picks each.
enum AuditActionGroup: String, CaseIterable, Sendable {
    case any, created, changed, deleted, sessions, locks, wrongPins, pins, refused

    /// The actions of the group; nil for any action.
    var actions: Set<AuditAction>? {
        switch self {
        case .any: return nil
        case .created: return [.create, .imported, .demoGenerate]
        case .changed: return [.update, .restore, .revert, .discharge, .wardRestored]
        case .deleted: return [.delete, .erase]
        case .sessions: return [.signIn, .signOut]
        case .locks: return [.lock, .unlock]
        case .wrongPins: return [.pinFailed, .lockedOut]
        case .pins: return [.pinSet, .pinReset]
        case .refused: return [.refused]
        }
    }
}

extension HistoryEventKind {
    /// The audited record behind a History row (its id is that record's id).
    var auditEntity: WardEntity {
        switch self {
        case .nappyChange: return .nappyChange
        case .feed: return .feed
        case .measurement: return .measurement
        case .doseRecord: return .doseRecord
        case .asNeededDose: return .asNeededDose
        case .calculatorResult: return .calculatorResult
        case .strokeAssessment: return .strokeAssessment
        }
    }
}
