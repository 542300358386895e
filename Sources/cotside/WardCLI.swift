import CotsideApp
import Foundation
import TerminalUI
import WardStore

/// What the medication, feed and measurement subcommands need beyond `WardCommandSupport`: the
/// clock's now, lookups whose exit-2 messages list what exists, and JSON / clock text helpers.
struct WardCLI {
    let store: SQLiteWardStore
    let now: Date
    let timeZone: TimeZone

    /// Opens the store the way every ward subcommand does (`WardCommandSupport`).
    init(options: AppOptions) throws {
        let support = try WardCommandSupport(options)
        store = support.store
        now = support.clock.now
        timeZone = support.clock.timeZone
    }

    /// The admitted patient in `bed`, or exit 2 naming the admitted beds.
    func patient(bed: String) async throws -> Patient {
        if let patient = try await store.admittedPatient(bedLabel: bed) { return patient }
        let beds = try await store.admittedPatients().map(\.bedLabel)
        throw CommandFailure.usage("--bed \(bed): no patient is admitted in that bed; admitted beds: "
                                   + (beds.isEmpty ? "none" : beds.joined(separator: ", ")))
    }

    /// The active staff member with these initials (nil when not given), or exit 2.
    func staffId(initials: String?) async throws -> Int64? {
        guard let initials else { return nil }
        if let staff = try await store.staff(initials: initials) { return staff.id }
        let known = try await store.activeStaff().map(\.initials)
        throw CommandFailure.usage("--by \(initials): no active staff member has these initials"
                                   + (known.isEmpty ? "" : "; known: " + known.prefix(40).joined(separator: ", ")))
    }

    /// `--at` through the ward's time shortcuts (default now).
    func time(_ text: String?, option: String = "--at") throws -> Date {
        guard let text else { return now }
        switch TimeShortcut.parse(text, now: now, timeZone: timeZone) {
        case .success(let date): return date
        case .failure(let failure): throw CommandFailure.usage("\(option) \(failure.message)")
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

    static func isoText(_ date: Date) -> String {
        // The same text as ISO8601DateFormatter's internet date-time (UTC, whole seconds, "Z"),
        // without building an ICU formatter for every value (`due --json` prints three a slot).
        date.formatted(Date.ISO8601FormatStyle())
    }

    /// Sorted-key JSON of an Encodable, one document.
    static func json<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}

/// Parses a choice among named values (case-insensitive, `-`/`_`/space ignored), or exit 2
/// listing what is allowed.
enum CLIChoice {
    static func parse<T>(_ text: String, option: String, choices: [(names: [String], value: T)]) throws -> T {
        let key = normalise(text)
        if let match = choices.first(where: { $0.names.map(normalise).contains(key) }) { return match.value }
        let allowed = choices.map { $0.names[0] }.joined(separator: ", ")
        throw CommandFailure.usage("\(option) \(text) is not allowed; use one of: \(allowed)")
    }

    static func normalise(_ text: String) -> String {
        text.lowercased().filter { $0 != "-" && $0 != "_" && $0 != " " }
    }

    /// A finite decimal number, or exit 2.
    static func number(_ text: String, option: String, what: String) throws -> Double {
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite,
              text.rangeOfCharacter(from: CharacterSet(charactersIn: "eEinfINFnaNA")) == nil else {
            throw CommandFailure.usage("\(option) \(text) is not a number; give \(what)")
        }
        return value
    }
}
