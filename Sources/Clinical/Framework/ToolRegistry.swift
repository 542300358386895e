/// Every tool Cotside offers, in the order the Tools pane and `--list` show them.
/// New tools are added here and nowhere else.
public enum ToolRegistry {
    public static let all: [any ClinicalTool.Type] = []

    public static func tool(id: String) -> (any ClinicalTool.Type)? {
        all.first { $0.spec.id == id }
    }
}
