import Foundation

/// Where a ward lives on a PostgreSQL server, read from
/// `postgres://user@host:port/database?sslmode=disable|prefer|require&ward=NAME`.
///
/// The URL never carries a password: a command line and a shell history are read by others, so a
/// password comes from `PGPASSWORD` or a prompt (see `PostgresSQLDatabase.open`). `ward=` names
/// the PostgreSQL schema the ward's tables live in (its search_path), so several wards share one
/// server and the queries name no ward.
public struct PostgresLocation: Sendable, Hashable, CustomStringConvertible {
    /// How the connection is encrypted, as libpq's `sslmode` names it.
    public enum TLSMode: String, Sendable, CaseIterable {
        /// Never TLS.
        case disable
        /// TLS when the server offers it, plain otherwise; the certificate is not checked (libpq's
        /// `prefer`, its default): protects against listening, not against an impostor.
        case prefer
        /// TLS or no connection, and the server's certificate must be valid for its host name
        /// (checked against the system's trusted roots, or `PGSSLROOTCERT`): stricter than libpq's
        /// `require`, which checks nothing.
        case require
    }

    public static let defaultPort = 5432

    public let user: String
    public let host: String
    public let port: Int
    public let database: String
    public let tls: TLSMode
    /// The ward's schema (its search_path), or nil for the server's default search_path.
    public let ward: String?

    public init(user: String, host: String, port: Int = defaultPort, database: String,
                tls: TLSMode = .prefer, ward: String? = nil) throws(PostgresLocationError) {
        if let ward { try Self.validateWard(ward) }
        self.user = user
        self.host = host
        self.port = port
        self.database = database
        self.tls = tls
        self.ward = ward
    }

    /// Reads a `postgres://` (or `postgresql://`) URL; every refusal names what is wrong and
    /// what is allowed.
    public init(parsing text: String) throws(PostgresLocationError) {
        let lower = text.lowercased()
        guard lower.hasPrefix("postgres://") || lower.hasPrefix("postgresql://") else {
            throw .notAPostgresURL(text)
        }
        guard let components = URLComponents(string: text) else { throw .malformed }
        if components.password != nil { throw .passwordInURL }
        guard let user = components.user, !user.isEmpty else { throw .missingUser }
        guard var host = components.host, !host.isEmpty else { throw .missingHost }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        let port = components.port ?? Self.defaultPort
        guard (1...65535).contains(port) else { throw .badPort(port) }
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        guard !path.isEmpty else { throw .missingDatabase }
        guard !path.contains("/") else { throw .badDatabase(path) }
        if components.fragment != nil { throw .fragment }

        var tls = TLSMode.prefer
        var ward: String?
        var seen: Set<String> = []
        for item in components.queryItems ?? [] {
            guard seen.insert(item.name).inserted else { throw .repeatedParameter(item.name) }
            let value = item.value ?? ""
            switch item.name {
            case "sslmode":
                guard let mode = TLSMode(rawValue: value) else { throw .badSSLMode(value) }
                tls = mode
            case "ward":
                ward = value
            default:
                throw .unknownParameter(item.name)
            }
        }
        try self.init(user: user, host: host, port: port, database: path, tls: tls, ward: ward)
    }

    /// The same place with another ward (schema): the tests' fresh schema, the migration runner.
    public func with(ward: String?) throws(PostgresLocationError) -> PostgresLocation {
        try PostgresLocation(user: user, host: host, port: port, database: database, tls: tls, ward: ward)
    }

    /// The URL again (never with a password, since it never holds one).
    public var description: String {
        var components = URLComponents()
        components.scheme = "postgres"
        components.user = user
        components.host = host.contains(":") ? "[\(host)]" : host
        components.port = port
        components.path = "/" + database
        var items = [URLQueryItem(name: "sslmode", value: tls.rawValue)]
        if let ward { items.append(URLQueryItem(name: "ward", value: ward)) }
        components.queryItems = items
        return components.string ?? "postgres://\(user)@\(host):\(port)/\(database)"
    }

    /// A ward's schema name: used as an unquoted identifier, so lower case only (PostgreSQL folds
    /// unquoted names to lower case), at most 63 bytes (its identifier limit), and not `pg_…`
    /// (reserved for the system's schemas).
    static func validateWard(_ ward: String) throws(PostgresLocationError) {
        let allowed = ward.utf8.allSatisfy { byte in
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
        }
        guard allowed, let first = ward.utf8.first, !(first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")),
              ward.utf8.count <= 63, !ward.hasPrefix("pg_")
        else { throw .badWard(ward) }
    }
}

/// Why a `postgres://` URL was refused, each with a message naming what is wrong and what is
/// allowed (the command line prints it and exits 2).
public enum PostgresLocationError: Error, Equatable, Sendable, CustomStringConvertible {
    case notAPostgresURL(String)
    case malformed
    case passwordInURL
    case missingUser
    case missingHost
    case badPort(Int)
    case missingDatabase
    case badDatabase(String)
    case fragment
    case repeatedParameter(String)
    case unknownParameter(String)
    case badSSLMode(String)
    case badWard(String)

    static let shape = "postgres://user@host:port/database?sslmode=disable|prefer|require&ward=NAME"

    public var description: String {
        switch self {
        case .notAPostgresURL:
            "the database URL must start with postgres:// (\(Self.shape))"
        case .malformed:
            "the database URL cannot be read; its shape is \(Self.shape)"
        case .passwordInURL:
            "the database URL holds a password, which Cotside never takes from a URL (others can read command lines and shell histories): remove it and set PGPASSWORD, or let Cotside ask for it"
        case .missingUser:
            "the database URL names no user: write postgres://user@host/database"
        case .missingHost:
            "the database URL names no host: write postgres://user@host/database"
        case .badPort(let port):
            "the database URL's port \(port) is not a port: allowed are 1 to 65535 (5432 when left out)"
        case .missingDatabase:
            "the database URL names no database: write postgres://user@host/database"
        case .badDatabase(let name):
            "the database URL's database '\(name)' contains '/': a database name is one path segment"
        case .fragment:
            "the database URL has a '#' part, which means nothing here: remove it"
        case .repeatedParameter(let name):
            "the database URL gives '\(name)' more than once: give it once"
        case .unknownParameter(let name):
            "the database URL's parameter '\(name)' is not known: allowed are sslmode and ward"
        case .badSSLMode(let value):
            "sslmode=\(value) is not allowed: allowed are disable, prefer (the default) and require"
        case .badWard(let value):
            "ward=\(value) is not a ward schema name: allowed are 1 to 63 lower-case letters, digits and underscores, not starting with a digit or pg_"
        }
    }
}
