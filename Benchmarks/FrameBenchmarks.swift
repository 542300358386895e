import CotsideApp
import Foundation
import TerminalUI
import WardStore

/// Frame rendering (suite `frames`): whole frames drawn by `AppShell.render` — layout, text
/// measured in display columns, the cell buffer — with no store work and no terminal, on a
/// 10-cot × 30-day demo ward plus two cots with Chinese names and notes, for the Dashboard,
/// History and Trends at 120×40, in a UTF-8 locale and in ASCII mode (LANG=C). Target: a frame
/// well under the 5 ms a key may take (medians, release build).
///
/// Arguments: `--runs N` frames a case (default 200); `--lang CODE` draws in that language
/// (default English), to measure its number and date formatting on the same frames.
@MainActor
func runFrameBenchmarks(arguments: [String]) async throws {
    let runs = arguments.firstIndex(of: "--runs").flatMap { $0 + 1 < arguments.count ? Int(arguments[$0 + 1]) : nil } ?? 200
    let language = arguments.firstIndex(of: "--lang").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
    let now = Date(timeIntervalSince1970: 1_795_270_800)  // 2026-11-21 14:20 UTC
    let zone = TimeZone(identifier: "UTC")!
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cotside-frame-bench-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("ward.sqlite").path
    do {
        let store = try SQLiteWardStore(path: path, clock: { now }, timeZone: zone)
        _ = try await DemoWard.generate(into: store, cots: 10, days: 30, seed: 1, now: now, timeZone: zone)
        for (bed, given, family) in [("20", "小明", "王"), ("21", "丽华", "欧阳")] {
            let patient = try await store.admit(PatientDraft(
                bedLabel: bed, givenName: given, familyName: family, hospitalNumber: "H\(bed)00",
                dateOfBirth: CalendarDay("2026-11-10")!, sex: .female, gestationalAgeWeeks: 36, gestationalAgeDays: 1,
                birthWeightGrams: 2600, admittedAt: now.addingTimeInterval(-86_400)), by: nil).record
            for i in 0..<6 {
                _ = try await store.logNappyChange(NappyChangeDraft(
                    patientId: patient.id, occurredAt: now.addingTimeInterval(-Double(i) * 3_000), kind: i % 2 == 0 ? .wet : .dirty,
                    size: .medium, stoolColour: i % 2 == 0 ? nil : .yellow, nappyWeightGrams: nil, notes: "尿布湿，颜色正常 — 已涂护臀膏"), by: nil)
            }
        }
        await store.close()
    }
    OpenWards.shared.closeAll()
    print("Frame benchmarks: AppShell.render at 120×40 (median and p90 of \(runs) frames), language \(language ?? "en")")
    for (mode, lang) in [("UTF-8", "C.UTF-8"), ("ASCII", "C")] {
        let environment = ["LANG": lang, "TZ": "UTC", "HOME": folder.path, "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path]
        let shell = try await AppBootstrap.makeWardShell(options: LaunchOptions(databasePath: path, language: language, now: now, environment: environment),
                                                         terminalHasColour: true, persistPreferences: false,
                                                         assumeDisclaimerAccepted: true, askForUser: false)
        await shell.settle()
        let patients = try await required(shell.context.repository).admittedPatients()
        shell.selectPatient(patients.first { $0.bedLabel == "20" })
        await shell.settle()
        for (screen, key) in [("Dashboard", "1"), ("History", "2"), ("Trends", "5")] {
            shell.handle(.key(.char(Character(key))))
            await shell.settle()
            var samples: [Double] = []
            var frame = Buffer(width: 0, height: 0)
            for _ in 0..<runs {
                let elapsed = ContinuousClock().measure { frame = shell.render(width: 120, height: 40) }
                samples.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1e3)
            }
            samples.sort()
            let median = samples[samples.count / 2], p90 = samples[samples.count * 9 / 10]
            let ascii = frame.lines.joined().utf8.allSatisfy { $0 < 0x80 }
            print("  " + "\(screen), \(mode)".padding(toLength: 20, withPad: " ", startingAt: 0)
                  + String(format: " median %7.3f ms   p90 %7.3f ms   %@", median, p90, ascii ? "ASCII only" : "UTF-8"))
        }
        shell.stopObservingStore()
        OpenWards.shared.closeAll()
    }
}

private struct MissingRepository: Error {}

private func required<T>(_ value: T?) throws -> T {
    guard let value else { throw MissingRepository() }
    return value
}
