import CotsideApp
import Foundation
import TerminalUI
import WardStore

/// Keypress-to-frame latency through the real loop (`AppRunner.run`): each key is posted to the
/// message queue as the input waiter posts terminal input, and the clock stops when the frame it
/// caused has been flushed. On the demo ward (40 cots × 730 days) after a bulk write (a nappy
/// round of 200 entries) and a cold open. Targets: a key that does not touch the store (cursor
/// moves, the help overlay) under 5 ms median; a key that loads (a tab) shows its first frame
/// as fast, and its loaded frame when the store answers — never after a read timeout.
///
/// Arguments: `--db PATH` (reuse a demo database; generated when missing), `--quick`
/// (10 cots × 60 days), `--runs N` keys per case (default 200).
@MainActor
func runLatencyBenchmarks(arguments: [String]) async throws {
    func value(_ name: String) -> String? {
        arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
    }
    let runs = value("--runs").flatMap(Int.init) ?? 200
    let quick = arguments.contains("--quick")
    let (cots, days) = quick ? (10, 60) : (40, 730)
    let path = value("--db") ?? FileManager.default.temporaryDirectory
        .appendingPathComponent("cotside-latency-bench-\(cots)x\(days).sqlite").path
    let now = Date(timeIntervalSince1970: 1_795_270_800)  // 2026-11-21 14:20 UTC
    let zone = TimeZone(identifier: "Europe/London")!
    if !FileManager.default.fileExists(atPath: path) {
        let store = try SQLiteWardStore(path: path, clock: { now }, timeZone: zone)
        _ = try await DemoWard.generate(into: store, cots: cots, days: days, seed: 1, now: now, timeZone: zone)
        await store.close()
    }
    // The write a user makes before the measured start: a nappy round across the ward.
    do {
        let store = try SQLiteWardStore(path: path, clock: { now }, timeZone: zone)
        let patients = try await store.admittedPatients()
        let drafts = (0..<200).map { i in
            NappyChangeDraft(patientId: patients[i % patients.count].id, occurredAt: now.addingTimeInterval(-Double(i) * 7),
                             kind: .wet, size: .medium, stoolColour: nil, nappyWeightGrams: nil, notes: "")
        }
        _ = try await store.logNappyChanges(drafts, by: nil)
        // No automatic backup in the middle of the measurements (nor in the user's backup folder).
        _ = try await store.updateSettings([.backupEveryHours: "0"], by: nil)
        await store.close()
    }
    OpenWards.shared.closeAll()

    let shell = try await AppBootstrap.makeWardShell(options: LaunchOptions(databasePath: path, now: now),
                                                     terminalHasColour: true, persistPreferences: false,
                                                     assumeDisclaimerAccepted: true, askForUser: false)
    await shell.settle()
    let backend = HeadlessBackend(width: 140, height: 45, theme: shell.context.theme)
    let runner = AppRunner(shell: shell, backend: backend)
    let probe = FrameProbe()
    runner.onDraw = { flushed in probe.drawn(flushed: flushed, busy: shell.isBusy) }
    let loop = Task { await runner.run() }
    try await Task.sleep(for: .milliseconds(200))  // the first frame

    print("Keypress-to-frame latency through the real loop, \(cots) cots × \(days) days, \(runs) keys a case")
    let cases: [(String, [Key], Bool)] = [
        ("Dashboard cursor down/up (no store)", [.down, .up], false),
        ("Help overlay open/close (no store)", [.char("?"), .escape], false),
        ("Tab switch History/Dashboard, first frame", [.char("2"), .char("1")], false),
        ("Tab switch History/Dashboard, loaded frame", [.char("2"), .char("1")], true),
    ]
    for (label, keys, untilLoaded) in cases {
        var samples: [Double] = []
        for i in 0..<runs {
            let key = keys[i % keys.count]
            let sample = await probe.time(untilLoaded: untilLoaded) {
                shell.messages.post(.event(.key(key)))
            }
            samples.append(sample)
            // The next key starts from a settled screen (its load's frame is not taken for the next key's).
            while shell.isBusy { try await Task.sleep(for: .milliseconds(1)) }
        }
        samples.sort()
        func percentile(_ p: Double) -> Double { samples[min(samples.count - 1, Int((Double(samples.count) * p).rounded(.up)) - 1)] }
        print(String(format: "%@: median %.2f ms, p99 %.2f ms, max %.2f ms", label, percentile(0.5), percentile(0.99), samples.last ?? 0))
    }
    shell.messages.post(.event(.key(.char("q"))))
    await loop.value
}

/// Times from a key posted to the frame it caused being flushed (or, for a loading key, to the
/// draw once no command is in flight: the loaded frame, or none when the data had not changed).
@MainActor
final class FrameProbe {
    private var waiting: CheckedContinuation<Void, Never>?
    private var untilLoaded = false

    func drawn(flushed: Bool, busy: Bool) {
        guard let waiting, untilLoaded ? !busy : flushed else { return }
        self.waiting = nil
        waiting.resume()
    }

    func time(untilLoaded: Bool, _ post: () -> Void) async -> Double {
        self.untilLoaded = untilLoaded
        let start = ContinuousClock.now
        await withCheckedContinuation { continuation in
            waiting = continuation
            post()
        }
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
    }
}
