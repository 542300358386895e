import ArgumentParser
import CotsideApp
import Foundation
import WardStore

/// `cotside admit`: admits a patient to a bed; every field is checked, nothing stored on error.
struct AdmitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "admit", abstract: "Admit a patient to a cot.",
        discussion: """
        Example: cotside admit --bed 3 --given Ada --family Lovelace --hospital-number H123 --dob 2026-11-18 --sex female \
        --ga 38+2 --birth-weight 3.1kg

        --ga and the birth weight are required for a neonate (28 days old or less at admission) and optional for an \
        older child.
        """)

    @Option(help: "Bed (cot) label, free in the ward.") var bed: String
    @Option(help: "Given name.") var given: String
    @Option(help: "Family name.") var family: String
    @Option(name: .customLong("hospital-number"), help: "Hospital number.") var hospitalNumber: String
    @Option(help: ArgumentHelp("Date of birth, YYYY-MM-DD.", valueName: "date")) var dob: String
    @Option(name: .customLong("time-of-birth"), help: ArgumentHelp("Time of birth on --dob, HH:MM (optional; ages then read in hours for the first 72 h).", valueName: "HH:MM"))
    var timeOfBirth: String?
    @Option(help: "male, female or unknown.") var sex: String
    @Option(help: ArgumentHelp("Gestational age at birth, weeks+days (e.g. 38+2); optional beyond 28 days of age.", valueName: "wk+d"))
    var ga: String?
    @Option(name: .customLong("birth-weight"),
            help: ArgumentHelp("Birth weight with its unit, e.g. 3.4kg or 3400g (a bare number is grams; 300 g–7 kg); optional beyond 28 days of age.",
                               valueName: "weight"))
    var birthWeight: String?
    @Option(name: .customLong("birth-weight-g"), help: ArgumentHelp("Birth weight in grams (300–7000): the older spelling of --birth-weight.", valueName: "grams"))
    var birthWeightG: String?
    @Option(name: .customLong("admitted-at"), parsing: .unconditional, help: ArgumentHelp("Admission time (default now), e.g. -2h or 2026-11-21 08:00.", valueName: "time"))
    var admittedAt: String?
    @OptionGroup var author: AuthorOptions
    @OptionGroup var options: AppOptions

    func validate() throws {
        guard CalendarDay(dob) != nil else { throw ValidationError(CLIText.t("cli.admit.dob", "--dob \(dob)", "2026-11-18")) }
        if let timeOfBirth, TimeOfDay(timeOfBirth) == nil {
            throw ValidationError(CLIText.t("cli.admit.time_of_birth", "--time-of-birth \(timeOfBirth)", "02:30"))
        }
        _ = try CLIChoice.parse(sex, option: "--sex", as: Sex.self)
        if let (weeks, days) = try gestation() {
            if let issue = WardValidation.gestationalAge(weeks: weeks, days: days).first {
                throw ValidationError(CLIText.t("cli.option_issue", "--ga", issue.message))
            }
        }
        _ = try birthWeightGrams()
    }

    /// --ga as weeks and days; nil when not given.
    func gestation() throws -> (Int, Int)? {
        guard let ga else { return nil }
        guard let parsed = GestationText.parse(ga) else {
            throw ValidationError(CLIText.t("cli.admit.ga", "--ga \(ga)", "38+2"))
        }
        return parsed
    }

    /// --birth-weight (g or kg) or --birth-weight-g (grams), in grams; nil when neither is given.
    func birthWeightGrams() throws -> Int? {
        if birthWeight != nil, birthWeightG != nil {
            throw ValidationError(CLIText.t("cli.admit.both_weights", "--birth-weight", "--birth-weight-g", "--birth-weight 3.4kg", "--birth-weight-g 3400"))
        }
        let range = Double(WardValidation.birthWeightGramsRange.lowerBound)...Double(WardValidation.birthWeightGramsRange.upperBound)
        for (option, text) in [("--birth-weight", birthWeight), ("--birth-weight-g", birthWeightG)] {
            guard let text else { continue }
            switch WeightText.grams(text, stated: .grams, plausible: range) {
            case .success(let grams): return Int(grams.rounded())
            case .failure(let error): throw ValidationError(CLIText.t("cli.option_issue", option, error.message))
            }
        }
        return nil
    }

    func run() async throws {
        let ward = try await WardCLI(options: options)
        let staff = try await ward.authorId(author, doing: "cli.doing.admitting")
        let ga = try gestation()
        let draft = PatientDraft(
            bedLabel: bed, givenName: given, familyName: family, hospitalNumber: hospitalNumber,
            dateOfBirth: CalendarDay(dob)!, sex: try CLIChoice.parse(sex, option: "--sex", as: Sex.self),
            gestationalAgeWeeks: ga?.0, gestationalAgeDays: ga?.1, birthWeightGrams: try birthWeightGrams(),
            admittedAt: try ward.time(admittedAt, option: "--admitted-at"), timeOfBirth: timeOfBirth.flatMap(TimeOfDay.init))
        let saved = try await ward.write { try await ward.store.admit(draft, by: staff) }
        print(CLIText.t("cli.admitted", saved.record.id, saved.record.bedLabel, saved.record.fullName))
    }
}
