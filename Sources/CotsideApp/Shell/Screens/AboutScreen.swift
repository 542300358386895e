import Foundation
import Clinical
import TerminalUI

/// Version, the medical disclaimer, the reference of every calculator (generated from the
/// Clinical declarations), licences of dependencies, shipped data and where files live.
@MainActor
final class AboutScreen: ActionScreen {
    enum Action: String, ScreenAction {
        case down = "about.down", up = "about.up", pageDown = "about.pageDown", pageUp = "about.pageUp"
        case home = "about.home", end = "about.end"
    }

    private var scroll = 0
    private var lastPageHeight = 10

    func title(_ context: AppContext) -> String { context.t("about.title") }

    func bindings(_ context: AppContext) -> [Binding<Action>] {
        let g = context.t("group.navigation")
        return [
            Binding([.down, .char("j")], .down, help: context.t("key.down"), group: g),
            Binding([.up, .char("k")], .up, help: context.t("key.up"), group: g),
            Binding([.pageDown], .pageDown, help: context.t("key.page_down"), group: g),
            Binding([.pageUp], .pageUp, help: context.t("key.page_up"), group: g),
            Binding([.home], .home, help: context.t("key.home"), group: g),
            Binding([.end], .end, help: context.t("key.end"), group: g),
        ]
    }

    func perform(_ action: Action, _ context: AppContext) -> Intent {
        switch action {
        case .down: scroll += 1
        case .up: scroll -= 1
        case .pageDown: scroll += lastPageHeight
        case .pageUp: scroll -= lastPageHeight
        case .home: scroll = 0
        case .end: scroll = Int.max / 2
        }
        return .handled
    }

    func handle(_ event: TerminalEvent, _ context: AppContext) -> Intent {
        guard case .mouse(let m) = event else { return .ignored }
        switch m.kind {
        case .wheelDown: scroll += 3; return .handled
        case .wheelUp: scroll -= 3; return .handled
        default: return .ignored
        }
    }

    /// The shown language's provenance note, looked up on disk once per language rather than on
    /// every frame the screen draws.
    private var provenance: (code: String, note: URL?)?
    private func provenanceNote(_ context: AppContext) -> URL? {
        let code = context.localizer.language.code
        if let provenance, provenance.code == code { return provenance.note }
        let note = Catalogues.provenanceNote(for: code, in: context.catalogueDirectory)
        provenance = (code, note)
        return note
    }

    /// The text of the screen, as (line, role) pairs wrapped to `width`.
    func lines(width: Int, _ context: AppContext) -> [(String, StyleRole)] {
        var out: [(String, StyleRole)] = []
        func heading(_ text: String) { out.append(("", .normal)); out.append((text, .header)) }
        func para(_ text: String, _ role: StyleRole = .normal, indent: String = "") {
            for line in TextWrap.wrap(text, width: max(1, width - TextWidth.columns(of: indent))) { out.append((indent + line, role)) }
        }
        out.append(("Cotside — \(context.t("about.version", CotsideVersion.string))", .header))
        heading(context.t("about.disclaimer"))
        para(context.t("disclaimer.body"))
        // Who translated the words on screen, and that a clinician must review them (issue 20).
        heading(context.t("about.translation"))
        para(context.t("about.translation.note"))
        if let note = provenanceNote(context) {
            para(context.t("about.translation.file", note.path), .muted)
        }
        heading(context.t("about.references"))
        if ToolRegistry.all.isEmpty { para(context.t("about.no_tools"), .muted) }
        for tool in ToolRegistry.all {
            let spec = tool.spec
            para("\(spec.nameText.resolved(context.localizer)) (\(spec.id))", .normal)
            for reference in spec.references { para(reference.citation, .muted, indent: "  ") }
        }
        heading(context.t("about.data"))
        for item in ShippedData.all { para("\(context.t(item.nameKey)): \(context.t(item.sourceKey))", .normal) }
        heading(context.t("about.licences"))
        for licence in DependencyLicences.all {
            para("\(licence.nameKey.map { context.t($0) } ?? licence.name) — \(licence.licenceKey.map { context.t($0) } ?? licence.licence)", .normal)
        }
        heading(context.t("about.paths"))
        para(context.t("about.database", context.paths.database))
        para(context.t("about.preferences", context.paths.preferences))
        para(context.t("about.log", context.paths.log))
        heading(context.t("about.backups"))
        for line in Self.backupLines(context) { para(line.0, line.1) }
        return out
    }

    /// The schedule, the last backup's time, size and place, and a failure not yet followed by a success.
    static func backupLines(_ context: AppContext) -> [(String, StyleRole)] {
        if context.repository?.isOnServer == true { return [(context.t("about.backup.server"), .normal)] }
        let settings = context.wardSettings
        var lines: [(String, StyleRole)] = [(settings.backupEveryHours == 0 ? context.t("about.backup.off")
            : context.t("about.backup.schedule", settings.backupEveryHours, settings.backupKeep, context.paths.backups ?? "?"), .normal)]
        let record = context.backupRecord
        if let at = record?.lastBackupAt, let path = record?.lastBackupPath {
            let megabytes = context.format.fixed(Double(record?.lastBackupBytes ?? 0) / 1_048_576, digits: 1)
            lines.append((context.t("about.backup.last", context.timeText.dayAndTime(at), megabytes, path), .normal))
        } else {
            lines.append((context.t("about.backup.none"), .muted))
        }
        if let failure = record?.standingFailure, let at = record?.lastFailureAt {
            lines.append((context.t("about.backup.failed", context.timeText.dayAndTime(at), failure), .danger))
        }
        return lines
    }

    func render(in area: Rect, into buffer: inout Buffer, _ context: AppContext) {
        let text = area.inset(left: 2, right: 2)
        let all = lines(width: text.width, context)
        lastPageHeight = max(1, text.height - 1)
        scroll = max(0, min(scroll, all.count - text.height))
        for (i, (line, role)) in all.dropFirst(scroll).prefix(text.height).enumerated() {
            buffer.put(line, in: text.row(i), role: role, attributes: role == .header ? [.bold] : [])
        }
    }
}

/// Licences of what Cotside links, for the About screen. A licence's published name stays as
/// published ("MIT License"); a description is a catalogue key (`nameKey`, `licenceKey`).
enum DependencyLicences {
    struct Entry { var name: String; var licence: String; var nameKey: String?; var licenceKey: String? }
    static let all: [Entry] = [
        Entry(name: "GRDB.swift 7 (Gwendal Roué)", licence: "MIT License", nameKey: nil, licenceKey: nil),
        Entry(name: "Swift Argument Parser (Apple)", licence: "Apache License 2.0 with Runtime Library Exception", nameKey: nil, licenceKey: nil),
        Entry(name: "ncurses (Free Software Foundation)", licence: "X11/MIT-style licence", nameKey: nil, licenceKey: "about.licence.x11_style"),
        Entry(name: "SQLite", licence: "public domain", nameKey: nil, licenceKey: "about.licence.public_domain"),
        Entry(name: "Swift standard library and Foundation", licence: "Apache License 2.0 with Runtime Library Exception",
              nameKey: "about.licence.swift_runtime", licenceKey: nil),
    ]
}

/// Reference data shipped in Resources/, each with a PROVENANCE.md beside it: what it is and
/// where it comes from, as catalogue keys (the citations inside stay as published).
enum ShippedData {
    struct Entry { var nameKey: String; var sourceKey: String }
    static let all: [Entry] = [
        Entry(nameKey: "about.data.stroke_centres", sourceKey: "about.data.stroke_centres.source"),
        Entry(nameKey: "about.data.intergrowth", sourceKey: "about.data.intergrowth.source"),
    ]
}
