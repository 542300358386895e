import ArgumentParser
import CotsideApp
import Foundation
import TerminalUI
import WardStore

/// `cotside patients`: the admitted patients (or everyone with --all), as text or JSON.
struct PatientsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "patients", abstract: "List admitted patients.")

    @Flag(help: "Include discharged patients.") var all = false
    @Flag(help: "Print JSON (one array of objects).") var json = false
    @OptionGroup var options: AppOptions

    func run() async throws {
        let ward = try await WardCLI(options: options)
        let patients = all ? try await ward.store.allPatients() : try await ward.store.admittedPatients()
        // Ages as staff write them (AgeWording), on the ward's calendar today.
        let age = { (p: Patient) in PatientAge(patient: p, now: ward.now, timeZone: ward.timeZone).wording.text }
        if json {
            let rows: [[String: Any]] = patients.map { p in
                var row: [String: Any] = [
                    "id": p.id, "bed": p.bedLabel, "givenName": p.givenName, "familyName": p.familyName,
                    "hospitalNumber": p.hospitalNumber, "dateOfBirth": p.dateOfBirth.description, "sex": p.sex.rawValue,
                    "gestationalAge": p.gestationText ?? NSNull(), "birthWeightGrams": p.birthWeightGrams ?? NSNull(),
                    "admittedAt": WardCLI.isoText(p.admittedAt), "age": age(p),
                ]
                row["dischargedAt"] = p.dischargedAt.map { WardCLI.isoText($0) } ?? NSNull()
                row["timeOfBirth"] = p.timeOfBirth.map(\.description) ?? NSNull()
                return row
            }
            let data = try JSONSerialization.data(withJSONObject: rows, options: [.prettyPrinted, .sortedKeys])
            print(String(decoding: data, as: UTF8.self))
            return
        }
        guard !patients.isEmpty else {
            print(CLIText.t(all ? "cli.patients.none_recorded" : "cli.patients.none_admitted"))
            return
        }
        let t = CLIText.t
        let dates = CLIText.time(in: ward.timeZone)
        let widths = [7, 29, 13, 11, 9, 6, 6]
        let heads = ["cli.patients.head.bed", "cli.patients.head.name", "cli.patients.head.hospital_number", "cli.patients.head.born",
                     "cli.patients.head.age", "cli.patients.head.ga", "cli.patients.head.birth_weight"]
        print((zip(heads, widths).map { pad(t($0.0), $0.1) } + [t("cli.patients.head.status")]).joined(separator: " "))
        for p in patients {
            let status = p.dischargedAt.map { t("cli.patients.discharged", WardCLI.isoText($0)) } ?? t("cli.patients.admitted")
            print([pad(p.bedLabel, 7), pad(p.fullName, 29), pad(p.hospitalNumber, 13), pad(dates.date(p.dateOfBirth), 11), pad(age(p), 9),
                   pad(p.gestationText ?? "—", 6), pad(p.birthWeightGrams.map(String.init) ?? "—", 6), status]
                .joined(separator: " "))
        }
    }

    /// `text` cut or padded to exactly `width` terminal columns (a Chinese character takes two).
    private func pad(_ text: String, _ width: Int) -> String {
        var cut = ""
        var used = 0
        for ch in text {
            let columns = TextWidth.columns(of: ch)
            if used + columns > width { break }
            cut.append(ch)
            used += columns
        }
        return cut + String(repeating: " ", count: width - used)
    }
}
