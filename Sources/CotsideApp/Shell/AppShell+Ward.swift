import Foundation
import TerminalUI
import WardStore

/// Action ids for the ward features the shell routes itself (reachable from every tab).
public enum WardShellAction {
    /// Ask every screen to load its data again.
    public static let reloadAll = "shell.reload"
    public static let switchUser = "shell.switch_user"
    public static let pickPatient = "shell.pick_patient"
}

extension AppShell {
    // MARK: - Async work

    /// Runs a `.task` intent's work on the main actor and applies its result for `screen`.
    func run(_ work: @escaping @MainActor @Sendable () async -> Intent, from screen: any Screen) {
        let id = nextTaskID
        nextTaskID += 1
        pendingTasks[id] = Task { @MainActor [weak self] in
            let intent = await work()
            guard let self else { return }
            self.pendingTasks[id] = nil
            self.apply(intent, from: screen)
            self.needsRedraw = true
        }
    }

    /// Waits until no async work is pending (snapshots and tests render only then).
    public func settle() async {
        while let task = pendingTasks.values.first {
            await task.value
        }
    }

    /// True while loads or writes are still running.
    public var isBusy: Bool { !pendingTasks.isEmpty }

    // MARK: - Start and store changes

    /// Shows the staff picker when nobody is at the keyboard, then loads what is shown.
    /// - Parameters:
    ///   - askForUser: false for snapshots, which must not stop at the picker.
    ///   - initialTab: the tab in front at the first frame (snapshots of a tab open on it directly,
    ///     as if its number had been pressed, so the Dashboard is not loaded only to be hidden).
    public func start(askForUser: Bool = true, initialTab: Int? = nil) {
        if let initialTab, tabs.indices.contains(initialTab) {
            activeTab = initialTab
            // Pressing the tab's number clears the message line; opening on it does the same.
            show(nil)
        }
        // A read-only ward is only viewed: nobody needs to sign in (adding yourself is a write).
        if askForUser, context.repository != nil, context.staff == nil, context.readOnlyReason == nil {
            // Below the disclaimer (if shown), so the disclaimer is answered first.
            insertBelowDisclaimer(StaffPickerScreen(isStartup: true))
        }
        reloadAll()
    }

    private func insertBelowDisclaimer(_ screen: any Screen) {
        if let disclaimer = stack.firstIndex(where: { $0 is DisclaimerScreen }) {
            stack.insert(screen, at: disclaimer)
        } else {
            apply(.push(screen), from: front)
        }
    }

    /// Asks every screen that is shown (the active tab and the stack above it) and the dose
    /// reminder to reload. Hidden tabs are not loaded: a tab reloads whenever it comes to the
    /// front (`switchTab`), so loading it now would only be thrown away — at start-up that was
    /// four tabs' queries before the first frame. The round and the reminder share one due board.
    public func reloadAll() {
        context.dueBoards.beginPass()
        defer { context.dueBoards.endPass() }
        for screen in shownScreens {
            apply(screen.reload(context), from: screen)
        }
        apply(doseReminder.reload(context), from: front)
    }

    /// Another process (a second workstation, the CLI) changed the ward: reload what is shown.
    /// Writes made here reload explicitly (`WardShellAction.reloadAll`), so they are skipped.
    public func storeDidChange(_ change: WardChange) {
        guard change.isFromAnotherProcess else { return }
        reloadAll()
        needsRedraw = true
    }

    /// Consumes the store's change stream on the main actor (no per-frame polling).
    public func startObservingStore() {
        guard storeObservation == nil, let repository = context.repository else { return }
        let changes = repository.changes()
        storeObservation = Task { @MainActor [weak self] in
            for await change in changes {
                guard let self else { return }
                self.storeDidChange(change)
            }
        }
    }

    public func stopObservingStore() {
        storeObservation?.cancel()
        storeObservation = nil
    }

    // MARK: - Session

    func applySession(_ change: SessionChange) {
        switch change {
        case .user(let staff):
            context.staff = staff
            context.userName = staff.name
            if let ward = context.wardIdentity { update { $0.signedInUsers[ward] = RememberedUser(staff) } }
        case .selectedPatient(let patient):
            context.patientChoice = patient.map(PatientChoice.patient) ?? .wholeWard
        case .dashboardPatient(let patient, let moved):
            if moved, patient?.id != context.dashboardPatient?.id { context.patientChoice = nil }
            context.dashboardPatient = patient
        case .wardSettings(let settings):
            context.wardSettings = settings
            context.wardName = settings.wardName
        case .undoable(let record):
            context.undoable = record
        case .doseCounts(let counts):
            context.doseCounts = counts
        }
    }

    /// Ward actions the shell handles wherever they come from; false when `action` is not one.
    func performWardAction(_ action: String) -> Bool {
        switch action {
        case WardShellAction.reloadAll:
            reloadAll()
        case WardShellAction.switchUser:
            guard context.repository != nil, !front.isBlocking else { return true }
            apply(.push(StaffPickerScreen(isStartup: false)), from: front)
        case WardShellAction.pickPatient:
            guard context.repository != nil, !front.isBlocking, !(front is PatientPickerScreen) else { return true }
            apply(.push(PatientPickerScreen()), from: front)
        default:
            return false
        }
        return true
    }
}
