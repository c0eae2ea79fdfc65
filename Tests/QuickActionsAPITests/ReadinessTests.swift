import HTTPServer
import QuickActions
import Sharding
import StorageCore
import Testing

@testable import QuickActionsAPI

/// A store whose database has gone away: every call fails.
final class UnreachableRepository: ContactRepository {
    private let error = StorageError(.ioError, message: "disk I/O error")
    let account = AccountKey.default
    let changes = ContactChangeFeed()
    func create(_ contact: NewContact, quota: Int?) throws(StorageError) -> Contact { throw error }
    func get(id: String) throws(StorageError) -> Contact? { throw error }
    func list(_ query: ContactQuery) throws(StorageError) -> ContactPage { throw error }
    func update(id: String, _ patch: ContactPatch, expectedRevision: Int64?) throws(StorageError) -> ContactWriteResult { throw error }
    func delete(id: String, expectedRevision: Int64?) throws(StorageError) -> ContactWriteResult { throw error }
    func favorites() throws(StorageError) -> [Contact] { [] }
    func disabledItems() throws(StorageError) -> [DisabledItem] { throw error }
    func contacts(named name: String) throws(StorageError) -> [Contact] { throw error }
    func counts() throws(StorageError) -> (contacts: Int, favorites: Int) { throw error }
    func ping() throws(StorageError) { throw error }
}

@Suite struct ReadinessTests {
    private func handler(_ repository: any ContactRepository) throws -> APIHandler {
        let settings = CurrentConfiguration(ReloadableConfiguration())
        let lists = try AccountShortcutLists.pinning(repository, setup: settings.shortcuts)
        let router = Router.api(
            Dependencies(
                store: RepositoryStore(repository), settings: settings, lists: lists, metrics: Metrics(threadRows: ThreadRows(ownRows: 0)),
                events: EventHub(), idempotencyTTLSeconds: 86_400))
        return APIHandler(router: router, logger: RequestLogger(level: .error), metrics: Metrics(threadRows: ThreadRows(ownRows: 0)))
    }

    @Test("A write still waiting when the server stops is answered with a 503 problem that says to retry with its Idempotency-Key")
    func anAbandonedRequestIsA503Problem() throws {
        let response = TestResponse(try handler(UnreachableRepository()).abandoned())
        try response.expectProblem(503)
        #expect(response.headers["Retry-After"] == "1")
        #expect(try response.object()["type"]?.stringValue == "https://quickactiond.dev/problems/service-unavailable")
        #expect(try response.object()["detail"]?.stringValue?.contains("Idempotency-Key") == true)
    }

    @Test func readyzIs503ProblemWhenTheDatabaseDoesNotAnswer() throws {
        let api = try handler(UnreachableRepository())
        let ready = TestResponse(api.handle(try HTTPRequest(method: "GET", target: "/readyz")))
        try ready.expectProblem(503)
        #expect(ready.text.contains("disk I/O error"))
        // Liveness stays up: the process serves, the database is what is down.
        #expect(api.handle(try HTTPRequest(method: "GET", target: "/healthz")).status == 200)
        // Other failures are 503 problems too, never a crash.
        try TestResponse(api.handle(try HTTPRequest(method: "GET", target: "/contacts"))).expectProblem(503)
    }

    @Test func readyzIs200WhenTheDatabaseAnswers() throws {
        let api = try handler(InMemoryContactRepository())
        #expect(api.handle(try HTTPRequest(method: "GET", target: "/readyz")).status == 200)
    }
}
