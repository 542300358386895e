import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// The rules screens rely on since they stopped holding tasks (`AppShell+Commands`): a newer
/// load with the same tag makes an older one stale even when the older finishes last (History's
/// pages, the Dashboard, the round used generation counters for this); a reload outdates the
/// tags it supersedes; independent tags do not; a closed screen's load is dropped; a write is
/// never dropped, and its `saved` hook runs only once it is stored.
@MainActor
final class CommandRulesTests: WardTestCase {
    /// A screen whose loads finish when the test says so.
    final class Probe: CommandScreen, Screen {
        enum Loaded: Sendable { case value(Int) }
        private(set) var shown: [Int] = []
        private(set) var savedCount = 0

        func title(_ context: AppContext) -> String { "probe" }
        func keyMap(_ context: AppContext) -> KeyMap { KeyMap([]) }
        func render(in area: Rect, into buffer: inout Buffer, _ context: AppContext) {}

        func update(_ loaded: Loaded, _ context: AppContext) -> Intent {
            if case .value(let value) = loaded { shown.append(value) }
            return .handled
        }

        func load(_ value: Int, tag: String = "load", supersedes: Set<String> = [], after gate: Gate? = nil) -> Intent {
            command(tag, supersedes: supersedes) { _ in
                await gate?.wait()
                return .value(value)
            }
        }

        func write(failing: Bool) -> Intent {
            .write(WardWrite(undoSummary: nil, needsUser: false, saved: { [self] in savedCount += 1 }) { _ in
                if failing { throw WardStoreError("the disk is full") }
                return WriteReceipt(auditEntryIds: [], message: "stored")
            })
        }
    }

    /// Holds a command's work until opened.
    actor Gate {
        private var isOpen = false
        private var waiting: [CheckedContinuation<Void, Never>] = []

        func wait() async {
            if isOpen { return }
            await withCheckedContinuation { waiting.append($0) }
        }

        func open() {
            isOpen = true
            for continuation in waiting { continuation.resume() }
            waiting = []
        }
    }

    var probe: Probe!

    override func setUp() async throws {
        try await super.setUp()
        try await startShell()
        probe = Probe()
        shell.apply(.push(probe), from: shell.front)
    }

    /// Takes messages until at most `count` commands are still running.
    func receive(untilInFlight count: Int) async {
        while shell.inFlight.count > count, let message = await shell.messages.next() {
            shell.receive(message)
        }
    }

    func testAnOlderLoadFinishingAfterANewerOneIsDropped() async throws {
        let gate = Gate()
        shell.apply(probe.load(1, after: gate), from: probe)
        shell.apply(probe.load(2), from: probe)
        await receive(untilInFlight: 1)
        XCTAssertEqual(probe.shown, [2], "the newer load landed while the older was still running")
        await gate.open()
        await shell.settle()
        XCTAssertEqual(probe.shown, [2], "the older page arrived last and did not replace the newer")
    }

    func testAReloadOutdatesTheTagsItSupersedes() async throws {
        let gate = Gate()
        shell.apply(probe.load(1, tag: "more", after: gate), from: probe)
        shell.apply(probe.load(2, tag: "load", supersedes: ["more"]), from: probe)
        await receive(untilInFlight: 1)
        await gate.open()
        await shell.settle()
        XCTAssertEqual(probe.shown, [2], "a page fetched for the old list does not land on the new one")
    }

    func testLoadsWithOtherTagsAllLand() async throws {
        let gate = Gate()
        shell.apply(probe.load(1, tag: "edit", after: gate), from: probe)
        shell.apply(probe.load(2, tag: "load"), from: probe)
        await receive(untilInFlight: 1)
        await gate.open()
        await shell.settle()
        XCTAssertEqual(probe.shown, [2, 1])
    }

    func testAClosedScreensLoadIsDropped() async throws {
        let gate = Gate()
        shell.apply(probe.load(1, after: gate), from: probe)
        shell.perform(.back)
        XCTAssertFalse(shell.front === probe)
        await gate.open()
        await shell.settle()
        XCTAssertEqual(probe.shown, [])
    }

    func testAWriteRunsItsSavedHookOnlyOnceStored() async throws {
        shell.apply(probe.write(failing: true), from: probe)
        await shell.settle()
        XCTAssertEqual(probe.savedCount, 0, "a failed write leaves the asker's state (a round's marks) alone")
        XCTAssertEqual(messageText, "the disk is full")
        shell.apply(probe.write(failing: false), from: probe)
        await shell.settle()
        XCTAssertEqual(probe.savedCount, 1)
        XCTAssertEqual(messageText, "stored")
    }
}
