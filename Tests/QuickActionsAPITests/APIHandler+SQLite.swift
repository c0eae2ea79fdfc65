import Sharding
import StorageCore

@testable import QuickActionsAPI
@testable import StorageSQLite

extension APIHandler {
    /// A single-account server's API through the real router, on `repository` and its trigger store.
    static func singleAccount(on repository: SQLiteContactRepository, logger: RequestLogger) throws -> APIHandler {
        let settings = CurrentConfiguration(ReloadableConfiguration())
        let lists = try AccountShortcutLists.pinning(repository, setup: settings.shortcuts)
        let metrics = Metrics(threadRows: ThreadRows(ownRows: 0))
        let router = Router.api(
            Dependencies(
                store: RepositoryStore(repository, triggers: repository.triggerStore()), settings: settings, lists: lists, metrics: metrics,
                events: EventHub(), idempotencyTTLSeconds: 86_400, logger: logger))
        return APIHandler(router: router, logger: logger, metrics: metrics)
    }
}
