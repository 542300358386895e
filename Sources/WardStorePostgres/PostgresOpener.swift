import Foundation
import PostgresNIO

/// Opens connections to one `PostgresLocation`: the configuration (TLS, application_name,
/// search_path as startup parameters, so a reconnect gets them too) and the password, asked for
/// only when the server wants one and then kept for the process's later connections.
///
/// Threading: `open` blocks its thread until the connection is up; it is called on a lane's
/// queue. The password is behind a lock, as both lanes may open at once.
final class PostgresOpener: @unchecked Sendable {
    let location: PostgresLocation
    let applicationName: String
    let logger: Logger
    /// Domains' base types, looked up once for all of this location's connections.
    let domains = PostgresDomainTypes()
    private let prompt: (@Sendable () throws -> String?)?
    private let rootCertificatePath: String?
    private let lock = NSLock()
    private var password: String?
    private var nextID = 0

    init(location: PostgresLocation, applicationName: String, environment: [String: String],
         prompt: (@Sendable () throws -> String?)?) {
        self.location = location
        self.applicationName = applicationName
        self.prompt = prompt
        password = environment["PGPASSWORD"].flatMap { $0.isEmpty ? nil : $0 }
        rootCertificatePath = environment["PGSSLROOTCERT"].flatMap { $0.isEmpty ? nil : $0 }
        // postgres-nio logs to swift-log's default handler (standard error), which would draw over
        // the terminal UI: only what is critical gets through.
        var logger = Logger(label: "cotside.postgres")
        logger.logLevel = .critical
        self.logger = logger
    }

    func open() throws -> PostgresConnection {
        let (known, id) = lock.withLock { () -> (String?, Int) in
            nextID += 1
            return (password, nextID)
        }
        do {
            return try connect(password: known, id: id)
        } catch let error as PSQLError where error.code == .authMechanismRequiresPassword && known == nil {
            guard let prompt, let asked = try prompt(), !asked.isEmpty else { throw error }
            let connection = try connect(password: asked, id: id)
            lock.withLock { password = asked }
            return connection
        }
    }

    private func connect(password: String?, id: Int) throws -> PostgresConnection {
        var configuration = PostgresConnection.Configuration(
            host: location.host, port: location.port, username: location.user, password: password,
            database: location.database, tls: try tls())
        var parameters = [("application_name", applicationName)]
        if let ward = location.ward { parameters.append(("search_path", ward)) }
        configuration.options.additionalStartupParameters = parameters
        configuration.options.connectTimeout = .seconds(5)
        return try PostgresConnection.connect(
            on: MultiThreadedEventLoopGroup.singleton.next(), configuration: configuration, id: id, logger: logger
        ).wait()
    }

    private func tls() throws -> PostgresConnection.Configuration.TLS {
        switch location.tls {
        case .disable:
            return .disable
        case .prefer:
            var configuration = TLSConfiguration.makeClientConfiguration()
            configuration.certificateVerification = .none
            return .prefer(try NIOSSLContext(configuration: configuration))
        case .require:
            var configuration = TLSConfiguration.makeClientConfiguration()
            if let rootCertificatePath { configuration.trustRoots = .file(rootCertificatePath) }
            return .require(try NIOSSLContext(configuration: configuration))
        }
    }
}
