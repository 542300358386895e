import Clinical

/// The catalogues are where the clinical module's texts are worded: a `ClinicalText` key
/// reads from the current language, then English (the Localizer's own fallback).
extension Localizer: ClinicalLookup {
    public func template(for key: String) -> String? { has(key) ? self(key) : nil }
}
