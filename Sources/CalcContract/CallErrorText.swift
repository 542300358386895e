import Clinical

/// The messages of a call as a whole (its arguments, the tool's name, options), as catalogue
/// texts like the tools' own: `calc --lang` words them in that language; `--json` and the
/// batch carry the English, which is the contract's wording.
enum CallErrorText {
    static func t(_ rule: String, _ english: String, _ args: [ClinicalText.Argument] = []) -> ClinicalText {
        ClinicalText("calc.error.\(rule)", english, args)
    }

    static func notKeyValue(_ argument: String) -> ClinicalText {
        t("not_key_value", "‘{0}’ is not key=value (e.g. weight_kg=12.5)", [.plain(argument)])
    }

    static func noKey(_ argument: String) -> ClinicalText {
        t("no_key", "‘{0}’ has no key before ‘=’ (e.g. weight_kg=12.5)", [.plain(argument)])
    }

    static func givenTwice(_ key: String) -> ClinicalText {
        t("given_twice", "{0} is given more than once; give each key once", [.plain(key)])
    }

    static func unknownTool(_ name: String) -> ClinicalText {
        t("unknown_tool", "unknown tool ‘{0}’ (tools: {1})", [.plain(name), .plain(CalcEvaluator.toolList)])
    }

    static var toolRequired: ClinicalText { t("tool_required", "a tool is required (tools: {0})", [.plain(CalcEvaluator.toolList)]) }

    static func unknownToolOption(_ option: String) -> ClinicalText {
        t("unknown_tool_option", "unknown option ‘{0}’ (options: --json, --help)", [.plain(option)])
    }

    static func unknownOption(_ option: String) -> ClinicalText { t("unknown_option", "unknown option ‘{0}’", [.plain(option)]) }

    static let batchAlone = t("batch_alone", "--batch takes no other arguments; it reads JSON Lines on stdin")
    static let listAlone = t("list_alone", "--list takes no other arguments")

    /// Every text with sample arguments: what the catalogues must hold (ClinicalCatalogueTests).
    static var declaredTexts: [ClinicalText] {
        [notKeyValue(""), noKey(""), givenTwice(""), unknownTool(""), toolRequired, unknownToolOption(""), unknownOption(""),
         batchAlone, listAlone]
    }
}
