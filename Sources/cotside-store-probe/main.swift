// A second process for the store's multi-process tests: opens the same ward file and writes.
//   cotside-store-probe setup --db PATH               prints "PATIENT <id> STAFF <id>"
//   cotside-store-probe write --db PATH --patient ID --count N [--by STAFF]
//       logs N nappy changes, one transaction each, printing "ACK <id> <unix time>" after each commit
//       (N = 0: until killed). Exit 1 with the error on stderr on any failure.
//   cotside-store-probe dose --db PATH --medication ID --count N [--by STAFF]
//       records the medication's first N hourly slots as given, one transaction each, printing
//       "ACK <dose record id> <unix time>" after each commit, or "REFUSED <slot index>" when the
//       slot already held a status (another process got there first).
//   cotside-store-probe watch --db PATH
//       holds the ward open and prints "READY <admitted patients>"; on the first change from another
//       process (a restore replacing the file) prints "CHANGED <admitted patients>", then adds a
//       staff member and prints "WROTE <staff id>" or "REFUSED <error>", and exits.
import Foundation
import WardStore

/// Unbuffered, so every line is out before the next write starts (the kill test relies on it).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// The commit time rides on the line, so a reader can time what it saw against the commit.
func acknowledge(_ id: Int64) {
    say("ACK \(id) \(Date().timeIntervalSince1970)")
}

func option(_ name: String) -> String? {
    let args = CommandLine.arguments
    guard let i = args.firstIndex(of: name), i + 1 < args.count else { return nil }
    return args[i + 1]
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("cotside-store-probe: \(message)\n".utf8))
    exit(1)
}

guard CommandLine.arguments.count > 1, let path = option("--db") else {
    fail("usage: cotside-store-probe setup|write --db PATH [--patient ID --count N --by STAFF]")
}

do {
    let store = try SQLiteWardStore(path: path)
    switch CommandLine.arguments[1] {
    case "setup":
        let staff = try await store.addStaff(StaffDraft(name: "Probe Writer", initials: "PW", role: .doctor), by: nil)
        let patient = try await store.admit(
            PatientDraft(bedLabel: "P1", givenName: "Probe", familyName: "Baby", hospitalNumber: "PROBE1",
                         dateOfBirth: CalendarDay(Date().addingTimeInterval(-7 * 86_400), in: .current), sex: .unknown, gestationalAgeWeeks: 39,
                         gestationalAgeDays: 0, birthWeightGrams: 3400, admittedAt: Date().addingTimeInterval(-160 * 3600)),
            by: staff.record.id)
        // Hourly from admission (160 h ago): the `dose` command records past slots from the first.
        let medication = try await store.addMedication(
            MedicationDraft(patientId: patient.record.id, drugName: "probe drug", doseAmount: 1, doseUnit: .mg, route: .oral,
                            schedule: .everyHours(1), startsAt: patient.record.admittedAt),
            by: staff.record.id)
        say("PATIENT \(patient.record.id) STAFF \(staff.record.id) MEDICATION \(medication.record.id)")
    case "write":
        guard let patientId = option("--patient").flatMap(Int64.init), let count = option("--count").flatMap(Int.init)
        else { fail("write needs --patient ID and --count N") }
        let by = option("--by").flatMap(Int64.init)
        var written = 0
        while count == 0 || written < count {
            let change = try await store.logNappyChange(
                NappyChangeDraft(patientId: patientId, occurredAt: Date(), kind: .wet, notes: "probe \(getpid()) #\(written)"),
                by: by)
            acknowledge(change.record.id)
            written += 1
        }
    case "dose":
        guard let medicationId = option("--medication").flatMap(Int64.init), let count = option("--count").flatMap(Int.init),
              let medication = try await store.medication(id: medicationId)
        else { fail("dose needs --medication ID (an existing one) and --count N") }
        let by = option("--by").flatMap(Int64.init)
        for i in 0..<count {
            do {
                let record = try await store.recordDose(
                    DoseRecordDraft(medicationId: medicationId, scheduledAt: medication.startsAt.addingTimeInterval(Double(i) * 3600),
                                    status: .given, recordedAt: Date(), notes: "probe \(getpid()) #\(i)"),
                    by: by)
                acknowledge(record.record.id)
            } catch is DoseAlreadyRecordedError {
                say("REFUSED \(i)")
            }
        }
    case "watch":
        let changes = store.changes()
        say("READY \(try await store.admittedPatients().count)")
        for await change in changes where change.isFromAnotherProcess {
            say("CHANGED \(try await store.admittedPatients().count)")
            do {
                let staff = try await store.addStaff(StaffDraft(name: "After Restore", initials: "AR", role: .doctor), by: nil)
                say("WROTE \(staff.record.id)")
            } catch {
                say("REFUSED \(error)")
            }
            break
        }
    default:
        fail("unknown command \(CommandLine.arguments[1]); use setup, write, dose or watch")
    }
} catch {
    fail("\(error)")
}
