import ArgumentParser
import Clinical
import CotsideApp
import Foundation
import WardStore

/// `cotside due`: the ward's drug round now — every due and overdue slot, overdue first.
struct DueCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "due",
        abstract: "List the ward's due and overdue doses now, grouped by time, overdue first."
    )

    @Flag(name: .long, help: "Print JSON.") var json = false
    @OptionGroup var options: AppOptions

    func run() async throws {
        let cli = try await WardCLI(options: options)
        let board = try await cli.store.dueBoard(now: cli.now, timeZone: cli.timeZone)
        if json {
            print(try WardCLI.json(DueJSON(board)))
            return
        }
        let t = CLIText.t
        print(t("cli.due.summary", board.overdueCount, board.dueCount, cli.clockText(board.now)))
        for group in board.groups {
            print(t(group.isOverdue ? "cli.due.overdue_group" : "cli.due.due_group", cli.clockText(group.dueAt)))
            for item in group.items {
                let line = t("cli.due.item", item.bedLabel, item.patientName, WardCLI.doseText(item.medication))
                print(item.snoozedUntil != nil ? t("cli.due.snoozed", line, item.slot.time) : line)
            }
        }
    }
}

struct DueJSON: Encodable {
    struct Item: Encodable {
        let bed: String, patientId: Int64, patient: String, medicationId: Int64, drug: String, dose: String
        let route: String, scheduledAt: String, slotTime: String, dueAt: String, state: String, snoozed: Bool
    }
    let now: String, due: Int, overdue: Int, items: [Item]

    init(_ board: DueBoard) {
        now = WardCLI.isoText(board.now)
        due = board.dueCount
        overdue = board.overdueCount
        items = board.items.map {
            Item(bed: $0.bedLabel, patientId: $0.patientId, patient: $0.patientName, medicationId: $0.medication.id,
                 drug: $0.medication.drugName,
                 dose: "\(NumberText.rounded($0.medication.doseAmount, digits: 3)) \($0.medication.doseUnit.rawValue)",
                 route: $0.medication.route.rawValue, scheduledAt: WardCLI.isoText($0.slot.scheduledAt),
                 slotTime: $0.slot.time.description, dueAt: WardCLI.isoText($0.dueAt), state: $0.state.rawValue,
                 snoozed: $0.snoozedUntil != nil)
        }
    }
}
