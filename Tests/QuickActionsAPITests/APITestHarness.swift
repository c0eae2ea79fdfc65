import HTTPServer
import QuickActions
import Sharding
import StorageCore
import TestSupport
import Testing

@testable import QuickActionsAPI

/// Drives the API in-process through the real router and handler, with an in-memory store (or
/// the store given).
struct APITestHarness {
    let store: any DataStore
    let repository: any ContactRepository
    let handler: APIHandler
    /// The shortcut lists (single-account mode's `default` pinned).
    let lists: AccountShortcutLists
    let triggers: any TriggerStore
    /// The settings in force: `settings.replace(with:)` is what a reload does.
    let settings: CurrentConfiguration
    /// The `/events` streams.
    let events: EventHub
    /// The scheduled items, on `clock`.
    let schedule: ScheduleBoard
    /// The clock the scheduled items' edges are met on: the test moves it.
    let clock: ManualEdgeClock

    /// `accounts`: multi-account mode with this admin token (the default account still holds
    /// the seed, as a migrated database's would).
    init(
        seed: Bool = false, builder: ShortcutItemBuilder = ShortcutItemBuilder(), token: String? = nil, idempotencyTTLSeconds: Int64 = 86_400,
        catalog: LocalizationCatalog? = nil, appName: String? = nil, baseLanguage: String = "en", configurationWarnings: [ShortcutWarning] = [],
        accounts adminToken: String? = nil, maxContactsPerAccount: Int = 10_000, rateLimit: RateLimiter? = nil,
        workers: StoreWorkers? = nil, now: Timestamp = Timestamp.now(), store: any DataStore = InMemoryDataStore()
    ) throws {
        self.store = store
        repository = store.contacts(of: .default)
        if seed { try repository.seedIfEmpty() }
        let renderer = ShortcutListRenderer(
            catalog: catalog, appName: appName, baseLanguage: baseLanguage, configurationWarnings: configurationWarnings)
        let settings = CurrentConfiguration(
            ReloadableConfiguration(
                shortcuts: ShortcutListConfiguration(builder: builder, renderer: renderer), serviceToken: token, adminToken: adminToken))
        self.settings = settings
        let mode: AccountMode = adminToken == nil ? .single : .multi(tokenCacheCapacity: 100, maxContactsPerAccount: maxContactsPerAccount)
        lists = try AccountShortcutLists(
            capacity: 100, store: store, setup: settings.shortcuts, pinning: mode.fixedAccount, threadRows: ThreadRows(ownRows: 0))
        let metrics = Metrics(threadRows: ThreadRows(ownRows: 0))
        let triggers = store.triggers(of: .default)
        self.triggers = triggers
        let events = EventHub()
        self.events = events
        let clock = ManualEdgeClock(now: now)
        self.clock = clock
        let schedule = try ScheduleBoard(items: store.scheduledItems, accounts: adminToken == nil ? nil : store.accounts, clock: clock)
        self.schedule = schedule
        let router = Router.api(
            Dependencies(
                store: store, mode: mode, settings: settings, lists: lists, metrics: metrics, events: events,
                idempotencyTTLSeconds: idempotencyTTLSeconds, workers: workers, schedule: schedule))
        handler = APIHandler(router: router, logger: RequestLogger(level: .error), limiter: rateLimit, metrics: metrics, workers: workers)
    }

    /// Single-account mode's list (the account `default`'s, pinned).
    var cache: AccountShortcutList {
        guard let pinned = lists.pinned else { preconditionFailure("multi-account mode pins no list") }
        return pinned
    }

    /// Sends a request; `json` sets the body and `Content-Type: application/json`.
    func send(_ method: String, _ target: String, json: String? = nil, headers: [(String, String)] = []) throws -> TestResponse {
        let response = try handle(method, target, json: json, headers: headers)
        if let deferred = response.deferred {
            return TestResponse(deferred.wait() ?? HTTPResponse(status: 504))
        }
        return TestResponse(response)
    }

    /// What the handler returns for a request, deferred or not (see `send`).
    func handle(_ method: String, _ target: String, json: String? = nil, headers: [(String, String)] = []) throws -> HTTPResponse {
        var fields = HTTPHeaders(headers.map { (name: $0.0, value: $0.1) })
        var body: [UInt8] = []
        if let json {
            fields.add("Content-Type", "application/json")
            body = Array(json.utf8)
        }
        return handler.handle(try HTTPRequest(method: method, target: target, headers: fields, body: body))
    }
}

/// A response with helpers for assertions.
struct TestResponse {
    let status: Int
    let headers: HTTPHeaders
    let body: [UInt8]

    init(_ response: HTTPResponse) {
        status = response.status
        // The transport sends the variable field, then the request id, after the other fields.
        var headers = response.headers
        if let field = response.variableField { headers.add(field.name, field.value) }
        if let requestId = response.requestId { headers.add("X-Request-Id", requestId.description) }
        self.headers = headers
        body = response.body.bytes
    }

    var text: String { String(decoding: body, as: UTF8.self) }

    func json() throws -> JSONValue { try JSONParser.parse(body) }

    func object() throws -> [String: JSONValue] {
        try #require(try json().objectValue)
    }

    /// Checks the response is an RFC 9457 problem with `status`.
    func expectProblem(_ status: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(self.status == status, "body: \(text)", sourceLocation: sourceLocation)
        #expect(headers["Content-Type"] == "application/problem+json", sourceLocation: sourceLocation)
        let problem = try object()
        #expect(problem["status"] == .integer(Int64(status)), sourceLocation: sourceLocation)
        for member in ["type", "title", "detail"] {
            #expect(problem[member]?.stringValue?.isEmpty == false, "missing \(member)", sourceLocation: sourceLocation)
        }
    }
}
