import PostgresNIO
import WardSQL

/// postgres-nio's errors as `SQLEngineError`, the kinds the store decides on: a lost race
/// (retried), a constraint (refused), a lost server (reported on the status line).
///
/// The message is the server's own (never its DETAIL, which can quote row values: patient data);
/// postgres-nio's `PSQLError` prints nothing useful by design, so it is read field by field.
enum PostgresErrorMapping {
    static func engineError(_ error: any Error) -> SQLEngineError {
        if let engineError = error as? SQLEngineError { return engineError }
        guard let error = error as? PSQLError else {
            // NIO's own errors (connection refused, reset, TLS handshake) come only from the socket.
            return SQLEngineError(kind: .connectionLost, code: "connection", message: "\(error)")
        }
        if let info = error.serverInfo {
            let state = info[.sqlState] ?? "?????"
            let message = info[.message] ?? "the server refused the statement"
            return SQLEngineError(kind: kind(sqlState: state), code: state, message: message)
        }
        if let tls = error.underlying as? NIOSSLError {
            return SQLEngineError(kind: .connectionLost, code: "tls",
                                  message: "the TLS handshake with the server failed; sslmode=require checks the server's certificate against the system's trusted roots, or the file PGSSLROOTCERT names (\(tls))")
        }
        switch error.code {
        case .connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown,
             .sslUnsupported, .failedToAddSSLHandler, .receivedUnencryptedDataAfterSSLRequest:
            let cause = error.underlying.map { ": \($0)" } ?? ""
            return SQLEngineError(kind: .connectionLost, code: "\(error.code)", message: "the connection to the server failed\(cause)")
        case .authMechanismRequiresPassword:
            return SQLEngineError(kind: .other, code: "\(error.code)",
                                  message: "the server asks for a password: set PGPASSWORD, or run Cotside where it can ask for one")
        default:
            let cause = error.underlying.map { ": \($0)" } ?? ""
            return SQLEngineError(kind: .other, code: "\(error.code)", message: "the PostgreSQL driver failed (\(error.code))\(cause)")
        }
    }

    /// SQLSTATE classes: 40001 serialization_failure and 40P01 deadlock_detected lose a race;
    /// class 23 is integrity constraints; class 08 and 57P01-57P03 mean the server went away.
    static func kind(sqlState: String) -> SQLEngineError.Kind {
        switch sqlState {
        case "40001", "40P01": .serializationFailure
        case _ where sqlState.hasPrefix("23"): .constraint
        case _ where sqlState.hasPrefix("08"), "57P01", "57P02", "57P03": .connectionLost
        default: .other
        }
    }
}
