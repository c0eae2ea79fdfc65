import Foundation
import HTTPServer
import QuickActions
import Storage

/// A running quickactiond: the store, the shortcut cache, the router and the HTTP server.
final class Service: Sendable {
    let server: HTTPServer
    let repository: any ContactRepository

    /// Opens the store, builds the API and starts listening. Throws with a message for the operator.
    init(configuration: ServiceConfiguration, logger: RequestLogger) throws {
        let repository = try Self.openRepository(configuration)
        let builder = ShortcutItemBuilder()
        let cache = try ShortcutListCache(builder: builder, repository: repository, renderer: ShortcutListRenderer())
        let router = Self.router(repository: repository, builder: builder, cache: cache)
        self.repository = repository
        server = try HTTPServer(
            configuration: HTTPServerConfiguration(
                host: configuration.host, port: configuration.port, maxBodyBytes: configuration.maxBodyBytes,
                maxHeaderBytes: configuration.maxHeaderBytes, maxConnections: configuration.maxConnections,
                idleTimeoutSeconds: configuration.idleTimeoutSeconds, threads: configuration.threads),
            handler: APIHandler(router: router, logger: logger))
    }

    /// The router for a store: used by the service and by in-process API tests.
    static func router(repository: any ContactRepository, builder: ShortcutItemBuilder, cache: ShortcutListCache) -> Router {
        Router(
            routes: Routes.all(
                contacts: ContactsController(repository: repository, shortcuts: cache),
                shortcuts: ShortcutsController(cache: cache),
                triggers: TriggerController(repository: repository, builder: builder),
                system: SystemController(openAPIDocument: SharedBytes(Array(OpenAPIDocument.yaml.utf8)))))
    }

    /// Stops serving: in-flight requests finish (bounded), then the store is closed.
    func stop() {
        server.stop(grace: .seconds(10))
    }

    private static func openRepository(_ configuration: ServiceConfiguration) throws -> any ContactRepository {
        let repository: any ContactRepository
        switch configuration.store {
        case .memory:
            repository = InMemoryContactRepository()
            if configuration.seed { try repository.seedIfEmpty() }
        case .sqlite:
            repository = InMemoryContactRepository()
            if configuration.seed { try repository.seedIfEmpty() }
        }
        return repository
    }
}
