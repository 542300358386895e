import ArgumentParser
import CotsideApp
import Foundation
import TerminalUI
import WardStore

/// `cotside staff …`: who may chart on the ward, their roles, the ward admin flag and PINs.
/// Every change names its author (`--by`, a ward admin) like any write; PINs are read from
/// standard input only, never from an option, and never printed.
struct StaffCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "staff",
        abstract: "List the ward's staff, add and deactivate members, set PINs, make ward admins.",
        discussion: """
        The first member added to a ward with no active staff needs no --by and becomes its ward \
        admin; after that only a ward admin adds, deactivates, resets PINs and makes ward admins.
        """,
        subcommands: [StaffListCommand.self, StaffAddCommand.self, StaffSetPinCommand.self, StaffDeactivateCommand.self,
                      StaffAdminCommand.self],
        defaultSubcommand: StaffListCommand.self
    )

    /// `--role` values: nurse, doctor, pharmacist, healthcare-assistant, student, other.
    static let roles: [(names: [String], value: StaffRole)] = StaffRole.allCases.map { ([CLIChoice.kebab($0.rawValue)], $0) }
}

struct StaffListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Everyone on the ward: initials, name, role, ward admin, active, has a PIN, locked out until.")

    @Flag(help: "A JSON array: initials, name, role, wardAdmin, active, hasPin, lockedOutUntil (ISO 8601 UTC or null).")
    var json = false
    @OptionGroup var options: AppOptions

    struct Line: Encodable {
        let initials: String, name: String, role: String, wardAdmin: Bool, active: Bool, hasPin: Bool
        let lockedOutUntil: String?

        enum CodingKeys: String, CodingKey { case initials, name, role, wardAdmin, active, hasPin, lockedOutUntil }

        /// Every key in every line: `lockedOutUntil` is null, not missing, when nobody is locked out.
        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(initials, forKey: .initials)
            try container.encode(name, forKey: .name)
            try container.encode(role, forKey: .role)
            try container.encode(wardAdmin, forKey: .wardAdmin)
            try container.encode(active, forKey: .active)
            try container.encode(hasPin, forKey: .hasPin)
            try container.encode(lockedOutUntil, forKey: .lockedOutUntil)
        }
    }

    func run() async throws {
        let ward = try await WardCLI(options: options)
        var lines: [(Line, Date?)] = []
        let everyone = try await ward.store.staffList(includingInactive: true)
        for member in everyone.sorted(by: { ($0.initials.lowercased(), $0.id) < ($1.initials.lowercased(), $1.id) }) {
            let pin = try await ward.store.pinStatus(staffId: member.id)
            lines.append((Line(initials: member.initials, name: member.name, role: CLIChoice.kebab(member.role.rawValue),
                               wardAdmin: member.isWardAdmin, active: member.active, hasPin: pin.hasPin,
                               lockedOutUntil: pin.lockedUntil.map { WardCLI.isoText($0) }), pin.lockedUntil))
        }
        if json {
            print(try WardCLI.json(lines.map(\.0)))
            return
        }
        guard !lines.isEmpty else {
            print(CLIText.t("cli.staff.list.empty", "cotside staff add --name NAME --initials AB --role ROLE"))
            return
        }
        let t = CLIText.t
        let yes = t("cli.yes"), no = t("cli.no")
        let heads = ["initials", "name", "role", "ward_admin", "active", "pin", "locked_out_until"].map { t("cli.staff.list.head.\($0)") }
        let table = [heads] + lines.map { line, until in
            [line.initials, line.name, t("staff.role.\(CLIChoice.camel(line.role))"), line.wardAdmin ? yes : no, line.active ? yes : no,
             line.hasPin ? yes : no, until.map { ward.clockText($0) } ?? "-"]
        }
        // Widths in terminal columns, so a Chinese heading lines up.
        let widths = (0..<table[0].count).map { column in table.map { TextWidth.columns(of: $0[column]) }.max() ?? 0 }
        for row in table {
            print(zip(row, widths).map { $0 + String(repeating: " ", count: max(0, $1 - TextWidth.columns(of: $0))) }
                .joined(separator: "  ").trimmingCharacters(in: .whitespaces))
        }
    }
}

struct StaffAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a staff member (ward admins only; the first member of an empty ward needs no --by).",
        discussion: """
        Standard input, one PIN a line: with --pin-stdin first the PIN of --by, then, with \
        --new-pin-stdin, the new member's PIN (4 to 64 characters). COTSIDE_PIN may give the PIN of \
        --by instead. Example: printf '%s\\n%s\\n' "$MY_PIN" "$NEW_PIN" | cotside staff add --name \
        "Ada Okafor" --initials AO --role nurse --new-pin-stdin --by BC --pin-stdin
        """)

    @Option(help: "Full name.") var name: String
    @Option(help: "1 to 4 letters, unique among active staff.") var initials: String
    @Option(help: "nurse, doctor, pharmacist, healthcare-assistant, student or other.") var role: String
    @Flag(help: "Make the new member a ward admin too.") var admin = false
    @Flag(name: .customLong("new-pin-stdin"), help: "Read the new member's PIN from standard input (after the --by PIN line).")
    var newPinStdin = false
    @OptionGroup var author: AuthorOptions
    @OptionGroup var options: AppOptions

    func run() async throws {
        let role = try CLIChoice.parse(role, option: "--role", choices: StaffCommand.roles)
        let ward = try await WardCLI(options: options)
        let first = try await ward.store.activeStaff().isEmpty
        var by: Int64?
        if first {
            if author.by != nil || author.pinStdin {
                throw CommandFailure.usage(CLIText.t("cli.staff.first_without_by", "--by", "--pin-stdin"))
            }
        } else {
            by = try await ward.authorId(author, doing: "cli.doing.adding_staff")
        }
        let pin = newPinStdin ? try StandardInputLines.pin(CLIText.t("cli.staff.new_member_pin", "--new-pin-stdin"),
                                                           prompt: CLIText.t("cli.staff.new_pin_for", initials))
            : nil
        if let pin, let issue = PinRules.issues(pin).first {
            throw CommandFailure.usage(CLIText.t("cli.nothing_changed", CLIText.t("cli.option_issue", "--new-pin-stdin", issue.message)))
        }
        let draft = StaffDraft(name: name, initials: initials, role: role, isWardAdmin: admin)
        let added = try await ward.write { try await ward.store.addStaff(draft, by: by) }.record
        if let pin { try await ward.write { try await ward.store.setPin(staffId: added.id, newPin: pin, currentPin: nil, by: added.id) } }
        let key = switch (added.isWardAdmin, pin != nil) {
        case (false, false): "cli.staff.added"
        case (true, false): "cli.staff.added_admin"
        case (false, true): "cli.staff.added_pin"
        case (true, true): "cli.staff.added_admin_pin"
        }
        print(CLIText.t(key, added.initials, added.name, CLIText.t("staff.role.\(added.role.rawValue)")))
        if pin == nil, try await ward.store.settings().requirePin {
            print(CLIText.t("cli.staff.added_needs_pin", added.initials, "cotside staff set-pin --initials \(added.initials)"))
        }
    }
}

struct StaffSetPinCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set-pin",
        abstract: "Set or change a member's PIN (their own, or a ward admin's reset); read from standard input.",
        discussion: """
        Standard input, one PIN a line (never an option, never printed):
          first, only with --pin-stdin: the PIN that allows it: the member's current PIN when they \
        change their own, or the PIN of --by (a ward admin) for a reset. COTSIDE_PIN may give it instead.
          then: the new PIN, 4 to 64 characters (digits only is allowed).
        A member without a PIN sets the first one with the new PIN alone. A forgotten PIN is reset by \
        a ward admin (--by), who does not need the old one.
        Examples: echo "$NEW" | cotside staff set-pin --initials AO
                  printf '%s\\n%s\\n' "$OLD" "$NEW" | cotside staff set-pin --initials AO --pin-stdin
                  printf '%s\\n%s\\n' "$ADMIN_PIN" "$NEW" | cotside staff set-pin --initials AO --by BC --pin-stdin
        """)

    @Option(help: "Initials of the member whose PIN is set.") var initials: String
    @OptionGroup var author: AuthorOptions
    @OptionGroup var options: AppOptions

    func run() async throws {
        let ward = try await WardCLI(options: options)
        let member = try await ward.activeMember(initials: initials, option: "--initials")
        var resetBy: Staff?
        if let by = author.by { resetBy = try await ward.activeMember(initials: by, option: "--by") }
        let isReset = resetBy.map { $0.id != member.id } ?? false
        if isReset, let admin = resetBy {
            // An admin's reset: the admin proves who they are as for any write.
            let adminPin = try ward.givenPin(author, for: admin)
            let newPin = try Self.newPin()
            try await ward.checkPin(of: admin, pin: adminPin)
            try await Self.set(ward, member, newPin, current: nil, by: admin.id)
            print(CLIText.t("cli.staff.pin_reset", member.initials, admin.initials))
            return
        }
        let status = try await ward.store.pinStatus(staffId: member.id)
        let current = try ward.givenPin(author, for: member)
        if !status.hasPin, current != nil {
            throw CommandFailure.usage(CLIText.t("cli.staff.no_current_pin", member.initials, "--pin-stdin", "COTSIDE_PIN"))
        }
        if status.hasPin, current == nil {
            throw CommandFailure.usage(CLIText.t("cli.staff.current_pin_first", member.initials, "--pin-stdin", "COTSIDE_PIN", "--by"))
        }
        let newPin = try Self.newPin()
        if let current, let issue = PinRules.issues(current).first {
            throw CommandFailure.usage(CLIText.t("cli.staff.current_pin_invalid", member.initials, issue.message))
        }
        try await Self.set(ward, member, newPin, current: current, by: member.id)
        print(CLIText.t(status.hasPin ? "cli.staff.pin_changed" : "cli.staff.pin_set", member.initials))
    }

    /// The new PIN: the next line of standard input, checked before anything is derived.
    static func newPin() throws -> String {
        let pin = try StandardInputLines.pin(CLIText.t("cli.staff.the_new_pin"), prompt: CLIText.t("cli.staff.new_pin_prompt"))
        if let issue = PinRules.issues(pin).first { throw CommandFailure.usage(CLIText.t("cli.staff.new_pin_invalid", issue.message)) }
        return pin
    }

    /// The store's setPin; a wrong current PIN is counted there and refused by `--pin-stdin`.
    static func set(_ ward: WardCLI, _ member: Staff, _ pin: String, current: String?, by: Int64) async throws {
        try await ward.write { try await ward.store.setPin(staffId: member.id, newPin: pin, currentPin: current, by: by) }
    }
}

struct StaffDeactivateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "deactivate",
        abstract: "Take a member off the staff list (ward admins only); what they charted keeps their name.")

    @Option(help: "Initials of the active member to deactivate.") var initials: String
    @OptionGroup var author: AuthorOptions
    @OptionGroup var options: AppOptions

    func run() async throws {
        let ward = try await WardCLI(options: options)
        let by = try await ward.authorId(author, doing: "cli.doing.deactivating")
        let member = try await ward.activeMember(initials: initials, option: "--initials")
        let after = try await ward.write { try await ward.store.deactivateStaff(id: member.id, by: by) }.record
        print(CLIText.t("cli.staff.deactivated", after.initials, after.name))
    }
}

struct StaffAdminCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "admin",
        abstract: "Make a member a ward admin (--on) or not (--off); ward admins only, and the last one stays.")

    @Option(help: "Initials of the active member.") var initials: String
    @Flag(help: "Make them a ward admin.") var on = false
    @Flag(help: "Make them no longer a ward admin.") var off = false
    @OptionGroup var author: AuthorOptions
    @OptionGroup var options: AppOptions

    func validate() throws {
        if on == off { throw ValidationError(CLIText.t("cli.staff.admin_on_off", "--on", "--off")) }
    }

    func run() async throws {
        let ward = try await WardCLI(options: options)
        let by = try await ward.authorId(author, doing: "cli.doing.ward_admin")
        let member = try await ward.activeMember(initials: initials, option: "--initials")
        let after = try await ward.write { try await ward.store.setWardAdmin(staffId: member.id, isAdmin: on, by: by) }.record
        print(CLIText.t(after.isWardAdmin ? "cli.staff.now_admin" : "cli.staff.no_longer_admin", after.initials, after.name))
    }
}
