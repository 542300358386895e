import Clinical
import Foundation
import TerminalUI
import WardStore

/// Stroke centres: type a location (coordinates "48.14,11.58", a city or a centre of the
/// list) for the nearest centres by great-circle distance, or any part of a name or city to
/// search; Tab cycles the capability filter. Opened from triage results with the suggested one.
@MainActor
final class StrokeCentresScreen: ActionScreen, CommandScreen {
    enum Action: String, ScreenAction {
        case capability = "centres.capability", down = "centres.down", up = "centres.up"
    }

    private(set) var query = ""
    private(set) var capability: StrokeCapability?
    private var scroll = 0
    private(set) var centres: [StrokeCentre]

    init(capability: StrokeCapability? = nil, centres: [StrokeCentre]? = nil) {
        self.capability = capability
        self.centres = centres ?? ((try? StrokeCentreStarterList.shared.get()) ?? [])
    }

    func title(_ context: AppContext) -> String { context.t("stroke.centres.name") }

    /// The ward's own list (imported with `cotside centres import`) replaces or extends the starter list.
    func reload(_ context: AppContext) -> Intent {
        guard context.repository != nil else { return .ignored }
        return command { repository in try await StrokeCentreDirectory.load(from: repository) }
    }

    func update(_ list: [StrokeCentre], _ context: AppContext) -> Intent {
        centres = list
        return .handled
    }

    /// The ward's list could not be read: the starter list already shown stays, without a word.
    func failed(_ error: Error, _ context: AppContext) -> Intent { .handled }

    var capturesText: Bool { true }

    func bindings(_ context: AppContext) -> [Binding<Action>] {
        let g = context.t("group.screen")
        return [
            Binding([.tab], .capability, label: context.t("stroke.key.capability"), help: context.t("stroke.action.capability"), group: g),
            Binding([.down], .down, help: context.t("key.down"), group: g),
            Binding([.up], .up, help: context.t("key.up"), group: g),
        ]
    }

    func handle(_ event: TerminalEvent, _ context: AppContext) -> Intent {
        guard case .key(let key) = event else { return .ignored }
        switch key {
        case .char("?"): return .shell(.help)
        case .char(":"): return .shell(.palette)
        case .char(let c):
            query.append(c); scroll = 0; return .handled
        case .backspace:
            guard !query.isEmpty else { return .handled }
            query.removeLast(); scroll = 0; return .handled
        case .ctrl("u"):
            query = ""; return .handled
        default:
            return .ignored
        }
    }

    func perform(_ action: Action, _ context: AppContext) -> Intent {
        switch action {
        case .capability:
            let all: [StrokeCapability?] = [nil] + StrokeCapability.allCases.map { Optional($0) }
            let i = all.firstIndex { $0 == capability } ?? 0
            capability = all[(i + 1) % all.count]
            scroll = 0
        case .down: scroll += 1
        case .up: scroll = max(0, scroll - 1)
        }
        return .handled
    }

    /// The rows shown: nearest-first when the query is a location, else a name/city search.
    func rows() -> (located: Bool, rows: [StrokeCentreDistance]) {
        let trimmed = query.trimmingCharacters(in: .whitespaces)
        if !trimmed.isEmpty, case .success(let point) = StrokeCentreSearch.resolve(trimmed, in: centres) {
            return (true, StrokeCentreSearch.nearest(centres, to: point, capability: capability))
        }
        let found = StrokeCentreSearch.deduplicated(StrokeCentreSearch.search(centres, text: trimmed))
            .filter { capability.map($0.has) ?? true }
        return (false, found.map { StrokeCentreDistance(centre: $0, kilometres: .nan) })
    }

    func render(in area: Rect, into buffer: inout Buffer, _ context: AppContext) {
        buffer.fill(area)
        let inner = area.inset(left: 1, right: 1)
        let parts = Layout.vertical([.length(1), .length(1), .length(1), .fill]).split(inner)
        buffer.put("\(context.t("stroke.centres.near")) \(query)_", in: parts[0], role: .input)
        let filter = capability.map { context.t("stroke.capability.\($0.rawValue)") } ?? context.t("stroke.centres.all")
        buffer.put("\(context.t("stroke.centres.filter")) \(filter)   \(context.t("stroke.centres.hint"))", in: parts[1], role: .muted,
                   ellipsis: context.glyphs.ellipsis)
        let (located, rows) = rows()
        guard !rows.isEmpty else {
            buffer.put(context.t("stroke.centres.none"), in: parts[3].row(0), role: .muted)
            return
        }
        scroll = min(scroll, max(0, rows.count - parts[3].height))
        buffer.put(located ? context.t("stroke.centres.header_near") : context.t("stroke.centres.header"), in: parts[2], role: .header, attributes: [.bold])
        for (i, row) in rows.dropFirst(scroll).prefix(parts[3].height).enumerated() {
            let c = row.centre
            let distance = located ? String(format: "%6.1f km  ", row.kilometres) : ""
            let caps = c.capabilityWords.map { String($0.prefix(5)) }.joined(separator: "/")
            let text = "\(distance)\(c.name) · \(c.city) · \(caps) · \(c.emergencyPhone ?? c.phone ?? "—")"
            buffer.put(text, in: parts[3].row(i), role: i == 0 && located ? .highlight : .normal, ellipsis: context.glyphs.ellipsis)
        }
    }
}
