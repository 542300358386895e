/// The five tabs, in order: their number key is `rawValue + 1`. Screens name a tab by case,
/// never by number.
public enum Tab: Int, CaseIterable, Sendable {
    case dashboard, history, tools, medications, trends

    /// Catalogue key of the tab's title.
    public var titleKey: String {
        switch self {
        case .dashboard: "tab.dashboard"
        case .history: "tab.history"
        case .tools: "tab.tools"
        case .medications: "tab.medications"
        case .trends: "tab.trends"
        }
    }
}
