import Foundation
import WardStore
import WardStorePostgres

/// Connecting to a ward's PostgreSQL server from `--db`/`COTSIDE_DB`. The password comes from
/// `PGPASSWORD` or, when the server asks for one and there is a terminal, a prompt without echo
/// on it — never from the command line or a file Cotside writes.
enum WardServerConnection {
    /// The server's engine, connected (so a wrong host, database, password or ward shows here).
    static func connect(url: String, option: String, environment: [String: String]) async throws -> WardServer {
        let location: PostgresLocation
        do {
            location = try PostgresLocation(parsing: url)
        } catch {
            throw LaunchError("\(option) \(url): \(error)")
        }
        do {
            let database = try await PostgresSQLDatabase.open(location, environment: environment,
                                                              passwordPrompt: { TerminalSecret.ask("Password for \(location.user)@\(location.host): ") })
            return WardServer(database: database, location: location.description, wardSchema: location.ward)
        } catch {
            throw LaunchError("cannot connect to the ward's server \(location): \(error)")
        }
    }
}

/// A secret typed at the terminal (a server's password, a PIN): the prompt on standard error, the
/// answer read from standard input with echo off and the terminal's mode put back. Nil without a
/// terminal to ask.
public enum TerminalSecret {
    public static func ask(_ prompt: String) -> String? {
        guard isatty(STDIN_FILENO) == 1 else { return nil }
        FileHandle.standardError.write(Data(prompt.utf8))
        var saved = termios()
        tcgetattr(STDIN_FILENO, &saved)
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSANOW, &quiet)
        defer {
            tcsetattr(STDIN_FILENO, TCSANOW, &saved)
            FileHandle.standardError.write(Data("\n".utf8))
        }
        return readLine(strippingNewline: true)
    }
}
