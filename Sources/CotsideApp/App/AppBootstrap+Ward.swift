import Foundation
import TerminalUI
import WardStore
import WardStorePostgres

extension AppBootstrap {
    /// Opens the ward named by `--db`, `COTSIDE_DB` or the XDG default — a SQLite file or a
    /// PostgreSQL server (`postgres://user@host:port/db?ward=NAME`) — with the run's clock
    /// (validation refuses future times against it). Errors name the file or server and the cause.
    public nonisolated static func openStore(options: LaunchOptions) async throws -> SQLiteWardStore {
        let address: WardDatabaseLocation.Address
        do {
            address = try WardDatabaseLocation.address(explicit: options.databasePath, environment: options.environment)
        } catch let failure as WardDatabaseLocation.Failure {
            throw LaunchError(failure.description)
        }
        let clock = try options.clock()
        switch address {
        case .file(let path):
            do {
                return try SQLiteWardStore(path: path, clock: { clock.now }, timeZone: clock.timeZone)
            } catch {
                throw LaunchError("cannot open the ward database \(path): \(error)")
            }
        case .server(let url):
            let server = try await WardServerConnection.connect(url: url, option: options.databasePath == nil ? "COTSIDE_DB" : "--db",
                                                                environment: options.environment)
            do {
                return try await SQLiteWardStore.open(server: server, clock: { clock.now }, timeZone: clock.timeZone)
            } catch {
                throw LaunchError("cannot open the ward on \(server.location): \(error)")
            }
        }
    }

    /// The shell on the ward's data: store opened, ward settings loaded, the remembered user
    /// (remembered per ward identity in the preferences) restored when still the same active person, the screen in front loading.
    /// - Parameters:
    ///   - askForUser: false for snapshots (no staff picker in the way).
    ///   - initialTab: the tab shown first (snapshots of a tab); only it loads before the first frame.
    ///   - start: false to call `AppShell.start` yourself (after choosing a patient, say).
    public static func makeWardShell(
        options: LaunchOptions, terminalHasColour: Bool, persistPreferences: Bool,
        assumeDisclaimerAccepted: Bool = false, logPath: String = "", askForUser: Bool = true,
        initialTab: Tab? = nil, start: Bool = true
    ) async throws -> AppShell {
        let store = try await openStore(options: options)
        let settings: WardSettings
        do {
            settings = try await store.settings()
        } catch {
            throw LaunchError("cannot read the ward settings from \(store.path): \(error)")
        }
        let shell = try makeShell(options: options, terminalHasColour: terminalHasColour,
                                  persistPreferences: persistPreferences,
                                  assumeDisclaimerAccepted: assumeDisclaimerAccepted, logPath: logPath,
                                  repository: store, wardSettings: settings).shell
        let wardIdentity: String?
        do {
            wardIdentity = try await store.wardIdentity()
        } catch {
            throw LaunchError("cannot read the ward's identity from \(store.path): \(error)")
        }
        shell.context.wardIdentity = wardIdentity
        // The drug table's sign-off shown on dosage results; unreadable reads as not signed.
        shell.context.drugTableSignOff = try? await store.drugTableSignOff()
        if let wardIdentity, let remembered = shell.context.preferences.signedInUsers[wardIdentity],
           let staff = try? await store.staff(id: remembered.staffId), remembered.matches(staff) {
            shell.context.staff = staff
            shell.context.userName = staff.name
        }
        if start { shell.start(askForUser: askForUser, initialTab: initialTab) }
        // Said once, on the message line: a new ward made, its mode tightened, or read-only and why
        // (read-only outranks a preferences warning; the others do not hide it).
        if let notice = store.openingNotices.last, shell.message == nil || store.access.readOnlyReason != nil {
            shell.show(store.access.readOnlyReason == nil ? .info(notice) : .warning(notice))
        }
        return shell
    }
}
