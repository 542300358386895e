import Foundation
import TerminalUI
import WardStore

/// One record's audit trail: every version, oldest first, each with who (initials and name),
/// when (ward time), what was done, and the fields that changed from the version before, the new
/// values highlighted. Oldest first because a record's trail is read as its story: each block's
/// changes are against the block above it, the first block is the record as created, and the
/// last is how it stands now. Opened with `a` in History and Enter in the ward's trail.
@MainActor
final class RecordTrailScreen: ActionScreen, CommandScreen {
    enum Action: String, ScreenAction {
        case down = "audit.record.down"
        case up = "audit.record.up"
        case pageDown = "audit.record.page_down"
        case pageUp = "audit.record.page_up"
        case top = "audit.record.top"
        case bottom = "audit.record.bottom"
    }

    enum Loaded: Sendable {
        /// Every version of the record, oldest first, each with its changed fields, and the staff
        /// and patients those fields name by id.
        case versions([AuditTrailRow], diffs: [[AuditFieldChange]], names: AuditNames)
    }

    let entity: WardEntity
    let entityId: Int64
    /// Which record, in words: "Nappy wet · bed 3 Ada Lovelace".
    let subject: String
    private(set) var versions: [AuditTrailRow] = []
    /// Each version's changed fields, worked out once per load (not per frame).
    private(set) var diffs: [[AuditFieldChange]] = []
    /// Staff and patients the fields name by id ("recorded by", "patient id").
    private(set) var names = AuditNames()
    private(set) var loaded = false
    /// The first body line shown.
    private(set) var scroll = 0
    private var visibleRows = 18

    /// Versions fetched per store call; a record's trail is read whole (it is one record's).
    nonisolated static let batch = 200
    /// Sign-ins, refusals and PIN events carry a staff member's id but are no version of the
    /// staff record: the record's trail is its changes only.
    nonisolated static let recordActions = Set(AuditAction.allCases.filter(\.changesRecord))

    init(entity: WardEntity, entityId: Int64, subject: String) {
        self.entity = entity
        self.entityId = entityId
        self.subject = subject
    }

    func title(_ context: AppContext) -> String { context.t("audit.record.title", subject) }

    func bindings(_ context: AppContext) -> [Binding<Action>] {
        let g = context.t("group.navigation")
        return [
            Binding([.down, .char("j")], .down, help: context.t("key.down"), group: g),
            Binding([.up, .char("k")], .up, help: context.t("key.up"), group: g),
            Binding([.pageDown], .pageDown, label: context.t("key.page_down"), help: context.t("key.page_down"), group: g),
            Binding([.pageUp], .pageUp, label: context.t("key.page_up"), help: context.t("key.page_up"), group: g),
            Binding([.home], .top, help: context.t("key.home"), group: g),
            Binding([.end], .bottom, help: context.t("key.end"), group: g),
        ]
    }

    func reload(_ context: AppContext) -> Intent {
        let filter = AuditFilter(actions: Self.recordActions, entity: entity, entityId: entityId)
        return command { repository in
            var rows: [AuditTrailRow] = []
            var olderThan: Int64?
            while true {
                let page = try await repository.auditTrail(filter, olderThan: olderThan, limit: Self.batch)
                rows += page
                guard page.count == Self.batch, let last = page.last else { break }
                olderThan = last.entry.id
            }
            let versions = Array(rows.reversed())
            let diffs = versions.map { AuditDiff.changes(before: $0.entry.beforeJSON, after: $0.entry.afterJSON) }
            let fields = diffs.joined().flatMap { change in [change.before, change.after].map { (change.field, $0) } }
            func ids(_ named: (String) -> Bool) -> Set<Int64> {
                Set(fields.compactMap { field, value in
                    guard named(field), case .integer(let id)? = value else { return nil }
                    return id
                })
            }
            let names = try await AuditNames.lookUp(patients: ids(AuditNames.isPatientField),
                                                    members: ids(AuditNames.isStaffField), known: AuditNames(), repository)
            return .versions(versions, diffs: diffs, names: names)
        }
    }

    func update(_ loaded: Loaded, _ context: AppContext) -> Intent {
        switch loaded {
        case .versions(let rows, let changes, let found):
            versions = rows
            diffs = changes
            names = found
            self.loaded = true
        }
        return .handled
    }

    func perform(_ action: Action, _ context: AppContext) -> Intent {
        let page = max(1, visibleRows - 1)
        switch action {
        case .down: scroll += 1
        case .up: scroll -= 1
        case .pageDown: scroll += page
        case .pageUp: scroll -= page
        case .top: scroll = 0
        case .bottom: scroll = Int.max / 2
        }
        scroll = max(0, scroll)
        return .handled
    }

    func handle(_ event: TerminalEvent, _ context: AppContext) -> Intent {
        guard case .mouse(let mouse) = event else { return .ignored }
        switch mouse.kind {
        case .wheelDown: scroll += ListState.wheelStep
        case .wheelUp: scroll = max(0, scroll - ListState.wheelStep)
        case .click: return .ignored
        }
        return .handled
    }

    // MARK: - Lines

    /// A piece of a line in one style: a changed value is its own highlighted segment.
    struct Segment: Hashable {
        var text: String
        var role: StyleRole = .normal
        var bold = false
    }

    typealias Line = [Segment]

    /// The trail as lines for a body `width` columns wide: per version a heading line, then one
    /// line per field (two when the old and new values do not fit beside each other).
    func lines(width: Int, _ context: AppContext) -> [Line] {
        let words = AuditWords(context)
        let nameWidth = min(24, diffs.joined().map { TextWidth.columns(of: words.fieldName($0.field)) }.max() ?? 0)
        var out: [Line] = []
        for (row, fields) in zip(versions, diffs) {
            let entry = row.entry
            out.append([Segment(text: context.timeText.shown(entry.at) + "  "),
                        Segment(text: words.author(row) + "  ", bold: true),
                        Segment(text: words.action(entry.action), role: .info, bold: true)])
            if AuditDiff.isRedacted(entry) {
                out.append([Segment(text: "  " + context.t("audit.redacted"), role: .warning)])
                continue
            }
            if fields.isEmpty {
                out.append([Segment(text: "  " + context.t("audit.no_change"), role: .muted)])
                continue
            }
            // The first version lists the record as made; later ones what changed, new values highlighted.
            let listing = entry.beforeJSON == nil
            for change in fields {
                let name = "  " + TextWidth.truncate(words.fieldName(change.field), to: nameWidth, ellipsis: context.glyphs.ellipsis)
                let label = name + String(repeating: " ", count: max(0, nameWidth + 2 - TextWidth.columns(of: name))) + "  "
                let after = words.value(change.after, field: change.field, names: names)
                if listing {
                    out.append([Segment(text: label, role: .muted), Segment(text: after)])
                    continue
                }
                let before = words.value(change.before, field: change.field, names: names)
                let inline = TextWidth.columns(of: label + before + after) + 3
                if inline <= width {
                    out.append([Segment(text: label, role: .muted), Segment(text: before, role: .muted),
                                Segment(text: " \(words.arrow) "), Segment(text: after, role: .highlight, bold: true)])
                } else {
                    out.append([Segment(text: label, role: .muted), Segment(text: before, role: .muted)])
                    let indent = String(repeating: " ", count: TextWidth.columns(of: label))
                    out.append([Segment(text: indent + words.arrow + " "), Segment(text: after, role: .highlight, bold: true)])
                }
            }
        }
        return out
    }

    // MARK: - Rendering

    func render(in area: Rect, into buffer: inout Buffer, _ context: AppContext) {
        buffer.fill(area)
        let inner = area.inset(left: 1, right: 1)
        let parts = Layout.vertical([.length(1), .length(1), .fill]).split(inner)
        buffer.put(context.t("audit.record.title", subject), in: parts[0], role: .header, attributes: [.bold],
                   ellipsis: context.glyphs.ellipsis)
        guard loaded else {
            buffer.put(context.t("ward.loading"), in: parts[1], role: .muted)
            return
        }
        guard !versions.isEmpty else {
            buffer.put(context.t("audit.record.none"), in: parts[1], role: .muted, ellipsis: context.glyphs.ellipsis)
            return
        }
        let body = parts[2]
        visibleRows = max(1, body.height)
        let all = lines(width: body.width, context)
        scroll = max(0, min(scroll, all.count - body.height))
        let last = min(all.count, scroll + body.height)
        let position = all.count > body.height ? context.t("audit.record.position", scroll + 1, last, all.count) : ""
        buffer.put(context.t("audit.record.count", versions.count) + position, in: parts[1], role: .muted,
                   ellipsis: context.glyphs.ellipsis)
        for (i, line) in all[scroll..<last].enumerated() {
            let row = body.row(i)
            var x = row.x
            for segment in line {
                x = buffer.put(segment.text, x: x, y: row.y, role: segment.role, attributes: segment.bold ? [.bold] : [], clip: row)
            }
            if x >= row.maxX, TextWidth.columns(of: line.map(\.text).joined()) > row.width {
                buffer.put(context.glyphs.ellipsis, x: row.maxX - 1, y: row.y, role: line.last?.role ?? .normal, clip: row)
            }
        }
    }
}
