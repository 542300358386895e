import ArgumentParser
import CotsideApp
import Foundation
import TerminalUI
import WardStore

/// What the ward subcommands share: opening the store with the run's clock, finding the bed
/// and the staff member named on the command line, and turning bad values into exit 2.
struct WardCommandSupport {
    let store: SQLiteWardStore
    let clock: WardClock

    init(_ options: AppOptions) throws {
        let launch = options.launchOptions()
        do {
            clock = try launch.clock()
            store = try AppBootstrap.openStore(options: launch)
        } catch let error as LaunchError {
            throw CommandFailure.usage(error.description)
        }
        // On stderr, so scripts reading stdout (--json) are not disturbed.
        for notice in store.openingNotices { printError("cotside: \(notice)\n") }
    }

    /// The admitted patient in `bed`; exit 2 naming the admitted beds when there is none.
    func admittedPatient(bed: String) async throws -> Patient {
        if let patient = try await store.admittedPatient(bedLabel: bed) { return patient }
        let beds = try await store.admittedPatients().map(\.bedLabel)
        let known = beds.isEmpty ? "no bed is occupied" : "occupied beds: " + beds.joined(separator: ", ")
        throw CommandFailure.usage("--bed \(bed): no patient is admitted in that bed (\(known))")
    }

    /// The active staff member with these initials, or nil when `--by` was not given.
    func staffID(initials: String?) async throws -> Int64? {
        guard let initials else { return nil }
        guard let staff = try await store.staff(initials: initials) else {
            throw CommandFailure.usage("--by \(initials): no active staff member has these initials")
        }
        return staff.id
    }

    /// A TimeShortcut (`-15m`, `yesterday 22:30`, `2026-11-21 14:05`); exit 2 when not understood.
    func time(_ text: String?, option: String) throws -> Date {
        guard let text else { return clock.now }
        switch TimeShortcut.parse(text, now: clock.now, timeZone: clock.timeZone) {
        case .success(let date): return date
        case .failure(let failure): throw CommandFailure.usage("\(option): \(failure.message)")
        }
    }

    /// Runs a store write; validation failures are the user's input, so exit 2 with every issue.
    func write<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as WardValidationError {
            throw WardCLI.usage(error)
        } catch let error as WardStoreError {
            throw CommandFailure.usage(error.description)
        } catch let error as WardReadOnlyError {
            throw CommandFailure.usage(error.description)
        }
    }
}

/// Parses one of an enum's values from the command line, case-insensitively, ignoring `-`/`_`,
/// with a message listing every allowed value.
func parseChoice<T: CaseIterable & RawRepresentable>(_ text: String, option: String, as type: T.Type) throws -> T
where T.RawValue == String {
    let key = text.lowercased().replacingOccurrences(of: "-", with: "").replacingOccurrences(of: "_", with: "")
    if let value = T.allCases.first(where: { $0.rawValue.lowercased() == key }) { return value }
    let allowed = T.allCases.map { kebab($0.rawValue) }.joined(separator: ", ")
    throw ValidationError("\(option) \(text) is not allowed; use one of: \(allowed)")
}

/// "blackMeconium" → "black-meconium".
func kebab(_ camel: String) -> String {
    camel.reduce(into: "") { out, ch in
        if ch.isUppercase { out += "-" + ch.lowercased() } else { out.append(ch) }
    }
}
