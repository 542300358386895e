import Foundation
import TerminalUI
import WardStore
import XCTest
@testable import CotsideApp

/// Base for ward screen tests: a temporary database and config folder, the clock fixed at
/// 2026-11-21 14:05 UTC, a shell built exactly as the app builds it, and helpers that press
/// keys and wait for the store work they start before looking at the screen.
@MainActor
class WardTestCase: XCTestCase {
    static let now = WardClock.parseInstant("2026-11-21T14:05:00Z")!
    static let utc = TimeZone(identifier: "UTC")!

    var folder: URL!
    var databasePath: String { folder.appendingPathComponent("ward.sqlite").path }
    /// A second handle on the same file, for seeding rows and checking what was stored.
    var store: SQLiteWardStore!
    var shell: AppShell!

    override func setUp() async throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("cotside-app-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let now = Self.now
        store = try SQLiteWardStore(path: databasePath, clock: { now }, timeZone: Self.utc)
        try await requirePins(false)
    }

    /// A new ward requires PINs; screen tests that are not about PINs run on a ward that does
    /// not (set directly, so no audit row is added). Tests about PINs call `requirePins(true)`.
    func requirePins(_ on: Bool) async throws {
        try await store.pool.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO ward_setting (key, value) VALUES ('requirePin', ?)", arguments: [on ? "1" : "0"])
        }
    }

    override func tearDown() async throws {
        shell?.stopObservingStore()
        shell = nil
        await store?.close()
        store = nil
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    var environment: [String: String] {
        ["XDG_CONFIG_HOME": folder.appendingPathComponent("config").path, "TZ": "UTC", "LANG": "C.UTF-8",
         "HOME": folder.path]
    }

    var launchOptions: LaunchOptions {
        LaunchOptions(databasePath: databasePath, now: Self.now, environment: environment)
    }

    /// The app's shell on the test database, settled (every screen loaded).
    @discardableResult
    func startShell(askForUser: Bool = false, disclaimerAccepted: Bool = true) async throws -> AppShell {
        shell = try await AppBootstrap.makeWardShell(options: launchOptions, terminalHasColour: false,
                                                     persistPreferences: false,
                                                     assumeDisclaimerAccepted: disclaimerAccepted, askForUser: askForUser)
        await shell.settle()
        return shell
    }

    /// Signs a staff member in as if chosen in the picker.
    func signIn(_ staff: Staff) async {
        shell.apply(.session(.user(staff)), from: shell.front)
        await shell.settle()
    }

    func press(_ keys: Key...) async {
        for key in keys {
            shell.handle(.key(key))
            await shell.settle()
        }
    }

    /// Types text character by character.
    func type(_ text: String) async {
        for ch in text { await press(.char(ch)) }
    }

    func screen(width: Int = 100, height: Int = 24) -> [String] {
        shell.render(width: width, height: height).lines
    }

    func screenText(width: Int = 100, height: Int = 24) -> String {
        screen(width: width, height: height).joined(separator: "\n")
    }

    /// Compares the whole screen line by line; on failure prints the actual screen.
    func assertScreen(_ expected: String, width: Int = 100, height: Int = 24, file: StaticString = #filePath, line: UInt = #line) {
        let actual = screen(width: width, height: height)
        let wanted = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if actual != wanted {
            // The actual screen is kept beside the temp folder to review it when a golden changes.
            let name = "cotside-golden-" + String(describing: name).replacingOccurrences(of: " ", with: "_")
                .filter { $0.isLetter || $0.isNumber || $0 == "_" } + ".txt"
            try? actual.joined(separator: "\n").write(to: FileManager.default.temporaryDirectory.appendingPathComponent(name),
                                                      atomically: true, encoding: .utf8)
            XCTFail("screen differs:\n" + actual.joined(separator: "\n"), file: file, line: line)
        }
    }

    var messageText: String? { shell.message?.text }

    // MARK: - Seed data

    func addStaff(_ name: String, _ initials: String) async throws -> Staff {
        try await store.addStaff(StaffDraft(name: name, initials: initials, role: .nurse), by: nil).record
    }

    /// A patient admitted two days before the fixed clock.
    @discardableResult
    func admit(bed: String, given: String, family: String, dob: String = "2026-11-18", ga: (Int, Int) = (38, 2),
               weight: Int = 3200, hoursAgo: Double = 48) async throws -> Patient {
        try await store.admit(PatientDraft(
            bedLabel: bed, givenName: given, familyName: family, hospitalNumber: "H\(bed)00",
            dateOfBirth: CalendarDay(dob)!, sex: .female, gestationalAgeWeeks: ga.0, gestationalAgeDays: ga.1,
            birthWeightGrams: weight, admittedAt: Self.now.addingTimeInterval(-hoursAgo * 3600)), by: nil).record
    }

    @discardableResult
    func logNappy(_ patient: Patient, _ kind: NappyKind, minutesAgo: Double, colour: StoolColour? = nil,
                  weight: Int? = nil, notes: String = "", by: Staff? = nil) async throws -> NappyChange {
        try await store.logNappyChange(NappyChangeDraft(
            patientId: patient.id, occurredAt: Self.now.addingTimeInterval(-minutesAgo * 60), kind: kind,
            size: .medium, stoolColour: colour, nappyWeightGrams: weight, notes: notes), by: by?.id).record
    }

    /// Every live nappy change in the database, newest first.
    func storedNappies(patient: Patient? = nil) async throws -> [HistoryEvent] {
        try await store.historyPage(HistoryFilter(patientId: patient?.id), after: nil, limit: 10_000).events
    }
}
