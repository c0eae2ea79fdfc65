import HTTPServer
import Storage

/// Health and the API description.
final class SystemController: Sendable {
    /// The bytes of `openapi.yaml`, loaded once.
    let openAPIDocument: SharedBytes
    let repository: any ContactRepository
    let shortcuts: ShortcutListCache
    let metrics: Metrics
    /// Extra gauges from other parts (open event streams).
    let extraGauges: @Sendable () -> [(name: String, help: String, value: Double)]

    init(
        openAPIDocument: SharedBytes, repository: any ContactRepository, shortcuts: ShortcutListCache, metrics: Metrics,
        extraGauges: @escaping @Sendable () -> [(name: String, help: String, value: Double)]
    ) {
        self.openAPIDocument = openAPIDocument
        self.repository = repository
        self.shortcuts = shortcuts
        self.metrics = metrics
        self.extraGauges = extraGauges
    }

    /// GET /readyz: 200 when the database answers and takes writes; otherwise 503, its type
    /// naming the cause (a full disk, an I/O error) as for any storage failure.
    func getReadiness(_ request: APIRequest) throws -> HTTPResponse {
        do {
            try repository.ping()
        } catch {
            var problem = Problem.storage(error)
            problem.detail = "Not ready: \(error.message)"
            throw problem
        }
        return .json(["status": "ready"])
    }

    /// GET /metrics: Prometheus text format.
    func getMetrics(_ request: APIRequest) throws -> HTTPResponse {
        let counts = try repository.counts()
        let gauges: [(name: String, help: String, value: Double)] =
            [
                ("contacts", "Contacts stored.", Double(counts.contacts)),
                ("favorites", "Favorite contacts stored.", Double(counts.favorites)),
                ("shortcut_items", "Items in the current shortcut list.", Double(shortcuts.items.count)),
            ] + extraGauges()
        return .text(metrics.render(gauges: gauges), contentType: "text/plain; version=0.0.4; charset=utf-8")
    }

    /// GET /healthz: the process is up and serving.
    func getHealth(_ request: APIRequest) throws -> HTTPResponse {
        .json(["status": "ok"])
    }

    /// GET /openapi.yaml
    func getOpenAPIDocument(_ request: APIRequest) throws -> HTTPResponse {
        var headers = HTTPHeaders()
        headers.add("Content-Type", "application/yaml")
        return HTTPResponse(status: 200, headers: headers, body: .shared(openAPIDocument))
    }
}
