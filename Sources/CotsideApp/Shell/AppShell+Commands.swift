import Foundation
import TerminalUI
import WardStore

/// How store work runs: a screen returns a `Command` or a `WardWrite`; the shell starts it off
/// the main actor and its result comes back through the message queue (`receive`), where stale
/// results are dropped. This is the only place the app starts a task for a screen.
extension AppShell {
    /// Who asked for a command in flight, and whether its result may still be wanted.
    struct InFlight {
        let asker: any CommandAsker
        /// The screen its result is applied from (the asker itself, or the screen in front for
        /// the dose reminder): what `.pop` closes.
        let screen: any Screen
        let tag: String
        /// Its own tag and those it supersedes: the keys of `latestTicket` it holds.
        let staleningTags: Set<String>
        let isWrite: Bool
    }

    struct AskerTag: Hashable {
        let asker: ObjectIdentifier
        let tag: String
    }

    /// Starts `command` for `asker`; results of its older commands with the same tag (or a tag
    /// it supersedes) become stale.
    func run(_ command: Command, for asker: any CommandAsker, from screen: any Screen) {
        guard let repository = context.repository else {
            message = .error(context.t("ward.no_database"))
            return
        }
        let ticket = CommandTicket(number: nextTicket)
        nextTicket += 1
        let tags = command.isWrite ? [] : command.supersedes.union([command.tag])
        for tag in tags { latestTicket[AskerTag(asker: ObjectIdentifier(asker), tag: tag)] = ticket }
        inFlight[ticket] = InFlight(asker: asker, screen: screen, tag: command.tag, staleningTags: tags, isWrite: command.isWrite)
        let messages = self.messages
        let work = command.work
        Task.detached {
            messages.post(.finished(ticket, await work(repository)))
        }
    }

    /// Runs a ward write the one way every write runs (see `WardWrite`). A refusal by the store's
    /// permission table (already audited there) is said on the message line, never at a field.
    func run(_ write: WardWrite, for asker: any CommandAsker, from screen: any Screen) {
        if write.needsUser || write.needs != nil, let refusal = WardTask.requireUser(context) {
            apply(refusal, from: screen)
            return
        }
        if let needs = write.needs, context.refusal(needs) != nil {
            apply(PermissionGate.refuse(needs, context), from: screen)
            return
        }
        let work = write.work
        let undoSummary = write.undoSummary
        let closes = write.closesAsker
        let saved = write.saved
        let then = write.followUp
        run(Command(tag: "write", isWrite: true) { [asker] repository in
            do {
                let receipt = try await work(repository)
                return { _ in
                    saved?()
                    var intents: [Intent] = closes ? [.pop] : []
                    intents += receipt.session.map(Intent.session)
                    if let undoSummary {
                        intents.append(.session(.undoable(UndoRecord(auditEntryIds: receipt.auditEntryIds, summary: undoSummary))))
                    }
                    if let then { intents.append(.followUp(then)) }
                    intents += [.message(.success(receipt.message)), .shell(.reloadAll)]
                    return .all(intents)
                }
            } catch let refused as WardPermissionError {
                return { _ in .message(.warning(refused.description)) }
            } catch {
                return { context in asker.failed(error, context) }
            }
        }, for: asker, from: screen)
    }

    /// A command's result is back: hand it to its asker unless it is stale (a newer command
    /// with the same tag was asked for, or the screen that asked for a load has closed).
    func finished(_ ticket: CommandTicket, _ delivery: CommandDelivery) {
        guard let flight = inFlight.removeValue(forKey: ticket) else { return }
        let asker = ObjectIdentifier(flight.asker)
        let isLatest = flight.isWrite || latestTicket[AskerTag(asker: asker, tag: flight.tag)] == ticket
        // Forget the keys this ticket still holds, so the table does not grow with every screen
        // opened over a shift; an older result arriving later finds no match and stays stale.
        for tag in flight.staleningTags where latestTicket[AskerTag(asker: asker, tag: tag)] == ticket {
            latestTicket[AskerTag(asker: asker, tag: tag)] = nil
        }
        guard isLatest, flight.isWrite || isOpen(flight.asker) else { return }
        apply(delivery(context), from: flight.screen)
    }

    /// The asker is still somewhere a result can show: a tab, the stack, or the dose reminder.
    private func isOpen(_ asker: any CommandAsker) -> Bool {
        tabs.contains { $0 === asker } || stack.contains { $0 === asker } || asker === doseReminder || asker === automaticBackup
            || asker === wardSettingsWatch
            || asker === lockScreen
    }

    /// True while loads or writes are still running.
    public var isBusy: Bool { !inFlight.isEmpty }

    /// Takes messages until no command is in flight (snapshots and tests render only then).
    public func settle() async {
        while isBusy, let message = await messages.next() {
            receive(message)
        }
    }

    /// One message from the queue, applied to the state (the runner draws afterwards).
    public func receive(_ message: AppMessage) {
        switch message {
        case .event(let event):
            handle(event)
        case .inputReady:
            break  // the runner reads the terminal itself
        case .finished(let ticket, let delivery):
            finished(ticket, delivery)
        case .storeChanged(let change):
            storeDidChange(change)
        case .tick:
            handle(.tick)
        }
    }
}
