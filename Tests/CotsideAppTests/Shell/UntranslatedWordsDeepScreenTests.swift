import Clinical
import CotsideResources
import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// Beyond each tab's first frame: every palette action on every ward tab, and the forms,
/// validation errors, confirmations, History entries of each kind, the drug round's questions,
/// Trends' views, Settings, the lock screen and the overlays, drawn in every shipped language
/// at two sizes, show no English word (`EnglishWordCheck`). The Tools tab's calculators and
/// the report previews have tests of their own and are not walked here.
@MainActor
final class UntranslatedWordsDeepScreenTests: WardTestCase {
    var language = "en"
    var check: EnglishWordCheck!
    var found: [String: Set<String>] = [:]
    var patient: Patient!
    /// The kinds of screen the walk drew, to check it reached what it means to.
    var reached: Set<String> = []

    override var launchOptions: LaunchOptions {
        var options = super.launchOptions
        options.language = language
        return options
    }

    func testNoEnglishWordIsLeftDeeperInAnyScreen() async throws {
        _ = try await DemoWard.generate(into: store, cots: 4, days: 3, seed: 3, now: Self.now, timeZone: Self.utc)
        let doctor = try await store.addStaff(StaffDraft(name: "Dora Doctor", initials: "DXD", role: .doctor), by: nil).record
        _ = try await store.setWardAdmin(staffId: doctor.id, isAdmin: true, by: nil)
        _ = try await store.updateSettings([.secondCheck: "gentamicin", .dryNappyWeightGrams: "12"], by: nil)
        let patients = try await store.admittedPatients()
        patient = try XCTUnwrap(patients.first)
        // Ward data as typed (names, notes, reasons in words) and published names (the references'
        // titles and the licences' names stay as published): not text the app wrote.
        let staffWords = try await store.activeStaff().flatMap { EnglishWordCheck.words($0.name) }
        let notes = try await store.historyPage(HistoryFilter(), after: nil, limit: 100_000).events.flatMap { event -> [String] in
            if case .asNeeded(_, let reason, _) = event.facts { return EnglishWordCheck.words(event.notes) + EnglishWordCheck.words(reason ?? "") }
            return EnglishWordCheck.words(event.notes)
        }
        let published = ToolRegistry.all.flatMap { $0.spec.references.flatMap { EnglishWordCheck.words($0.citation) } }
            + DependencyLicences.all.filter { $0.licenceKey == nil }.flatMap { EnglishWordCheck.words($0.licence) }
        // A tool's id is shown beside its name in About for `cotside calc ID` (ids stay English).
        let ids = ToolRegistry.all.map { $0.spec.id }
        let data = Set(ids + patients.flatMap { EnglishWordCheck.words($0.fullName) } + staffWords + notes + published)
        for shipped in Catalogues.available() where shipped.code != "en" {
            language = shipped.code
            shell?.stopObservingStore()
            try await startShell()
            await signIn(doctor)
            check = try EnglishWordCheck(language: shipped.code, data: data)
            try await walkThePalette()
            try await walkTheStops()
            try await walkHistoryEntries()
        }
        let report = found.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.sorted().joined(separator: ", "))" }
        XCTAssertEqual(report, [], "English words on non-English screens:\n" + report.joined(separator: "\n"))
        let meant: Set<String> = [
            "NewEntryScreen", "NappyFormScreen", "ObservationsFormScreen", "MeasurementFormScreen", "QuickFeedScreen",
            "PatientFormScreen", "ConfirmScreen", "GoalRangesScreen", "GoalRangeFormScreen", "HistoryFilterScreen", "PromptScreen",
            "MedicationFormScreen", "ChoiceScreen", "RecordTrailScreen", "AuditTrailScreen", "StaffScreen", "StaffPickerScreen",
            "SettingsScreen", "WardSettingsScreen", "AboutScreen", "HelpScreen", "PaletteScreen", "DoseCorrectionScreen",
            "AsNeededDoseFormScreen", "PatientPickerScreen",
        ]
        XCTAssertEqual(meant.subtracting(reached).sorted(), [], "screens the walk meant to draw; it drew \(reached.sorted())")
    }

    /// Records the English words on the screen now, at two sizes, under `name`.
    func look(_ name: String) {
        reached.insert(String(describing: Swift.type(of: shell.front)))
        for (width, height) in [(100, 30), (140, 40)] {
            let words = check.englishWords(in: screen(width: width, height: height).joined(separator: "\n"))
            if !words.isEmpty {
                found["\(language) \(name)", default: []].formUnion(words)
                if ProcessInfo.processInfo.environment["COTSIDE_SHOW_ENGLISH"] != nil {
                    print("---- \(language) \(name) \(width)x\(height): \(words.sorted())\n" + screen(width: width, height: height).joined(separator: "\n"))
                }
            }
        }
    }

    /// Back to `tab` at the top level with the patient chosen (`wholeWard`: none), unlocked, the
    /// message line clear.
    func restore(_ tab: Tab, wholeWard: Bool = false) async {
        shell.lockScreen = nil
        shell.stack.removeAll()
        shell.apply(.session(.selectedPatient(wholeWard ? nil : patient)), from: shell.front)
        shell.perform(.tab(tab))
        await shell.settle()
        shell.stack.removeAll()
        shell.show(nil)
    }

    /// A screen this walk leaves to its own tests (report previews).
    func isElsewhere(_ screen: any Screen) -> Bool { screen is ReportPreviewScreen }

    /// Every palette item on every ward tab, run with the patient chosen; then the palette and
    /// the help overlay themselves.
    func walkThePalette() async throws {
        for tab in Tab.allCases where tab != .tools {
            await restore(tab)
            for item in shell.paletteItems(for: shell.front) where item.action != "shell.quit" {
                await restore(tab)
                shell.perform(item.action)
                await shell.settle()
                guard !isElsewhere(shell.front) else { continue }
                look("\(tab) \(item.action)")
            }
            await restore(tab)
            await press(.char(":"))
            look("\(tab) palette")
            await restore(tab)
            await press(.char("?"))
            look("\(tab) help")
        }
    }

    /// Forms, their validation errors and the questions screens ask, reached by keys.
    func walkTheStops() async throws {
        let stops: [(String, Tab, [Key])] = [
            ("new entry", .dashboard, [.char("n")]),
            ("nappy form", .dashboard, [.char("n"), .char("n")]),
            ("nappy form, dirty", .dashboard, [.char("n"), .char("n"), .down, .right, .right]),
            ("nappy form, a time in the future", .dashboard, [.char("n"), .char("n")] + typed("\u{7F}\u{7F}\u{7F}+2h") + [.enter]),
            ("observations form", .dashboard, [.char("n"), .char("o")]),
            ("observations form, nothing entered", .dashboard, [.char("n"), .char("o"), .enter]),
            ("observations form, a high temperature", .dashboard, [.char("n"), .char("o"), .down] + typed("39.5")),
            ("observations form, SpO2 on oxygen", .dashboard, [.char("n"), .char("o"), .down, .down, .down, .down] + typed("91")
                + [.down, .right, .down] + typed("2")),
            ("measurement form", .dashboard, [.char("n"), .char("v")]),
            ("measurement form, an impossible weight", .dashboard, [.char("n"), .char("v"), .down, .down] + typed("3") + [.enter]),
            ("feed form", .dashboard, [.char("f")]),
            ("feed form, IV", .dashboard, [.char("f"), .down, .left]),
            ("feed form, nothing entered", .dashboard, [.char("f"), .down, .down] + typed("\u{7F}\u{7F}\u{7F}\u{7F}") + [.enter]),
            ("admit form", .dashboard, [.char("A")]),
            ("admit form, nothing entered", .dashboard, [.char("A"), .enter]),
            ("edit patient", .dashboard, [.char("e")]),
            ("discharge", .dashboard, [.char("D")]),
            ("quick log and undo", .dashboard, [.char("w")]),
            ("undone", .dashboard, [.char("w"), .char("u")]),
            ("goal ranges", .dashboard, [.char("r")]),
            ("goal range form", .dashboard, [.char("r"), .enter]),
            ("goal range form, low above high", .dashboard, [.char("r"), .enter] + typed("200") + [.down] + typed("100") + [.enter]),
            ("history filter", .history, [.char("f")]),
            ("history filter, unknown staff", .history, [.char("f"), .down, .down, .down] + typed("ZZZ") + [.enter]),
            ("history search", .history, [.char("/")]),
            ("history search, nothing found", .history, [.char("/")] + typed("zzzq") + [.enter]),
            ("history go to", .history, [.char("g")]),
            ("drug round, given", .medications, [.enter]),
            ("drug round, withheld", .medications, [.char("w")]),
            ("drug round, withheld other", .medications, [.char("w"), .up]),
            ("drug round, snooze", .medications, [.char("z")]),
            ("medication list", .medications, [.char("v")]),
            ("medication list, filter", .medications, [.char("v"), .char("f")]),
            ("medication form", .medications, [.char("v"), .char("n")]),
            ("medication form, nothing entered", .medications, [.char("v"), .char("n"), .enter]),
            ("medication form, every N hours", .medications, [.char("v"), .char("n"), .down, .down, .down, .down, .right]),
            ("medication form, as needed", .medications, [.char("v"), .char("n"), .down, .down, .down, .down, .right, .right]),
            ("edit medication", .medications, [.char("v"), .char("e")]),
            ("stop medication", .medications, [.char("v"), .char("S")]),
            ("pause medication", .medications, [.char("v"), .char("P")]),
            ("as-needed dose", .medications, [.char("v"), .char("g")]),
            ("trends, ward", .trends, [.char("w")]),
            ("trends, 30 days", .trends, [.char("]"), .char("]"), .char("]")]),
            ("trends, cursor", .trends, [.char("j"), .char("j"), .char("j"), .right, .right]),
            ("trends, scrolled", .trends, [.pageDown, .pageDown]),
            ("trends, scrolled further", .trends, [.pageDown, .pageDown, .pageDown, .pageDown]),
            ("settings, ward", .dashboard, [.char("s"), .down, .down, .right]),
            ("settings, language", .dashboard, [.char("s"), .down]),
            ("about", .dashboard, [.char("a")]),
            ("about, scrolled", .dashboard, [.char("a"), .pageDown]),
            ("about, end", .dashboard, [.char("a"), .end]),
            ("lock", .dashboard, [.ctrl("x")]),
        ]
        for (name, tab, keys) in stops {
            await restore(tab)
            for key in keys { await press(key) }
            guard !isElsewhere(shell.front) else { continue }
            look(name)
        }
        // Each setting's line under the ward settings form.
        await restore(.dashboard)
        for key: Key in [.char("s"), .down, .down, .right] { await press(key) }
        for index in 0..<WardSettingKey.allCases.count {
            look("ward settings field \(index)")
            await press(.down)
        }
    }

    /// The keys that type `text`.
    func typed(_ text: String) -> [Key] { text.map { $0 == "\u{7F}" ? .backspace : .char($0) } }

    /// One History entry of each kind (and each feed kind, dose status, oxygen): its row, the
    /// form Enter opens, the delete question, its audit trail, and `S` on an infusion.
    func walkHistoryEntries() async throws {
        await restore(.history, wholeWard: true)
        await press(.char("c"))
        var history = try XCTUnwrap(shell.front as? HistoryScreen)
        // Enough of History loaded to meet every kind.
        for _ in 0..<8 { await press(.pageDown) }
        history = try XCTUnwrap(shell.front as? HistoryScreen)
        var seen = Set<String>()
        let events = history.events
        for (index, event) in events.enumerated() {
            let kind = Self.variety(event)
            guard seen.insert(kind).inserted else { continue }
            for keys: [Key] in [[], [.enter], [.char("x")], [.char("a")], [.char("S")]] {
                await restore(.history, wholeWard: true)
                guard let screen = shell.front as? HistoryScreen, screen.events.indices.contains(index),
                      screen.events[index].id == event.id else { XCTFail("History moved under the walk"); continue }
                screen.list.select(index, count: screen.events.count, visibleRows: 20)
                for key in keys { await press(key) }
                look("history \(kind) \(keys.first.map { "\($0)" } ?? "row")")
                await press(.escape)
            }
        }
        XCTAssertGreaterThan(seen.count, 8, "History met most kinds of entry: \(seen.sorted())")
    }

    /// A History entry's kind and the variant that changes its words.
    static func variety(_ event: HistoryEvent) -> String {
        switch event.facts {
        case .nappy(let kind, _, let colour, _): return "nappy \(kind?.rawValue ?? "") \(colour == nil ? "" : "colour")"
        case .feed(let kind, _, _, _, let infusion, _): return "feed \(kind?.rawValue ?? "") \(infusion?.running.description ?? "")"
        case .measurement(let kind, _, _, let oxygen): return "measurement \(kind.rawValue) \(oxygen?.mode.rawValue ?? "")"
        case .dose(let status, _, _, _, let withheld, let checker):
            return "dose \(status?.rawValue ?? "") \(withheld?.rawValue ?? "") \(checker == nil ? "" : "checked")"
        case .asNeeded(_, let reason, let checker): return "as needed \(reason == nil ? "" : "override") \(checker == nil ? "" : "checked")"
        case .calculator: return "calculator"
        case .stroke: return "stroke"
        }
    }
}
