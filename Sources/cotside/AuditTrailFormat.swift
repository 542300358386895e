import CotsideApp
import Foundation
import WardStore

/// How `cotside audit` writes an entry: a compact line (when in ward time, who, action, what) and
/// the fields that changed, or one JSON object with the stored before/after records as objects.
struct AuditTrailFormat {
    let timeZone: TimeZone

    /// "#812  2026-11-21 14:05:07  AO  update  nappyChange 57  bed 3 Ada Lovelace", then one line
    /// per changed field ("    kind: wet → dry"; a created record's every field).
    func text(_ row: AuditTrailRow) -> String {
        let entry = row.entry
        var line = "#\(entry.id)  \(localText(entry.at))  \(row.staffInitials ?? "—")  \(CLIChoice.kebab(entry.action.rawValue))"
            + "  \(entry.entity.rawValue) \(entry.entityId)"
        if let patient = patientText(row) { line += "  " + patient }
        return ([line] + detail(entry)).joined(separator: "\n")
    }

    /// The JSON array of a page: per entry id, at (ISO 8601 with the ward's offset), by
    /// ({initials, name} or null), action, entity, entityId, patient ({id, bed, name} or null),
    /// before and after (the stored records as objects, or null).
    func json(_ rows: [AuditTrailRow]) throws -> String {
        let objects = try rows.map { row -> String in
            let entry = row.entry
            let by = try row.staffInitials.map { initials in
                "{\"initials\":\(try Self.string(initials)),\"name\":\(try Self.string(row.staffName ?? ""))}"
            } ?? "null"
            let patient = try row.patientId.map { id in
                "{\"bed\":\(try row.patientBed.map(Self.string) ?? "null"),\"id\":\(id),"
                    + "\"name\":\(try row.patientName.map(Self.string) ?? "null")}"
            } ?? "null"
            let fields: [(String, String)] = [
                ("action", try Self.string(CLIChoice.kebab(entry.action.rawValue))),
                ("after", try Self.image(entry.afterJSON)),
                ("at", try Self.string(WardCLI.isoText(entry.at, in: timeZone))),
                ("before", try Self.image(entry.beforeJSON)),
                ("by", by),
                ("entity", try Self.string(entry.entity.rawValue)),
                ("entityId", String(entry.entityId)),
                ("id", String(entry.id)),
                ("patient", patient),
            ]
            return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
        }
        return "[" + objects.joined(separator: ",\n") + "]"
    }

    /// "2026-11-21 14:05:07" in the ward's time zone.
    func localText(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d-%02d-%02d %02d:%02d:%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0,
                      c.hour ?? 0, c.minute ?? 0, c.second ?? 0)
    }

    private func patientText(_ row: AuditTrailRow) -> String? {
        guard let id = row.patientId else { return nil }
        guard let bed = row.patientBed else { return CLIText.t("cli.audit.patient_erased", id) }
        return CLIText.t("cli.audit.bed", bed, row.patientName ?? "").trimmingCharacters(in: .whitespaces)
    }

    /// The changed fields as the trail on screen finds them (`AuditDiff`: a created record's
    /// every field, bookkeeping left out), one line each: "    kind: wet → dry".
    private func detail(_ entry: AuditEntry) -> [String] {
        if AuditDiff.isRedacted(entry.beforeJSON) || AuditDiff.isRedacted(entry.afterJSON) {
            return ["    " + CLIText.t("cli.audit.content_erased")]
        }
        return AuditDiff.changes(before: entry.beforeJSON, after: entry.afterJSON).map { change in
            "    \(change.field): \(valueText(change.before, field: change.field)) → \(valueText(change.after, field: change.field))"
        }
    }

    /// A field's value: a stored instant in ward time (as the screen shows it), an empty text as
    /// "", no value as —, anything else as compact JSON-like text.
    func valueText(_ value: AuditValue?, field: String) -> String {
        guard let value else { return "—" }
        if AuditWords.isTimeField(field), let date = value.instant { return localText(date) }
        if case .text("") = value { return "\"\"" }
        return value.compact
    }

    /// A stored image as a JSON object, or null; text that is not a JSON object stays a string.
    static func image(_ json: String?) throws -> String {
        guard let json else { return "null" }
        return object(json) != nil ? json : try string(json)
    }

    static func object(_ json: String) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any]
    }

    static func string(_ text: String) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return String(decoding: try encoder.encode(text), as: UTF8.self)
    }
}
