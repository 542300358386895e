import CotsideApp
import Foundation
import WardStore

extension AppOptions {
    /// The ward database named by --db / COTSIDE_DB / XDG, with the --now clock when given.
    func openStore() throws -> SQLiteWardStore {
        let fixed = now.flatMap(WardClock.parseInstant)
        do {
            return try SQLiteWardStore(explicitPath: db, clock: { fixed ?? Date() })
        } catch {
            throw CommandFailure.runtime("cannot open the ward database: \(error)")
        }
    }
}
