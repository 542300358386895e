import ArgumentParser
import Foundation
import WardStore

/// `cotside log dose`: a scheduled slot's final status, or an as-needed dose, strictly validated.
struct LogDoseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dose",
        abstract: "Record a dose: a slot given, withheld or missed, or an as-needed dose.",
        discussion: """
        Name the medication with --drug (its name, case-insensitive) or --med ID. For a scheduled medication \
        --slot says which dose (e.g. 14:00, yesterday 22:00); without it, the one slot due or overdue now. \
        A slot that already holds a status is refused, naming who recorded it and when (exit 2): \
        one dose is never charted twice. To change a recorded status on purpose, add --correct REASON \
        with --slot (audited; the reason is kept with the record). Withheld needs \
        --reason: refused, nil-by-mouth, vomited, not-available, clinical-decision or other; other needs \
        --notes saying the reason in words. As-needed doses \
        that break the minimum interval or 24 h maximum are refused unless --override-reason says why. \
        A dose given of a drug on the ward's second_check list needs --checked-by INITIALS of a second member \
        (and, where PINs are required, their PIN: --checker-pin-stdin reads the line after the author's, \
        or COTSIDE_CHECKER_PIN).
        """
    )

    @Option(name: .long, help: "Bed label of an admitted patient.") var bed: String
    @Option(name: .long, help: "Drug name of one of the patient's medications.") var drug: String?
    @Option(name: .long, help: "Medication id (instead of --drug).") var med: String?
    @Option(name: .long, help: "given (default), withheld or missed.") var status = "given"
    @Option(name: .long, help: "Why withheld.") var reason: String?
    @Option(name: .long, parsing: .unconditional,
            help: ArgumentHelp("Which scheduled dose: 14:00, yesterday 22:00 ...", valueName: "time")) var slot: String?
    @Option(name: .long, parsing: .unconditional,
            help: ArgumentHelp("When it was given or withheld (default now).", valueName: "time")) var at: String?
    @Option(name: .customLong("override-reason"), help: "Give an as-needed dose the rules refuse, saying why.") var overrideReason: String?
    @Option(name: .customLong("correct"), help: ArgumentHelp("Correct the slot's recorded status, saying why (needs --slot).",
                                                             valueName: "reason")) var correction: String?
    @Option(name: .long, help: "Free-text notes.") var notes = ""
    @OptionGroup var author: AuthorOptions
    @OptionGroup var checker: CheckerOptions
    @Flag(name: .long, help: "Print the stored record as JSON.") var json = false
    @OptionGroup var options: AppOptions

    static let statuses: [(names: [String], value: DoseStatus)] = [(["given"], .given), (["withheld"], .withheld), (["missed"], .missed)]
    static let reasons: [(names: [String], value: WithheldReason)] = [
        (["refused"], .refused), (["nil-by-mouth", "nbm"], .nilByMouth), (["vomited"], .vomited),
        (["not-available"], .notAvailable), (["clinical-decision"], .clinicalDecision), (["other"], .other),
    ]

    func validate() throws {
        if (drug == nil) == (med == nil) {
            throw ValidationError(CLIText.t("cli.dose.drug_or_med", "--drug NAME", "--med ID"))
        }
    }

    func run() async throws {
        let status = try CLIChoice.parse(status, option: "--status", choices: Self.statuses)
        let reason = try reason.map { try CLIChoice.parse($0, option: "--reason", choices: Self.reasons) }
        if status == .withheld && reason == nil {
            throw CommandFailure.usage(CLIText.t("cli.dose.withheld_needs_reason", "--status withheld", "--reason",
                                                 Self.reasons.map { $0.names[0] }.joined(separator: ", ")))
        }
        if status != .withheld && reason != nil {
            throw CommandFailure.usage(CLIText.t("cli.dose.reason_only_withheld", "--reason", "--status withheld"))
        }
        if reason == .other, correction == nil, notes.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw CommandFailure.usage(CLIText.t("cli.dose.other_needs_notes", "--reason other", "--notes TEXT"))
        }
        if correction != nil, checker.checkedBy != nil {
            throw CommandFailure.usage(CLIText.t("cli.dose.checked_by_correct", "--checked-by", "--correct"))
        }
        let cli = try await WardCLI(options: options)
        let authorMember = try await cli.author(author, doing: "cli.doing.dose")
        let staff = authorMember.id
        let at = try cli.time(at)
        let slotTime = try slot.map { try cli.time($0, option: "--slot") }
        let patient = try await cli.patient(bed: bed)
        let medication = try await pickMedication(cli: cli, patient: patient)

        if medication.schedule.isAsNeeded {
            guard status == .given else {
                throw CommandFailure.usage(CLIText.t("cli.dose.prn_given_only", medication.drugName, "--status given"))
            }
            if slot != nil { throw CommandFailure.usage(CLIText.t("cli.dose.slot_scheduled_only", "--slot", medication.drugName)) }
            let checkedBy = try await cli.checker(checker, medication: medication, status: status, author: authorMember)
            let dose: AsNeededDose
            do {
                dose = try await cli.write {
                    try await cli.store.logAsNeededDose(
                        AsNeededDoseDraft(medicationId: medication.id, givenAt: at, overrideReason: overrideReason, notes: notes,
                                          checkedBy: checkedBy?.id),
                        by: staff)
                }.record
            } catch let refusal as AsNeededRefusalError {
                throw CommandFailure.usage(CLIText.t("cli.dose.prn_refused", medication.drugName, refusal.refusals.map(\.description).joined(separator: "; "),
                                                     "--override-reason TEXT"))
            }
            if json {
                print(try WardCLI.json(DoseJSON(asNeeded: dose, medication: medication, bed: patient.bedLabel)))
            } else {
                let override = dose.overrideReason.map { CLIText.t("cli.dose.override", $0) } ?? ""
                let checked = checkedBy.map { CLIText.t("cli.dose.checked_by", $0.initials) } ?? ""
                print(CLIText.t("cli.dose.logged_prn", dose.id, patient.bedLabel, WardCLI.doseText(medication), cli.clockText(dose.givenAt),
                                override, authorMember.initials, checked))
            }
            return
        }
        if overrideReason != nil {
            throw CommandFailure.usage(CLIText.t("cli.dose.override_prn_only", "--override-reason", medication.drugName))
        }
        if let correction {
            try await correct(cli: cli, medication: medication, patient: patient, status: status, reason: reason,
                              why: correction, slotTime: slotTime, staff: staff)
            return
        }
        let slot = try await pickSlot(cli: cli, medication: medication, near: slotTime)
        let checkedBy = try await cli.checker(checker, medication: medication, status: status, author: authorMember)
        let draft = DoseRecordDraft(medicationId: medication.id, scheduledAt: slot.scheduledAt, status: status,
                                    withheldReason: reason, recordedAt: status == .missed && self.at == nil ? slot.scheduledAt : at,
                                    notes: notes, checkedBy: checkedBy?.id)
        let issues = WardValidation.doseRecord(draft, now: cli.now)
        guard issues.isEmpty else { throw WardCLI.usage(WardValidationError(issues)) }
        let record: DoseRecord
        do {
            record = try await cli.write { try await cli.store.recordDose(draft, by: staff) }.record
        } catch let refusal as DoseAlreadyRecordedError {
            let words = CLIText.t.doseAlreadyRecorded(refusal, timeZone: cli.timeZone, now: cli.now)
            throw CommandFailure.usage(CLIText.t("cli.dose.already_recorded", words, "--slot \(slot.time) --correct \"REASON\""))
        }
        if json {
            print(try WardCLI.json(DoseJSON(record: record, medication: medication, bed: patient.bedLabel)))
        } else {
            let checked = checkedBy.map { CLIText.t("cli.dose.checked_by", $0.initials) } ?? ""
            print(CLIText.t("cli.dose.recorded", record.id, patient.bedLabel, WardCLI.doseText(medication), slot.time,
                            Self.statusText(status, record.withheldReason), cli.clockText(record.recordedAt ?? at), authorMember.initials, checked))
        }
    }

    /// `--correct`: a deliberate, audited change of a slot's recorded status, with the reason.
    private func correct(cli: WardCLI, medication: Medication, patient: Patient, status: DoseStatus, reason: WithheldReason?,
                         why: String, slotTime: Date?, staff: Int64) async throws {
        guard slotTime != nil else {
            throw CommandFailure.usage(CLIText.t("cli.dose.correct_needs_slot", "--correct", "--slot", "--slot 14:00"))
        }
        if at != nil { throw CommandFailure.usage(CLIText.t("cli.dose.at_with_correct", "--at", "--correct")) }
        let slot = try await pickSlot(cli: cli, medication: medication, near: slotTime)
        let existing = try await cli.store.doseRecords(medicationId: medication.id, from: slot.scheduledAt,
                                                       to: slot.scheduledAt.addingTimeInterval(1))
        guard let record = existing.first, let previous = record.liveStatus else {
            throw CommandFailure.usage(CLIText.t("cli.dose.nothing_to_correct", "--correct", slot.time, medication.drugName))
        }
        let corrected = try await cli.write {
            try await cli.store.correctDose(id: record.id, status: status, withheldReason: reason, reason: why, by: staff)
        }.record
        if json {
            print(try WardCLI.json(DoseJSON(record: corrected, medication: medication, bed: patient.bedLabel)))
        } else {
            print(CLIText.t("cli.dose.corrected", corrected.id, patient.bedLabel, WardCLI.doseText(medication), slot.time,
                            Self.statusText(previous, record.withheldReason), Self.statusText(status, corrected.withheldReason), why))
        }
    }

    /// "withheld (nil by mouth)", "given": a recorded status in the language's words.
    static func statusText(_ status: DoseStatus, _ reason: WithheldReason?) -> String {
        CLIText.t("dose.status.\(status.rawValue)") + (reason.map { " (\(CLIText.t("withheld.\($0.rawValue)")))" } ?? "")
    }

    private func pickMedication(cli: WardCLI, patient: Patient) async throws -> Medication {
        let meds = try await cli.store.medications(patientId: patient.id, includeEnded: true)
        let names = meds.map(\.drugName).joined(separator: ", ")
        if let med {
            guard let id = Int64(med), let found = meds.first(where: { $0.id == id }) else {
                throw CommandFailure.usage(CLIText.t("cli.dose.no_med_id", "--med \(med)", patient.bedLabel,
                                                     CLIText.list(meds.map { "\($0.id) \($0.drugName)" })))
            }
            return found
        }
        let wanted = (drug ?? "").trimmingCharacters(in: .whitespaces).lowercased()
        let exact = meds.filter { $0.drugName.lowercased() == wanted }
        let matches = exact.isEmpty ? meds.filter { $0.drugName.lowercased().hasPrefix(wanted) } : exact
        let current = matches.filter { $0.endsAt.map { $0 > cli.now } ?? true }
        let pool = current.isEmpty ? matches : current
        guard pool.count == 1 else {
            if pool.isEmpty {
                throw CommandFailure.usage(CLIText.t("cli.dose.no_drug", "--drug \(drug ?? "")", patient.bedLabel, names.isEmpty ? CLIText.t("cli.none") : names))
            }
            throw CommandFailure.usage(CLIText.t("cli.dose.several_drugs", "--drug \(drug ?? "")",
                                                 pool.map { "\($0.id) \($0.drugName)" }.joined(separator: ", "), "--med ID"))
        }
        return pool[0]
    }

    /// The slot at `near` (same minute), else the one slot due or overdue now.
    private func pickSlot(cli: WardCLI, medication: Medication, near: Date?) async throws -> DoseSlot {
        let timing = try await cli.store.settings().slotTiming
        if let near {
            let slots = SlotGenerator.slots(for: medication, from: near.addingTimeInterval(-3600),
                                            to: near.addingTimeInterval(3600 + 1), timeZone: cli.timeZone)
            if let slot = slots.first(where: { abs($0.scheduledAt.timeIntervalSince(near)) < 60 })
                ?? slots.first(where: { WardLocalTime.timeOfDay(near, in: cli.timeZone) == $0.time && $0.day == CalendarDay(near, in: cli.timeZone) }) {
                return slot
            }
            throw CommandFailure.usage(CLIText.t("cli.dose.no_slot", "--slot \(slot ?? "")", medication.drugName, cli.clockText(near),
                                                 medication.schedule.summary))
        }
        let slots = SlotGenerator.slots(for: medication, from: cli.now.addingTimeInterval(-36 * 3600),
                                        to: cli.now.addingTimeInterval(3 * 3600), timeZone: cli.timeZone)
        let records = try await cli.store.doseRecords(medicationId: medication.id, from: cli.now.addingTimeInterval(-36 * 3600),
                                                      to: cli.now.addingTimeInterval(3 * 3600))
        let byTime = Dictionary(records.map { ($0.scheduledAt, $0) }, uniquingKeysWith: { a, _ in a })
        // A slot that fell while the drug was paused needs no answer, so it is never the one picked.
        let pauses = try await cli.store.medicationPauses(medicationId: medication.id).map(\.period)
        let open = slots.filter {
            timing.state(of: $0, status: byTime[$0.scheduledAt]?.liveStatus, snoozedUntil: byTime[$0.scheduledAt]?.snoozedUntil,
                         pauses: pauses, now: cli.now, timeZone: cli.timeZone).needsAction
        }
        guard open.count == 1 else {
            let list = open.map { cli.clockText($0.scheduledAt) }.joined(separator: ", ")
            throw CommandFailure.usage(open.isEmpty
                ? CLIText.t("cli.dose.none_open", medication.drugName, "--slot", medication.schedule.summary)
                : CLIText.t("cli.dose.several_open", medication.drugName, list, "--slot"))
        }
        return open[0]
    }
}

struct DoseJSON: Encodable {
    let id: Int64, bed: String, medicationId: Int64, drug: String, status: String, asNeeded: Bool
    let scheduledAt: String?, slotTime: String?, withheldReason: String?, at: String?, overrideReason: String?
    let recordedBy: Int64?
    /// The second member who checked a given dose (staff id), or null.
    let checkedBy: Int64?

    init(record: DoseRecord, medication: Medication, bed: String) {
        id = record.id
        self.bed = bed
        medicationId = medication.id
        drug = medication.drugName
        status = record.status?.rawValue ?? "open"
        asNeeded = false
        scheduledAt = WardCLI.isoText(record.scheduledAt)
        slotTime = record.slotTime.description
        withheldReason = record.withheldReason?.rawValue
        at = record.recordedAt.map { WardCLI.isoText($0) }
        overrideReason = nil
        recordedBy = record.recordedBy
        checkedBy = record.checkedBy
    }

    init(asNeeded dose: AsNeededDose, medication: Medication, bed: String) {
        id = dose.id
        self.bed = bed
        medicationId = medication.id
        drug = medication.drugName
        status = "given"
        asNeeded = true
        scheduledAt = nil
        slotTime = nil
        withheldReason = nil
        at = WardCLI.isoText(dose.givenAt)
        overrideReason = dose.overrideReason
        recordedBy = dose.recordedBy
        checkedBy = dose.checkedBy
    }
}
