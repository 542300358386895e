import Foundation

/// The ward's settings (name, day start, alert thresholds, dose windows, units:
/// `WardSettings.declarations`) and its stable
/// identity. Part of `WardRepository`: async calls; a settings save is one transaction whose one
/// audit row holds the changed keys before and after (nothing written when nothing changes).
public protocol WardSettingsStore: Sendable {
    /// The database's stable identity (not a path, not a row id): workstations remember their
    /// signed-in user per ward by it.
    func wardIdentity() async throws -> String?
    func settings() async throws -> WardSettings
    /// Every value of `settings`; only keys whose stored value differs are written (and audited).
    func updateSettings(_ settings: WardSettings, by: Int64?) async throws -> WardSettings
    /// Only these settings (stored text, checked against `WardSettings.declarations`); every
    /// other key keeps its stored value. The audit row holds the changed keys before and after.
    func updateSettings(_ changes: [WardSettingKey: String], by: Int64?) async throws -> WardSettings
}
