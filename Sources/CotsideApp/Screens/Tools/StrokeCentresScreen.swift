import Clinical
import Foundation
import TerminalUI
import WardStore

/// Stroke centres: type a location (coordinates "48.14,11.58", a city or a centre of the
/// list) for the nearest centres by great-circle distance, or any part of a name or city to
/// search; Tab cycles the capability filter and Shift-Tab the type filter. Each centre shows its
/// type, address, capabilities in words and emergency number. Opened from triage results with
/// the suggested capability (and the place the user gave there).
@MainActor
final class StrokeCentresScreen: ActionScreen, CommandScreen {
    enum Action: String, ScreenAction {
        case capability = "centres.capability", type = "centres.type", down = "centres.down", up = "centres.up"
        case pageDown = "centres.pageDown", pageUp = "centres.pageUp"
    }

    private(set) var query: String
    private(set) var capability: StrokeCapability?
    private(set) var type: StrokeCentreType?
    private var scroll = 0
    private var pageRows = 8
    private(set) var centres: [StrokeCentre]

    init(capability: StrokeCapability? = nil, type: StrokeCentreType? = nil, query: String = "", centres: [StrokeCentre]? = nil) {
        self.capability = capability
        self.type = type
        self.query = query
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
            Binding([.backTab], .type, label: context.t("stroke.key.type"), help: context.t("stroke.action.type"), group: g),
            Binding([.down], .down, help: context.t("key.down"), group: g),
            Binding([.up], .up, help: context.t("key.up"), group: g),
            Binding([.pageDown], .pageDown, help: context.t("key.page_down"), group: g),
            Binding([.pageUp], .pageUp, help: context.t("key.page_up"), group: g),
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

    /// The next of all-then-each, round again after the last.
    static func cycle<T: Equatable>(_ current: T?, _ all: [T]) -> T? {
        let options: [T?] = [nil] + all.map { Optional($0) }
        let i = options.firstIndex { $0 == current } ?? 0
        return options[(i + 1) % options.count]
    }

    func perform(_ action: Action, _ context: AppContext) -> Intent {
        switch action {
        case .capability: capability = Self.cycle(capability, StrokeCapability.allCases); scroll = 0
        case .type: type = Self.cycle(type, StrokeCentreType.allCases); scroll = 0
        case .down: scroll += 1
        case .up: scroll = max(0, scroll - 1)
        case .pageDown: scroll += pageRows
        case .pageUp: scroll = max(0, scroll - pageRows)
        }
        return .handled
    }

    /// The rows shown: nearest-first when the query is a location, else a name/city search;
    /// both through the type and capability filters.
    func rows() -> (located: Bool, rows: [StrokeCentreDistance]) {
        let trimmed = query.trimmingCharacters(in: .whitespaces)
        let types: Set<StrokeCentreType> = type.map { [$0] } ?? []
        let capabilities: Set<StrokeCapability> = capability.map { [$0] } ?? []
        if !trimmed.isEmpty, case .success(let point) = StrokeCentreSearch.resolve(trimmed, in: centres) {
            return (true, StrokeCentreSearch.nearest(centres, to: point, types: types, capabilities: capabilities))
        }
        let found = StrokeCentreSearch.filtered(StrokeCentreSearch.deduplicated(StrokeCentreSearch.search(centres, text: trimmed)),
                                                types: types, capabilities: capabilities)
        return (false, found.map { StrokeCentreDistance(centre: $0, kilometres: .nan) })
    }

    func render(in area: Rect, into buffer: inout Buffer, _ context: AppContext) {
        buffer.fill(area)
        let inner = area.inset(left: 1, right: 1)
        let parts = Layout.vertical([.length(1), .length(1), .length(1), .fill]).split(inner)
        buffer.put("\(context.t("stroke.centres.near")) \(query)_", in: parts[0], role: .input)
        let capabilityWords = capability.map { context.t("stroke.capability.\($0.rawValue)") } ?? context.t("stroke.centres.any_capability")
        let typeWords = type.map { context.t("stroke.type.\($0.rawValue)") } ?? context.t("stroke.centres.any_type")
        buffer.put(context.t("stroke.centres.filters", capabilityWords, typeWords), in: parts[1], role: .muted,
                   ellipsis: context.glyphs.ellipsis)
        let (located, rows) = rows()
        guard !rows.isEmpty else {
            buffer.put(context.t("stroke.centres.none"), in: parts[3].row(0), role: .muted)
            return
        }
        let body = parts[3]
        // Three lines a centre; the last line says where in the list the window is.
        let per = StrokeCentreText.linesPerCentre
        pageRows = max(1, (body.height - 1) / per)
        scroll = min(scroll, max(0, rows.count - pageRows))
        let last = min(rows.count, scroll + pageRows)
        buffer.put(context.t(located ? "stroke.centres.header_near" : "stroke.centres.header", scroll + 1, last, rows.count),
                   in: parts[2], role: .header, attributes: [.bold], ellipsis: context.glyphs.ellipsis)
        for (i, row) in rows[scroll..<last].enumerated() {
            let first = i == 0 && scroll == 0 && located
            for (k, line) in StrokeCentreText.lines(row, located: located, context).enumerated() {
                buffer.put(line, in: body.row(per * i + k), role: k == 0 ? (first ? .highlight : .normal) : .muted,
                           ellipsis: context.glyphs.ellipsis)
            }
        }
        if body.height > per * pageRows {
            let more = [scroll > 0 ? context.glyphs.arrowUp : nil, last < rows.count ? context.glyphs.arrowDown : nil]
                .compactMap { $0 }.joined()
            if !more.isEmpty {
                buffer.put("\(more) \(context.t("stroke.centres.more"))", in: body.row(body.height - 1), role: .muted, alignment: .right)
            }
        }
    }
}
