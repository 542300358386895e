import Foundation
import PostgresNIO
import WardSQL

/// Opens connections to one `PostgresLocation`: the configuration (TLS, application_name,
/// search_path as startup parameters, so a reconnect gets them too) and the password, asked for
/// only when the server wants one and then kept for the process's later connections.
///
/// Threading: `open` blocks its thread until the connection is up; it is called on a lane's
/// queue. `openListening` suspends instead (the change feed's task). The password is behind a lock, as both lanes may open at once.
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

    /// Opens a connection without blocking a thread, for the change feed's listener (which runs
    /// as a task): with the password the lanes already settled on, never asking for one (the
    /// database connected before its feed starts).
    func openListening() async throws -> PostgresConnection {
        let (known, id) = lock.withLock { () -> (String?, Int) in
            nextID += 1
            return (password, nextID)
        }
        return try await connecting(password: known, id: id).get()
    }

    private func connect(password: String?, id: Int) throws -> PostgresConnection {
        try connecting(password: password, id: id).wait()
    }

    /// How long a connection may take, handshake and authentication included: `connectTimeout`
    /// covers only the TCP connect, and a server that accepts and then says nothing (a frozen
    /// machine behind a live port) would otherwise keep the caller forever.
    static let handshakeTimeout: TimeAmount = .seconds(10)

    /// The connection, or a `.connectionLost` failure after `handshakeTimeout` (a connection that
    /// arrives later is closed). Both callbacks run on `loop`, so `settled` needs no lock.
    private func connecting(password: String?, id: Int) -> EventLoopFuture<PostgresConnection> {
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let configuration: PostgresConnection.Configuration
        do { configuration = try self.configuration(password: password) } catch { return loop.makeFailedFuture(error) }
        let promise = loop.makePromise(of: PostgresConnection.self)
        let settled = Settled()
        let timeout = loop.scheduleTask(in: Self.handshakeTimeout) {
            guard !settled.value else { return }
            settled.value = true
            promise.fail(SQLEngineError(kind: .connectionLost, code: "timeout",
                                        message: "the server did not complete the connection within \(Self.handshakeTimeout.nanoseconds / 1_000_000_000) s"))
        }
        PostgresConnection.connect(on: loop, configuration: configuration, id: id, logger: logger)
            .hop(to: loop)
            .whenComplete { result in
                timeout.cancel()
                guard !settled.value else {
                    if case .success(let late) = result { late.close().whenComplete { _ in withExtendedLifetime(late) {} } }
                    return
                }
                settled.value = true
                promise.completeWith(result)
            }
        return promise.futureResult
    }

    private func configuration(password: String?) throws -> PostgresConnection.Configuration {
        var configuration = PostgresConnection.Configuration(
            host: location.host, port: location.port, username: location.user, password: password,
            database: location.database, tls: try tls())
        var parameters = [("application_name", applicationName)]
        if let ward = location.ward { parameters.append(("search_path", ward)) }
        configuration.options.additionalStartupParameters = parameters
        configuration.options.connectTimeout = .seconds(5)
        return configuration
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

/// Whether a connection attempt has been answered (its outcome or its timeout); touched only on
/// the attempt's event loop.
private final class Settled: @unchecked Sendable {
    var value = false
}
