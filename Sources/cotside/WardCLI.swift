import CotsideApp
import Foundation
import TerminalUI
import WardStore

/// What every ward subcommand shares: the store opened with the run's clock and one "now" for
/// the whole command, lookups whose exit-2 messages list what exists, store refusals as exit 2,
/// and the clock, ISO and JSON texts the commands print.
struct WardCLI {
    let store: SQLiteWardStore
    /// Read once when the ward opens, so a time shortcut, the future check and the printed
    /// "at" all use the same instant.
    let now: Date
    let timeZone: TimeZone

    init(options: AppOptions) throws {
        let launch = options.launchOptions()
        do {
            let clock = try launch.clock()
            store = try AppBootstrap.openStore(options: launch)
            now = clock.now
            timeZone = clock.timeZone
        } catch let error as LaunchError {
            throw CommandFailure.usage(error.description)
        }
        // On stderr, so scripts reading stdout (--json) are not disturbed.
        for notice in store.openingNotices { printError("cotside: \(notice)\n") }
    }

    /// The admitted patient in `bed`, or exit 2 naming the admitted beds.
    func patient(bed: String) async throws -> Patient {
        if let patient = try await store.admittedPatient(bedLabel: bed) { return patient }
        let beds = try await store.admittedPatients().map(\.bedLabel)
        throw CommandFailure.usage("--bed \(bed): no patient is admitted in that bed; admitted beds: "
                                   + (beds.isEmpty ? "none" : beds.joined(separator: ", ")))
    }

    /// The active staff member with these initials (nil when not given), or exit 2 naming them.
    func staffId(initials: String?) async throws -> Int64? {
        guard let initials else { return nil }
        if let staff = try await store.staff(initials: initials) { return staff.id }
        let known = try await store.activeStaff().map(\.initials)
        throw CommandFailure.usage("--by \(initials): no active staff member has these initials"
                                   + (known.isEmpty ? "" : "; known: " + known.prefix(40).joined(separator: ", ")))
    }

    /// A time shortcut (`-15m`, `yesterday 22:30`, `2026-11-21 14:05`; default now), or exit 2.
    func time(_ text: String?, option: String = "--at") throws -> Date {
        guard let text else { return now }
        switch TimeShortcut.parse(text, now: now, timeZone: timeZone) {
        case .success(let date): return date
        case .failure(let failure): throw CommandFailure.usage("\(option): \(failure.message)")
        }
    }

    /// Runs a store write. What the store refuses is the user's input, so exit 2: validation
    /// issues by the option typed, the store's own refusals and a read-only ward as it says them.
    @discardableResult
    func write<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as WardValidationError {
            throw Self.usage(error)
        } catch let error as WardStoreError {
            throw CommandFailure.usage(error.description)
        } catch let error as WardReadOnlyError {
            throw CommandFailure.usage(error.description)
        }
    }

    /// A store validation failure becomes exit 2 with every issue named by the option the user
    /// typed (`--volume: …`), never by the store's field name (`volumeML: …`).
    static func usage(_ error: WardValidationError) -> CommandFailure {
        CommandFailure.usage(error.issues.map { issue in
            optionForField[issue.field].map { "\($0): \(issue.message)" } ?? issue.message
        }.joined(separator: "; "))
    }

    /// The command-line option that carries each validated store field.
    static let optionForField: [String: String] = [
        "occurredAt": "--at", "measuredAt": "--at", "recordedAt": "--at", "givenAt": "--at",
        "volumeML": "--volume", "durationMinutes": "--duration", "value": "--value", "diastolicMmHg": "--value",
        "withheldReason": "--reason", "overrideReason": "--override-reason", "notes": "--notes",
        "bedLabel": "--bed", "dateOfBirth": "--dob", "timeOfBirth": "--time-of-birth", "birthWeightGrams": "--birth-weight-g",
        "gestationalAgeWeeks": "--ga", "gestationalAgeDays": "--ga", "nappyWeightGrams": "--weight-g",
        "stoolColour": "--colour", "range": "--set", "reason": "--correct", "status": "--status",
    ]

    /// "14:05" in the ward's time zone, with the day when it is not today.
    func clockText(_ date: Date) -> String {
        let time = WardLocalTime.timeOfDay(date, in: timeZone).description
        let day = CalendarDay(date, in: timeZone)
        let today = CalendarDay(now, in: timeZone)
        if day == today { return time }
        if day == today.adding(days: -1) { return "yesterday \(time)" }
        if day == today.adding(days: 1) { return "tomorrow \(time)" }
        return "\(day) \(time)"
    }

    /// ISO 8601 internet date-time, whole seconds: "…Z" in UTC (the JSON), "…+01:00" in a zone.
    static func isoText(_ date: Date, in timeZone: TimeZone = .gmt) -> String {
        // The same text as ISO8601DateFormatter's internet date-time, without building an ICU
        // formatter for every value (`due --json` prints three a slot).
        date.formatted(Date.ISO8601FormatStyle(timeZoneSeparator: .colon, timeZone: timeZone))
    }

    /// Sorted-key JSON of an Encodable, one document.
    static func json<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
