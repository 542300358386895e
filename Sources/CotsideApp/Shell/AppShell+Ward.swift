import Foundation
import TerminalUI
import WardStore

extension AppShell {
    // MARK: - Start and store changes

    /// Shows the staff picker when nobody is at the keyboard, then loads what is shown.
    /// - Parameters:
    ///   - askForUser: false for snapshots, which must not stop at the picker.
    ///   - initialTab: the tab in front at the first frame (snapshots of a tab open on it directly,
    ///     as if its number had been pressed, so the Dashboard is not loaded only to be hidden).
    public func start(askForUser: Bool = true, initialTab: Tab? = nil) {
        if let initialTab {
            activeTab = initialTab.rawValue
            // Pressing the tab's number clears the message line; opening on it does the same.
            show(nil)
        }
        // A read-only ward is only viewed: nobody needs to sign in (adding yourself is a write).
        if askForUser, context.repository != nil, context.readOnlyReason == nil {
            if let remembered = context.staff {
                // On a ward with PINs the member remembered here proves it is still them.
                if context.wardSettings.requirePin { lock(remembered, atStart: true) }
            } else {
                // Below the disclaimer (if shown), so the disclaimer is answered first.
                insertBelowDisclaimer(StaffPickerScreen(isStartup: true))
            }
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
        apply(doseReminder.reload(context), from: front, asker: doseReminder)
    }

    /// Another process (a second workstation, the CLI) changed the ward: reload what is shown.
    /// Writes made here reload explicitly (`ShellAction.reloadAll`), so they are skipped.
    public func storeDidChange(_ change: WardChange) {
        guard change.isFromAnotherProcess else { return }
        switch change.server {
        case .lost(let since, let reason):
            // Keep what is shown (marked stale on the status line) rather than reload into errors.
            context.serverOutage = since
            show(.warning(context.t("server.lost", context.timeText.time(since), reason)))
            return
        case .restored:
            context.serverOutage = nil
            show(.info(context.t("server.restored")))
        case nil:
            break
        }
        if change.wardReplaced {
            // Ids remembered here belong to the ward as it was: nothing to undo, no patient chosen.
            applySession(.undoable(nil))
            applySession(.selectedPatient(nil))
            show(.warning(context.t("restore.elsewhere")))
        }
        // Settings are read once per change, whichever tab is in front (the Dashboard, which
        // also reads them, may be hidden): the idle lock and PIN rule follow at once.
        apply(wardSettingsWatch.reload(context), from: front, asker: wardSettingsWatch)
        reloadAll()
    }

    /// Forwards the store's change stream into the message queue (no per-frame polling).
    public func startObservingStore() {
        guard storeObservation == nil, let repository = context.repository else { return }
        let changes = repository.changes()
        let messages = self.messages
        storeObservation = Task {
            for await change in changes { messages.post(.storeChanged(change)) }
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
        case .signedIn(let member, let pinSet):
            signedIn(member, pinSet: pinSet)
        case .userUpdated(let staff):
            if context.staff?.id == staff.id { context.staff = staff }
        case .selectedPatient(let patient):
            context.patientChoice = patient.map(PatientChoice.patient) ?? .wholeWard
        case .dashboardPatient(let patient, let moved):
            if moved, patient?.id != context.dashboardPatient?.id { context.patientChoice = nil }
            context.dashboardPatient = patient
        case .wardSettings(let settings):
            context.wardSettings = settings
            context.wardName = settings.wardName
        case .drugTableSignOff(let signOff):
            context.drugTableSignOff = signOff
        case .undoable(let record):
            context.undoable = record
        case .doseCounts(let counts):
            context.doseCounts = counts
        case .backupRecord(let record):
            context.backupRecord = record
        }
    }

    func switchUser() {
        guard context.repository != nil, !front.isBlocking else { return }
        apply(.push(StaffPickerScreen(isStartup: false)), from: front)
    }

    func pickPatient() {
        guard context.repository != nil, !front.isBlocking, !(front is PatientPickerScreen) else { return }
        apply(.push(PatientPickerScreen()), from: front)
    }

    /// The ward's audit trail over the screen in front (once; anyone signed in may read it).
    func openAuditTrail() {
        guard context.repository != nil, !front.isBlocking, !(front is AuditTrailScreen) else { return }
        if let refusal = AuditTrailScreen.refusal(context) { return apply(refusal, from: front) }
        apply(.push(AuditTrailScreen()), from: front)
    }

    /// The shift handover preview (palette "Handover", `H` on the Dashboard); needs someone signed in.
    func openHandover() {
        openReport(HandoverPreview.preview)
    }

    /// The selected patient's discharge summary (palette "Discharge summary"): the stay so far for
    /// an admitted patient, the whole stay for a discharged one chosen with `p`.
    func openDischargeSummary() {
        guard context.repository != nil, !front.isBlocking else { return }
        guard let patient = context.selectedPatient else { return apply(.message(.info(context.t("discharge.needs_patient"))), from: front) }
        openReport(DischargeSummaryPreview.preview(patientId: patient.id))
    }

    /// A report's preview over the screen in front (not twice in a row, never past a blocking
    /// screen); it needs someone signed in, since the report names who made it.
    func openReport(_ preview: ReportPreview) {
        guard context.repository != nil, !front.isBlocking, (front as? ReportPreviewScreen)?.kind != preview.kind else { return }
        if let refusal = ReportPreviewScreen.refusal(preview, context) { return apply(refusal, from: front) }
        apply(.push(ReportPreviewScreen(preview)), from: front)
    }

    /// Opens one of the palette's ward-data forms (export, import, restore, erase) over the
    /// screen in front, never past a blocking one. With `checkingUser`, only someone signed in on
    /// a writable ward is asked anything (erasing and restoring refuse up front).
    func openWardDataForm(checkingUser: Bool, _ make: () -> any Screen) {
        guard context.repository != nil, !front.isBlocking else { return }
        if checkingUser, let refusal = WardTask.requireUser(context) { return apply(refusal, from: front) }
        apply(.push(make()), from: front)
    }
}
