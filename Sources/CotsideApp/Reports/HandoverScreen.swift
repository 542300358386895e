import Foundation
import ReportKit
import TerminalUI
import WardStore

/// The shift handover on screen (palette "Handover", `H` on the Dashboard): every cot's shift
/// since the last shift change, one after another, as the text report prints it (the same
/// document, laid out at the screen's width). `]` / `[` jump to the next / previous cot, `c`
/// picks one from a list, `w` saves it to a file. Reading it needs someone signed in: the report names who made it.
@MainActor
final class HandoverScreen: ActionScreen, CommandScreen {
    enum Action: String, ScreenAction {
        case down = "handover.down", up = "handover.up", pageDown = "handover.pageDown", pageUp = "handover.pageUp"
        case home = "handover.home", end = "handover.end"
        case nextCot = "handover.nextCot", previousCot = "handover.previousCot", pickCot = "handover.pickCot"
        case save = "handover.save"
    }

    enum Loaded: Sendable { case handover(ShiftHandover) }

    private(set) var handover: ShiftHandover?
    private(set) var scroll = 0
    private var lastPageHeight = 10
    /// The laid-out text and the first line of each cot's section, for the width last drawn.
    private var layout: (width: Int, lines: [String], cotStarts: [Int])?

    func title(_ context: AppContext) -> String { context.t("handover.title") }

    static func refusal(_ context: AppContext) -> Intent? {
        guard context.staff == nil else { return nil }
        return .message(.warning(context.t("handover.needs_user")))
    }

    func bindings(_ context: AppContext) -> [Binding<Action>] {
        let g = context.t("group.screen"), n = context.t("group.navigation")
        return [
            Binding([.char("]")], .nextCot, label: context.t("key.next_cot"), help: context.t("handover.help.next_cot"), group: g),
            Binding([.char("[")], .previousCot, label: context.t("key.previous_cot"), help: context.t("handover.help.previous_cot"),
                    group: g),
            Binding([.char("c")], .pickCot, label: context.t("key.pick_cot"), help: context.t("handover.help.pick_cot"), group: g),
            Binding([.char("w")], .save, label: context.t("key.save_file"), help: context.t("handover.help.save"), group: g),
            Binding([.down, .char("j")], .down, help: context.t("key.down"), group: n),
            Binding([.up, .char("k")], .up, help: context.t("key.up"), group: n),
            Binding([.pageDown], .pageDown, help: context.t("key.page_down"), group: n),
            Binding([.pageUp], .pageUp, help: context.t("key.page_up"), group: n),
            Binding([.home], .home, help: context.t("key.home"), group: n),
            Binding([.end], .end, help: context.t("key.end"), group: n),
        ]
    }

    func reload(_ context: AppContext) -> Intent {
        let now = context.clock.now, zone = context.clock.timeZone
        let since = context.wardSettings.shiftChanges.handoverStart(at: now, timeZone: zone)
        return command("load") { repository in
            .handover(try await repository.handover(HandoverRequest(since: since, until: now, timeZone: zone)))
        }
    }

    func update(_ loaded: Loaded, _ context: AppContext) -> Intent {
        switch loaded {
        case .handover(let handover):
            self.handover = handover
            layout = nil
            return .handled
        }
    }

    /// The document as the report says it, by whoever is signed in.
    func document(_ context: AppContext) -> ReportDocument? {
        guard let handover, let staff = context.staff else { return nil }
        return HandoverDocument(handover, localizer: context.localizer, madeBy: staff, madeAt: handover.request.until).document
    }

    func perform(_ action: Action, _ context: AppContext) -> Intent {
        let starts = layout?.cotStarts ?? []
        switch action {
        case .down: scroll += 1
        case .up: scroll -= 1
        case .pageDown: scroll += lastPageHeight
        case .pageUp: scroll -= lastPageHeight
        case .home: scroll = 0
        case .end: scroll = Int.max / 2
        case .nextCot: scroll = starts.first { $0 > scroll } ?? scroll
        case .previousCot: scroll = starts.last { $0 < scroll } ?? 0
        case .pickCot:
            guard let cots = handover?.cots, !cots.isEmpty else { return .handled }
            let current = starts.lastIndex { $0 <= scroll } ?? 0
            return .push(ChoiceScreen(heading: context.t("handover.pick_cot"),
                                      items: cots.map { context.t("handover.cot_heading", $0.patient.bedLabel, $0.patient.fullName) },
                                      selected: current) { [self] index, _ in
                if let line = layout?.cotStarts, line.indices.contains(index) { scroll = line[index] }
                return .handled
            })
        case .save:
            guard let document = document(context) else { return .handled }
            return .push(HandoverSaveScreen(document: document, context))
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

    func render(in area: Rect, into buffer: inout Buffer, _ context: AppContext) {
        let text = area.inset(left: 2, right: 2)
        // The document (and the insight rules behind it) is made once per load and width, not per frame.
        if layout?.width != text.width, let document = document(context) {
            let ascii = context.glyphs == .ascii
            let bytes = ReportRendering.render(document, as: .text, options: ReportRenderOptions(width: text.width, ascii: ascii))
            let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            // Each cot's section opens with its patient line (the text renderer's "Patient: …").
            layout = (text.width, lines, lines.indices.filter { lines[$0].hasPrefix("Patient: ") })
        }
        guard let lines = layout?.lines, context.staff != nil else {
            buffer.put(context.t(context.staff == nil ? "handover.needs_user" : "handover.loading"), in: text.row(0), role: .muted)
            return
        }
        lastPageHeight = max(1, text.height - 1)
        scroll = max(0, min(scroll, lines.count - text.height))
        for (i, line) in lines.dropFirst(scroll).prefix(text.height).enumerated() {
            let isHeading = line.hasPrefix("Patient: ")
            buffer.put(line, in: text.row(i), role: isHeading ? .header : .normal, attributes: isHeading ? [.bold] : [])
        }
    }
}

/// "Save the handover": a file name and a format; written 0600, never over an existing file.
@MainActor
final class HandoverSaveScreen: WardFormScreen {
    static let formats: [ReportFormat] = [.text, .html, .pdf]
    let document: ReportDocument

    init(document: ReportDocument, _ context: AppContext, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.document = document
        super.init(titleKey: "handover.save.title", fields: [
            .text("file", label: context.t("handover.save.file"), maxLength: 400, required: true,
                  value: Self.suggestedFile(now: context.clock.now, environment: environment)),
            .choice("format", label: context.t("handover.save.format"),
                    options: Self.options(Self.formats) { $0.rawValue }, selected: 0),
        ], context)
    }

    override var hasUnsavedInput: Bool { false }

    /// `~/handover-20261125-0730.txt`: a new name each time.
    static func suggestedFile(now: Date, environment: [String: String]) -> String {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = .gmt
        let c = utc.dateComponents([.year, .month, .day, .hour, .minute], from: now)
        let stamp = String(format: "%04d%02d%02d-%02d%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0, c.minute ?? 0)
        return (environment["HOME"].map { $0.hasSuffix("/") ? $0 : $0 + "/" } ?? "") + "handover-\(stamp).txt"
    }

    override func submit(_ context: AppContext) -> Intent {
        let file = (state.text("file") ?? "").trimmingCharacters(in: .whitespaces)
        let format = Self.formats[state.choice("format") ?? 0]
        do {
            try ReportFile.write(ReportRendering.render(document, as: format), to: file, force: false)
        } catch {
            return refuse("file", (error as? ReportFileError)?.description ?? "\(error)", focus: true)
        }
        return .all([.pop, .message(.success(context.t("handover.save.done", file)))])
    }
}
