import ArgumentParser
import CotsideApp
import Foundation
import WardStore

/// `cotside patients`: the admitted patients (or everyone with --all), as text or JSON.
struct PatientsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "patients", abstract: "List admitted patients.")

    @Flag(help: "Include discharged patients.") var all = false
    @Flag(help: "Print JSON (one array of objects).") var json = false
    @OptionGroup var options: AppOptions

    func run() async throws {
        let ward = try WardCommandSupport(options)
        let patients = all ? try await ward.store.allPatients() : try await ward.store.admittedPatients()
        let iso = ISO8601DateFormatter()
        if json {
            let rows: [[String: Any]] = patients.map { p in
                var row: [String: Any] = [
                    "id": p.id, "bed": p.bedLabel, "givenName": p.givenName, "familyName": p.familyName,
                    "hospitalNumber": p.hospitalNumber, "dateOfBirth": p.dateOfBirth.description, "sex": p.sex.rawValue,
                    "gestationalAge": "\(p.gestationalAgeWeeks)+\(p.gestationalAgeDays)", "birthWeightGrams": p.birthWeightGrams,
                    "admittedAt": iso.string(from: p.admittedAt),
                ]
                row["dischargedAt"] = p.dischargedAt.map { iso.string(from: $0) } ?? NSNull()
                return row
            }
            let data = try JSONSerialization.data(withJSONObject: rows, options: [.prettyPrinted, .sortedKeys])
            print(String(decoding: data, as: UTF8.self))
            return
        }
        guard !patients.isEmpty else {
            print(all ? "No patients recorded." : "No patients admitted.")
            return
        }
        print("BED     NAME                          HOSPITAL NO.  BORN        GA     BW(g)  STATUS")
        for p in patients {
            let status = p.dischargedAt.map { "discharged " + iso.string(from: $0) } ?? "admitted"
            print([pad(p.bedLabel, 7), pad(p.fullName, 29), pad(p.hospitalNumber, 13), pad(p.dateOfBirth.description, 11),
                   pad("\(p.gestationalAgeWeeks)+\(p.gestationalAgeDays)", 6), pad(String(p.birthWeightGrams), 6), status]
                .joined(separator: " "))
        }
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? String(text.prefix(width)) : text + String(repeating: " ", count: width - text.count)
    }
}

/// `cotside admit`: admits a patient to a bed; every field is checked, nothing stored on error.
struct AdmitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "admit", abstract: "Admit a patient to a cot.",
        discussion: "Example: cotside admit --bed 3 --given Ada --family Lovelace --hospital-number H123 --dob 2026-11-18 --sex female --ga 38+2 --birth-weight-g 3100")

    @Option(help: "Bed (cot) label, free in the ward.") var bed: String
    @Option(help: "Given name.") var given: String
    @Option(help: "Family name.") var family: String
    @Option(name: .customLong("hospital-number"), help: "Hospital number.") var hospitalNumber: String
    @Option(help: ArgumentHelp("Date of birth, YYYY-MM-DD.", valueName: "date")) var dob: String
    @Option(help: "male, female or unknown.") var sex: String
    @Option(help: ArgumentHelp("Gestational age at birth, weeks+days (e.g. 38+2).", valueName: "wk+d")) var ga: String
    @Option(name: .customLong("birth-weight-g"), help: "Birth weight in grams (300–7000).") var birthWeightG: Int
    @Option(name: .customLong("admitted-at"), parsing: .unconditional, help: ArgumentHelp("Admission time (default now), e.g. -2h or 2026-11-21 08:00.", valueName: "time"))
    var admittedAt: String?
    @Option(help: "Initials of the staff member admitting.") var by: String?
    @OptionGroup var options: AppOptions

    func validate() throws {
        guard CalendarDay(dob) != nil else { throw ValidationError("--dob \(dob) is not a date; write YYYY-MM-DD, e.g. 2026-11-18") }
        _ = try parseChoice(sex, option: "--sex", as: Sex.self)
        guard let (weeks, days) = Self.parseGestation(ga) else {
            throw ValidationError("--ga \(ga) is not a gestational age; write weeks+days, e.g. 38+2")
        }
        if let issue = WardValidation.gestationalAge(weeks: weeks, days: days).first { throw ValidationError("--ga: \(issue.message)") }
        if !WardValidation.birthWeightGramsRange.contains(birthWeightG) {
            throw ValidationError("--birth-weight-g \(birthWeightG) is outside 300–7000 g")
        }
    }

    static func parseGestation(_ text: String) -> (Int, Int)? {
        let parts = text.split(separator: "+", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let w = Int(parts[0]) else { return nil }
        guard parts.count == 2 else { return (w, 0) }
        return Int(parts[1]).map { (w, $0) }
    }

    func run() async throws {
        let ward = try WardCommandSupport(options)
        let (weeks, days) = Self.parseGestation(ga)!
        let draft = PatientDraft(
            bedLabel: bed, givenName: given, familyName: family, hospitalNumber: hospitalNumber,
            dateOfBirth: CalendarDay(dob)!, sex: try parseChoice(sex, option: "--sex", as: Sex.self),
            gestationalAgeWeeks: weeks, gestationalAgeDays: days, birthWeightGrams: birthWeightG,
            admittedAt: try ward.time(admittedAt, option: "--admitted-at"))
        let staff = try await ward.staffID(initials: by)
        let saved = try await ward.write { try await ward.store.admit(draft, by: staff) }
        print("admitted #\(saved.record.id): bed \(saved.record.bedLabel) \(saved.record.fullName)")
    }
}

/// `cotside discharge --bed 3`: the patient leaves the Dashboard and stays in History.
struct DischargeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "discharge", abstract: "Discharge the patient in a bed.")

    @Option(help: "Bed (cot) label of an admitted patient.") var bed: String
    @Option(parsing: .unconditional, help: ArgumentHelp("Discharge time (default now).", valueName: "time")) var at: String?
    @Option(help: "Initials of the staff member discharging.") var by: String?
    @OptionGroup var options: AppOptions

    func run() async throws {
        let ward = try WardCommandSupport(options)
        let when = try ward.time(at, option: "--at")
        let patient = try await ward.admittedPatient(bed: bed)
        let staff = try await ward.staffID(initials: by)
        let saved = try await ward.write { try await ward.store.discharge(patientId: patient.id, at: when, by: staff) }
        print("discharged bed \(patient.bedLabel) \(saved.record.fullName)")
    }
}

/// `cotside demo`: fills a database with a deterministic synthetic ward (refuses real data).
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo", abstract: "Fill the database with a synthetic demo ward.",
        discussion: "Refuses a database that holds real (non-demo) entries unless --force is given.")

    @Option(help: "Number of cots (1–500).") var cots = 40
    @Option(help: "Days of history (1–3650).") var days = 730
    @Option(help: "Random seed; the same seed makes the same ward.") var seed: UInt64 = 1
    @Flag(help: "Add demo data even to a database with real entries.") var force = false
    @OptionGroup var options: AppOptions

    func validate() throws {
        guard (1...500).contains(cots) else { throw ValidationError("--cots \(cots) must be 1 to 500") }
        guard (1...3650).contains(days) else { throw ValidationError("--days \(days) must be 1 to 3650") }
    }

    func run() async throws {
        let ward = try WardCommandSupport(options)
        if try await ward.store.hasRealEntries(), !force {
            throw CommandFailure.usage("\(ward.store.path) holds real entries; refusing to add demo data (use --force to add it anyway)")
        }
        let start = Date()
        let summary = try await DemoWard.generate(into: ward.store, cots: cots, days: days, seed: seed,
                                                  now: ward.clock.now, timeZone: ward.clock.timeZone)
        let seconds = Date().timeIntervalSince(start)
        print("demo ward in \(ward.store.path): \(summary.staff) staff, \(summary.patients) patients, "
              + "\(summary.nappyChanges) nappy changes (\(cots) cots, \(days) days, seed \(seed)) in "
              + String(format: "%.1f s", seconds))
    }
}
