/// A database whose applied schema steps include one this build does not know was made by a newer
/// Cotside: it must not be changed. One message for both engines, naming both step lists.
public struct SQLUnknownSchemaSteps: Error, CustomStringConvertible, Sendable {
    /// The steps the database has, in the order it records them.
    public let applied: [String]
    /// The steps this build knows, in order.
    public let known: [String]
    /// The database's schema number when it records one apart from its steps (SQLite's
    /// `user_version`); otherwise the number of steps it has.
    public let recordedVersion: Int

    public init(applied: [String], known: [String], recordedVersion: Int = 0) {
        self.applied = applied
        self.known = known
        self.recordedVersion = recordedVersion
    }

    /// The database's steps that this build does not know.
    public var unknown: [String] { applied.filter { !known.contains($0) } }

    /// Refused when the database has an unknown step or a higher recorded version.
    public var isRefused: Bool { !unknown.isEmpty || recordedVersion > known.count }

    /// Throws this refusal when the database's steps are not all known.
    public static func check(applied: [String], known: [String], recordedVersion: Int = 0) throws {
        let refusal = SQLUnknownSchemaSteps(applied: applied, known: known, recordedVersion: recordedVersion)
        if refusal.isRefused { throw refusal }
    }

    /// Why the database is not changed, as a clause ("it was made by a newer Cotside …").
    public var reason: String {
        let theirs = max(recordedVersion, applied.count)
        return "it was made by a newer Cotside (ward schema \(theirs)\(unknown.isEmpty ? "" : ": " + unknown.joined(separator: ", "))); "
            + "this Cotside writes schema \(known.count) and must not change it "
            + "(the ward's steps: \(Self.summary(applied)); this Cotside's: \(Self.summary(known)))"
    }

    public var description: String { "the ward database is not changed: \(reason)" }

    /// Steps as a short list: a run of numbered steps (`v3_…`, `v4_…`, `v5_…`) as `v3–v5`, any
    /// other step by its whole name.
    public static func summary(_ steps: [String]) -> String {
        guard !steps.isEmpty else { return "none" }
        var parts: [String] = []
        var run: (first: Int, last: Int)?
        func closeRun() {
            if let r = run { parts.append(r.first == r.last ? "v\(r.first)" : "v\(r.first)–v\(r.last)") }
            run = nil
        }
        for step in steps {
            if let number = stepNumber(step) {
                if let r = run, number == r.last + 1 { run = (r.first, number); continue }
                closeRun()
                run = (number, number)
            } else {
                closeRun()
                parts.append(step)
            }
        }
        closeRun()
        return parts.joined(separator: ", ")
    }

    /// 12 for `v12_feed_infusions_outputs`; nil for a name not of that form.
    static func stepNumber(_ step: String) -> Int? {
        guard step.hasPrefix("v"), let underscore = step.firstIndex(of: "_") else { return nil }
        return Int(step[step.index(after: step.startIndex)..<underscore])
    }
}
