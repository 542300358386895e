import WardStore

extension Localizer {
    /// Why a typed weight was refused, in the language (the parser's `message` is English): one
    /// wording for the chart's weight forms and the calculators' weight fields.
    public func weightError(_ error: WeightTextError) -> String {
        let format = LanguageFormat(self)
        func range(_ plausible: ClosedRange<Double>) -> String {
            "\(format.number(plausible.lowerBound, digits: 0))–\(format.number(plausible.upperBound, digits: 0)) g "
                + "(\(format.number(plausible.lowerBound / 1000, digits: 3))–\(format.number(plausible.upperBound / 1000, digits: 3)) kg)"
        }
        switch error {
        case .empty: return self("weight.error.empty")
        case .notANumber(let text): return self("weight.error.not_a_number", text)
        case .unknownUnit(let text, let unit): return self("weight.error.unknown_unit", text, unit)
        case .ambiguousComma(let text): return self("weight.error.ambiguous_comma", text)
        case .notPositive(let text, let plausible): return self("weight.error.not_positive", text, range(plausible))
        case .unitLikelyOther(let text, let stated, let suggested):
            return self("weight.error.other_unit", text, stated.rawValue, suggested.rawValue)
        case .outOfRange(let text, _, let plausible): return self("weight.error.out_of_range", text, range(plausible))
        }
    }
}
