import Clinical
import TerminalUI

/// One line of the Tools list: a calculator from the registry, or one of the stroke screens
/// that are not single calculators (the triage wizard, the centres finder).
enum ToolEntry: Equatable {
    case tool(id: String)
    case strokeTriage
    case strokeCentres
}

/// The Tools list: every registered tool under its group, plus the stroke wizard and centres
/// in the stroke group. Generated from the Clinical declarations so nothing is written twice.
struct ToolCatalogue {
    struct Row: Equatable {
        var entry: ToolEntry
        var group: ToolGroup
        var name: String
        var summary: String
        /// Extra words the filter matches (the tool id).
        var keywords: String
    }

    var rows: [Row]

    /// The wizard and centres rows need localised names, so the catalogue is built per language.
    /// `wording` gives the tools' names and summaries in the catalogue's language.
    init(triageName: String, triageSummary: String, centresName: String, centresSummary: String,
         tools: [any ClinicalTool.Type] = ToolRegistry.all, wording: (any ClinicalLookup)? = nil) {
        var rows: [Row] = []
        for group in ToolGroup.allCases {
            if group == .strokeTriage {
                rows.append(Row(entry: .strokeTriage, group: group, name: triageName, summary: triageSummary, keywords: "stroke triage igfap"))
            }
            for tool in tools where tool.spec.group == group {
                let spec = tool.spec
                rows.append(Row(entry: .tool(id: spec.id), group: group, name: spec.nameText.resolved(wording),
                                summary: spec.summaryText.resolved(wording), keywords: spec.id))
            }
            if group == .strokeTriage {
                rows.append(Row(entry: .strokeCentres, group: group, name: centresName, summary: centresSummary, keywords: "stroke centres hospitals"))
            }
        }
        self.rows = rows
    }

    /// Rows whose name, id or summary contain every word of `query` (case-insensitive). A row
    /// whose name or id starts with the query comes first, then one whose name or keywords hold
    /// it, then a match inside the description only ("bili": Bilirubin before FLACC's
    /// "consolability"); within a rank the catalogue order stands, so groups stay together.
    func filtered(_ query: String) -> [Row] {
        let words = query.lowercased().split(separator: " ").map(String.init)
        let typed = words.joined(separator: " ")
        guard !words.isEmpty else { return rows }
        func rank(_ row: Row) -> Int? {
            let name = row.name.lowercased(), keywords = row.keywords.lowercased()
            if name.hasPrefix(typed) || keywords.split(separator: " ").contains(where: { $0.hasPrefix(typed) }) { return 0 }
            if words.allSatisfy({ name.contains($0) || keywords.contains($0) }) { return 1 }
            let haystack = "\(name) \(keywords) \(row.summary.lowercased())"
            return words.allSatisfy { haystack.contains($0) } ? 2 : nil
        }
        return rows.enumerated().compactMap { index, row in rank(row).map { (rank: $0, index: index, row: row) } }
            .sorted { ($0.rank, $0.index) < ($1.rank, $1.index) }
            .map(\.row)
    }
}
