import Foundation

/// Which doses need a second member's signature: the ward setting `secondCheck`, typed as a
/// comma-separated list of rules, each one or more conditions joined by `+` (all must hold):
///
/// - a drug name (`gentamicin`, `insulin`): a medication named so, or whose name begins with it
///   as a whole word ("insulin" covers "insulin aspart", not "insulinoma");
/// - `category:NAME` (`category:antibiotic`) — a `MedicationCategory`;
/// - `route:NAME` (`route:iv`) — a `MedicationRoute`.
///
/// `gentamicin, insulin, route:iv+category:antibiotic` asks for a check of every gentamicin and
/// insulin dose and of every IV antibiotic. Empty: no dose needs one. Stored normalised
/// (lower case, `, ` between rules, `+` between conditions), so two spellings of one list compare equal.
public struct SecondCheckRules: Sendable, Hashable, Codable {
    public enum Condition: Sendable, Hashable, Codable, CustomStringConvertible {
        case drug(String)
        case category(MedicationCategory)
        case route(MedicationRoute)

        public var description: String {
            switch self {
            case .drug(let name): return name
            case .category(let category): return "category:\(category.rawValue)"
            case .route(let route): return "route:\(route.rawValue)"
            }
        }

        func matches(_ medication: Medication) -> Bool {
            switch self {
            case .category(let category): return medication.category == category
            case .route(let route): return medication.route == route
            case .drug: return matches(drugName: medication.drugName)
            }
        }

        /// A drug name condition: the name, or the name followed by more words.
        func matches(drugName: String) -> Bool {
            guard case .drug(let name) = self else { return false }
            let drug = drugName.trimmingCharacters(in: .whitespaces).lowercased()
            guard drug.hasPrefix(name) else { return false }
            guard let next = drug.dropFirst(name.count).first else { return true }
            return !(next.isLetter || next.isNumber)
        }
    }

    /// Conditions that must all hold.
    public struct Rule: Sendable, Hashable, Codable, CustomStringConvertible {
        public let conditions: [Condition]
        public var description: String { conditions.map(\.description).joined(separator: "+") }
    }

    public let rules: [Rule]

    public static let none = SecondCheckRules(rules: [])
    /// The longest list the setting takes (the form's field holds as much).
    public static let maxLength = 300

    init(rules: [Rule]) { self.rules = rules }

    /// Parses the typed list; the problems say what is wrong and what is allowed.
    public static func parse(_ text: String) -> Result<SecondCheckRules, SecondCheckRulesProblem> {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return .success(.none) }
        var rules: [Rule] = []
        for part in trimmed.split(separator: ",", omittingEmptySubsequences: false) {
            let ruleText = part.trimmingCharacters(in: .whitespaces)
            guard !ruleText.isEmpty else { return .failure(.init("a rule between two commas is empty")) }
            var conditions: [Condition] = []
            for piece in ruleText.split(separator: "+", omittingEmptySubsequences: false) {
                let term = piece.trimmingCharacters(in: .whitespaces).lowercased()
                guard !term.isEmpty else { return .failure(.init("‘\(ruleText)’ has an empty condition around +")) }
                switch condition(term) {
                case .success(let condition): conditions.append(condition)
                case .failure(let problem): return .failure(problem)
                }
            }
            rules.append(Rule(conditions: conditions))
        }
        return .success(SecondCheckRules(rules: rules))
    }

    private static func condition(_ term: String) -> Result<Condition, SecondCheckRulesProblem> {
        guard let colon = term.firstIndex(of: ":") else {
            guard term.allSatisfy({ $0.isLetter || $0.isNumber || " -'().%/".contains($0) }) else {
                return .failure(.init("‘\(term)’ is not a drug name (letters, digits, spaces and - ' ( ) . % /)"))
            }
            return .success(.drug(term.split(separator: " ").joined(separator: " ")))
        }
        let prefix = term[..<colon].trimmingCharacters(in: .whitespaces)
        let value = term[term.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        switch prefix {
        case "category":
            guard let category = MedicationCategory.allCases.first(where: { $0.rawValue.lowercased() == value }) else {
                return .failure(.init("category:\(value) is not a category; categories: "
                                      + MedicationCategory.allCases.map(\.rawValue).joined(separator: ", ")))
            }
            return .success(.category(category))
        case "route":
            guard let route = MedicationRoute(rawValue: value) else {
                return .failure(.init("route:\(value) is not a route; routes: "
                                      + MedicationRoute.allCases.map(\.rawValue).joined(separator: ", ")))
            }
            return .success(.route(route))
        case "drug":
            return condition(value)
        default:
            return .failure(.init("‘\(term)’: only category: and route: (or drug:) come before a colon"))
        }
    }

    /// The drug names of the list that none of `known` answers to (by the rule's own whole-word
    /// match), in list order: a misspelt name matches no dose and would switch the check off
    /// unseen, so whoever sets the list is told.
    public func unknownDrugNames(known: [String]) -> [String] {
        var seen = Set<String>()
        return rules.flatMap(\.conditions).compactMap { condition -> String? in
            guard case .drug(let name) = condition, seen.insert(name).inserted else { return nil }
            return known.contains { Condition.drug(name).matches(drugName: $0) } ? nil : name
        }
    }

    /// The list as stored: "gentamicin, route:iv+category:antibiotic"; "" for none.
    public var text: String { rules.map(\.description).joined(separator: ", ") }

    /// The first rule that asks for a second check of `medication`'s doses; nil when none does.
    public func rule(for medication: Medication) -> Rule? {
        rules.first { rule in rule.conditions.allSatisfy { $0.matches(medication) } }
    }

    /// What the setting allows, in words (the form's hint, `cotside settings`, the README).
    public static let allowedWords = "empty (no dose needs a second check), or rules separated by commas; a rule is a drug name, "
        + "category:NAME or route:NAME, or several joined by + (all must hold), e.g. gentamicin, insulin, route:iv+category:antibiotic"
}

/// Why a second-check list cannot be read.
public struct SecondCheckRulesProblem: Error, Sendable, Hashable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
