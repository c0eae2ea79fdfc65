import HTTPServer
import StorageCore

/// Health and the API description.
final class SystemController: Sendable {
    /// The bytes of `openapi.yaml`, loaded once.
    let openAPIDocument: SharedBytes
    /// The store, asked whether it answers and takes writes.
    let store: any ContactRepository
    let metrics: Metrics
    /// The gauges of the other parts (what is stored, open event streams), read at scrape time.
    let gauges: @Sendable () throws -> [(name: String, help: String, value: Double)]
    /// The rows the store's reads left out, when the whole store is known.
    let skippedRows: StoredRowSkips?

    init(
        openAPIDocument: SharedBytes, store: any ContactRepository, metrics: Metrics, skippedRows: StoredRowSkips? = nil,
        gauges: @escaping @Sendable () throws -> [(name: String, help: String, value: Double)]
    ) {
        self.openAPIDocument = openAPIDocument
        self.store = store
        self.metrics = metrics
        self.skippedRows = skippedRows
        self.gauges = gauges
    }

    /// GET /readyz: 200 when the database answers and takes writes; otherwise 503, its type
    /// naming the cause (a full disk, an I/O error) as for any storage failure.
    func getReadiness(_ request: APIRequest) throws -> HTTPResponse {
        do {
            try store.ping()
        } catch {
            var problem = Problem.storage(error)
            problem.detail = "Not ready: \(error.message)"
            throw problem
        }
        return .json(["status": "ready"])
    }

    /// GET /metrics: Prometheus text format.
    func getMetrics(_ request: APIRequest) throws -> HTTPResponse {
        return .text(metrics.render(gauges: try gauges(), skippedRows: skippedRows?.counts), contentType: "text/plain; version=0.0.4; charset=utf-8")
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
