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

    init(options: AppOptions) async throws {
        let launch = options.launchOptions()
        do {
            let clock = try launch.clock()
            store = try await AppBootstrap.openStore(options: launch)
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
        throw CommandFailure.usage(CLIText.t("cli.bed.not_admitted", "--bed \(bed)", CLIText.list(beds)))
    }

    /// The author of a write, proven: `--by` names an active member (exit 2 naming the initials
    /// and how to list staff otherwise), and their PIN is checked when the ward requires PINs or
    /// when one is given. The ONE place every write command's author is checked; nothing is
    /// stored before it passes. `doing` is the catalogue key of what is being done
    /// (`cli.doing.logging`: "logging it"), which finishes "name the staff member …".
    func author(_ options: AuthorOptions, doing: String) async throws -> Staff {
        guard let initials = options.by?.trimmingCharacters(in: .whitespaces), !initials.isEmpty else {
            throw CommandFailure.usage(CLIText.t("cli.by.missing", CLIText.t(doing)))
        }
        let member = try await activeMember(initials: initials, option: "--by")
        try await checkPin(of: member, pin: try givenPin(options, for: member))
        return member
    }

    /// The author's id, for the store calls that take one.
    func authorId(_ options: AuthorOptions, doing: String) async throws -> Int64 {
        try await author(options, doing: doing).id
    }

    /// The active member with these initials, or exit 2: an inactive one is named as such, an
    /// unknown one with the active initials and the command that lists the staff.
    func activeMember(initials: String, option: String) async throws -> Staff {
        if let member = try await store.anyMember(initials: initials) {
            guard !member.active else { return member }
            throw CommandFailure.usage(CLIText.t("cli.staff.inactive", "\(option) \(initials)", member.name))
        }
        let known = try await store.activeStaff().map(\.initials)
        throw CommandFailure.usage(known.isEmpty ? CLIText.t("cli.staff.unknown_none", "\(option) \(initials)")
                                   : CLIText.t("cli.staff.unknown", "\(option) \(initials)", known.prefix(40).joined(separator: ", ")))
    }

    /// The author's PIN as given: the first line of standard input with `--pin-stdin`, else the
    /// environment's `COTSIDE_PIN`, else nil.
    func givenPin(_ options: AuthorOptions, for member: Staff) throws -> String? {
        if options.pinStdin {
            return try StandardInputLines.pin(CLIText.t("cli.pin.of", member.initials, "--pin-stdin"),
                                              prompt: CLIText.t("cli.pin.prompt", member.initials))
        }
        return ProcessInfo.processInfo.environment["COTSIDE_PIN"]
    }

    /// Checks `member`'s PIN as the ward's `require_pin` asks: required there; elsewhere checked
    /// when given (a wrong one refused; one given for a member without a PIN refused, so a
    /// script does not believe it proved something). Wrong PINs count towards the lock-out.
    /// `purpose` is audited with a wrong PIN; `source` says where the PIN is given, for the refusal
    /// when none was (the author's by default; a second checker's has its own option and variable).
    func checkPin(of member: Staff, pin: String?, purpose: PinPurpose = .commandLine,
                  source: String = CLIText.t("cli.pin.source", "--pin-stdin", "COTSIDE_PIN")) async throws {
        let required = try await store.settings().requirePin
        let status = try await store.pinStatus(staffId: member.id)
        let setOne = CLIText.t("cli.pin.set_one", "`cotside staff set-pin --initials \(member.initials)`")
        if pin == nil, !required { return }
        guard status.hasPin else {
            if required {
                throw CommandFailure.usage(CLIText.t("cli.pin.none_required", member.initials, setOne))
            }
            throw CommandFailure.usage(CLIText.t("cli.pin.not_used", member.initials, "--pin-stdin", "COTSIDE_PIN", setOne))
        }
        guard let pin else {
            throw CommandFailure.usage(CLIText.t("cli.pin.required", member.initials, source))
        }
        if let issue = PinRules.issues(pin).first {
            throw CommandFailure.usage(CLIText.t("cli.pin.invalid", member.initials, issue.message))
        }
        switch try await store.checkPin(staffId: member.id, pin: pin, purpose: purpose) {
        case .accepted:
            return
        case .wrong(let remaining):
            throw CommandFailure.usage(CLIText.t(remaining == 1 ? "cli.pin.wrong_one" : "cli.pin.wrong", member.initials, remaining))
        case .lockedOut(let until):
            throw CommandFailure.usage(CLIText.t("cli.nothing_stored", Self.lockedOut(initials: member.initials, until: until, timeZone: timeZone)))
        case .noPinSet:
            throw CommandFailure.usage(CLIText.t("cli.pin.none", member.initials, setOne))
        }
    }

    /// A time shortcut (`-15m`, `yesterday 22:30`, `2026-11-21 14:05`; default now), or exit 2.
    func time(_ text: String?, option: String = "--at") throws -> Date {
        guard let text else { return now }
        switch TimeShortcut.parse(text, now: now, timeZone: timeZone) {
        case .success(let date): return date
        case .failure(let failure): throw CommandFailure.usage(CLIText.t("cli.option_issue", option, failure.message))
        }
    }

    /// Runs a store write. What the store refuses is the user's input, so exit 2: validation
    /// issues by the option typed, the store's own refusals, a role's refusal (audited by the
    /// store), a PIN lock-out and a read-only ward as they say them. Every command's one error path.
    @discardableResult
    func write<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as WardValidationError {
            throw Self.usage(error)
        } catch let error as WardStoreError {
            throw CommandFailure.usage(error.description)
        } catch let error as WardReadOnlyError {
            throw CommandFailure.usage(Self.readOnly(error))
        } catch let error as WardPermissionError {
            // The store has audited the refusal; its words say which role it needs.
            throw CommandFailure.usage(CLIText.t("cli.nothing_changed", error.description))
        } catch let error as PinLockedOutError {
            throw CommandFailure.usage(Self.lockedOut(initials: error.initials, until: error.until, timeZone: timeZone))
        }
    }

    /// A read-only ward's refusal in the run's language ("the ward database is open read-only
    /// (REASON); nothing was saved"); the reason is the store's.
    static func readOnly(_ error: WardReadOnlyError) -> String {
        CLIText.t("cli.read_only", error.reason)
    }

    /// A PIN lock-out's refusal: who, and until when in the ward's zone.
    static func lockedOut(initials: String, until: Date, timeZone: TimeZone) -> String {
        CLIText.t("cli.pin.locked_out", initials, PinLockout.attempts, CLIText.time(in: timeZone).time(until))
    }

    /// A store validation failure becomes exit 2 with every issue named by the option the user
    /// typed (`--volume: …`), never by the store's field name (`volumeML: …`).
    static func usage(_ error: WardValidationError) -> CommandFailure {
        CommandFailure.usage(error.issues.map { issue in
            optionForField[issue.field].map { CLIText.t("cli.option_issue", $0, issue.message) } ?? issue.message
        }.joined(separator: "; "))
    }

    /// The command-line option that carries each validated store field.
    static let optionForField: [String: String] = [
        "occurredAt": "--at", "measuredAt": "--at", "recordedAt": "--at", "givenAt": "--at",
        "volumeML": "--volume", "durationMinutes": "--duration", "value": "--value", "diastolicMmHg": "--value",
        "withheldReason": "--reason", "overrideReason": "--override-reason", "notes": "--notes",
        "bedLabel": "--bed", "dateOfBirth": "--dob", "timeOfBirth": "--time-of-birth", "birthWeightGrams": "--birth-weight",
        "gestationalAgeWeeks": "--ga", "gestationalAgeDays": "--ga", "nappyWeightGrams": "--weight-g",
        "stoolColour": "--colour", "range": "--set", "reason": "--correct", "status": "--status",
        "name": "--name", "initials": "--initials", "pin": "the new PIN", "currentPin": "--pin-stdin",
        "checkedBy": "--checked-by",
        "fluid": "--fluid", "rateMLPerHour": "--rate-ml-h", "stoppedAt": "--stop",
    ]

    /// "14:05" in the ward's time zone, with the day when it is not today: the app's own
    /// `WardTimeText.clock`, so the command line and the screens say the same.
    func clockText(_ date: Date) -> String {
        CLIText.time(in: timeZone).clock(date, now: now)
    }

    /// "paracetamol 37.5 mg oral" ("paracetamol 37,5 mg oral"): the amount with the language's
    /// decimal mark, the unit as charted, the route in the language (the screens' words).
    static func doseText(_ medication: Medication) -> String {
        let amount = CLIText.format.number(medication.doseAmount, digits: 3)
        return "\(medication.drugName) \(amount) \(medication.doseUnit.rawValue) \(CLIText.t("med.route.\(medication.route.rawValue)"))"
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
