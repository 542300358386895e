import ArgumentParser
import CotsideApp
import Foundation
import WardStore

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
    @Option(name: .customLong("time-of-birth"), help: ArgumentHelp("Time of birth on --dob, HH:MM (optional; ages then read in hours for the first 72 h).", valueName: "HH:MM"))
    var timeOfBirth: String?
    @Option(help: "male, female or unknown.") var sex: String
    @Option(help: ArgumentHelp("Gestational age at birth, weeks+days (e.g. 38+2).", valueName: "wk+d")) var ga: String
    @Option(name: .customLong("birth-weight-g"), help: "Birth weight in grams (300–7000).") var birthWeightG: Int
    @Option(name: .customLong("admitted-at"), parsing: .unconditional, help: ArgumentHelp("Admission time (default now), e.g. -2h or 2026-11-21 08:00.", valueName: "time"))
    var admittedAt: String?
    @OptionGroup var author: AuthorOptions
    @OptionGroup var options: AppOptions

    func validate() throws {
        guard CalendarDay(dob) != nil else { throw ValidationError("--dob \(dob) is not a date; write YYYY-MM-DD, e.g. 2026-11-18") }
        if let timeOfBirth, TimeOfDay(timeOfBirth) == nil {
            throw ValidationError("--time-of-birth \(timeOfBirth) is not a time of day; write HH:MM (24 h), e.g. 02:30")
        }
        _ = try CLIChoice.parse(sex, option: "--sex", as: Sex.self)
        guard let (weeks, days) = GestationText.parse(ga) else {
            throw ValidationError("--ga \(ga) is not a gestational age; write weeks+days, e.g. 38+2")
        }
        if let issue = WardValidation.gestationalAge(weeks: weeks, days: days).first { throw ValidationError("--ga: \(issue.message)") }
        if !WardValidation.birthWeightGramsRange.contains(birthWeightG) {
            throw ValidationError("--birth-weight-g \(birthWeightG) is outside 300–7000 g")
        }
    }

    func run() async throws {
        let ward = try WardCLI(options: options)
        let staff = try await ward.authorId(author, doing: "admitting")
        let (weeks, days) = GestationText.parse(ga)!
        let draft = PatientDraft(
            bedLabel: bed, givenName: given, familyName: family, hospitalNumber: hospitalNumber,
            dateOfBirth: CalendarDay(dob)!, sex: try CLIChoice.parse(sex, option: "--sex", as: Sex.self),
            gestationalAgeWeeks: weeks, gestationalAgeDays: days, birthWeightGrams: birthWeightG,
            admittedAt: try ward.time(admittedAt, option: "--admitted-at"), timeOfBirth: timeOfBirth.flatMap(TimeOfDay.init))
        let saved = try await ward.write { try await ward.store.admit(draft, by: staff) }
        print("admitted #\(saved.record.id): bed \(saved.record.bedLabel) \(saved.record.fullName)")
    }
}
