import Clinical
import Foundation
import WardStore

/// The maintenance fluid target shown for a patient: under 28 days the ward's neonatal table by
/// day of life (a range in mL/kg/day, default NICE NG29), from 28 days Holliday–Segar for the
/// weight. One rule for the Dashboard intake figures, the Trends intake chart and the
/// intake-below-maintenance insight (which compares against the lower end).
struct MaintenanceTarget: Equatable {
    enum Basis: Equatable {
        case neonatal(dayOfLife: Int)
        case hollidaySegar
    }

    var basis: Basis
    var minMLPerKg: Double
    var maxMLPerKg: Double

    /// The target for a baby `ageDays` old (days since the day of birth) weighing `weightKg`.
    static func of(ageDays: Int, weightKg: Double, table: NeonatalFluidTable) -> MaintenanceTarget? {
        guard weightKg > 0, weightKg.isFinite else { return nil }
        if let row = table.target(ageDays: ageDays) {
            return MaintenanceTarget(basis: .neonatal(dayOfLife: NeonatalFluidTable.dayOfLife(ageDays: ageDays)),
                                     minMLPerKg: Double(row.minMLPerKg), maxMLPerKg: Double(row.maxMLPerKg))
        }
        guard let perDay = try? IvFluidTool.compute(ToolInputs(["weight_kg": .number(weightKg)])).number("ml_per_day")
        else { return nil }
        return MaintenanceTarget(basis: .hollidaySegar, minMLPerKg: perDay / weightKg, maxMLPerKg: perDay / weightKg)
    }

    /// mL per 24 h at the lower and upper end for the weight.
    func mlPerDay(weightKg: Double) -> (low: Double, high: Double) {
        (minMLPerKg * weightKg, maxMLPerKg * weightKg)
    }

    var isNeonatal: Bool { basis != .hollidaySegar }
}
