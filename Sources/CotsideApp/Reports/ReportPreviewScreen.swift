import Foundation
import ReportKit
import TerminalUI
import WardStore

/// Any report on screen before it is saved or printed: the document its `ReportPreview` makes
/// (loaded as a store command, so it refreshes like every screen), laid out by the text
/// renderer at the screen's width, exactly as the text file reads. `]` / `[` jump to the next /
/// previous section, `c` picks one from a list, `w` saves it to a file, `p` prints it. It needs
/// someone signed in: the report names who made it.
@MainActor
final class ReportPreviewScreen: ActionScreen, CommandScreen {
    enum Action: String, ScreenAction {
        case down = "report.down", up = "report.up", pageDown = "report.pageDown", pageUp = "report.pageUp"
        case home = "report.home", end = "report.end"
        case nextSection = "report.nextSection", previousSection = "report.previousSection", pickSection = "report.pickSection"
        case save = "report.save", print = "report.print"
    }

    enum Loaded: Sendable { case document(ReportDocument, madeBy: Int64) }

    let preview: ReportPreview
    /// HOME for the suggested file name, PATH for lp.
    let environment: [String: String]
    private(set) var document: ReportDocument?
    /// Whom the document names as its maker: shown, saved and printed only while they are the
    /// one signed in (another member signing in has it made again in their name).
    private(set) var madeFor: Int64?
    /// Whom the load in flight makes it for.
    private var loadingFor: Int64?
    /// Why the report could not be made (the store's words), shown in its place.
    private(set) var problem: String?
    private(set) var scroll = 0
    private var lastPageHeight = 10
    /// The laid-out text for the width and glyphs last drawn.
    private var layout: (width: Int, ascii: Bool, text: TextReportLayout)?

    init(_ preview: ReportPreview, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.preview = preview
        self.environment = environment
    }

    var kind: String { preview.kind }
    private var words: ReportPreview.Words { preview.words }

    func title(_ context: AppContext) -> String { context.t(words.title) }

    /// Why the report cannot be shown now (nobody signed in), for whoever opens it.
    static func refusal(_ preview: ReportPreview, _ context: AppContext) -> Intent? {
        guard context.staff == nil else { return nil }
        return .message(.warning(context.t(preview.words.needsUser)))
    }

    /// A screen's way to open a report: the preview, or why not (nobody signed in).
    static func open(_ preview: ReportPreview, _ context: AppContext) -> Intent {
        refusal(preview, context) ?? .push(ReportPreviewScreen(preview))
    }

    func bindings(_ context: AppContext) -> [Binding<Action>] {
        let g = context.t("group.screen"), n = context.t("group.navigation")
        return [
            Binding([.char("]")], .nextSection, label: context.t(words.nextSection), help: context.t(words.nextSectionHelp), group: g),
            Binding([.char("[")], .previousSection, label: context.t(words.previousSection), help: context.t(words.previousSectionHelp),
                    group: g),
            Binding([.char("c")], .pickSection, label: context.t(words.pickSection), help: context.t(words.pickSectionHelp), group: g),
            Binding([.char("w")], .save, label: context.t("key.save_file"), help: context.t("report.help.save"), group: g),
            Binding([.char("p")], .print, label: context.t("key.print"), help: context.t("report.help.print"), group: g),
            Binding([.down, .char("j")], .down, help: context.t("key.down"), group: n),
            Binding([.up, .char("k")], .up, help: context.t("key.up"), group: n),
            Binding([.pageDown], .pageDown, help: context.t("key.page_down"), group: n),
            Binding([.pageUp], .pageUp, help: context.t("key.page_up"), group: n),
            Binding([.home], .home, help: context.t("key.home"), group: n),
            Binding([.end], .end, help: context.t("key.end"), group: n),
        ]
    }

    func reload(_ context: AppContext) -> Intent {
        guard let staff = context.staff else { return .handled }
        if staff.id != madeFor {
            document = nil
            layout = nil
        }
        loadingFor = staff.id
        let maker = ReportMaker(staff: staff, localizer: context.localizer, now: context.clock.now, timeZone: context.clock.timeZone,
                                wardSettings: context.wardSettings)
        let make = preview.make
        return command("load") { repository in .document(try await make(repository, maker), madeBy: staff.id) }
    }

    func update(_ loaded: Loaded, _ context: AppContext) -> Intent {
        switch loaded {
        case .document(let document, let madeBy):
            self.document = document
            madeFor = madeBy
            loadingFor = nil
            problem = nil
            layout = nil
            return .handled
        }
    }

    /// The report could not be made (an assessment deleted meanwhile): its words in place of the
    /// report as well as on the message line, rather than "Reading the ward…" for ever.
    func failed(_ error: Error, _ context: AppContext) -> Intent {
        problem = WardTask.describe(error)
        return .message(.error(problem ?? ""))
    }

    /// The document in the name of whoever is signed in now, or nil (nobody, or still being made).
    func current(_ context: AppContext) -> ReportDocument? {
        guard let staff = context.staff, staff.id == madeFor else { return nil }
        return document
    }

    func perform(_ action: Action, _ context: AppContext) -> Intent {
        let starts = layout?.text.sectionStarts ?? []
        switch action {
        case .down: scroll += 1
        case .up: scroll -= 1
        case .pageDown: scroll += lastPageHeight
        case .pageUp: scroll -= lastPageHeight
        case .home: scroll = 0
        case .end: scroll = Int.max / 2
        case .nextSection: scroll = starts.first { $0 > scroll } ?? scroll
        case .previousSection: scroll = starts.last { $0 < scroll } ?? 0
        case .pickSection:
            guard let sections = document?.sections, !sections.isEmpty else { return .handled }
            let current = starts.lastIndex { $0 <= scroll } ?? 0
            return .push(ChoiceScreen(heading: context.t(words.pickHeading), items: sections.map(\.heading),
                                      selected: current) { [self] index, _ in
                if let starts = layout?.text.sectionStarts, starts.indices.contains(index) { scroll = starts[index] }
                return .handled
            })
        case .save, .print:
            guard let staff = context.staff else { return .message(.warning(context.t(words.needsUser))) }
            guard let document = current(context) else { return .message(.info(context.t("report.loading"))) }
            return .push(ReportSaveScreen(document: document, madeBy: staff.id, kind: preview.kind,
                                          purpose: action == .print ? .print : .save, words: words, context, environment: environment))
        }
        return .handled
    }

    func handle(_ event: TerminalEvent, _ context: AppContext) -> Intent {
        // Another member signed in over it: make it again in their name.
        if case .tick = event, let staff = context.staff, staff.id != madeFor, staff.id != loadingFor { return reload(context) }
        guard case .mouse(let m) = event else { return .ignored }
        switch m.kind {
        case .wheelDown: scroll += 3; return .handled
        case .wheelUp: scroll -= 3; return .handled
        default: return .ignored
        }
    }

    func render(in area: Rect, into buffer: inout Buffer, _ context: AppContext) {
        let text = area.inset(left: 2, right: 2)
        let ascii = context.glyphs == .ascii
        // Laid out once per load, width and glyphs, not per frame.
        if let document = current(context), layout?.width != text.width || layout?.ascii != ascii {
            layout = (text.width, ascii,
                      ReportRendering.textLayout(document, options: ReportRenderOptions(width: text.width, ascii: ascii)))
        }
        guard let lines = layout?.text.lines, current(context) != nil else {
            if context.staff != nil, let problem {
                buffer.put(problem, in: text.row(0), role: .danger)
            } else {
                buffer.put(context.t(context.staff == nil ? words.needsUser : "report.loading"), in: text.row(0), role: .muted)
            }
            return
        }
        let headings = Set(document?.sections.map(\.heading) ?? [])
        let patientLabel = (document?.words.patient ?? ReportWords.english.patient) + ": "
        lastPageHeight = max(1, text.height - 1)
        scroll = max(0, min(scroll, lines.count - text.height))
        for (i, line) in lines.dropFirst(scroll).prefix(text.height).enumerated() {
            let isHeading = line.hasPrefix(patientLabel) || headings.contains(line)
            buffer.put(line, in: text.row(i), role: isHeading ? .header : .normal, attributes: isHeading ? [.bold] : [])
        }
    }
}
