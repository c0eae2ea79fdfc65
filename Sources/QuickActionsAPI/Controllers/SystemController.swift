import HTTPServer

/// Health and the API description.
struct SystemController: Sendable {
    /// The bytes of `openapi.yaml`, loaded once.
    let openAPIDocument: SharedBytes

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
